"""Waiting for a batch's lanes, with Ctrl+C taken only where it is safe to take.

Python raises a Ctrl+C's KeyboardInterrupt at whatever line the main thread is on. Waiting
with `future.result()`, that line can be inside `threading.Condition.wait`, just after it let
go of its lock and before the `try` that takes it back: the interrupt then leaves the lock
released, the `with` around it releases it again, and `course grade` ended in "RuntimeError:
cannot release un-acquired lock" (a traceback, status 1) instead of keeping what it had graded
(seen once in CI). So while the lanes run, a Ctrl+C is only noted, and the handler that was
there before is called here, between two waits, where its KeyboardInterrupt breaks nothing.
"""

from __future__ import annotations

import signal
import threading
from concurrent.futures import FIRST_EXCEPTION, Future, wait

LOOK = 0.05  # seconds between looks at a noted Ctrl+C: well under what a person notices


def wait_for_lanes(futures: list[Future]) -> None:
    """Return once every future is done; raise the first error one raised (in their order),
    or what the SIGINT handler raises (KeyboardInterrupt) if a Ctrl+C came meanwhile."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or not callable(previous):
        for future in futures:  # no handler of Python's to defer: nothing raises mid-wait
            future.result()
        return
    pending = set(futures)
    while pending and not _failed(futures):
        heard: list = []
        signal.signal(signal.SIGINT, lambda number, frame: heard.append((number, frame)))
        try:
            while pending and not heard:
                finished, pending = wait(pending, timeout=LOOK, return_when=FIRST_EXCEPTION)
                if _failed(finished):
                    break
        finally:
            signal.signal(signal.SIGINT, previous)
        if heard:
            previous(*heard[0])  # Python's own handler raises KeyboardInterrupt, here
    error = _failed(futures)
    if error is not None:
        raise error


def _failed(futures) -> BaseException | None:
    """The first error a finished future raised, in the futures' order."""
    for future in futures:
        if future.done() and future.exception() is not None:
            return future.exception()
    return None
