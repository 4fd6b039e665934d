"""A time limit that learner code keeps to by itself, where nothing outside its Python can be
asked to interrupt it: the lab notebook's check cell (notebook.py), the checks Train it runs
first (capstone/browser.py) and a submission in `course grade --runtime python` (job.py).

The lesson page stops a Check through Pyodide's interrupt buffer, written by the page, and
the Pyodide runtime of `course grade` through its host. JupyterLite's kernel has no writer
(lite/ is served without cross-origin isolation, see site_builder/headers.py): a loop that
never ended left the cell at [*] for good, the kernel's Interrupt doing nothing.

`Deadline` raises the same KeyboardInterrupt where the code is once the time is up, so
`grade()` reports the check and the line, and records that line itself (`where`):
- in Pyodide, the interrupt buffer it reads between bytecodes becomes an object that says
  SIGINT once, at the deadline (it passes the page's own buffer through until then, so Stop
  still works);
- in CPython, a SIGALRM;
- elsewhere (CPython off its main thread, where signals cannot be set), a trace function on
  the learner's lines, which makes them many times slower.
Code that catches the interrupt and goes on is not stopped again (when it returns, grade()
still ends its check as stopped); nor is a loop inside one C call (`sum(range(10**12))`): the
kernel's Restart, the page's Stop or the runtime's own end of the process remain.

Every stop says that it happened (`STOPS`): a learner's file can raise KeyboardInterrupt
itself, and that is its own error, not a stop. `grade()` compares the count before and after
the learner's code: the time limit here counts, and so does any SIGINT while it grades (the
page's Stop and Check's time limit through Pyodide's interrupt buffer, a kernel's Interrupt,
Ctrl-C), which `counting_interrupts` notes on its way to the handler that was there.
"""

from __future__ import annotations

import signal
import sys
import threading
import time


class _Count:
    """How many stops this interpreter has raised (an object's attribute, so that counting
    changes no module's names: the seal and the worker's fingerprint watch those)."""

    def __init__(self):
        self.count = 0


STOPS = _Count()


def stop(why: str = "") -> KeyboardInterrupt:
    """The KeyboardInterrupt a stop raises, counted in STOPS."""
    STOPS.count += 1
    return KeyboardInterrupt(why) if why else KeyboardInterrupt()


class counting_interrupts:
    """`with counting_interrupts():` a SIGINT counts as a stop, then goes on to the handler
    that was there (Python's own, a Deadline's, the page's). Off the main thread, or when
    that handler is not Python's (ignored, or set outside Python), nothing is changed."""

    def __enter__(self):
        self._previous = None
        if threading.current_thread() is not threading.main_thread():
            return self
        previous = signal.getsignal(signal.SIGINT)
        if not callable(previous):
            return self

        def counted(signum, frame):
            STOPS.count += 1
            return previous(signum, frame)

        signal.signal(signal.SIGINT, counted)
        self._previous = previous
        return self

    def __exit__(self, *exc):
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
        return False


class Deadline:
    """`with Deadline(seconds, filename):` interrupts that file's code after `seconds`."""

    def __init__(self, seconds: float, filename: str, signalled: int | None = None):
        """`signalled`: a signal someone else sends when the time is up (the page's Check
        keeps its limit in JavaScript and sends SIGALRM, its Stop SIGINT); no clock here."""
        self.seconds = seconds
        self.filename = filename
        self.signalled = signalled
        self.where = None  # (line, function) in the learner's file when the time was up
        self.fired = False
        self._undo = []

    def __enter__(self):
        if self.signalled is not None:
            self._signal(self.signalled)
        elif threading.current_thread() is not threading.main_thread():
            self._trace()
        elif sys.platform == "emscripten":
            self._pyodide()
        elif hasattr(signal, "setitimer"):
            self._alarm()
        else:
            self._trace()
        return self

    def __exit__(self, *exc):
        for undo in reversed(self._undo):
            undo()
        self._undo = []
        return False

    def _interrupt(self, frame):
        """The time is up in `frame`: note the learner's innermost line there, then stop."""
        self.fired = True
        while frame is not None and self.where is None:
            if frame.f_code.co_filename == self.filename:
                self.where = (frame.f_lineno, frame.f_code.co_name)
            frame = frame.f_back
        raise stop(f"the time limit ({self.seconds:g} s)")

    def _signal(self, number, ours=lambda: True):
        previous = signal.getsignal(number)

        def handler(signum, frame):
            if not ours():  # in Pyodide SIGINT is also the page's Stop: not the deadline's
                raise stop()
            self._interrupt(frame)

        signal.signal(number, handler)
        self._undo.append(lambda: signal.signal(number, previous))

    def _alarm(self):
        self._signal(signal.SIGALRM)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        self._undo.append(lambda: signal.setitimer(signal.ITIMER_REAL, 0))

    def _pyodide(self):
        import pyodide_js
        from pyodide.code import run_js

        module = pyodide_js._module
        saved = getattr(module, "Py_EmscriptenSignalBuffer", None)
        # Read (then zeroed) by CPython's Emscripten port every 50 ticks of its eval loop.
        buffer = run_js("""((ms, saved) => {
            const ends = performance.now() + ms;
            let said = false;
            return {
                get said() { return said; },
                get 0() {
                    if (!said && performance.now() >= ends) { said = true; return 2; }
                    return saved ? saved[0] : 0;
                },
                set 0(value) { if (saved) saved[0] = value; },
            };
        })""")(self.seconds * 1000, saved)
        self._signal(signal.SIGINT, ours=lambda: bool(buffer.said))
        pyodide_js.setInterruptBuffer(buffer)
        self._undo.append(lambda: pyodide_js.setInterruptBuffer(saved))

    def _trace(self):
        saved = sys.gettrace()
        ends = time.monotonic() + self.seconds

        def on_call(frame, event, arg):
            if frame.f_code.co_filename != self.filename:
                return None  # the checks' own frames are not traced
            on_line(frame, "line", arg)
            return on_line

        def on_line(frame, event, arg):
            if event == "line" and time.monotonic() > ends:
                self._interrupt(frame)
            return on_line

        sys.settrace(on_call)
        self._undo.append(lambda: sys.settrace(saved))


def sleep_in_slices() -> None:
    """In Pyodide, time.sleep waits inside C, where Python never looks at its interrupt
    buffer: Stop, or a time limit, had to end the interpreter, and the report lost the line
    the code was at ("Your code ran for more than 10 s", no place). Slept in slices of at most
    50 ms, a sleep stops like any loop, between two slices, and the report names the learner's
    line that called it (this file is not theirs). Done once per interpreter: the page's
    worker as it starts (browser.py), the learner's side of `course grade` as it serves
    (run.learner_limits)."""
    sleep = time.sleep
    if getattr(sleep, "in_slices", False):
        return
    now = time.monotonic

    def sliced(seconds):
        if not (isinstance(seconds, (int, float)) and seconds > 0.05):
            return sleep(seconds)  # short, or not a number: its own answer and errors
        end = now() + seconds
        while (left := end - now()) > 0:
            sleep(min(left, 0.05))

    sliced.__name__ = sliced.__qualname__ = "sleep"
    sliced.__doc__ = sleep.__doc__
    sliced.in_slices = True
    time.sleep = sliced
