"""A KeyboardInterrupt the learner's file raises itself is its own error, in every runtime.

Stop and the time limits end code with KeyboardInterrupt too, and each says that it did
(deadline.STOPS, link.Stopped): the report tells the two apart. A file that raised one at
its top read "your code was stopped (it ran too long, or Stop was pressed)", and in a check
"stopped after 0.0 s … does a loop there ever end?", with every later check "Not run": the
learner went looking for a loop they did not have. A real stop reads as it always did.
"""

from __future__ import annotations

import re

import pytest

from grader.core import notebook
from grader.core.run import STOPPED
from grader.runtimes.pyodide import PyodideRuntime
from grader.runtimes.python import PythonRuntime
from grader.runtimes.submission import Submission

CHECKS = '''
from grader.core.checks import attempt, check, close, need

@check("double works", "Multiply by two.")
def doubles(learner):
    double = need(learner, "double")
    close(attempt("double(3)", double, 3), 6.0, "double(3)")

@check("apply calls what it is given", "Call f with x.")
def applies(learner):
    apply, h = need(learner, "apply"), need(learner, "h")
    attempt("apply(g, 3)", apply, lambda x: h(x), 3)  # checks -> apply -> g -> h

@check("half works", "Divide by two.")
def halves(learner):
    half = need(learner, "half")
    close(attempt("half(3)", half, 3), 1.5, "half(3)")
'''
NAMES = ["double works", "apply calls what it is given", "half works"]
FINE = ("def double(x):\n    return 2 * x\n\ndef h(x):\n    return x\n\n"
        "def apply(f, x):\n    return f(x)\n\ndef half(x):\n    return x / 2\n")
LOOP = "def double(x):\n    while True:\n        x = x\n"  # stopped at line 2 or 3


def _file(name: str, source: str) -> Submission:
    return Submission(lab="99-interrupts", file=name, source=source, checks_source=CHECKS,
                      check_names=NAMES, check_hints=[["Multiply by two."], ["Call f with x."],
                                                      ["Divide by two."]])


FILES = {
    # at the top of the file, line 12
    "top.py": FINE + "raise KeyboardInterrupt\n",
    # in the first check, line 2
    "in_check.py": FINE.replace("    return 2 * x\n", "    raise KeyboardInterrupt('mine')\n"),
    # a subclass of its own, in the first check, line 4
    "subclass.py": "class GiveUp(KeyboardInterrupt):\n    pass\n" + FINE.replace(
        "    return 2 * x\n", "    raise GiveUp\n"),
    # raised in h, called by a check's function that the file's apply called, line 5
    "nested.py": FINE.replace("def h(x):\n    return x\n", "def h(x):\n    raise KeyboardInterrupt\n"),
}


def _own_at_top(report) -> None:
    assert report.error == ("Running your file failed: your code raised KeyboardInterrupt at "
                            "line 12 of your file; nobody stopped it. Stop and the time limit end "
                            "code with KeyboardInterrupt; a lab file has no reason to raise it."), \
        report.error
    assert not report.interrupted and not report.passed
    assert "ran too long" not in report.error and "loop" not in report.error


def _own_in_a_check(report, raised: str, line: int, function: str, failed: int) -> None:
    """The check that raised it fails with its line; every other check runs, as after any
    other error of the learner's."""
    assert not report.interrupted and not report.passed and not report.error, report.error
    for index, check in enumerate(report.checks):
        if index != failed:
            assert check.passed, check.message
            continue
        assert check.message.startswith(
            f"Your code raised {raised} at line {line} of your file (in `{function}`) in this "
            "check; nobody stopped it."), check.message
        assert check.cause != STOPPED and "loop" not in check.message
        assert "Code that is stopped never finished" not in " ".join(check.hints)


def _all_own(reports: dict) -> None:
    _own_at_top(reports["top.py"])
    _own_in_a_check(reports["in_check.py"], "KeyboardInterrupt: mine", 2, "double", 0)
    _own_in_a_check(reports["subclass.py"], "GiveUp (a KeyboardInterrupt)", 4, "double", 0)
    _own_in_a_check(reports["nested.py"], "KeyboardInterrupt", 5, "h", 1)


def _a_stop(report, limit: float) -> None:
    """What a stop read before, word for word."""
    first, *later = report.checks
    assert first.cause == STOPPED and report.interrupted and not report.passed
    assert re.fullmatch(r"Your code was stopped after \d+\.\d s in this check, at line [23] of your "
                        r"file \(in `double`\): does a loop there ever end\?", first.message), \
        first.message
    assert all(c.message.startswith("Not run: Check was stopped") for c in later)
    assert re.fullmatch(rf"Your code ran for more than {limit:g} s and was stopped in the check "
                        r"“double works”\. It was at line [23] of your file \(in `double`\): does "
                        r"a loop there ever end\?", report.error), report.error


@pytest.mark.pyodide
def test_in_pyodide_a_files_own_keyboard_interrupt_is_its_error_and_a_stop_is_a_stop(course):
    # A stop caught and raised again is still a stop: the interrupt's reply names its line.
    again = LOOP.replace("    while True:\n        x = x\n",
                         "    try:\n        while True:\n            x = x\n"
                         "    except KeyboardInterrupt as stop:\n        raise stop\n")
    files = {**FILES, "loop.py": LOOP, "again.py": again}
    reports = PyodideRuntime(course.root, timeout=4.0).grade(
        [_file(name, source) for name, source in files.items()])
    reports = dict(zip(files, reports))
    _all_own(reports)
    _a_stop(reports["loop.py"], 4.0)
    assert reports["again.py"].interrupted and "ran for more than 4 s" in reports["again.py"].error
    assert re.search(r"line [34] of your file \(in `double`\)", reports["again.py"].checks[0].message)


# In CPython the time limit is an alarm in the file's own process (job.py, deadline.py).
SWALLOWED = ("def double(x):\n    try:\n        while True:\n            x = x\n"
             "    except KeyboardInterrupt:\n        pass\n    return 2 * x\n\n"
             "def h(x):\n    return x\n\ndef apply(f, x):\n    return f(x)\n\n"
             "def half(x):\n    return x / 2\n")


def test_with_runtime_python_a_files_own_keyboard_interrupt_is_its_error(course):
    made_before = "mine = KeyboardInterrupt('made before the stop')\n\n" + LOOP.replace(
        "    while True:\n        x = x\n",
        "    try:\n        while True:\n            x = x\n    except KeyboardInterrupt:\n"
        "        raise mine\n")
    files = {**FILES, "loop.py": LOOP, "swallowed.py": SWALLOWED, "made_before.py": made_before}
    reports = PythonRuntime(timeout=1.0, workers=1).grade(
        [_file(name, source) for name, source in files.items()])
    reports = dict(zip(files, reports))
    _all_own(reports)
    _a_stop(reports["loop.py"], 1.0)
    # A stop the file caught and went on from still ends the check (it had passed): a stop
    # never passes anything, and the checks after it are not run.
    swallowed = reports["swallowed.py"]
    assert not swallowed.passed and swallowed.interrupted
    assert swallowed.checks[0].cause == STOPPED and swallowed.checks[0].message.startswith(
        "Your code was stopped after")
    assert all(c.message.startswith("Not run: Check was stopped") for c in swallowed.checks[1:])
    # A KeyboardInterrupt of its own raised once the stop came reads as the stop it follows.
    after = reports["made_before.py"]
    assert after.checks[0].cause == STOPPED and after.interrupted
    assert "at line 8 of your file (in `double`)" in after.checks[0].message


def test_the_notebooks_check_tells_a_files_own_keyboard_interrupt_from_its_time_limit(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(notebook, "CHECK_SECONDS", 0.5)
    monkeypatch.chdir(tmp_path)
    reports = {}
    for name, source in {**FILES, "loop.py": LOOP}.items():
        (tmp_path / name).write_text(source)
        reports[name] = notebook.check("99-interrupts", name, checks_source=CHECKS)
    _all_own(reports)
    loop = reports["loop.py"]
    assert loop.checks[0].cause == STOPPED and loop.interrupted
    assert re.search(r"line [23] of your file \(in `double`\)", loop.checks[0].message)
    shown = capsys.readouterr().out
    assert "nobody stopped it" in shown and "does a loop there ever end?" in shown
