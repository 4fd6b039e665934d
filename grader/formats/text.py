"""`--format text`: a per-check report for people, then one line for the batch.

Every string a submission could influence (its file name, messages quoting its values, its
printed output) is shown with control characters escaped (learner_text.py), so no printed text
can move the cursor or recolour a FAILED report as PASSED; and a line of it never starts at
the left margin, where it could pass for another file's "PASSED" line (a file name shows its
line breaks escaped, and a message's later lines are indented like its first, an error's
deeper than a check's line).

One error that fails several checks ("Your file does not define `forward`.") is said once,
above the checks, as the page says it: each check it fails points to it by number.
"""

from __future__ import annotations

import click

from ..core.run import NOT_RUN, shared_causes
from ..graded import Graded
from . import first_hint
from .learner_text import indented as _block
from .learner_text import line as _line

SHOWN = 800  # characters of a file's printed output shown under its report


def text(graded: list[Graded]) -> str:
    lines: list[str] = []
    for piece in graded:
        lines += _report(piece.report)
    passed = sum(g.report.passed for g in graded)
    lines.append(f"{passed} of {len(graded)} file(s) passed.")
    return "\n".join(lines) + "\n"


def _report(report) -> list[str]:
    verdict = click.style("PASSED", fg="green") if report.passed else click.style("FAILED", fg="red")
    lab = f" (lab {report.lab})" if report.lab else ""
    lines = [f"{_line(report.file)}: {verdict} {report.score}/{report.max_score} checks{lab}"]
    if report.error:
        # Its later lines go deeper than a check's line: an error quoting the learner's
        # exception could otherwise add "  ✓ name" lines to a file that lists no check.
        lines.append("  " + _block(report.error, "    "))
    shared = {} if report.error else shared_causes(report.checks)
    for number, (cause, count) in enumerate(shared.items(), 1):
        lines.append(f"  error {number} fails {count} checks: {_block(cause, '    ')}")
    for check in report.checks:
        if check.passed:
            lines.append(f"  ✓ {_line(check.name)}")
        elif not report.error:
            mark = "–" if check.cause == NOT_RUN else "✗"
            message = check.message
            if check.cause in shared:  # the same words: only where to read them
                number = list(shared).index(check.cause) + 1
                message = f"(error {number} above)" if message == check.cause else message
            lines.append(f"  {mark} {_line(check.name)}\n      {_block(message, '      ')}")
            if first_hint(check):
                lines.append(f"      hint: {_block(first_hint(check), '      ')}")
    for label, printed in (("printed", report.stdout), ("errors printed", report.stderr)):
        printed = printed.strip()
        if printed:
            shown = _block(printed[:SHOWN], "    ")
            if len(printed) > SHOWN:  # said, so a cut line is not taken for all it printed
                shown += f"\n    … and {len(printed) - SHOWN} more characters (--json keeps more)"
            lines.append(f"  your code {label}:\n    {shown}")
    return lines

