"""Output formats of `course grade` and `course merge`: one function from graded pieces to the
document an engine or a person reads.

- json: one list of reports (the CLI contract), each with `input` (and `shard` when sharded)
- text: a per-check report for people, with control characters made visible
- gradescope: Gradescope's autograder results.json for one submission
- prairielearn: a PrairieLearn external grader's results.json for one submission
- junit: JUnit XML, a test suite per graded file and a test case per check
- csv: one row per graded file, for a spreadsheet or a gradebook
"""

from __future__ import annotations

import json

from ..core.run import NOT_RUN
from ..graded import Graded
from .learner_text import indented, line, uncommanded, valid

FORMATS = ("text", "json", "gradescope", "prairielearn", "junit", "csv")


def render(name: str, graded: list[Graded]) -> str:
    """The document, which no CI log it is printed to can read as commands (learner_text)."""
    document = _render(name, graded)
    return uncommanded(document, "text" if name in ("text", "csv") else "junit" if name == "junit"
                       else "json")


def _render(name: str, graded: list[Graded]) -> str:
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
    if name == "csv":
        from .gradebook import gradebook

        return gradebook(graded)
    raise ValueError(f"unknown format {name!r} (formats: {', '.join(FORMATS)})")


def summary(graded: list[Graded]) -> str:
    """One line per file, then its error, indented: what an engine shows above the tests. Only
    the files' own lines start at the margin (a file name shows its line breaks escaped, an
    error's every line is indented), so an error cannot print another file's verdict."""
    lines = []
    for piece in graded:
        report = piece.report
        lines.append(f"{shown_file(report.file)}: {report.score} of {report.max_score} "
                     "checks pass.")
        if report.error:
            lines.append("  " + indented(report.error, "  "))
    return "\n".join(lines)


def shown_file(name: str) -> str:
    """A report's file as a learner reads it: the engines grade the upload from inside its
    folder, so a report about the whole upload is "." (an empty one, say)."""
    return "Your submission" if name in (".", "./") else line(name)


def counted(graded: list[Graded]) -> list[Graded]:
    """The pieces an engine's score is made of: for each lab, the one best file.

    An engine's document is one learner's submission, worth one lab's points. A submission
    may hold several files for that lab (a copy, a scratch file, a whole repository): adding
    them up would score the same file twice and go past the lab's points, and a stray file
    that does not load would make the whole submission ungradable. So each lab counts its
    highest-scoring file (on a tie, one that loaded, then the first); the others are still
    named in the summary. A piece whose lab could not be told counts only when no piece's
    lab could be."""
    best: dict[str, Graded] = {}
    for piece in graded:
        held = best.get(piece.report.lab)
        if held is None or (piece.report.score, piece.loaded) > (held.report.score, held.loaded):
            best[piece.report.lab] = piece
    if len(best) > 1:
        best.pop("", None)
    return [piece for piece in graded if best.get(piece.report.lab) is piece]


def counted_note(graded: list[Graded], chosen: list[Graded]) -> str:
    """A line saying which files the score counts, when some file of a lab does not."""
    if len(chosen) == len(graded):
        return ""
    names = ", ".join(f"{line(p.report.file)}" + (f" (lab {p.report.lab})" if p.report.lab else "")
                      for p in chosen)
    return (f"Several files were handed in for one lab; only the best of them counts: {names}. "
            "To be graded on one file only, hand in just that file.")


def test_name(graded: list[Graded], piece: Graded, check_name: str) -> str:
    """A check's name, prefixed with its file when one document holds several files."""
    return check_name if len(graded) == 1 else f"{line(piece.report.file)}: {check_name}"


def first_hint(check) -> str:
    """The hint shown beside a failed check: none for a check that never ran (the file did
    not load, or the run was stopped before it), which has nothing of its own to fix."""
    if check.passed or check.cause == NOT_RUN or not check.hints:
        return ""
    return check.hints[0]
