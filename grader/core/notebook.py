"""The check cell of a lab's notebook: the same hidden checks, graded by the same `grade()`.

In the JupyterLite site every lab is a notebook whose starter cell writes the learner's code
to a file (`%%writefile lab.py`) and whose last cell is

    from grader.core.notebook import check
    report = check("05-backward", "lab.py")

`check` grades that file with `run.grade`, exactly as the browser worker and the command
line do, shows the report under the cell (HTML in Jupyter, plain text elsewhere) and returns
the `Report`. The hidden checks come from the `course_labs` package that the site's build
installs into Pyodide: one data file per lab, never a solution. Stdlib only, like the rest of
grader.core; IPython is only used when it is there. Nothing happens at import time.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from .deadline import Deadline
from .report import Report
from .run import CHECK_SECONDS, NOT_RUN, grade, load_checks, shared_causes

CHECKS_PACKAGE = "course_labs"  # in the course package: grader/pyodide_files/course_package.py
# Text, not modules: the package is compiled to bytecode only, and a .py would lose its text.
CHECKS_SUFFIX = ".py.txt"
OUTPUT_SHOWN = 2000  # characters of the learner's own printing repeated under a report
PRINTED = "Your code printed"  # the heading of that printing (lite_notebooks.py names it)


def check(lab: str, path: str = "lab.py", *, builds_on: str | None = None,
          checks_source: str | None = None, lesson: str | None = None) -> Report:
    """Grade the file at `path` against lab `lab`'s hidden checks; show and return the report.

    `builds_on` names the lab this one continues (lab.yaml's builds_on), whose code the
    learner pastes above this lab's part. `checks_source` replaces the packaged checks (for a
    checkout without `course_labs`). `lesson` is the slug of the lesson the report links back
    to, when it is not the lab's own.
    """
    file = Path(path)
    if not file.is_file():
        raise FileNotFoundError(f"{path} does not exist yet: run the cell above first, the one "
                                f"that starts with %%writefile {path}")
    source = file.read_text(encoding="utf-8")
    text = checks_source if checks_source is not None else packaged(lab)
    checks, _ = load_checks(text, lab)
    # The page's Check has this limit too; here nothing else could stop a loop (deadline.py).
    with Deadline(CHECK_SECONDS, str(path)) as limit:
        report = grade(lab, checks, source, str(path), runtime="notebook", limit=limit)
    history = _history()
    notes = [_unwritten(history, str(path)) or _overwritten(history, str(path), source),
             _magic_inside(report, source), _not_pasted(report, source, builds_on)]
    show(report, "\n\n".join(note for note in notes if note), _lesson_url(lesson or lab))
    return report


def _part_line(report: Report) -> str:
    at, count = report.open_part, len(report.parts)
    if at < 0:
        return f"All {count} parts pass."
    return (f"You are on part {at + 1} of {count}: its checks are under its heading below "
            f"(the first cell names each part). Later parts' checks are listed too.")


def _heading(report: Report, name: str) -> str:
    """The heading above the check called `name` when it is the first of its part; the
    report's parts are lab.yaml's, which the page shows too."""
    if len(report.parts) < 2:
        return ""
    for index, part in enumerate(report.parts):
        if part.checks and part.checks[0] == name:
            passed = {c.name for c in report.checks if c.passed is True}
            done = sum(1 for n in part.checks if n in passed)
            here = " (you are here)" if index == report.open_part else ""
            return (f"Part {index + 1} of {len(report.parts)}: {done} of {len(part.checks)} "
                    f"checks pass{here}")
    return ""


def _magic_inside(report: Report, source: str) -> str:
    """A cell pasted whole into another (lab 5's notebook asks for lab 4's code) brings its
    own `%%writefile lab.py` line: the cell writes it into the file as text, and Python stops
    at it with only "invalid syntax"."""
    said = re.search(r"\(line (\d+)\)|line (\d+) of your file", report.error or "")
    if not said:
        return ""
    number = int(said.group(1) or said.group(2))
    lines = source.splitlines()
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    if re.match(r"%%?\w", line):  # the line Python stopped at is a magic
        return (f"Line {number} of your file is `{line.strip()}`, a notebook command, not "
                f"Python: the cell writes every line below its own first line into "
                f"{report.file} as it is, and Python cannot read that one. Only a cell's first "
                f"line may be %%writefile: delete this copy (it came with code pasted from "
                f"another cell), then run the cells again.")
    return ""


def _not_pasted(report: Report, source: str, builds_on: str | None) -> str:
    """A lab that continues another starts, in its notebook, with only what it adds: run as it
    comes (Run All, the natural first thing to do), it stops at the earlier lab's class, and
    the report said only `NameError: name 'Value' is not defined`."""
    found = re.search(r"NameError: name '(\w+)' is not defined", report.error or "")
    if not builds_on or not found:
        return ""
    name = found.group(1)
    # Missing only if the earlier lab asks for it (its checks need() it): a misspelt name of
    # the learner's own is not the earlier lab's code.
    try:
        earlier = packaged(builds_on)
    except LookupError:
        return ""
    if not re.search(rf"\bneed\(\s*\w+\s*,\s*['\"]{name}['\"]\s*\)", earlier):
        return ""
    defined = re.search(rf"^\s*class\s+{name}\b", source, re.M)
    # "(line N of your file)", or "(in `f`, line N of your file)" when raised in a function.
    used = re.search(r"line (\d+) of your file\)", report.error)
    # "lab 4", as the notebook's first cell, the lesson page and the starter say it (a slug is
    # NN-slug): "lab 04-value" named it as no other page does.
    number = re.match(r"(\d+)-", builds_on)
    lab = f"lab {int(number.group(1))}" if number else f"lab {builds_on}"
    if defined and used and source.count("\n", 0, defined.start()) + 1 > int(used.group(1)):
        return (f"Your file defines {name} below line {used.group(1)}, which uses it: Python "
                f"runs a file from the top. Move your code of {lab} up, just below "
                f"this lab's %%writefile line, above what this lab adds.")
    if defined:
        return ""
    return (f"Your file uses {name} but does not define it: this lab continues {lab}, "
            f"and its cell holds only what this lab adds. Paste your code of that "
            f"lab (the code cell of {builds_on}.ipynb, without its %%writefile line) just below "
            f"this lab's %%writefile line, then run the cells again.")


def _history() -> list[str]:
    """The cells this kernel has run, as typed, the running one last ([] outside IPython)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return []
    shell = get_ipython()
    manager = getattr(shell, "history_manager", None)
    return [str(cell) for cell in getattr(manager, "input_hist_raw", [])]


def _unwritten(history: list[str], path: str) -> str:
    """A learner who deletes the starter cell's `%%writefile` line runs their code in the
    kernel and writes no file: the checks then grade the lab.py of an earlier run, and what
    they say matches nothing on the screen. The cell run just before this one tells."""
    cells = [cell for cell in history if cell.strip()]
    if len(cells) < 2:
        return ""
    last = cells[-2]
    if re.match(rf"\s*%%writefile\s+(-a\s+)?{re.escape(path)}\s*$", last.splitlines()[0]):
        return ""
    if not re.search(r"^(def|class) \w", last, re.M):
        return ""
    return (f"The cell you ran before this one does not start with %%writefile {path}, so it "
            f"wrote no file: these checks read the {path} of an earlier run. Put "
            f"%%writefile {path} back as its first line and run both cells again.")


def _overwritten(history: list[str], path: str, source: str) -> str:
    """Every lab's notebook writes the same lab.py, in storage all of this browser's notebooks
    share: with two open, one's check cell can grade what the other wrote last, and its report
    then speaks of code that is not on the screen. The last `%%writefile` cell this kernel ran
    says what this notebook wrote; when the file holds something else, say so."""
    for cell in reversed(history[:-1]):  # the running check cell is the last
        first, _, body = cell.lstrip("\n").partition("\n")
        if re.match(r"\s*%%writefile\s+-a\b", first):
            return ""  # appended to: the file is more than that cell
        if re.match(rf"\s*%%writefile\s+{re.escape(path)}\s*$", first):
            if body.rstrip("\n") == source.rstrip("\n"):
                return ""
            return (f"{path} is not what this notebook's %%writefile {path} cell last wrote: "
                    f"it was written again since, most likely by another lab's notebook open "
                    f"in this browser (every lab's notebook writes the same {path}). The checks "
                    f"below graded that other code. Run this notebook's %%writefile {path} cell "
                    f"again, then this one.")
    return ""


LESSON_PAGE = "lessons/{}/index.html"  # where site_builder/site.py writes each lesson's page
LITE = "/lite/"  # the JupyterLite site's folder in the course's site (site_builder/site.py)


def _lesson_url(lesson: str) -> str:
    """The address of the lesson's page, "" outside the course's JupyterLite site. A link in
    the notebook's markdown cannot reach it: JupyterLab turns a relative link into one to a
    file of the notebook's own storage (lite/files/...), and a link from the server's root
    misses a course served under a path. The kernel runs in a worker the site serves from
    <course>/lite/..., so the course's address is known here."""
    try:
        from js import location  # Pyodide only
    except ImportError:
        return ""
    here = str(getattr(location, "href", ""))
    cut = here.rfind(LITE)
    return here[:cut + 1] + LESSON_PAGE.format(lesson) if cut >= 0 else ""


def packaged(lab: str) -> str:
    """A lab's checks source from the `course_labs` package (data, read with importlib)."""
    from importlib import resources

    try:
        folder = resources.files(CHECKS_PACKAGE) / "checks"
    except ModuleNotFoundError:
        raise LookupError(f"the {CHECKS_PACKAGE} package is not installed here: this function "
                          "runs in the course's JupyterLite site, or pass checks_source=") from None
    target = folder / f"{lab}{CHECKS_SUFFIX}"
    if not target.is_file():
        known = sorted(p.name[:-len(CHECKS_SUFFIX)] for p in folder.iterdir()
                       if p.name.endswith(CHECKS_SUFFIX))
        raise LookupError(f"no lab named {lab!r} (labs: {', '.join(known)})")
    return target.read_text(encoding="utf-8")


def show(report: Report, note: str = "", lesson_url: str = "") -> None:
    """HTML and plain text together, so each front end picks what it can show; `note`, if
    any, above the report, and a link back to the lesson's page, if known, below it."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:
        get_ipython = None
    if get_ipython is None or get_ipython() is None:  # no notebook, or IPython not running
        print("\n".join(([note] if note else []) + [as_text(report)]
                        + ([f"{BACK}: {lesson_url}"] if lesson_url else [])))
        return
    if note:
        display({"text/html": f"<p><b>{html.escape(note)}</b></p>", "text/plain": note},
                raw=True)
    display({"text/html": as_html(report), "text/plain": as_text(report)}, raw=True)
    if lesson_url:
        # An address with its scheme: JupyterLab leaves it as it is and opens it in a new tab.
        display({"text/html": f'<p><a class="course-lesson" href="{html.escape(lesson_url)}" '
                              f'target="_blank">{BACK}</a></p>',
                 "text/plain": f"{BACK}: {lesson_url}"}, raw=True)


BACK = "Back to the lesson's page"


def summary(report: Report) -> str:
    # The same words as the lesson page's Check (site/js/results.js).
    if report.passed:
        return f"All {report.max_score} checks pass. Well done!"
    return f"{report.score} of {report.max_score} checks pass."


def _message(check, shared: dict) -> str:
    """A failed check's message, or where to read it when an error above is its cause."""
    if check.cause in shared and check.message == check.cause:
        return f"(error {list(shared).index(check.cause) + 1} above)"
    return check.message


def _hinted(check) -> bool:
    # As on the page (site/js/results.js): a check that never ran (the file did not load, or
    # the time limit came first) failed nothing of its own, so it has no hint to chase.
    return not check.passed and check.cause != NOT_RUN and bool(check.hints)


MISSING = "Your file does not define `"  # grader/core/checks.py, need()


def _elsewhere(report: Report) -> str:
    """Every notebook writes the same lab.py: a check cell run before its own %%writefile
    cell grades whatever another lab's notebook wrote last, and is told only that the file
    defines none of what the checks need. Say what is likely."""
    failed = [c for c in report.checks if not c.passed]
    if report.error or report.score or not failed:
        return ""
    if not all(c.message.startswith(MISSING) for c in failed):
        return ""
    return (f"{report.file} defines nothing these checks look for. Every lab's notebook "
            f"writes the same {report.file}: run this notebook's cell that starts with "
            f"%%writefile {report.file} first (Run ▸ Run All Cells runs it), or the checks "
            "read the code another notebook wrote last.")


def _shared(report: Report) -> dict[str, int]:
    # One error that fails many checks (lab 5 with a stub left: 12 of them) is said once.
    return {} if report.error else shared_causes(report.checks)


def as_text(report: Report) -> str:
    lines = [summary(report)] + [line for line in [_elsewhere(report)] if line]
    lines += [_part_line(report)] if len(report.parts) > 1 else []
    if report.error:
        lines.append(report.error)
    shared = _shared(report)
    for number, (cause, count) in enumerate(shared.items(), 1):
        lines.append(f"Error {number} fails {count} checks: {cause}")
    for c in report.checks:
        heading = _heading(report, c.name)
        lines += [f"— {heading} —"] if heading else []
        lines.append(f"{'✓' if c.passed else '–' if c.cause == NOT_RUN else '✗'} {c.name}")
        if not c.passed:
            message = _message(c, shared)
            lines += [f"    {message}"] if message else []
            lines += [f"    Hint: {c.hints[0]}"] if _hinted(c) else []
    printed = _printed(report)
    if printed:
        lines += [f"{PRINTED}:", printed]
    return "\n".join(lines)


def as_html(report: Report) -> str:
    e = html.escape
    items = []
    shared = _shared(report)
    for c in report.checks:
        heading = _heading(report, c.name)
        if heading:
            items.append(f'<li class="course-part" style="margin-top:0.6em"><b>'
                         f"{e(heading)}</b></li>")
        mark, colour = (("✓", "#1a7f37") if c.passed else ("–", "#6e7781") if c.cause == NOT_RUN
                        else ("✗", "#cf222e"))  # a check that never ran, as the text shows it
        body = f'<span style="color:{colour}">{mark}</span> <b>{e(c.name)}</b>'
        if not c.passed and c.message:
            body += f'<div style="white-space:pre-wrap">{e(_message(c, shared))}</div>'
        if _hinted(c):
            body += f"<div><i>Hint:</i> {e(c.hints[0])}</div>"
        items.append(f'<li data-check-name="{e(c.name)}" data-passed="{str(c.passed).lower()}">'
                     f"{body}</li>")
    error = f'<p style="white-space:pre-wrap">{e(report.error)}</p>' if report.error else ""
    error = (f"<p><b>{e(_elsewhere(report))}</b></p>" if _elsewhere(report) else "") + error
    error += "".join(f'<p style="white-space:pre-wrap"><b>Error {n} fails {count} checks:</b> '
                     f"{e(cause)}</p>" for n, (cause, count) in enumerate(shared.items(), 1))
    printed = _printed(report)
    output = (f"<details><summary>{PRINTED}</summary><pre>{e(printed)}</pre></details>"
              if printed else "")
    return (f'<div class="course-report" data-passed="{str(report.passed).lower()}" '
            f'data-score="{report.score}" data-max-score="{report.max_score}">'
            f"<h4>{e(summary(report))}</h4>"
            + (f"<p>{e(_part_line(report))}</p>" if len(report.parts) > 1 else "")
            + f"{error}"
            f'<ul style="list-style:none;padding-left:0">{"".join(items)}</ul>{output}</div>')


def _printed(report: Report) -> str:
    text = (report.stdout + report.stderr).strip("\n")
    return text if len(text) <= OUTPUT_SHOWN else text[:OUTPUT_SHOWN] + "\n[…]"
