"""grader/core/deadline.py in CPython: its SIGALRM (the main thread) and its trace function
(other threads). Its Pyodide form is driven by tests/test_jupyterlite.py's notebook."""

from __future__ import annotations

import signal
import threading

import pytest

from grader.core.deadline import STOPS, Deadline, counting_interrupts

SPIN = "def spin():\n    while True:\n        pass\n"


def _run_for_ever(filename: str):
    namespace = {}
    exec(compile(SPIN, filename, "exec"), namespace)
    namespace["spin"]()


def test_on_the_main_thread_an_alarm_stops_the_code_and_notes_its_line():
    before = signal.getsignal(signal.SIGALRM)
    with pytest.raises(KeyboardInterrupt):
        with Deadline(0.2, "mine.py") as limit:
            _run_for_ever("mine.py")
    assert limit.fired and limit.where in ((2, "spin"), (3, "spin"))
    assert signal.getsignal(signal.SIGALRM) == before and signal.getitimer(signal.ITIMER_REAL)[0] == 0


def test_code_that_ends_in_time_leaves_no_alarm_behind():
    with Deadline(5, "mine.py") as limit:
        sum(range(1000))
    assert not limit.fired and limit.where is None
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0


def test_off_the_main_thread_a_trace_function_stops_the_code():
    seen = {}

    def worker():
        try:
            with Deadline(0.2, "theirs.py") as limit:
                _run_for_ever("theirs.py")
        except KeyboardInterrupt:
            seen["where"], seen["fired"] = limit.where, limit.fired

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join(10)
    assert not thread.is_alive() and seen.get("fired") is True
    assert seen["where"] in ((2, "spin"), (3, "spin"))


def test_a_stop_says_that_it_happened_and_a_files_own_raise_does_not():
    """grade() tells a stop from a KeyboardInterrupt the learner's file raised itself by the
    count of stops (STOPS): the alarm's interrupt counts, and so does SIGINT while
    counting_interrupts holds (the page's Stop, a kernel's Interrupt), which then goes on to
    the handler that was there, put back after."""
    before = STOPS.count
    with pytest.raises(KeyboardInterrupt):
        with Deadline(0.2, "mine.py"):
            _run_for_ever("mine.py")
    assert STOPS.count == before + 1
    with pytest.raises(KeyboardInterrupt):
        exec(compile("raise KeyboardInterrupt\n", "mine.py", "exec"), {})
    assert STOPS.count == before + 1
    heard = []
    previous = signal.signal(signal.SIGINT, lambda *args: heard.append(args[0]))
    try:
        with counting_interrupts():
            signal.raise_signal(signal.SIGINT)
            assert STOPS.count == before + 2 and heard == [signal.SIGINT]
        signal.raise_signal(signal.SIGINT)  # the handler that was there, alone again
        assert STOPS.count == before + 2 and heard == [signal.SIGINT] * 2
    finally:
        signal.signal(signal.SIGINT, previous)
