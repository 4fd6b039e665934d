"""`--format gradescope`: Gradescope's autograder results.json for one submission.

Each check is a test worth one point, visible to the student with its message and first
hint; the learner's printed output stays hidden (it can be long, and it is theirs). A
submission of several files gets a test per file and check; the score adds them up.
Schema: Gradescope's "Autograder Specifications", results.json format.
"""

from __future__ import annotations

from ..graded import Graded
from . import first_hint, summary, test_name
from .learner_text import clean


def results(graded: list[Graded]) -> dict:
    tests = []
    for piece in graded:
        for check in piece.report.checks:
            output = clean(check.message) if not check.passed else ""
            if first_hint(check):
                output += f"\nHint: {first_hint(check)}"
            tests.append({"name": test_name(graded, piece, check.name),
                          "score": 1.0 if check.passed else 0.0, "max_score": 1.0,
                          "status": "passed" if check.passed else "failed",
                          "output": output.strip(), "visibility": "visible"})
    if not graded:
        text = "Nothing was handed in: upload the lab's .py file or your course export."
    else:
        text = summary(graded)
    return {"score": float(sum(g.report.score for g in graded)), "output": text,
            "visibility": "visible", "stdout_visibility": "hidden",
            "execution_time": round(sum(g.report.seconds for g in graded), 3), "tests": tests}
