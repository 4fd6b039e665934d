"""The one checker: run a learner's source, then the lab's hidden checks against it.

`grade()` is what the browser worker, the Node host and the CPython runtime all call. It never
lets learner code end it: every exception (SystemExit and KeyboardInterrupt included) becomes a
failed check or a failed submission with a message. Learner output is captured and kept apart
from the verdict.
"""

from __future__ import annotations

import builtins
import linecache
import sys
import time
import types

from .checks import CheckFailed, collect
from .report import CheckResult, Report

OUTPUT_LIMIT = 64_000  # characters of learner stdout/stderr kept in a report
MODULE_NAME = "submission"

_perf_counter = time.perf_counter
_gc_collect = __import__("gc").collect
_nothing = __import__("contextlib").nullcontext


class CappedText:
    """A text stream that keeps the first `limit` characters and counts the rest."""

    def __init__(self, limit: int = OUTPUT_LIMIT):
        self.limit = limit
        self.parts: list[str] = []
        self.kept = 0
        self.dropped = 0

    def write(self, text) -> int:
        text = text if type(text) is str else str(text)
        room = self.limit - self.kept
        if room > 0:
            self.parts.append(text[:room])
            self.kept += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def value(self) -> str:
        text = "".join(self.parts)
        if self.dropped:
            text += f"\n[output truncated: {self.dropped} more characters]"
        return text


def load_checks(checks_source: str, lab: str) -> tuple[list, dict]:
    """Execute a lab's checks.py from source: its checks in order, and its namespace."""
    namespace = {"__name__": f"checks_{lab.replace('-', '_')}", "__builtins__": builtins}
    exec(compile(checks_source, f"<checks of {lab}>", "exec"), namespace)
    return collect(namespace), namespace


def grade(lab: str, checks: list, source: str, filename: str, *, runtime: str = "python",
          guard=None) -> Report:
    """Grade one learner source against a lab's checks (already loaded by `load_checks`).

    `guard` is the seal of a sealed interpreter (see seal.py): it records attempts to reach
    the grading machine and changes to the checker's own state; either disqualifies the
    submission whatever the checks say.
    """
    started = _perf_counter()
    report = Report(lab=lab, file=filename, runtime=runtime)
    out, err = CappedText(), CappedText()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    broken = False
    try:
        module = _load_learner(source, filename, report, guard)
        if module is None:
            report.checks = not_run(checks, "your file could not be loaded (see above).")
        else:
            for fn in checks:
                report.checks.append(_run_check(fn, module, filename, guard))
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
    report.seconds = _perf_counter() - started
    return report


def not_run(checks: list, why: str) -> list[CheckResult]:
    """Every check, failed without running, so a report always lists the lab's checks."""
    return [CheckResult(name=fn.check_name, passed=False, message="Not run: " + why,
                        hints=list(fn.check_hints)) for fn in checks]


def _load_learner(source: str, filename: str, report: Report, guard):
    if source.startswith("\ufeff"):  # a UTF-8 BOM, as `python file.py` accepts it
        source = source[1:]
    try:
        with guard.compiling() if guard is not None else _nothing():
            code = compile(source, filename, "exec")
    except SyntaxError as exc:
        report.error = syntax_message(exc)
        return None
    except (ValueError, OverflowError, MemoryError, RecursionError) as exc:
        report.error = f"Your file could not be read as Python: {type(exc).__name__}: {exc}"
        return None
    try:
        return exec_module(code, source, filename)
    except BaseException as exc:  # SystemExit, KeyboardInterrupt, anything the learner raises
        report.error = "Running your file failed: " + describe(exc, filename, guard)
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


def _run_check(fn, module, filename: str, guard) -> CheckResult:
    result = CheckResult(name=fn.check_name, passed=False, hints=list(fn.check_hints))
    try:
        fn(module)
    except CheckFailed as failure:
        result.message = str(failure.args[0]) if failure.args else "This check failed."
        cause = failure.__cause__
        where = learner_line(cause, filename, guard) if cause is not None else None
        if where:
            result.message += f" (line {where} of your file)"
        return result
    except BaseException as exc:
        result.message = ("Your code raised an error during this check: "
                          + describe(exc, filename, guard))
        return result
    result.passed = True
    return result


# How a KeyboardInterrupt (the page's Stop, or a time limit) reads in a report.
INTERRUPTED = "your code was interrupted (it ran too long)."


def describe(exc: BaseException, filename: str, guard=None) -> str:
    """One line on an exception: its type, message and the learner's line it came from."""
    kind = type(exc).__name__
    if isinstance(exc, SystemExit):
        return "your code called sys.exit(); a lab file should define things, not exit."
    if isinstance(exc, KeyboardInterrupt):
        return INTERRUPTED
    try:
        message = str(exc)[:300]
    except BaseException:
        message = ""
    where = learner_line(exc, filename, guard)
    return f"{kind}: {message}" + (f" (line {where} of your file)" if where else "")


def learner_line(exc: BaseException, filename: str, guard=None):
    """The last line of the learner's file in an exception's traceback, or None."""
    line = None
    with guard.reading_frames() if guard is not None else _nothing():
        tb = exc.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == filename:
                line = tb.tb_lineno
            tb = tb.tb_next
    return line


def syntax_message(exc: SyntaxError) -> str:
    where = f"line {exc.lineno}" if exc.lineno else "somewhere"
    text = (exc.text or "").rstrip("\n")
    shown = ""
    if text:
        body = text.lstrip()
        shown = f"\n    {body}"
        if exc.offset:
            shown += "\n    " + " " * max(exc.offset - 1 - (len(text) - len(body)), 0) + "^"
    return f"Python could not read your file: {exc.msg} ({where}).{shown}"
