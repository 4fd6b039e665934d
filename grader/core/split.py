"""Grade one job from the checks' interpreter, with the learner's file in another one.

The host (host/checker.mjs) calls `run_job` here, in an interpreter that never runs learner
code: the lab's checks, their seed and the report live only here. The learner's module is a
handle (handles.py); every use of it is a request over the channel to the learner's
interpreter (agent.py). What comes back is plain data or more handles, so nothing the
learner's code does in its own interpreter (frames, gc, patched `math` or `random`, the JS
bridge, its memory) can reach a check, the verdict, or another submission.
"""

from __future__ import annotations

import json
import time

from .checks import CheckFailed, seed_of, use_seed
from .handles import Handles, rebuild_error
from .learner_errors import (at_line, cause_of, describe, explain_stops, placed, line_of,
                             in_check, never_answered, own_interrupt, ran_too_long, stuck,
                             syntax_message)
from .link import CHANNEL_LIMIT, Link, Stopped, TooLarge
from .report import Report, encode
from .run import (OUTPUT_LIMIT, STOPPED, STOPPED_BEFORE, CheckResult, load_checks, not_run,
                  stopped_check)
from .wire import Codec

STACK = ("Your code recursed so deeply that the interpreter running it ran out of stack and "
         "ended{during}. Look for a recursion with no base case (a function or an operator "
         "that calls itself again and again), or one that goes many thousands of calls deep: "
         "with sys.setrecursionlimit raised, Python's own RecursionError comes too late.")
GONE = ("The Python interpreter running your code stopped before it could report ({detail}). "
        "This happens when a submission exits the interpreter, exhausts its memory, or tries "
        "to reach the grading machine; it fails.")
BROKEN = ("This submission tried to reach the grading machine (it broke the link between its "
          "interpreter and the checks: {detail}), so it fails.")
REACHED = ("This submission tried to reach the grading machine ({detail}), so it fails. "
           "Labs need only plain Python.")
CHANGED = ("This submission changed the grader's own objects, so it fails. "
           "Labs never need to touch builtins or the checker.")
DISQUALIFIED = "this submission was disqualified (see above)."
SILENT = ("Every check ran, but the interpreter running your code then gave no account of "
          "itself (what it printed, and whether it tried to reach the grader): {detail}. A "
          "submission must answer the checks and then say so; this one fails.")
FINISH_SECONDS = 1.0  # the learner's side's last word, after the checks: the agent's own code


def where_of(exc: BaseException):
    """(line, function) in the learner's file, as the learner's side reported it."""
    where = exc.__dict__.get("learner_where") if hasattr(exc, "__dict__") else None
    return where if type(where) is tuple else None


def run_job(job_json: str, send, receive, interrupt=None, taken=None) -> str:
    """`{"lab", "file", "source", "checks_source", "timeout"[, "seed", "runtime"]}` in, a
    report's JSON out. `send`/`receive` are this job's channel to the learner's worker;
    `interrupt()`, if given, stops the learner's code where it is, and `taken()` says whether
    its interpreter has taken that interrupt yet (link.py)."""
    job = json.loads(job_json)
    try:
        return _run_job(job, send, receive, interrupt, taken)
    finally:
        use_seed(0)  # as before the job: the interpreter's fingerprint must not change (state.py)


def _run_job(job: dict, send, receive, interrupt=None, taken=None) -> str:
    started = time.monotonic()
    timeout = float(job.get("timeout", 10.0))
    use_seed(job.get("seed", seed_of(job["source"])))
    checks, _ = load_checks(job["checks_source"], job["lab"])
    loaded = time.monotonic()
    errors: dict = {}
    link = Link(send, receive, None, _refuse, _pack,
                lambda info: rebuild_error(info, errors, link.raised_here),
                call_seconds=float(job.get("call_seconds", timeout)), deadline=started + timeout,
                interrupt=interrupt, taken=taken)
    handles = Handles(link)
    handles.errors = errors
    link.codec = Codec(handles.stand_in)
    report = Report(lab=job["lab"], file=job["file"], runtime=job.get("runtime", "pyodide"))
    module = _load(link, job["source"], job["file"], report, timeout)
    ran = time.monotonic()
    if module is None:
        report.checks = not_run(checks, "your file could not be loaded (see above).")
    else:
        for index, fn in enumerate(checks):
            result = run_check(fn, module, timeout, job["source"])
            report.checks.append(result)
            if result.cause == STOPPED:
                report.interrupted = True
                report.checks += not_run(checks[index + 1:], STOPPED_BEFORE)
                break
    checked = time.monotonic()
    _finish(link, report, checks, timeout, job["source"])
    # What was printed is counted on the learner's side, whose word is not taken for a number
    # here (and a stopped interpreter is not asked for its output): no flood is named.
    explain_stops(report.checks, 0, STOPPED)
    report.seconds = time.monotonic() - started
    # Where the job's time went, in ms (the benchmark prints it; reports ignore it).
    timing = {"load_checks": loaded - started, "learner_file": ran - loaded,
              "checks": checked - ran, "finish": started + report.seconds - checked}
    return encode({**report.to_dict(), "calls": link.calls,
                   "timing": {k: round(v * 1000, 2) for k, v in timing.items()}})


# What the learner's side may read of a function a check gave it: its names, which the
# functions a learner's code is given have (`loss_fn.__name__` in a log line).
_ABOUT = ("__name__", "__qualname__")


def _refuse(op, args):
    """What the learner's side may ask of this one: to call a function a check gave it, or
    its name."""
    if op == "about" and len(args) == 2 and args[1] in _ABOUT and callable(args[0]):
        value = getattr(args[0], args[1], None)
        return value[:200] if type(value) is str else None
    if op != "call" or len(args) != 3:
        raise PermissionError("the checks' side only answers calls of its own functions")
    fn, call_args, kwargs = args
    if type(call_args) is not tuple or type(kwargs) is not dict:
        raise TypeError("a call needs arguments")
    return fn(*call_args, **kwargs)


def _pack(exc: BaseException) -> dict:
    """An exception of a check's own function, as the learner's code will see it."""
    try:
        message = str(exc)[:300]
    except Exception:
        message = ""
    return {"type": type(exc).__name__, "builtin": True, "base": "Exception",
            "message": message, "args": None, "where": None, "own": exc}


def _load(link: Link, source: str, filename: str, report: Report, timeout: float):
    try:
        link.request("compile", source, filename)
    except TooLarge as exc:
        report.error = (f"Your file is too large to grade: sent to the interpreter that runs it, "
                        f"it is {exc.size:,} characters (a control character is six, as "
                        f"\\u0001), more than the {CHANNEL_LIMIT} a message may hold.")
        return None
    except SyntaxError as exc:
        report.error = syntax_message(exc, source)
        return None
    except Stopped as stop:
        _stopped(report, stop, timeout, source)
        return None
    except BaseException as exc:
        report.error = f"Your file could not be read as Python: {type(exc).__name__}: {exc}"
        return None
    try:
        return link.request("exec")
    except Stopped as stop:
        _stopped(report, stop, timeout, source)
        return None
    except BaseException as exc:
        # Only the link stops the learner's code (Stopped, above): any other KeyboardInterrupt
        # is one the file raised itself, its own error.
        report.error = "Running your file failed: " + describe(exc, filename, where_of(exc))
        return None


def _stopped(report: Report, stop: Stopped, timeout: float, source: str = "") -> None:
    report.interrupted = True
    if stop.reason == "time":
        where = where_of(stop.learner_error)
        if where is None:
            # the learner's side never took the interrupt, or took it too deep to say where:
            # the check it was in is named (the learner's side runs nothing else)
            report.error = never_answered(timeout, stopped_check(report))
        else:
            report.error = ran_too_long(timeout, stopped_check(report), where,
                                        line_of(source, where))
    elif stop.reason == "broken: gone":
        check = stopped_check(report)
        report.error = GONE.format(detail="its interpreter ended" + in_check(check))
    elif stop.reason == "broken: stack":
        check = stopped_check(report)
        report.error = STACK.format(during=in_check(check))
    elif stop.reason == "broken: changed":
        report.error = CHANGED
    else:
        report.error = BROKEN.format(detail=stop.reason[len("broken: "):])


def run_check(fn, module, timeout: float, source: str = "") -> CheckResult:
    result = CheckResult(name=fn.check_name, passed=False, hints=list(fn.check_hints))
    started = time.monotonic()
    try:
        fn(module)
    except CheckFailed as failure:
        result.message = str(failure.args[0]) if failure.args else "This check failed."
        cause = failure.__cause__
        if cause is not None:
            where = where_of(cause)
            result.message = placed(result.message, cause, where)
            result.cause = cause_of(cause, where)
        else:  # the same sentence on several checks ("does not define `Value`") is one cause
            result.cause = result.message
        return result
    except Stopped as stop:
        where = where_of(stop.learner_error)
        result.message = (f"Your code was stopped after {stop.at - started:.1f} s in "
                          f"this check{at_line(where)}: {stuck(line_of(source, where))}")
        if stop.reason == "broken: stack":
            result.message = ("Your code recursed so deeply in this check that its interpreter "
                              "ran out of stack and ended (see above).")
        elif stop.reason != "time":
            result.message = "Not run: your code's interpreter stopped answering the checks."
        result.cause = STOPPED
        return result
    except KeyboardInterrupt as exc:
        # Not the link's Stopped: the learner's code raised it itself, and nobody stopped it.
        # Its own error, as any other: the checks after this one run.
        where = where_of(exc)
        result.message = "Your code raised " + own_interrupt(exc, where, " in this check")
        result.cause = cause_of(exc, where)
        return result
    except BaseException as exc:
        where = where_of(exc)
        result.message = ("Your code raised an error during this check: "
                          + describe(exc, "", where))
        result.cause = cause_of(exc, where)
        return result
    result.passed = True
    return result


def _finish(link: Link, report: Report, checks: list, timeout: float, source: str) -> None:
    """Ask for what was printed and what the learner's seal saw; a dead link has neither."""
    if link.dead is not None:
        if not report.error:
            _stopped(report, link.dead, timeout, source)
        if link.dead.reason.startswith("broken: ") and link.dead.reason not in (
                "broken: gone", "broken: stack"):
            # A broken protocol or changed machinery disqualifies the file, as an attempt the
            # seal saw does below: checks it passed before it broke the link count for
            # nothing (tamper_builtins.py kept a point for its first check).
            report.checks = not_run(checks, DISQUALIFIED)
        return
    # The last word is the agent's own work, not the learner's code: a file whose last check
    # ended just at its limit is still read, with a moment of its own.
    link.deadline = max(link.deadline, time.monotonic() + FINISH_SECONDS)
    try:
        done = link.request("finish")
    except Stopped as stop:
        # Its record of attempts and changes never came: a file that hung or ended its
        # interpreter here (hostile/split/silent_last_word.py) kept every check it passed: a
        # full score in Gradescope's results for a file whose changed builtin disqualifies it.
        detail = {"time": "it was still busy when its time was up",
                  "broken: gone": "its interpreter ended",
                  "broken: stack": "its interpreter ran out of stack"}.get(
                      stop.reason, f"it broke the link ({stop.reason[len('broken: '):]})")
        report.error = SILENT.format(detail=detail)
        report.checks = not_run(checks, DISQUALIFIED)
        return
    except BaseException:
        done = None
    if type(done) is not dict:
        done = {}
    report.stdout = _text(done.get("stdout"))
    report.stderr = _text(done.get("stderr"))
    attempts = done.get("attempts")
    attempts = [a[:200] for a in attempts if type(a) is str] if type(attempts) is list else []
    reason = ""
    if attempts:
        reason = REACHED.format(detail="; ".join(attempts[:3]))
    elif done.get("intact") is not True:
        reason = CHANGED
    if reason:
        report.error = reason
        report.checks = not_run(checks, DISQUALIFIED)


def _text(value) -> str:
    """Learner output as kept in a report: a str, cut to the same size as on its side."""
    if type(value) is not str:
        return ""
    if len(value) <= OUTPUT_LIMIT + 200:
        return value
    return value[:OUTPUT_LIMIT // 2] + "\n[output truncated]\n" + value[-OUTPUT_LIMIT // 2:]
