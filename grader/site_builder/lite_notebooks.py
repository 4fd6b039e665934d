"""Each lab as a Jupyter notebook: the lesson in brief, the starter, and a check cell.

Three cells, in the order a learner uses them:
1. markdown: the lesson's title, summary and key terms, and how to work in the notebook;
2. code: `%%writefile lab.py` and the lab's starter, so the learner's code is a file, as
   on the lesson page and on the command line (line N of lab.py is line N + 1 of the cell);
3. code: `check(lab, "lab.py")` from grader.core.notebook, the same checks and report.
Written as nbformat 4.5 JSON with the standard library: nbformat itself is not needed.
"""

from __future__ import annotations

import json

from .. import authored
from ..course import Course, Lesson

LAB_FILE = "lab.py"
KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
HOW_TO = ("Edit the code in the next cell, then run every cell: **Run ▸ Run All Cells** "
          "(or Shift+Enter on each). The last cell grades your code with the same hidden "
          "checks as the course's Check button and shows what passed and what did not. "
          "Your edits are saved in this browser.")


def notebook_name(lab: str) -> str:
    return f"{lab}.ipynb"


def notebooks(course: Course) -> dict[str, str]:
    """{file name: notebook JSON} for every lesson's lab, in lesson order."""
    found = {}
    for lesson in course.lessons:
        if lesson.lab and notebook_name(lesson.lab) not in found:
            found[notebook_name(lesson.lab)] = notebook(course, lesson)
    return found


def notebook(course: Course, lesson: Lesson) -> str:
    lab = course.labs[lesson.lab]
    starter = authored.read(lab.starter)
    if lab.config and lab.config.extend:  # a lab that continues an earlier one (lab.yaml)
        # The notebook keeps no earlier work: the learner pastes their own code above what
        # this lab adds. The course's stand-in is never written in, unasked.
        starter = starter.rstrip() + "\n\n\n" + authored.read(lab.config.extend)
    cells = [
        _cell("markdown", "lesson", _intro(lesson)),
        _cell("code", "starter", f"%%writefile {LAB_FILE}\n{starter}"),
        _cell("code", "check", "# Grade lab.py (written by the cell above) with the lab's "
                               "hidden checks.\nfrom grader.core.notebook import check\n"
                               f"report = check({lesson.lab!r}, {LAB_FILE!r})"),
    ]
    document = {"nbformat": 4, "nbformat_minor": 5, "cells": cells,
                "metadata": {"kernelspec": KERNEL,
                             "language_info": {"name": "python", "file_extension": ".py",
                                               "mimetype": "text/x-python"}}}
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def _intro(lesson: Lesson) -> str:
    lines = [f"# Lab {lesson.number}: {lesson.title}", "", lesson.summary, ""]
    if lesson.key_terms:
        lines += ["**Key terms**", ""]
        lines += [f"- **{term.term}**: {term.meaning}" for term in lesson.key_terms]
        lines.append("")
    lines.append(HOW_TO)
    return "\n".join(lines)


def _cell(kind: str, cell_id: str, text: str) -> dict:
    cell = {"cell_type": kind, "id": cell_id, "metadata": {},
            "source": text.splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell
