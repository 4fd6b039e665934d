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
import re

from .. import authored
from ..core.notebook import PRINTED
from ..core.run import CHECK_SECONDS
from ..course import Course, Lesson

LAB_FILE = "lab.py"
KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# How a learner keeps their work (a browser test presses it and reloads).
SAVE = "**Ctrl+S** (**File ▸ Save Notebook**)"
# How to work in a notebook, one point per item: a learner scans for the one they need.
HOW_TO = "\n".join([
    "**How to work here**",
    "",
    "- Edit the code in the next cell, then run every cell: **Run ▸ Run All Cells** (or "
    "Shift+Enter on each). The last cell grades your code with the same hidden checks as the "
    "course's Check button and shows what passed and what did not.",
    f"- Keep the next cell's first line, `%%writefile {LAB_FILE}`: it makes the cell write "
    f"your code to the file the checks read. Without it the cell runs your code and writes "
    f"nothing. The report's line N of your file is line N + 1 of the cell.",
    # The starters' "press Run" means the lesson page's button (measured: %run works).
    f"- Where the starter says to press **Run** (a button of the lesson page), open "
    f"**{PRINTED}** under the report: what your file printed as it loaded, its \"Try it\" "
    f"included; or run `%run {LAB_FILE}` in a cell of your own.",
    # The site turns saving every few seconds on (jupyterlite.SETTINGS_OVERRIDES): with
    # JupyterLab's default nothing typed came back after a reload.
    f"- Your edits are saved in this browser every few seconds, and {SAVE} saves at once: "
    "opening the notebook again brings your code back.",
    "- Under the report, **Back to the lesson's page** opens this lab's lesson in a new tab.",
    # Measured: Interrupt leaves a looping cell at [*] (the site is not cross-origin isolated,
    # see headers.py); Restart brought the kernel back in 34 s, and in 58 s on a busy machine.
    f"- **Kernel ▸ Interrupt** cannot stop code here: the last cell stops your code itself "
    f"after {CHECK_SECONDS:g} s, and a cell of your own that never ends needs **Kernel ▸ "
    "Restart Kernel…** (it takes half a minute or more), then run the cells again.",
])
# Front-matter text is plain text (the lesson page escapes it as such), but a markdown cell
# would read __radd__ as bold "radd" and $...$ as maths: these characters are escaped.
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~$#])")


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
    # A lab that continues another names it, so a file run without the earlier code pasted
    # in is told what is missing (grader.core.notebook._not_pasted).
    builds_on = lab.config.builds_on if lab.config else None
    earlier = f", builds_on={builds_on!r}" if builds_on else ""
    # The report links back to the lesson's page (grader.core.notebook._lesson_url), the lab's
    # own slug unless the lesson is named otherwise.
    earlier += f", lesson={lesson.slug!r}" if lesson.slug != lesson.lab else ""
    cells = [
        _cell("markdown", "lesson", _intro(course, lesson)),
        _cell("code", "starter", f"%%writefile {LAB_FILE}\n{starter}"),
        _cell("code", "check", "# Grade lab.py (written by the cell above) with the lab's "
                               "hidden checks.\nfrom grader.core.notebook import check\n"
                               f"report = check({lesson.lab!r}, {LAB_FILE!r}{earlier})"),
    ]
    document = {"nbformat": 4, "nbformat_minor": 5, "cells": cells,
                "metadata": {"kernelspec": KERNEL,
                             "language_info": {"name": "python", "file_extension": ".py",
                                               "mimetype": "text/x-python"}}}
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def _intro(course: Course, lesson: Lesson) -> str:
    e = _plain
    lines = [f"# Lab {lesson.number}: {e(lesson.title)}", "", e(lesson.summary), ""]
    if lesson.key_terms:
        lines += ["**Key terms**", ""]
        lines += [f"- **{e(term.term)}**: {e(term.meaning)}" for term in lesson.key_terms]
        lines.append("")
    config = course.labs[lesson.lab].config
    if config and len(config.parts) > 1:
        # The report groups its checks under "Part N of M" (lab.yaml's parts, which the report
        # carries): the titles are here, as the page shows them above its parts.
        lines += [f"**This lab is in {len(config.parts)} parts.** The report under the last "
                  "cell lists every check under its part's heading and says which part you "
                  "are on, the first with a check not passing:", ""]
        lines += [f"{n}. {e(part.title)}" for n, part in enumerate(config.parts, 1)]
        lines.append("")
    lines.append(HOW_TO)
    if config and config.builds_on:
        lines += ["", _builds_on(course, config.builds_on, bool(config.provided))]
    return "\n".join(lines)


def _builds_on(course: Course, earlier: str, provided: bool) -> str:
    """The lesson page starts such a lab with the learner's passing code of the earlier lab;
    a notebook cannot, and the starter's own note speaks of the page's editor."""
    before = next((other for other in course.lessons if other.lab == earlier), None)
    name = f"lab {before.number}" if before else earlier
    text = (f"**This lab continues your {name}.** The next cell holds only what this lab "
            f"adds, so on its own it cannot run. Paste your code of {name} (the code cell "
            f"of `{notebook_name(earlier)}`, without its `%%writefile` line) just below "
            f"`%%writefile {LAB_FILE}`, then run the cells. The lesson page does this for "
            "you, and its buttons the starter speaks of are not here.")
    if not (provided and before):
        return text
    # The starter's other way, the course's code for the earlier lab (lab.yaml's provided:),
    # is a button of the page only (site/js/carry.js): a notebook has no copy of that code.
    return text + (f" No code of {name} that passes yet? Finish `{notebook_name(earlier)}` "
                   f"first, or open this lab's lesson page: above its editor, **{PROVIDED} "
                   f"{before.number}** puts the course's code for {name} there, with what "
                   f"this lab adds below it. Copy all of it into the next cell, below its "
                   f"`%%writefile {LAB_FILE}` line, in place of what the cell holds.")


# The label of the page's button that loads lab.yaml's provided: code (site/js/carry.js).
PROVIDED = "Start from the course's code for lab"


def _plain(text: str) -> str:
    """Plain text as markdown that renders as that same text (at the start of a line too:
    lab 4's part "+ and *" read as a list inside the list of parts)."""
    return re.sub(r"^([+-])", r"\\\1", MARKDOWN_SPECIAL.sub(r"\\\1", text))


def _cell(kind: str, cell_id: str, text: str) -> dict:
    cell = {"cell_type": kind, "id": cell_id, "metadata": {},
            "source": text.splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell
