"""`--format csv`: one row per graded file, for a spreadsheet or an LMS gradebook import.

Columns: input, file, lab, score, max_score, passed, failed_checks (the names of the checks it
fails, joined by "; "), error (a file that was not graded, or did not load). Every cell is one
line with its control characters escaped (learner_text.py), and a cell a spreadsheet would
run as a formula (one starting with =, +, -, @, a tab or a carriage return: a file name in a
learner's zip can) starts with an apostrophe, as OWASP advises for CSV files.
"""

from __future__ import annotations

import csv
import io

from ..graded import Graded
from .learner_text import line

COLUMNS = ("input", "file", "lab", "score", "max_score", "passed", "failed_checks", "error")


def gradebook(graded: list[Graded]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for piece in graded:
        report = piece.report
        failed = "; ".join(c.name for c in report.checks if not c.passed) if not report.error else ""
        writer.writerow([_cell(piece.input), _cell(report.file), _cell(report.lab), report.score,
                         report.max_score, "true" if report.passed else "false", _cell(failed),
                         _cell(report.error)])
    return out.getvalue()


def _cell(value: str) -> str:
    value = line(value or "")
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value
