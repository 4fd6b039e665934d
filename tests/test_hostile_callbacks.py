"""Learner code that answers the checks in ways no check asked for, graded in real Pyodide:
objects that lie where a number is read, a check's own function called back again and again
(nesting through both interpreters) or long after its check ended (from __del__, weakref
finalizers and the garbage collector's callbacks), and errors whose text cannot be read.
Each file of tests/hostile/callbacks/ says what it does. None may pass a check its answers do
not earn, stop the grader, or reach the file graded after it on the same host."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import grading

CALLBACKS = Path(__file__).resolve().parent / "hostile" / "callbacks"
TIMEOUT = 10.0
NAMES = ["lying_numbers.py", "reentrant_callback.py", "late_callbacks.py", "exception_text.py",
         "stale_check_error.py"]
TRAINING = ("one training step", "each training step", "a Neuron", "an MLP", "train_step trains")

pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module")
def lab5(course):
    """One host, one file at a time, in this order, then a correct file on the same host."""
    lab = course.labs["05-backward"]
    solution = lab.solution.read_text()
    files = [(name, (CALLBACKS / name).read_text().replace("__SOLUTION__", solution))
             for name in NAMES] + [("after.py", solution)]
    runtime = grading.make_runtime("pyodide", course.root, TIMEOUT, 1)
    return {r.file: r for r in grading.grade(lab, files, runtime)}


def test_numbers_that_lie_are_never_taken_for_answers(lab5):
    report = lab5["lying_numbers.py"]
    assert report.score == 0 and not report.passed and not report.error
    assert len(report.checks) == 18
    assert any("but it is a Value" in c.message or "but it is a Liar" in c.message
               for c in report.checks), [c.message for c in report.checks]


def test_calls_nesting_through_both_interpreters_stop_with_a_recursion_error(lab5):
    """loss_fn called from inside every multiplication: each call multiplies, so the calls nest
    (checks -> learner -> checks ...) until the link refuses one more; the checks that gave
    the file loss_fn fail with a RecursionError, the rest are graded as the solution's."""
    report = lab5["reentrant_callback.py"]
    failed = [c for c in report.checks if not c.passed]
    assert report.score == 13 and not report.error, report.error
    assert [c.name.startswith(TRAINING) for c in failed] == [True] * 5
    # The grader's "(RecursionError)" holds the learner's place when it has one (57c4cd7).
    assert all("recursed too deeply (RecursionError" in c.message for c in failed), \
        [c.message for c in failed]


def test_a_checks_function_called_after_its_check_changes_no_verdict(lab5):
    """Late calls run an ended check's loss_fn again in the checks' interpreter, in the
    middle of later checks: the file's answers are the solution's, and so is its verdict."""
    report = lab5["late_callbacks.py"]
    assert report.passed and report.score == 18, report.error
    late = [int(line.rsplit(":", 1)[1]) for line in report.stdout.splitlines()
            if line.startswith("late calls so far:")]
    assert late and late[-1] > 0, report.stdout


def test_an_error_whose_text_cannot_be_read_is_named_and_fails_its_checks(lab5):
    report = lab5["exception_text.py"]
    assert not report.passed and not report.error
    adding = [c for c in report.checks if "raised Untellable" in c.message]
    assert len(adding) >= 10
    assert all("(its message could not be shown)" in c.message for c in adding)


def test_a_checks_failure_raised_again_later_is_the_files_own_error(lab5):
    """A check's CheckFailed belongs to the request it was raised in: kept by the file and
    raised in later checks, it is the file's own error of that name, at its line, and the
    check that caught it first passes (its step was trained correctly)."""
    report = lab5["stale_check_error.py"]
    assert not report.passed and not report.error, report.error
    first = next(c for c in report.checks if c.name.startswith("one training step"))
    assert first.passed, first.message
    later = [c for c in report.checks if not c.passed]
    assert later and all(c.name.startswith(TRAINING) for c in later), \
        [(c.name, c.message) for c in later]
    for check in later:
        assert "raised CheckFailed: w.data should be a plain number" in check.message, \
            check.message
        assert "of your file)" in check.message, check.message


def test_the_file_graded_next_on_the_same_host_passes(lab5):
    assert lab5["after.py"].passed, lab5["after.py"].error


def test_calls_nesting_through_both_interpreters_name_the_learners_line(lab5):
    """As `--runtime python` does ("in `_mul`, line ..."): the RecursionError that stops the
    nesting is the link's own, in the checks' interpreter, and it passed through the learner's
    `_mul` on its way back. (Not where a read of the checks' own, the innermost, was refused:
    "`reading w.data` recursed too deeply" passed no learner code.)"""
    failed = [c for c in lab5["reentrant_callback.py"].checks if not c.passed]
    named = [c for c in failed if "in `_mul`, line" in c.message]
    assert failed and len(named) >= len(failed) - 1, [c.message for c in failed]
