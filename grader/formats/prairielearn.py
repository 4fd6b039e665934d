"""`--format prairielearn`: a PrairieLearn external grader's results.json for one submission.

`score` is the fraction of checks passed (0 to 1); each check is a test worth one point.
A file that does not load (a syntax error, an error at import, a file that is not UTF-8, an
export without the lab) is `gradable: false`, so PrairieLearn charges no attempt for it.
Like Gradescope's, the document is one submission: when it holds several files for a lab,
only the best of them counts (`counted`), so a stray scratch file that does not load neither
makes the submission ungradable nor halves its score. An ungradable document says why in
`format_errors`, which PrairieLearn shows with it.
Schema: PrairieLearn's external grading docs, "Grading results".
"""

from __future__ import annotations

from ..graded import Graded
from . import counted, counted_note, first_hint, shown_file, summary, test_name
from .learner_text import clean

OUTPUT_LIMIT = 16_000  # characters of the learner's own printed output shown back to them


def results(graded: list[Graded]) -> dict:
    chosen = counted(graded)
    tests = []
    for piece in chosen:
        for check in piece.report.checks:
            message = clean(check.message) if not check.passed else ""
            if first_hint(check):
                message += f"\nHint: {first_hint(check)}"
            tests.append({"name": test_name(chosen, piece, check.name),
                          "description": f"lab {piece.report.lab}",
                          "points": 1 if check.passed else 0, "max_points": 1,
                          "message": message.strip(), "output": ""})
    total = sum(g.report.max_score for g in chosen)
    passed = sum(g.report.score for g in chosen)
    gradable = bool(chosen) and all(g.loaded for g in chosen)
    printed = "\n".join(clean(text) for g in chosen for text in (g.report.stdout, g.report.stderr)
                        if text.strip())
    message = "\n".join(part for part in (summary(graded), counted_note(graded, chosen))
                        if part) if graded else (
        "Nothing was handed in: submit the lab's .py file or your course export.")
    document = {"succeeded": True, "gradable": gradable,
                "score": (passed / total) if total and gradable else 0.0,
                "message": message, "output": printed[:OUTPUT_LIMIT], "tests": tests}
    if not gradable:
        # PrairieLearn shows an ungradable submission as "invalid, not gradable" with its
        # `format_errors`: without them the student read no reason at all.
        document["format_errors"] = [
            f"{shown_file(g.report.file)}: {clean(g.report.error)}" for g in chosen
            if not g.loaded and g.report.error] or [message]
    return document
