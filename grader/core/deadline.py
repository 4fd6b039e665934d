"""A time limit for learner code where nothing outside Python can interrupt it: the lab
notebook's check cell (notebook.py).

The lesson page stops a Check through Pyodide's interrupt buffer and `course grade` through its
host; both raise KeyboardInterrupt inside the learner's code, and `grade()` turns that into a
report that names the line that was running. JupyterLite's kernel has no interrupt buffer
here (lite/ is served without cross-origin isolation, see site_builder/headers.py), so a
loop that never ends left the cell at [*] for good, the kernel's Interrupt doing nothing.

`Deadline` raises the same KeyboardInterrupt from a trace function once the time is up. It
traces only frames of the learner's file (the checks' own frames are left alone, so their
cost barely changes) and looks at the clock on every line and backward jump there. Limits:
a loop inside one C call (`sum(range(10**12))`) is not interrupted, and code that catches
the interrupt and goes on loops untraced: CPython removes a trace function that raises.
Either still leaves the kernel's Restart.
"""

from __future__ import annotations

import sys
import time


class Deadline:
    """`with Deadline(seconds, filename):` interrupts that file's code after `seconds`."""

    def __init__(self, seconds: float, filename: str):
        self.seconds = seconds
        self.filename = filename
        self.ends = 0.0
        self.saved = None

    def __enter__(self):
        self.ends = time.monotonic() + self.seconds
        self.saved = sys.gettrace()
        sys.settrace(self._call)
        return self

    def __exit__(self, *exc):
        sys.settrace(self.saved)
        return False

    def _call(self, frame, event, arg):
        # Called for every new frame: only the learner's get a line tracer.
        if frame.f_code.co_filename != self.filename:
            return None
        self._check_time()
        return self._line

    def _line(self, frame, event, arg):
        if event == "line":
            self._check_time()
        return self._line

    def _check_time(self):
        if time.monotonic() > self.ends:
            raise KeyboardInterrupt(f"the check cell's time limit ({self.seconds:g} s)")
