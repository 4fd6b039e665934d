"""The learner's side's last word, graded in real Pyodide: after the checks, the checks' side
asks the learner's interpreter what it printed, what its seal refused and whether the
grader's objects there were changed (split.py, `_finish`). A file that keeps that word from
coming has not accounted for itself, and fails with no check counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import grading

SILENT = Path(__file__).resolve().parent / "hostile" / "split" / "silent_last_word.py"
TIMEOUT = 6.0

pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module")
def reports(course):
    lab = course.labs["05-backward"]
    solution = lab.solution.read_text()
    silent = SILENT.read_text().replace("__SOLUTION__", solution)
    files = [("silent-exit.py", silent.replace("__LAST_WORD__", "exit")),
             ("silent-hang.py", silent.replace("__LAST_WORD__", "hang")),
             ("correct.py", solution)]
    runtime = grading.make_runtime("pyodide", course.root, TIMEOUT, 1)
    return {r.file: r for r in grading.grade(lab, files, runtime)}


@pytest.mark.parametrize("name", ["silent-exit.py", "silent-hang.py"])
def test_a_file_that_keeps_back_its_last_word_scores_nothing(reports, name):
    # Both kept all 18 checks passed (passed false, score 18 of 18) before.
    report = reports[name]
    assert not report.passed and report.score == 0, (report.score, report.error)
    assert "gave no account of itself" in report.error, report.error
    assert all(c.message.startswith("Not run: this submission was disqualified")
               for c in report.checks)


def test_the_file_after_it_is_graded_as_ever(reports):
    report = reports["correct.py"]
    assert report.passed, report.error
