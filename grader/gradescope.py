"""`course grade --format gradescope`: a report as Gradescope's autograder `results.json`.

Each check is a test worth one point, visible to the student with its message and first
hint; the learner's printed output stays hidden (it can be long, and it is theirs).
"""

from __future__ import annotations

from .core.report import Report


def results(report: Report) -> dict:
    tests = []
    for check in report.checks:
        output = check.message if not check.passed else ""
        if not check.passed and check.hints:
            output += f"\nHint: {check.hints[0]}"
        tests.append({"name": check.name, "score": 1.0 if check.passed else 0.0,
                      "max_score": 1.0, "status": "passed" if check.passed else "failed",
                      "output": output.strip(), "visibility": "visible"})
    summary = (f"{report.score} of {report.max_score} checks pass."
               + (f"\n{report.error}" if report.error else ""))
    return {"score": float(report.score), "output": summary, "visibility": "visible",
            "stdout_visibility": "hidden", "tests": tests}
