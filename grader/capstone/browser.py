"""The browser worker's entry point for "Train it".

Which Value trains the network: the learner's, once the code in their editor passes every
check of the lab (graded by the same `grade()` as Check); until then the course's tape engine.
The page hears about each step through `on_event`, a JavaScript function taking a JSON text.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict

from ..core.checks import seed_of, use_seed
from ..core.deadline import STOPS, Deadline, counting_interrupts
from ..core.execute import friendly_traceback
from ..core.learner_errors import line_of, ran_too_long
from ..core.run import CHECK_SECONDS, CappedText, exec_module, grade, load_checks, stopped_check
from . import tape
from .moons import two_moons
from .train import EXTENT, Settings, train as train_model

FILENAME = "lab.py"


def train(lab: str, checks_source: str, source: str, on_event, steps: int = Settings.steps) -> str:
    checks = load_checks(checks_source, lab)[0]
    use_seed(seed_of(source))  # as Check and `course grade` draw them for this file
    # The page puts no time limit on Train it (a run may take long), so the checks it runs
    # first have their own, Check's: a loop that never ends is named instead of waiting for Stop.
    limit = Deadline(CHECK_SECONDS, FILENAME)
    with limit:
        report = grade(lab, checks, source, FILENAME, runtime="browser")
    if limit.fired:
        return _finish(on_event, "error", line=limit.where and limit.where[0],
                       error=ran_too_long(CHECK_SECONDS, stopped_check(report), limit.where,
                                            line_of(source, limit.where)))
    if _interrupted(report):  # Stop pressed while the checks ran: stop, do not train
        return _finish(on_event, "stopped")
    passed = sum(c.passed for c in report.checks)
    # The page names the first check not yet passing, so a learner whose Value has a subtle
    # bug is sent to the check that explains it, not left with a bare count.
    failing = next((c.name for c in report.checks if not c.passed), None)
    engine, Value = "course", tape.Value
    if report.passed:
        heard = STOPS.count
        try:
            with counting_interrupts():
                loaded = _learner_value(source)
        except KeyboardInterrupt as exc:  # a stop, or the file's own raise the second time it runs
            if STOPS.count != heard:
                return _finish(on_event, "stopped")
            message, line = friendly_traceback(exc, FILENAME, stopped=False)
            loaded = ("Your file failed when run again for training: " + message, line)
        if isinstance(loaded, tuple):
            message, line = loaded
            return _finish(on_event, "error", error=message + _next_step("when run again", line), line=line)
        engine, Value = "yours", loaded
    points = two_moons()
    # The page draws with these: the x axis spans `steps`, the boundary covers ±`extent`.
    on_event(json.dumps({"kind": "start", "engine": engine, "passed": passed, "checks": len(checks),
                         "failing": failing,
                         "steps": steps, "extent": EXTENT,
                         "points": [[p.x, p.y, p.label] for p in points]}))
    out, err = CappedText(), CappedText()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err  # a print() in the learner's Value must not flood the page
    heard = STOPS.count  # a stop is counted; a KeyboardInterrupt the learner's Value raises is not
    try:
        with counting_interrupts():
            last = train_model(Value, lambda step: on_event(json.dumps({"kind": "step", **asdict(step)})),
                               Settings(steps=steps), points)
    except KeyboardInterrupt as exc:
        if STOPS.count != heard:
            return _finish(on_event, "stopped")
        message, line = friendly_traceback(exc, FILENAME, stopped=False)
        return _finish(on_event, "error", error=message + _next_step("while training", line), line=line)
    except Exception as exc:  # the learner's Value passed the checks but broke while training
        message, line = friendly_traceback(exc, FILENAME)
        return _finish(on_event, "error", error=message + _next_step("while training", line), line=line)
    finally:
        sys.stdout, sys.stderr = saved
    return _finish(on_event, "done", accuracy=last.accuracy, loss=last.loss, seconds=last.seconds)


def _interrupted(report) -> bool:
    return report.interrupted


def _next_step(when: str, line) -> str:
    """The last line of the error of a file that passed every check: what to do now. The error
    ended on its traceback, under "Training with your Value: it passes all 18 checks", and the
    learner could not tell what was wrong, nor whether Check would say more (it does not: every
    check passes)."""
    where = f", at line {line}: fix it there" if line else ": fix it"
    return f"\nYour code passes every check, but it broke {when}{where}, then press Train it again."


def _learner_value(source: str):
    """The learner's Value class, or (the error, its line) saying why there is none."""
    out, err = CappedText(), CappedText()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        module = exec_module(compile(source, FILENAME, "exec"), source, FILENAME)
    except Exception as exc:
        message, line = friendly_traceback(exc, FILENAME)
        return "Your file failed when run again for training: " + message, line
    finally:
        sys.stdout, sys.stderr = saved
    value = getattr(module, "Value", None)
    return value if isinstance(value, type) else ("Your file no longer defines a Value class.", None)


def _finish(on_event, kind: str, **details) -> str:
    text = json.dumps({"kind": kind, **details})
    on_event(text)
    return text
