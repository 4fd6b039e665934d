"""The one checker: run a learner's source, then the lab's hidden checks against it.

`grade()` is what the browser worker, the Node host and the CPython runtime all call. It never
lets learner code end it: every exception (SystemExit and KeyboardInterrupt included) becomes a
failed check or a failed submission with a message. Learner output is captured and kept apart
from the verdict.
"""

from __future__ import annotations

import builtins
import codecs
import collections
import io
import linecache
import sys
import time
import types

from .checks import CheckFailed, collect
from .checks_code import compiled as compiled_checks
from .deadline import STOPS, counting_interrupts, sleep_in_slices
from .learner_errors import (at_line, cause_of, describe, explain_stops, placed,
                             interrupted, learner_frame, line_of, own_interrupt,
                             ran_too_long, stuck, syntax_message)
from .report import CheckResult, Part, Report

OUTPUT_LIMIT = 64_000  # characters of learner stdout/stderr kept in a report
# Seconds one Check may run: the page stops it then (as `course grade --timeout` does).
CHECK_SECONDS = 10
MODULE_NAME = "submission"

_perf_counter = time.perf_counter
_gc_collect = __import__("gc").collect
_nothing = __import__("contextlib").nullcontext


_UNSET = object()  # reconfigure(newline=None) means something: its default is this


class CappedText(io.TextIOBase):
    """A text stream that keeps the first and the last `limit // 2` characters.

    A learner's last print is often the one that matters (the final loss, the error they
    printed), so the middle is what gets dropped. Memory stays bounded whatever is printed:
    the tail is kept as the pieces written, and whole pieces fall off its front as it grows,
    so a write costs its own length, not the tail's (it was one string, copied at every
    write: a training log of 300 000 short lines took 3.9 s here, not 2.3 s, a flood of
    output long enough to reach a time limit before the file's own loop did). A text stream
    like any other (writelines, encoding, writable, fileno raising io.UnsupportedOperation,
    `reconfigure`, and a binary `buffer` whose bytes are kept as UTF-8 text): correct code that wrote `sys.stdout.writelines(...)`,
    `sys.stdout.reconfigure(encoding="utf-8")` (a habit from Windows consoles) or
    `sys.stdout.buffer.write(...)` failed with an AttributeError before.
    """

    encoding = "utf-8"
    errors = "strict"
    newline = None
    line_buffering = False
    write_through = True

    def __init__(self, limit: int = OUTPUT_LIMIT):
        super().__init__()
        self._buffer = None
        self.head_limit = limit // 2
        self.tail_limit = limit - self.head_limit
        self.head: list[str] = []
        self.kept = 0
        self.pieces: collections.deque[str] = collections.deque()  # the tail, as written
        self.held = 0  # characters in `pieces`: at most tail_limit + 1 + the first piece's length
        self.dropped = 0  # characters that fell out of the middle (whole pieces)

    def write(self, text) -> int:
        text = text if type(text) is str else str(text)
        written = len(text)
        room = self.head_limit - self.kept
        if room > 0:
            self.head.append(text[:room])
            self.kept += min(room, len(text))
            text = text[room:]
        if text:
            # The tail keeps one character more than it shows when it can: the one before it,
            # which says whether the tail starts a line (value).
            if len(text) > self.tail_limit:  # it alone fills the tail
                self.dropped += self.held + len(text) - self.tail_limit - 1
                self.pieces.clear()
                text = text[-self.tail_limit - 1:]
                self.held = 0
            self.pieces.append(text)
            self.held += len(text)
            pieces = self.pieces
            while self.held - len(pieces[0]) > self.tail_limit:
                self.held -= len(pieces[0])
                self.dropped += len(pieces.popleft())
        return written

    def flush(self) -> None:
        pass

    def reconfigure(self, *, encoding=None, errors=None, newline=_UNSET, line_buffering=None,
                    write_through=None) -> None:
        """As on a real stdout; what is kept is text either way, so nothing changes."""
        for name, value in (("encoding", encoding), ("errors", errors)):
            if value is not None and type(value) is not str:
                raise TypeError(f"reconfigure() argument '{name}' must be str or None, "
                                f"not {type(value).__name__}")

    @property
    def buffer(self):
        """The binary stream under the text, as `sys.stdout.buffer` is: bytes written to it
        are kept as UTF-8 text (a byte that is not UTF-8 as U+FFFD)."""
        if self._buffer is None:
            self._buffer = _BytesInto(self)
        return self._buffer

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    @property
    def tail(self) -> str:
        """The last tail_limit characters written after the head (fewer if fewer were)."""
        return "".join(self.pieces)[-self.tail_limit:]

    def lost(self) -> int:
        """Characters dropped from the middle so far."""
        return self.dropped + max(0, self.held - self.tail_limit)

    def written(self) -> int:
        """Characters written in all, those dropped from the middle among them."""
        return self.kept + self.dropped + self.held

    def value(self) -> str:
        head, dropped = "".join(self.head), self.lost()
        held = "".join(self.pieces)
        tail = held[-self.tail_limit:]
        if not dropped:
            return head + tail
        # Cut at line ends: the tail began in the middle of a printed line ("666, 'd': 3986…"),
        # which read as output of its own. A line longer than LINE_CUT is cut where it is.
        end = head.rfind("\n", len(head) - LINE_CUT) + 1 if not head.endswith("\n") else len(head)
        if end:
            dropped += len(head) - end
            head = head[:end]
        else:
            head += "\n"
        # Whether the tail starts a line: the character before it, when it is still held.
        before = held[-self.tail_limit - 1:-self.tail_limit] if len(held) > self.tail_limit else ""
        start = 0 if before == "\n" else tail.find("\n", 0, LINE_CUT) + 1
        dropped += start
        return f"{head}[output truncated: {dropped} characters not shown]\n{tail[start:]}"


LINE_CUT = 1000  # characters a kept head or tail may lose to end or start at a line's end


class _BytesInto(io.RawIOBase):
    """A binary stream whose bytes go, decoded as UTF-8, into a CappedText."""

    def __init__(self, text: CappedText):
        super().__init__()
        self._text = text
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        data = bytes(data)
        self._text.write(self._decoder.decode(data))
        return len(data)


class NoInput:
    """Standard input for learner code: labs read nothing, and `input()` says so."""

    def readline(self, *args):
        raise EOFError("a lab reads no input: input() has nothing to read here. "
                       "Put the values in your code instead.")

    read = readline

    def isatty(self) -> bool:
        return False

    def fileno(self):
        # io.UnsupportedOperation, as any stream without a descriptor (io.StringIO) raises: it
        # is an OSError and a ValueError, and `getpass.getpass()`, with no terminal, catches
        # only the ValueError before it asks this stream (innocent_getpass.py). A bare OSError
        # ended a correct file that asked for a key at load.
        raise io.UnsupportedOperation("a lab reads no input")


# The recursion limit learner code and the checks run with: CPython's own default, in every
# runtime, whatever an earlier run set. (In the browser a recursion through C code on every
# level can run out of the browser's stack before it reaches this limit; the worker guards
# that with Pyodide's C stack protection, see site/js/worker.js.)
RECURSION_LIMIT = 1000


class _LearnerLimits:
    """While learner code and the checks run: the recursion limit, no standard input, and in
    Pyodide a time.sleep that a stop can end where it is (deadline.sleep_in_slices)."""

    def __enter__(self):
        self.saved = sys.getrecursionlimit(), sys.stdin
        sys.setrecursionlimit(RECURSION_LIMIT)
        sys.stdin = NoInput()
        if sys.platform == "emscripten":
            sleep_in_slices()

    def __exit__(self, *exc):
        limit, sys.stdin = self.saved
        sys.setrecursionlimit(limit)


def learner_limits():
    return _LearnerLimits()


def load_checks(checks_source: str, lab: str) -> tuple[list, dict]:
    """Execute a lab's checks.py from source: its checks in order, and its namespace."""
    # The checks get their own copy of the builtins as they are now: learner code that later
    # rebinds `builtins.abs` (say) changes its own world, not the checks' (and the seal still
    # sees it and disqualifies the file).
    namespace = {"__name__": f"checks_{lab.replace('-', '_')}",
                 "__builtins__": dict(builtins.__dict__)}
    exec(compiled_checks(checks_source, lab), namespace)
    checks = collect(namespace)
    parts = _declared_parts(namespace.get(PARTS_NAME))
    for fn in checks:  # each check knows the lab's parts, so `grade` can put them in its report
        fn.check_parts = parts
    return checks, namespace


# The name under which the packaged checks declare the lab's parts (Lab.joined_checks writes
# it from lab.yaml): a list of (title, [check name, ...]).
PARTS_NAME = "__parts__"


def _declared_parts(value) -> tuple:
    if not isinstance(value, (list, tuple)):
        return ()
    return tuple((str(title), tuple(str(name) for name in names)) for title, names in value)


def parts_of(checks: list) -> list[Part]:
    """The lab's parts, as the checks loaded by `load_checks` carry them (none for a lab in
    one piece, or for checks loaded some other way)."""
    declared = getattr(checks[0], "check_parts", ()) if checks else ()
    return [Part(title, list(names)) for title, names in declared]


def grade(lab: str, checks: list, source: str, filename: str, *, runtime: str = "python",
          guard=None, limit=None, on_check=None) -> Report:
    """Grade one learner source against a lab's checks (already loaded by `load_checks`).

    `limit`: the Deadline (deadline.py) the caller runs this in, if any: a file it stops as it
    loads reads as the limit's ("ran for more than 10 s"), any other stop as `interrupted`.

    `guard` is the seal of a sealed interpreter (see seal.py): it records attempts to reach
    the grading machine and changes to the checker's own state; either disqualifies the
    submission whatever the checks say.

    `on_check(result)`, if given, is told None once the file has loaded, then each check's
    result as it is known (job.py sends them to the CPython runtime's parent, which keeps them,
    and names the check it was in, if this interpreter never reports).
    """
    started = _perf_counter()
    report = Report(lab=lab, file=filename, runtime=runtime, parts=parts_of(checks))
    out, err = CappedText(), CappedText()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    broken = False
    try:
        # Every stop while the learner's code runs is counted (deadline.py): a KeyboardInterrupt
        # with none is the code's own, and reads as its error, not as a stop.
        with learner_limits(), counting_interrupts():
            module = _load_learner(source, filename, report, guard, limit)
            if module is None:
                report.checks = not_run(checks, "your file could not be loaded (see above).")
            else:
                if on_check is not None:
                    _tell(on_check, None)
                for index, fn in enumerate(checks):
                    result = _run_check(fn, module, source, filename, guard)
                    report.checks.append(result)
                    if on_check is not None:
                        _tell(on_check, result)
                    if result.cause == STOPPED:
                        # Stop, or the time limit: end the whole Check here, do not run the
                        # next check into the same endless loop.
                        report.interrupted = True
                        report.checks += not_run(checks[index + 1:], STOPPED_BEFORE)
                        break
                    if guard is not None and not guard.intact():
                        break
    except BaseException:
        if guard is None:
            raise
        broken = True  # learner code broke the checker itself (say, by rebinding a builtin)
    finally:
        sys.stdout, sys.stderr = saved
    if guard is not None:
        _gc_collect()  # let learner finalizers run now, before the last look at the checker
        if not guard.intact():
            broken = True
            guard.restore()  # so that writing this report uses the checker as it was
        reason = ""
        if guard.attempts:
            reason = ("This submission tried to reach the grading machine "
                      f"({'; '.join(guard.attempts[:3])}), so it fails. Labs need only plain Python.")
        elif broken:
            reason = ("This submission changed the grader's own objects, so it fails. "
                      "Labs never need to touch builtins or the checker.")
        if reason:  # nothing such a submission did counts
            report.error = reason
            report.checks = not_run(checks, "this submission was disqualified (see above).")
    report.stdout, report.stderr = out.value(), err.value()
    explain_stops(report.checks, out.written() if out.lost() else 0, STOPPED)
    report.seconds = _perf_counter() - started
    return report


def _tell(on_check, result: CheckResult) -> None:
    """Tell `on_check` a result; whatever happens there is not the learner's doing (a stop
    that lands in it is lost, and the parent ends the interpreter in its time instead)."""
    try:
        on_check(result)
    except BaseException:
        pass


def not_run(checks: list, why: str) -> list[CheckResult]:
    """Every check, failed without running, so a report always lists the lab's checks."""
    return [CheckResult(name=fn.check_name, passed=False, message="Not run: " + why,
                        hints=list(fn.check_hints), cause=NOT_RUN) for fn in checks]


# Causes a report groups failures by (CheckResult.cause), besides a learner exception's own.
STOPPED = "stopped"
NOT_RUN = "not run"
STOPPED_BEFORE = "Check was stopped before this check ran (see the check above)."


def shared_causes(checks) -> dict[str, int]:
    """Causes that fail two checks or more, in report order, with how many: said once, above
    the checks, by the page, `--format text` and the notebook's report (not a check that never
    ran, nor the one Stop or a time limit ended)."""
    counts = collections.Counter(c.cause for c in checks
                     if not c.passed and c.cause and c.cause not in (NOT_RUN, STOPPED))
    return {cause: n for cause, n in counts.items() if n > 1}


def stopped_check(report: Report) -> str | None:
    """The name of the check Stop or a time limit ended, if one was running."""
    return next((c.name for c in report.checks if c.cause == STOPPED), None)


def _load_learner(source: str, filename: str, report: Report, guard, limit):
    if source.startswith("\ufeff"):  # a UTF-8 BOM, as `python file.py` accepts it
        source = source[1:]
    try:
        with guard.compiling() if guard is not None else _nothing():
            code = compile(source, filename, "exec")
    except SyntaxError as exc:
        report.error = syntax_message(exc, source)
        return None
    except (ValueError, OverflowError, MemoryError, RecursionError) as exc:
        report.error = f"Your file could not be read as Python: {type(exc).__name__}: {exc}"
        return None
    heard = STOPS.count
    raised = None
    try:
        module = exec_module(code, source, filename)
    except BaseException as exc:  # SystemExit, KeyboardInterrupt, anything the learner raises
        raised = exc
    report.interrupted = STOPS.count != heard
    if report.interrupted and limit is not None and limit.fired:
        report.error = ran_too_long(limit.seconds, None, limit.where, line_of(source, limit.where))
    elif raised is not None:
        stop = interrupted(report.runtime) if report.interrupted else ""
        report.error = "Running your file failed: " + describe(raised, filename, stop=stop,
                                                               source=source)
    elif report.interrupted:  # a stop the file caught and went on from: it was still stopped
        report.error = "Running your file failed: " + interrupted(report.runtime)
    else:
        return module
    return None


def exec_module(code, source: str, filename: str) -> types.ModuleType:
    """Execute compiled learner code as the module `submission`; its errors propagate."""
    # linecache lets tracebacks show the learner's own lines.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    module = types.ModuleType(MODULE_NAME)
    module.__file__ = filename
    sys.modules[MODULE_NAME] = module
    exec(code, module.__dict__)
    return module


def _run_check(fn, module, source: str, filename: str, guard) -> CheckResult:
    result = CheckResult(name=fn.check_name, passed=False, hints=list(fn.check_hints))
    started = _perf_counter()
    heard = STOPS.count
    raised = None
    try:
        fn(module)
    except BaseException as exc:  # CheckFailed, or anything the learner's code raised
        raised = exc
    if STOPS.count != heard:
        # Stop or the time limit came (deadline.py counts them), whatever the code then did
        # with it: raised it again, raised another, or caught it and went on.
        return _stopped(result, raised, source, filename, started)
    if raised is None:
        result.passed = True
    elif isinstance(raised, CheckFailed):
        result.message = str(raised.args[0]) if raised.args else "This check failed."
        cause = raised.__cause__
        if cause is not None:
            where = learner_frame(cause, filename)
            result.message = placed(result.message, cause, where)
            result.cause = cause_of(cause, where)
        else:  # the same sentence on several checks ("does not define `Value`") is one cause
            result.cause = result.message
    elif isinstance(raised, KeyboardInterrupt):  # no stop came: the learner's code raised it
        where = learner_frame(raised, filename)
        result.message = "Your code raised " + own_interrupt(raised, where, " in this check")
        result.cause = cause_of(raised, where)
    else:
        where = learner_frame(raised, filename)
        result.message = ("Your code raised an error during this check: "
                          + describe(raised, filename, where))
        result.cause = cause_of(raised, where)
    return result


def _stopped(result: CheckResult, raised, source: str, filename: str,
             started: float) -> CheckResult:
    if isinstance(raised, CheckFailed) and raised.__cause__ is not None:
        raised = raised.__cause__  # a check's words for what the learner's code raised
    where = learner_frame(raised, filename) if raised is not None else None
    result.message = (f"Your code was stopped after {_perf_counter() - started:.1f} s in "
                      f"this check{at_line(where)}: {stuck(line_of(source, where))}")
    result.cause = STOPPED
    return result
