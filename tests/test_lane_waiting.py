"""Waiting for a batch's lanes (grader/runtimes/waiting.py): a Ctrl+C is a KeyboardInterrupt
wherever it lands, and a lane's own error comes through."""

from __future__ import annotations

import signal
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from grader.runtimes.waiting import wait_for_lanes


@pytest.fixture
def ctrl_c_as_a_wait_lets_go_of_its_lock(monkeypatch):
    """The next `threading.Condition.wait` on the main thread gets SIGINT just after it let go
    of its lock, before the `try` that takes it back: where CI's Ctrl+C once landed. Armed
    by calling what it yields; afterwards that returns whether the Ctrl+C was sent."""
    original_init = threading.Condition.__init__
    armed = [False]
    sent = [False]

    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        release_save = self._release_save

        def release_then_ctrl_c():
            state = release_save()
            if armed[0] and threading.current_thread() is threading.main_thread():
                armed[0] = False
                sent[0] = True
                signal.raise_signal(signal.SIGINT)
            return state

        self._release_save = release_then_ctrl_c

    monkeypatch.setattr(threading.Condition, "__init__", init)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def arm() -> bool:
        armed[0] = True
        return sent[0]

    yield arm
    signal.signal(signal.SIGINT, previous)


def _later(seconds: float, value=None, error: BaseException | None = None) -> Future:
    future: Future = Future()

    def finish():
        time.sleep(seconds)
        if error is None:
            future.set_result(value)
        else:
            future.set_exception(error)

    threading.Thread(target=finish, daemon=True).start()
    return future


def test_a_ctrl_c_as_the_wait_lets_go_of_its_lock_is_a_keyboard_interrupt(
        ctrl_c_as_a_wait_lets_go_of_its_lock):
    """With `future.result()` this Ctrl+C ended `course grade` in "RuntimeError: cannot
    release un-acquired lock", a traceback and status 1, and nothing graded was kept."""
    lanes = [_later(0.5), _later(0.6)]
    started = time.perf_counter()
    ctrl_c_as_a_wait_lets_go_of_its_lock()
    with pytest.raises(KeyboardInterrupt):
        wait_for_lanes(lanes)
    assert ctrl_c_as_a_wait_lets_go_of_its_lock(), "the Ctrl+C was never sent"
    assert time.perf_counter() - started < 0.4, "the Ctrl+C waited for the lanes"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_old_way_of_waiting_fails_that_way(ctrl_c_as_a_wait_lets_go_of_its_lock):
    """The fixture reaches the race it stands for: the wait this module replaced loses the
    interrupt to a RuntimeError."""
    lane = _later(0.5)
    ctrl_c_as_a_wait_lets_go_of_its_lock()
    with pytest.raises(RuntimeError, match="cannot release un-acquired lock"):
        lane.result()


def test_a_handler_that_does_not_raise_is_called_and_the_wait_goes_on():
    heard = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: heard.append(number))
    try:
        lanes = [_later(0.6, "done")]
        threading.Timer(0.1, signal.pthread_kill,
                        (threading.main_thread().ident, signal.SIGINT)).start()
        wait_for_lanes(lanes)
        assert heard == [signal.SIGINT] and lanes[0].result() == "done"
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_lanes_error_comes_without_waiting_for_the_others():
    never: Future = Future()  # a lane still grading
    with pytest.raises(ValueError, match="lane 2"):
        wait_for_lanes([_later(0.1), _later(0.3, error=ValueError("lane 2")), never])


def test_waiting_off_the_main_thread_waits_as_before():
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(wait_for_lanes, [_later(0.1), _later(0.2)]).result(timeout=5) is None
