"""`--format text`: a per-check report for people, then one line for the batch.

Every string a submission could influence (its file name, messages quoting its values, its
printed output) is shown with control characters escaped, so no printed text can move the
cursor or recolour a FAILED report as PASSED; and a line of it never starts at the left
margin, where it could pass for another file's "PASSED" line (a file name shows its line
breaks escaped, and a message's later lines are indented like its first).
"""

from __future__ import annotations

import click

from ..graded import Graded

_VISIBLE = {"\n", "\t"}


def clean(text: str) -> str:
    """`text` with every control character but newline and tab written as an escape."""
    return "".join(ch if ch in _VISIBLE or not _is_control(ch) else _escape(ch) for ch in text)


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029) or \
        0xD800 <= code <= 0xDFFF


def _line(text: str) -> str:
    """`text` on one line: its line breaks escaped too."""
    return clean(text).replace("\n", "\\n")


def _block(text: str, indent: str) -> str:
    """`text` with each of its lines indented by `indent` (the first is the caller's)."""
    return clean(text).replace("\n", "\n" + indent)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


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
        lines.append("  " + _block(report.error, "  "))
    for check in report.checks:
        if check.passed:
            lines.append(f"  ✓ {_line(check.name)}")
        elif not report.error:
            lines.append(f"  ✗ {_line(check.name)}\n      {_block(check.message, '      ')}")
            if check.hints:
                lines.append(f"      hint: {_block(check.hints[0], '      ')}")
    for label, printed in (("printed", report.stdout), ("errors printed", report.stderr)):
        if printed.strip():
            lines.append(f"  your code {label}:\n    {_block(printed.strip()[:800], '    ')}")
    return lines
