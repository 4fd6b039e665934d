"""`--format csv`: one row per graded file, for a spreadsheet or an LMS gradebook import.

Columns: input, file, lab, score, max_score, passed, failed_checks (the names of the checks it
fails, joined by "; "), error (a file that was not graded, or did not load). Every cell is one
line with its control characters escaped (learner_text.py), and a cell a spreadsheet would
run as a formula (one starting with =, +, -, @, a tab or a carriage return: a file name in a
learner's zip can) starts with an apostrophe, as OWASP advises for CSV files; so does what
follows a ";" in a cell, where a spreadsheet whose list separator is ";" splits it.

It starts with a UTF-8 byte-order mark, as Excel's own "CSV UTF-8" does: Excel reads a .csv
as UTF-8 only with it, and otherwise in the system's code page, so a learner's name with an
accent or in another script showed as mojibake ("ZoÃ« MÃ¼ller"). Google Sheets, LibreOffice,
pandas, Canvas and Moodle take it; Python's csv module reads it with encoding="utf-8-sig".
"""

from __future__ import annotations

import csv
import io
import re

from ..graded import Graded
from .learner_text import line

BOM = "\ufeff"
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
    return BOM + out.getvalue()


FORMULA = ("=", "+", "-", "@", "\t", "\r")

# A ";" a spreadsheet may split at, then what reads as a formula's start: spaces and quotes
# before it are dropped by the split cell's reading (`;""=1` is the cell `=1`).
SPLIT_FORMULA = re.compile(r';(?=[ "]*[=+\-@\t\r])')


def _cell(value: str) -> str:
    """A cell no spreadsheet runs: a formula's start gets an apostrophe, at the cell's start
    and after any ";", where Excel splits a .csv in the many locales whose list separator
    it is (`x;=1+1;.py` was the cell `=1+1` there, quoted or not)."""
    value = SPLIT_FORMULA.sub(";'", line(value or ""))
    return "'" + value if value[:1] in FORMULA else value
