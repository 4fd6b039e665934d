"""Grade in CPython: a fresh `python -I -S` per submission, sealed like the Pyodide one.

Fast (≈ 50 ms a file) and good for writing labs. By design it gives none of the Pyodide
runtime's guarantees: the checks share the interpreter with the file, and only the seal and
rlimits stand between the file and the machine. Grade strangers' files with Pyodide (the help
text and README "Grading safety" say so).
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..core.report import Report
from .frames import FrameReader
from .submission import CRASHED, TIMEOUT, Submission, core_sources, new_token

NAME = "python"
GRACE = 1.0  # seconds past the time limit for an interrupted child to report
MEMORY_LIMIT = 1 << 30  # bytes of address space per submission, the interpreter's own included
# The child limits itself before it reads the job (no preexec_fn: it is unsafe in a threaded
# parent), then imports the core from its own folder.
BOOT = ("import resource as r, sys\n"
        "for limit, value in ((r.RLIMIT_AS, int(sys.argv[2])), (r.RLIMIT_FSIZE, 0), (r.RLIMIT_CORE, 0)):\n"
        "    r.setrlimit(limit, (value, value))\n"
        "sys.path.insert(0, sys.argv[1]); import grader.core.job as j; j.main()")


class PythonRuntime:
    def __init__(self, timeout: float = 10.0, workers: int = 2):
        self.timeout = timeout
        self.workers = workers

    def grade(self, submissions: list[Submission]) -> list[Report]:
        # The core goes to a folder of its own, so the sealed interpreter's sys.path (which is
        # what it may read) holds the standard library and the core, not the course's files.
        with tempfile.TemporaryDirectory(prefix="course-core-") as folder:
            for path, text in core_sources().items():
                target = Path(folder, path)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            with ThreadPoolExecutor(max(1, self.workers)) as pool:
                return list(pool.map(lambda s: self._grade_one(s, folder), submissions))

    def _grade_one(self, submission: Submission, folder: str) -> Report:
        token = new_token()
        # The child interrupts the learner's code at the limit and reports its line (job.py);
        # it is ended GRACE later if the code caught the interrupt or is in one long C call.
        job = dict(submission.job(NAME), token=token, stop_after=self.timeout)
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="course-run-") as cwd:
            proc = subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", BOOT, folder, str(MEMORY_LIMIT)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                cwd=cwd, env={"PATH": os.defpath}, start_new_session=True)
            reader = FrameReader(token)
            try:
                proc.stdin.write(json.dumps(job).encode())
                proc.stdin.close()
            except BrokenPipeError:
                pass
            result = _read(proc, reader, started + self.timeout + GRACE)
        seconds = time.perf_counter() - started
        if result == "timeout":
            return submission.failed(TIMEOUT.format(timeout=self.timeout), NAME, seconds)
        if result is None:
            return submission.failed(CRASHED.format(detail=f"exit status {proc.returncode}"),
                                     NAME, seconds)
        return submission.accept(Report.from_dict(result), NAME)


def _read(proc: subprocess.Popen, reader: FrameReader, deadline: float):
    """The framed report, "timeout", or None if the process ended without one."""
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        try:
            while True:
                left = deadline - time.perf_counter()
                if left <= 0:
                    return "timeout"
                if not selector.select(timeout=left):
                    continue
                chunk = os.read(proc.stdout.fileno(), 1 << 16)
                if not chunk:
                    return None
                found = reader.feed(chunk)
                if found is not None:
                    return found
        finally:
            _kill(proc)


def _kill(proc: subprocess.Popen) -> None:
    # The submission runs in its own session: end the whole group, leftovers included.
    try:
        os.killpg(proc.pid, 9)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()
    proc.stdout.close()

