"""Wrong answers that a lab's hidden checks, not the grader's walls, must turn away: graded in
real Pyodide, each file of tests/hostile/labs/ says what it does and must fail its lab. A
known hole stays here as a strict xfail until its lab's checks close it (labs/ belong to the
checks' authors): then this test fails, saying to drop the mark."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import grading

LABS = Path(__file__).resolve().parent / "hostile" / "labs"

pytestmark = pytest.mark.pyodide


def test_a_finite_difference_engine_fails_lab_5(course):
    lab = course.labs["05-backward"]
    source = (LABS / "finite_differences.py").read_text(encoding="utf-8")
    (report,) = grading.grade(lab, [("finite_differences.py", source)],
                              grading.make_runtime("pyodide", course.root, 10.0, 1))
    assert report.error == "", report.error  # it loads and runs: the checks judge it
    assert not report.passed, "a backward() that nudges every node passed every check"
    stopped = next(c for c in report.checks if not c.passed)
    assert stopped.name == "multiplication gives each factor the other factor"
    assert "a numerical estimate, not the chain rule" in stopped.message
