"""Grade in Pyodide: Node hosts (host/host.mjs) that boot Python once and give every
submission a fresh interpreter restored from a memory snapshot.

This process is the trusted side. It holds the lab's check names, makes a secret token per
job, and believes only a result framed with that token that lists exactly the lab's checks.
A host that dies, hangs or lies costs only the submission it was grading: that file fails
with a plain message, a new host starts, and the batch goes on.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import signal
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..core.report import Report
from .frames import FrameReader
from .node import HOST, SetupError, compiled_stdlib, course_package, host_command, pyodide_dir
from .submission import CHECKS_TIMEOUT, CRASHED, OVER_LIMIT, REACHED, Submission, new_token
from .waiting import wait_for_lanes

REACHED_START = REACHED.split("(")[0]  # how every "tried to reach the machine" verdict begins

NAME = "pyodide"
BOOT_TIMEOUT = 180.0  # seconds for a host to boot Python and make its snapshot
GRACE = 30.0          # seconds past a job's time limit before the host itself is presumed hung


def memory_limit() -> int:
    """MiB a host may hold in all (its two interpreters and everything they allocate);
    $COURSE_GRADE_MEMORY_MB lowers or raises it (tests lower it)."""
    try:
        return max(256, int(os.environ.get("COURSE_GRADE_MEMORY_MB", "2560")))
    except ValueError:
        return 2560


class NodeHost:
    """One Node process grading one submission at a time."""

    def __init__(self, pyodide: Path, stdlib: Path | None = None, *, package, started=None):
        """`started(host)` is called once its process runs, before it boots (seconds under
        load), so a Ctrl+C can end a host still booting instead of waiting for its boot."""
        self.package = package  # the course package (node.course_package): the grader's Python
        command = host_command(pyodide, stdlib, memory_limit(), package.folder)
        # In its host's own folder, which it may read anyway: Node 24's permission model lets a
        # worker thread read every file below the process's working directory (measured: a
        # learner worker read the lab's checks and a classmate's file that way), so that
        # directory must hold nothing else.
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={},
                                     cwd=HOST.parent, start_new_session=True)
        self.chunks: queue.Queue[bytes] = queue.Queue()
        self.errors: collections.deque[bytes] = collections.deque(maxlen=64)
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.chunks.put),
                         daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, self.errors.append),
                         daemon=True).start()
        self.next_id = 0
        self.calls: list[int] = []  # requests each report's checks made of the learner's side
        self.timings: list[dict] = []  # per job: where its time went, in ms (benchmark)
        if started is not None:
            started(self)
        self.boot_seconds = self._boot()

    @staticmethod
    def _pump(stream, put) -> None:
        while chunk := stream.read1(1 << 16):
            put(chunk)
        put(b"")

    def _send(self, message: dict) -> None:
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def _boot(self) -> float:
        started = time.perf_counter()
        lock = str(self.package.lock) if self.package.compiled else None
        self._send({"type": "init", "package": {"lock": lock, "load": self.package.load}})
        seen = b""
        deadline = started + BOOT_TIMEOUT
        while b"\nREADY " not in seen:
            chunk = self._next_chunk(deadline)
            if not chunk:
                self.close()
                detail = b"".join(self.errors).decode(errors="replace").strip()[-2000:]
                raise SetupError(f"the Pyodide host did not start: {detail or 'no output'}")
            seen = seen[-64:] + chunk
        return time.perf_counter() - started

    def _next_chunk(self, deadline: float) -> bytes | None:
        try:
            return self.chunks.get(timeout=max(0.0, deadline - time.perf_counter()))
        except queue.Empty:
            return None

    def grade(self, submission: Submission, timeout: float) -> tuple[Report, bool]:
        """The report, and whether this host is still fit to grade another file."""
        self.next_id += 1
        token = new_token()
        started = time.perf_counter()
        try:
            self._send({"type": "job", "id": self.next_id, "token": token, "timeout": timeout,
                        "job": submission.job(NAME)})
        except (BrokenPipeError, OSError):  # ended before this file was even sent
            return _host_failed(submission.failed(
                CRASHED.format(detail="the grading process had ended"), NAME)), False
        reader = FrameReader(token)
        deadline = started + timeout + GRACE
        while True:
            chunk = self._next_chunk(deadline)
            seconds = time.perf_counter() - started
            # The host ended (b"") or is still there past the time (None): only this submission
            # can have done either. Said as it is: a host that hangs has not "ended".
            if chunk == b"":
                return _host_failed(submission.failed(
                    CRASHED.format(detail="the grading process ended"), NAME, seconds)), False
            if chunk is None:
                detail = ("it kept writing past its time limit" if reader.seen
                          else "it said nothing within its time limit")
                return _host_failed(submission.failed(CRASHED.format(detail=detail), NAME,
                                                      seconds)), False
            found = reader.feed(chunk)
            if found is not None and found.get("id") == self.next_id:
                break
            if reader.overflowed or time.perf_counter() > deadline:
                # Data kept coming but no frame ended: the host is not fit to go on.
                detail = ("it wrote more than the grader reads" if reader.overflowed
                          else "it kept writing past its time limit")
                return submission.failed(CRASHED.format(detail=detail), NAME, seconds), False
        seconds = time.perf_counter() - started
        self._keep_timing(found, seconds)
        alarm = found.get("alarm")
        if "report" in found and isinstance(found["report"], dict):
            calls = found["report"].get("calls")
            self.calls.append(calls if type(calls) is int else 0)
            try:
                report = submission.accept(Report.from_dict(found["report"]), NAME)
            except (KeyError, TypeError, ValueError):
                return submission.failed(CRASHED.format(detail="its report was unreadable"),
                                         NAME, seconds), True
            # A wall refused something (the host's record, out of the learner's reach): the
            # file fails, even if it erased that record in its own interpreter.
            if type(alarm) is str and alarm and not report.error.startswith(REACHED_START):
                return submission.failed(REACHED.format(detail=alarm[:200]), NAME, seconds), True
            return report, True
        detail = str(found.get("detail", "unknown"))[:300]
        if found.get("failure") == "timeout":  # the checks' side did not end the job itself
            return submission.failed(CHECKS_TIMEOUT.format(timeout=timeout), NAME, seconds), True
        if found.get("failure") == "reached":
            return submission.failed(REACHED.format(detail=detail), NAME, seconds), True
        if found.get("failure") in ("memory", "large"):
            return submission.failed(OVER_LIMIT.format(detail=detail), NAME, seconds), True
        return submission.failed(CRASHED.format(detail=detail), NAME, seconds), True

    def _keep_timing(self, found: dict, seconds: float) -> None:
        """The host's breakdown of one job and its checks' own (numbers only), plus the
        wall time seen from here."""
        timing = {"wall": seconds * 1000}
        report = found.get("report")
        for part in (found.get("timing"), report.get("timing") if isinstance(report, dict) else None):
            if isinstance(part, dict):
                timing.update({k: float(v) for k, v in part.items()
                               if type(k) is str and type(v) in (int, float)})
        self.timings.append(timing)

    def refused_requests(self) -> list[str]:
        """URLs the host refused to fetch (there should be none: everything is local)."""
        text = b"".join(self.errors).decode(errors="replace")
        return [line.split(" ", 1)[1] for line in text.splitlines()
                if line.startswith("NETWORK-REFUSED ")]

    def kill(self) -> None:
        """End the host and its learner's worker now, mid-job (Ctrl+C): its group is its own
        (start_new_session), so a terminal's Ctrl+C never reached it."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class PyodideRuntime:
    def __init__(self, root: Path, timeout: float = 10.0, workers: int = 2):
        self.pyodide = pyodide_dir(root)
        self.stdlib = compiled_stdlib(self.pyodide)
        self.package = course_package(Path(root).resolve(), self.pyodide)
        self.timeout = timeout
        self.workers = workers
        self.boot_seconds: list[float] = []
        self.refused: list[str] = []  # requests any host refused (see NodeHost.refused_requests)
        self.calls: list[int] = []    # per report: requests its checks made of learner code
        self.timings: list[dict] = []  # per job: where its time went (NodeHost._keep_timing)

    def grade(self, submissions: list[Submission], done=None) -> list[Report]:
        """Every submission's report, in order. `done(index, report)` is called as each one
        comes back (from a lane's thread), so a batch stopped by Ctrl+C keeps what it graded:
        then no lane takes another file, the hosts grading one are ended at once (a report
        cut short is not handed on), and the KeyboardInterrupt goes on up."""
        if not submissions:
            return []
        reports: list[Report | None] = [None] * len(submissions)
        todo: queue.Queue[int] = queue.Queue()
        for index in range(len(submissions)):
            todo.put(index)
        stop = threading.Event()
        busy: set[NodeHost] = set()  # hosts with a job, for the stop to end
        lock = threading.Lock()

        def serve() -> None:
            host = None
            try:
                while not stop.is_set():
                    try:
                        index = todo.get_nowait()
                    except queue.Empty:
                        return
                    if host is None:
                        host = self._boot(stop, busy, lock)
                        self.boot_seconds.append(host.boot_seconds)
                    with lock:
                        if stop.is_set():
                            return
                        busy.add(host)
                    report, fit = host.grade(submissions[index], self.timeout)
                    with lock:
                        busy.discard(host)
                        if stop.is_set():  # its host may have been ended under it
                            return
                        reports[index] = report
                    if done is not None:
                        done(index, report)
                    if not fit:
                        self._retire(host)
                        host = None
            finally:
                if host is not None:
                    if stop.is_set():
                        host.kill()
                    self._retire(host)

        lanes = min(self.workers, len(submissions))
        pool = ThreadPoolExecutor(lanes)
        futures = [pool.submit(serve) for _ in range(lanes)]
        try:
            wait_for_lanes(futures)
        except BaseException:
            with lock:
                stop.set()
                for host in busy:
                    host.kill()
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return reports  # type: ignore[return-value]

    def _boot(self, stop: threading.Event, busy: set, lock) -> NodeHost:
        """A new host, among `busy` while it boots: a Ctrl+C then ended the batch only once
        every booting host had booted (seconds each under load), and a second Ctrl+C in that
        wait broke it (Python's traceback; hosts left to end on their own)."""
        born: list[NodeHost] = []

        def started(host: NodeHost) -> None:
            with lock:
                born.append(host)
                busy.add(host)
                if stop.is_set():
                    host.kill()

        try:
            return NodeHost(self.pyodide, self.stdlib, package=self.package, started=started)
        finally:
            with lock:
                busy.difference_update(born)

    def _retire(self, host: NodeHost) -> None:
        host.close()
        self.refused += host.refused_requests()
        self.calls += host.calls
        self.timings += host.timings


def _host_failed(report: Report) -> Report:
    """`report`, marked as one whose host ended or went silent under it. A file can do that
    (exhaust the host's memory, escape into it), but so can a machine loaded past its cores: an
    innocent file was once "stopped before it could report (the grading process ended)" in a
    batch on two cores at load 12. The mark lets `course grade` grade it again alone; a file
    that really ends its host does it again there."""
    report.host_failed = True
    return report
