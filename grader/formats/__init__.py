"""Output formats of `course grade` and `course merge`: one function from graded pieces to the
document an engine or a person reads.

- json: one list of reports (the CLI contract), each with `input` (and `shard` when sharded)
- text: a per-check report for people, with control characters made visible
- gradescope: Gradescope's autograder results.json for one submission
- prairielearn: a PrairieLearn external grader's results.json for one submission
- junit: JUnit XML, a test suite per graded file and a test case per check
"""

from __future__ import annotations

import json

from ..graded import Graded
from .learner_text import indented, line, valid

FORMATS = ("text", "json", "gradescope", "prairielearn", "junit")


def render(name: str, graded: list[Graded]) -> str:
    # JSON strings keep the learner's text as it is, but as Unicode: a lone surrogate (which a
    # submission can print) becomes U+FFFD, or a UTF-8 writer downstream would refuse it.
    if name == "json":
        return json.dumps(valid([g.to_dict() for g in graded]), indent=2) + "\n"
    if name == "text":
        from .text import text

        return text(graded)
    if name == "gradescope":
        from .gradescope import results

        return json.dumps(valid(results(graded)), indent=2) + "\n"
    if name == "prairielearn":
        from .prairielearn import results

        return json.dumps(valid(results(graded)), indent=2) + "\n"
    if name == "junit":
        from .junit import junit

        return junit(graded)
    raise ValueError(f"unknown format {name!r} (formats: {', '.join(FORMATS)})")


def summary(graded: list[Graded]) -> str:
    """One line per file, then its error, indented: what an engine shows above the tests. Only
    the files' own lines start at the margin (a file name shows its line breaks escaped, an
    error's every line is indented), so an error cannot print another file's verdict."""
    lines = []
    for piece in graded:
        report = piece.report
        lines.append(f"{line(report.file)}: {report.score} of {report.max_score} checks pass.")
        if report.error:
            lines.append("  " + indented(report.error, "  "))
    return "\n".join(lines)


def test_name(graded: list[Graded], piece: Graded, check_name: str) -> str:
    """A check's name, prefixed with its file when one document holds several files."""
    return check_name if len(graded) == 1 else f"{line(piece.report.file)}: {check_name}"


def first_hint(check) -> str:
    """The hint shown beside a failed check: none for a check that never ran (the file did
    not load, or the run was stopped before it), which has nothing of its own to fix."""
    if check.passed or check.cause == "not run" or not check.hints:
        return ""
    return check.hints[0]
