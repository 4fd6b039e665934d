"""`--format gradescope`: Gradescope's autograder results.json for one submission.

Each check is a test worth one point, visible to the student with its message and first
hint; the learner's printed output stays hidden (it can be long, and it is theirs). The
document is one submission, worth one lab's points per lab: when it holds several files for
a lab, only the best of them is scored (`counted`) and the summary names every file and
which one counted, so a file handed in twice cannot score twice.
Schema: Gradescope's "Autograder Specifications", results.json format.
"""

from __future__ import annotations

from ..graded import Graded
from . import counted, counted_note, first_hint, summary, test_name
from .learner_text import clean


def results(graded: list[Graded]) -> dict:
    chosen = counted(graded)
    tests = []
    for piece in chosen:
        for check in piece.report.checks:
            output = clean(check.message) if not check.passed else ""
            if first_hint(check):
                output += f"\nHint: {first_hint(check)}"
            tests.append({"name": test_name(chosen, piece, check.name),
                          "score": 1.0 if check.passed else 0.0, "max_score": 1.0,
                          "status": "passed" if check.passed else "failed",
                          "output": output.strip(), "visibility": "visible"})
    if not graded:
        text = "Nothing was handed in: upload the lab's .py file or your course export."
    else:
        text = "\n".join(part for part in (summary(graded), counted_note(graded, chosen)) if part)
    return {"score": float(sum(g.report.score for g in chosen)), "output": text,
            "visibility": "visible", "stdout_visibility": "hidden",
            "execution_time": round(sum(g.report.seconds for g in graded), 3), "tests": tests}
