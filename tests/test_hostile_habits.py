"""Learners' habits that are no attack, and lies that must earn nothing, in both runtimes.

Each file is in tests/hostile/ and says what it does. The innocent ones must pass and never be
accused; the lying one must do no better than its plain wrong twin; a file stopped where no
line can be named must still be told which check it was stopped in.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import grading

HOSTILE = Path(__file__).resolve().parent / "hostile"
TIMEOUT = 10.0
INNOCENT = ["innocent_faulthandler.py", "innocent_negative_zero.py",
            "innocent_tensor_comparisons.py", "innocent_measuring.py", "innocent_exact_numbers.py"]
LIARS = ["lying_numbers.py", "value_disguises.py"]
DRAWN = "a draw of the checks ran this file's code"  # patched_draws.py says it when reached
REACH = "tried to reach the grading machine"
BACKWARD = "backward() seeds the output with 1"


def _files(lab, names):
    solution = lab.solution.read_text(encoding="utf-8")
    files = [(n, (HOSTILE / n).read_text(encoding="utf-8").replace("__SOLUTION__", solution))
             for n in names]
    # the lying file's honest twin: the same wrong backward(), without the lies
    twin = solution + "\n\ndef _seed_only(self):\n    self.grad = 1.0\n\n\nValue.backward = _seed_only\n"
    return files + [("plain_wrong.py", twin), ("correct.py", solution)]


def _grade(course, runtime, names):
    lab = course.labs["05-backward"]
    made = grading.make_runtime(runtime, course.root, TIMEOUT, 1)
    return {r.file: r for r in grading.grade(lab, _files(lab, names), made)}


def _innocent_pass(reports):
    for name in INNOCENT + ["correct.py"]:
        report = reports[name]
        assert report.passed and not report.error, (name, report.error)
    said = reports["innocent_faulthandler.py"].stdout
    assert "faulthandler on: True" in said
    assert "Stack (most recent call first):" in said and "line 18 in where_am_i" in said, said


def _lies_earn_nothing(reports):
    twin = reports["plain_wrong.py"]
    assert not twin.passed
    for name in LIARS:
        liar = reports[name]
        assert not liar.passed
        assert liar.score <= twin.score, (name, liar.score, twin.score)
        earned = ({c.name for c in liar.checks if c.passed}
                  - {c.name for c in twin.checks if c.passed})
        assert not earned, (name, earned)
        assert REACH not in liar.error and "changed the grader" not in liar.error, liar.error


@pytest.mark.pyodide
def test_pyodide_habits_pass_lies_earn_nothing_and_a_silent_stop_names_its_check(course):
    reports = _grade(course, "pyodide", INNOCENT + LIARS + [
        "swallows_in_a_check.py", "recurses_in_a_check.py", "exits_in_a_check.py",
        "patched_draws.py"])
    _innocent_pass(reports)
    _lies_earn_nothing(reports)
    # random.Random rewritten by the file: the checks draw in their own interpreter
    drawn = reports["patched_draws.py"]
    assert drawn.passed and not drawn.error and DRAWN not in drawn.stdout, drawn.stdout
    stopped = reports["swallows_in_a_check.py"]
    assert not stopped.passed
    assert f"was stopped in the check “{BACKWARD}”" in stopped.error, stopped.error
    assert "at a line that could not be named" in stopped.error
    assert [c.name for c in stopped.checks if c.passed] == [stopped.checks[0].name]
    # the same, stopped deep in a recursion, and an interpreter that ended in a check
    neuron = next(c.name for c in reports["correct.py"].checks if c.name.startswith("a Neuron"))
    for name, said in (("recurses_in_a_check.py", "and was stopped in the check"),
                       ("exits_in_a_check.py", "its interpreter ended in the check")):
        report = reports[name]
        assert not report.passed and report.score >= 12, (name, report.score)  # kept
        if name == "recurses_in_a_check.py" and not report.interrupted:
            continue  # a machine fast enough reaches the raised limit first: its own error
        assert f"{said} “{neuron}”" in report.error, (name, report.error)


def test_cpython_habits_pass_and_lies_earn_nothing(course):
    reports = _grade(course, "python", INNOCENT + LIARS)
    _innocent_pass(reports)
    _lies_earn_nothing(reports)


@pytest.mark.xfail(strict=True, reason="--runtime python runs the checks in the file's own "
                   "interpreter (no guarantees, README): they draw their inputs through the "
                   "random.Random the file rewrote; the day they stop, this passes and fails")
def test_cpython_the_checks_draws_never_run_the_files_code(course):
    reports = _grade(course, "python", ["patched_draws.py"])
    drawn = reports["patched_draws.py"]
    assert drawn.passed and not drawn.error, drawn.error  # the draws were the real ones
    assert DRAWN not in drawn.stdout, "the checks drew their inputs through the file's code"


def test_cpython_names_the_check_a_child_was_ended_in(course):
    """--runtime python said only "ran for more than 10 s and was stopped. Look for a loop…" or
    "stopped before it could report (exit status 0)" of a file ended from outside in a check,
    and the text report lists no failed check beside an error: no word of which check."""
    reports = _grade(course, "python", ["swallows_in_a_check.py", "exits_in_a_check.py"])
    stopped = reports["swallows_in_a_check.py"]
    assert not stopped.passed and stopped.interrupted
    assert f"was stopped in the check “{BACKWARD}”" in stopped.error, stopped.error
    assert [c.name for c in stopped.checks if c.passed] == [stopped.checks[0].name]
    neuron = next(c.name for c in reports["correct.py"].checks if c.name.startswith("a Neuron"))
    ended = reports["exits_in_a_check.py"]
    assert not ended.passed and ended.score >= 12, ended.score  # the checks before it are kept
    assert f"in the check “{neuron}”" in ended.error, ended.error


def _reads_itself(course, runtime, folder):
    lab = course.labs["05-backward"]
    source = (HOSTILE / "innocent_reads_itself.py").read_text(encoding="utf-8").replace(
        "__SOLUTION__", lab.solution.read_text(encoding="utf-8"))
    path = folder / "learner-7" / "innocent_reads_itself.py"  # there, as instructors keep them
    path.parent.mkdir(exist_ok=True)
    path.write_text(source, encoding="utf-8")
    name = str(path)
    (report,) = grading.grade(lab, [(name, source)],
                              grading.make_runtime(runtime, course.root, TIMEOUT, 1))
    assert report.passed and not report.error, report.error
    assert report.file == name
    return report.stdout


@pytest.mark.pyodide
def test_a_file_that_reads_itself_runs_as_its_own_name_in_both_runtimes(course, tmp_path):
    """--runtime python ran a file under its path on disk: open(__file__) was "reading
    '/…/learner-7/innocent_reads_itself.py'", a disqualification, where Pyodide says
    FileNotFoundError; its tracebacks showed that path. Both now run it as its own name."""
    seen = {runtime: _reads_itself(course, runtime, tmp_path) for runtime in ("python", "pyodide")}
    assert seen["python"] == seen["pyodide"], seen
    assert "my name: innocent_reads_itself.py True" in seen["python"]
    assert "my backward starts: def backward(self):" in seen["python"]
    assert "read myself: no, FileNotFoundError" in seen["python"]
    assert "traceback names: ['innocent_reads_itself.py']" in seen["python"]
