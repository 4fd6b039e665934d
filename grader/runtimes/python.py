"""Grade in CPython: a fresh interpreter per submission, sealed like the Pyodide one.

Each submission runs in a child forked from a `python -I -S` that has imported the grader's
core and nothing else (fork_server.py), in its own process group, folder and rlimits.
Fast (≈ 0.1 s a lab-5 file) and good for writing labs. By design it gives none of the Pyodide
runtime's guarantees: the checks share the interpreter with the file, and only the seal and
rlimits stand between the file and the machine. Grade strangers' files with Pyodide (the help
text and README "Grading safety" say so).
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..core.report import CheckResult, Report
from ..core.learner_errors import in_check, never_answered
from ..core.run import NOT_RUN, STOPPED
from ..core.split import STACK
from .frames import FrameReader
from .submission import CRASHED, Submission, core_sources, new_token
from .waiting import wait_for_lanes

NAME = "python"
GRACE = 1.0  # seconds past the time limit for an interrupted child to report
MEMORY_LIMIT = 1 << 30  # bytes of address space per submission, the interpreter's own included
SERVER = (Path(__file__).with_name("fork_server.py")).read_text(encoding="utf-8")
STATUS = struct.Struct("!ii")  # as fork_server.py sends them: (0, pid), then (1, exit status)
SIZE = struct.Struct("!I")  # the length of the labs' checks sent to it first
END = b"E"  # to it: this child may be ended now


class PythonRuntime:
    def __init__(self, timeout: float = 10.0, workers: int = 2):
        self.timeout = timeout
        self.workers = workers

    def grade(self, submissions: list[Submission], done=None) -> list[Report]:
        """Every submission's report, in order; `done(index, report)` as each comes back (from
        a lane's thread). On Ctrl+C no lane takes another file, the children grading one are
        ended at once (their reports are not handed on), and the KeyboardInterrupt goes on up."""
        # The core goes to a folder of its own, so the sealed interpreter's sys.path (which is
        # what it may read) holds the standard library and the core, not the course's files.
        with tempfile.TemporaryDirectory(prefix="course-core-") as folder:
            for path, text in core_sources().items():
                target = Path(folder, path)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            servers, mine = [], threading.local()
            labs = sorted({(s.checks_source, s.lab) for s in submissions})
            reports: list[Report | None] = [None] * len(submissions)
            stopped, stop_out = os.pipe()  # readable once the batch is stopped
            stop = threading.Event()

            def grade_one(index: int) -> None:
                if stop.is_set():
                    return
                if getattr(mine, "server", None) is None:
                    mine.server = _ForkServer(folder, labs)
                    servers.append(mine.server)
                report = self._grade_one(submissions[index], mine.server, stopped)
                if report is None or stop.is_set():
                    return
                reports[index] = report
                if done is not None:
                    done(index, report)

            pool = ThreadPoolExecutor(max(1, self.workers))
            try:
                wait_for_lanes([pool.submit(grade_one, n) for n in range(len(submissions))])
            except BaseException:
                stop.set()
                os.write(stop_out, b"x")
                raise
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
                for server in servers:
                    server.close()
                os.close(stopped)
                os.close(stop_out)
            return reports  # type: ignore[return-value]

    def _grade_one(self, submission: Submission, server: "_ForkServer",
                   stopped: int) -> Report | None:
        """Its report, or None if the batch was stopped (`stopped` readable) before it came."""
        token = new_token()
        # The child interrupts the learner's code at the limit and reports its line (job.py);
        # it is ended GRACE later if the code caught the interrupt or is in one long C call.
        job = dict(submission.job(NAME), token=token, stop_after=self.timeout)
        started = time.perf_counter()
        known: list[dict] = []  # LOADED, then each check's result, as the child knew them
        with tempfile.TemporaryDirectory(prefix="course-run-") as cwd:
            result, status = server.run(json.dumps(job).encode(), cwd, FrameReader(token),
                                        started + self.timeout + GRACE, known, stopped)
        if result == "stopped":
            return None
        seconds = time.perf_counter() - started
        if result == "timeout":
            return _kept(submission, known, seconds, STOPPED_HERE.format(seconds=seconds),
                         STOPPED, lambda check: never_answered(self.timeout, check))
        if result is None:
            # SIGSEGV: CPython's C stack ran out (a recursion through a C slot, repr() or an
            # operator, with sys.setrecursionlimit raised: its RecursionError comes too late),
            # said as Pyodide says it, not as a bare "exit status -11".
            return _kept(submission, known, seconds, ENDED_HERE, NOT_RUN,
                         lambda check: STACK.format(during=in_check(check))
                         if status == -signal.SIGSEGV else
                         CRASHED.format(detail=f"exit status {status}" + in_check(check)))
        return submission.accept(Report.from_dict(result), NAME)


# The check a child was in when it had to be ended, or when it ended itself.
STOPPED_HERE = ("Your code was stopped after {seconds:.1f} s, in this check or just after it: "
                "it ran past the time limit where no interrupt reaches it (see above).")
ENDED_HERE = "Not run: your code's interpreter ended in this check (see above)."
LOADED = {"loaded": True}  # in `known`: the child said the file had loaded, its checks begin


def _kept(submission: Submission, known: list[dict], seconds: float, message: str, cause: str,
          error) -> Report:
    """A report the child never finished: the checks it had reported (in order, each the
    lab's next one) as they were, the next one failed with `message`, the rest not run, and
    the file fails with `error(check)`, `check` the one it was in (None if none): the text
    report lists no failed check beside a file's error, so the error names it. The same as a
    report the Pyodide runtime's checks' side writes when the learner's side is ended. A
    check reported as passed counts; it never makes the file pass (its report has an error),
    and a file that could frame one could already frame a whole report (job.py)."""
    names = submission.check_names
    kept, stopped_itself = [], False
    loaded = bool(known)  # the child says so before its first check (job.py); a result implies it
    for said in known:
        if said is LOADED:
            continue
        if (len(kept) >= len(names) or type(said) is not dict
                or said.get("name") != names[len(kept)]):
            break
        kept.append(said)
        if said.get("cause") == STOPPED:
            stopped_itself = True  # the child stopped it; those after it are not run already
            break
    at = len(kept) - 1 if stopped_itself else len(kept)
    if not loaded:  # ended as the file loaded, before any check ran: none is named or marked
        failed = submission.failed(error(None), NAME, seconds)
        failed.interrupted = cause == STOPPED
        return failed
    failed = submission.failed(error(names[at] if at < len(names) else None), NAME, seconds)
    checks = failed.checks
    for index, said in enumerate(kept):
        checks[index] = CheckResult(name=checks[index].name, passed=said.get("passed") is True,
                                    message=str(said.get("message", ""))[:4000],
                                    hints=checks[index].hints, cause=str(said.get("cause", ""))[:300])
    if stopped_itself:
        failed.interrupted = True
    elif at < len(checks):
        checks[at].message = message
        checks[at].cause = cause
        failed.interrupted = cause == STOPPED
    return failed


class _ForkServer:
    """One `python -I -S` that has imported the core and forks a child per submission
    (fork_server.py); started again if it ever ends."""

    def __init__(self, folder: str, labs: list[tuple[str, str]]):
        self.folder = folder
        self.labs = json.dumps(labs).encode()
        self.proc = None
        self.channel = None

    def _start(self) -> None:
        self.close()
        ours, theirs = socket.socketpair()
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", SERVER, self.folder, str(MEMORY_LIMIT),
             str(theirs.fileno())],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            cwd=self.folder, env={"PATH": os.defpath}, pass_fds=(theirs.fileno(),),
            start_new_session=True)
        theirs.close()
        self.channel = ours
        self.channel.sendall(SIZE.pack(len(self.labs)) + self.labs)  # compiled once, there

    def run(self, job: bytes, cwd: str, reader: FrameReader, deadline: float, known: list,
            stopped: int):
        """(the framed report, "timeout", "stopped" or None; the child's exit status)."""
        job_in, job_out = os.pipe()
        report_in, report_out = os.pipe()
        try:
            pid = None
            for _ in range(2):  # a server that has ended is started again, once
                if self.channel is None:
                    self._start()
                try:
                    socket.send_fds(self.channel, [os.fsencode(cwd)], [job_in, report_out])
                    pid = self._receive(0)
                    break
                except OSError:
                    self.close()
            os.close(job_in)
            os.close(report_out)
            job_in = report_out = None
            if pid is None:
                return None, "none: the grading interpreter could not start"
            try:
                with open(job_out, "wb", closefd=False) as stream:
                    stream.write(job)
            except BrokenPipeError:
                pass
            os.close(job_out)
            job_out = None
            result = _read(report_in, reader, deadline, known, stopped)
            try:
                self.channel.sendall(END)  # the server ends the child's group, leftovers included
                status = self._receive(1)
            except OSError:
                self.close()
                status = "unknown"
            return result, status
        finally:
            for fd in (job_in, job_out, report_in, report_out):
                if fd is not None:
                    os.close(fd)

    def _receive(self, kind: int) -> int:
        data = b""
        while len(data) < STATUS.size:
            chunk = self.channel.recv(STATUS.size - len(data))
            if not chunk:
                raise OSError("the grading interpreter ended")
            data += chunk
        got, value = STATUS.unpack(data)
        if got != kind:
            raise OSError("the grading interpreter is out of step")
        return value

    def close(self) -> None:
        if self.channel is not None:
            self.channel.close()  # the server reads the end of its socket and leaves
            self.channel = None
        if self.proc is not None:
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


def _read(fd: int, reader: FrameReader, deadline: float, known: list, stopped: int):
    """The framed report, "timeout", "stopped" (the batch was, `stopped` readable) or None if
    the child ended without one; before it, LOADED (once the file has loaded) and each
    check's framed result go to `known`."""
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        selector.register(stopped, selectors.EVENT_READ)
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                return "timeout"
            ready = [key.fd for key, _ in selector.select(timeout=left)]
            if stopped in ready:
                return "stopped"
            if not ready:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return None
            found = reader.feed(chunk)
            while found is not None:
                if found.get("loaded") is True:
                    if not known:
                        known.append(LOADED)
                elif "check" not in found:
                    return found
                elif len(known) < 1000:
                    known.append(found["check"])
                found = reader.feed(b"")  # a chunk may hold several frames
