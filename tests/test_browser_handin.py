"""Handing work in, in Chromium: real downloads and real file choosers.

A lab's Download and Open a file; the home page's Export, Import and Clear my data. What the
page writes is read back by `course grade`, as an instructor would.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from tests.browser_support import (ARTIFACTS, OFFLINE_COPY_MADE, check, doc, set_code, wait_kept,
                                   wait_ready, wait_until)
from tests.conftest import run_course

pytestmark = pytest.mark.browser
VERSION = "0.1.0"



def status(page) -> str:
    """What Download and Open a file said, beside their buttons."""
    return page.inner_text("[data-testid=file-note]")


def test_download_names_the_lab_and_course_grade_reads_it_back(course, open_lesson, tmp_path):
    page = open_lesson("02-chain-rule")
    wait_ready(page)
    solution = course.labs["02-chain-rule"].solution.read_text()
    set_code(page, solution)
    with page.expect_download() as info:
        page.click("[data-testid=download]")
    download = info.value
    assert download.suggested_filename == "02-chain-rule.py"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    first, rest = saved.read_text(encoding="utf-8").split("\n", 1)
    assert first == f"# 02-chain-rule — autograd course {VERSION}" and rest == solution
    graded = run_course("grade", "02-chain-rule", str(saved), "--runtime", "python", "--trusted", "--json")
    assert graded.returncode == 0, graded.stdout + graded.stderr
    assert json.loads(graded.stdout)[0]["passed"] is True


def _choose(page, path) -> None:
    """Open a file with the page's own chooser; wait until the page has said what it did."""
    page.eval_on_selector("[data-testid=file-note]", "s => { s.textContent = ''; }")
    with page.expect_file_chooser() as chooser:
        page.click("[data-testid=open-file]")
    chooser.value.set_files(str(path))
    page.wait_for_function("document.querySelector('[data-testid=file-note]').textContent !== ''")


def test_open_a_file_is_one_undoable_change_and_odd_files_are_refused(open_lesson, tmp_path):
    page = open_lesson("01-graphs")
    wait_ready(page)
    set_code(page, "# my work so far\n")
    mine = tmp_path / "mine.py"
    # A file the course wrote (its header line), saved by an editor that adds a BOM and CRLF.
    mine.write_bytes(("\ufeff" + f"# 01-graphs — autograd course {VERSION}\r\n"
                      "def forward(a, b, c, f):\r\n    return {}\r\n").encode("utf-8"))
    _choose(page, mine)
    assert doc(page) == "def forward(a, b, c, f):\n    return {}\n"
    assert "Opened mine.py" in status(page)
    page.keyboard.press("Control+z")
    assert doc(page) == "# my work so far\n"

    binary = tmp_path / "picture.py"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    _choose(page, binary)
    assert "not a text file" in status(page) and doc(page) == "# my work so far\n"
    big = tmp_path / "big.py"
    big.write_bytes(b"# " + b"x" * (2 << 20))
    _choose(page, big)
    assert "at most 1 MB" in status(page) and doc(page) == "# my work so far\n"
    other = tmp_path / "other.py"
    other.write_text(f"# 05-backward — autograd course {VERSION}\nclass Value: pass\n", encoding="utf-8")
    _choose(page, other)
    # Named as the page names it, not by the folder's slug a learner never sees.
    assert "other.py is the code of lab 5, Backpropagation, not of this lab" in status(page)
    assert "05-backward" not in status(page) and doc(page) == "# my work so far\n"
    assert page.errors == []


def test_a_file_that_is_not_this_labs_code_is_opened_with_a_warning_and_a_way_back(
        course, open_lesson, tmp_path):
    """Open a file took README.md, or lab 1's solution.py (no header line) into lab 2, and said
    only "Opened README.md.": Run then failed on line 1 with a SyntaxError, or Check on every
    check, with nothing pointing at the file. The note now says what is odd about it."""
    page = open_lesson("02-chain-rule")
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("\n# my own work")
    mine = doc(page)
    readme = tmp_path / "README.md"
    readme.write_text("# Build autograd from scratch\n\nA course in five lessons.\n", encoding="utf-8")
    _choose(page, readme)
    assert doc(page).startswith("# Build autograd")
    note = status(page)
    assert "README.md" in note and "not a .py file" in note, note
    page.click("[data-testid=undo-reset]")
    assert doc(page) == mine
    other = tmp_path / "solution.py"
    other.write_text(course.labs["01-graphs"].solution.read_text(), encoding="utf-8")
    _choose(page, other)
    note = status(page)
    # Lab 2's own functions, named, so the learner sees what the file lacks.
    assert "solution.py" in note and "defines none of" in note and "nudge" in note, note
    assert page.locator("[data-testid=undo-reset]").is_visible()
    page.click("[data-testid=undo-reset]")
    assert doc(page) == mine
    # This lab's own code (a solution saved without the header) opens with no warning.
    own = tmp_path / "mine.py"
    own.write_text(course.labs["02-chain-rule"].solution.read_text(), encoding="utf-8")
    _choose(page, own)
    assert status(page).startswith("Opened mine.py. "), status(page)


def test_an_opened_files_warning_keeps_its_colour_after_a_reload(open_lesson, tmp_path):
    """The note beside the buttons after README.md was opened is in the fail colour; reloaded
    (or the lesson left and come back to), the same words came back in the plain text colour,
    as if the file were fine. Both come back now, and the lab's own code still opens plain."""
    page = open_lesson("02-chain-rule")
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("\n# my own work")
    colour = "s => getComputedStyle(s).color"
    plain = page.eval_on_selector("[data-testid=file-note]", colour)
    readme = tmp_path / "README.md"
    readme.write_text("# Build autograd from scratch\n", encoding="utf-8")
    _choose(page, readme)
    fail = page.eval_on_selector("[data-testid=file-note]", colour)
    assert fail != plain, (fail, plain)
    words = status(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=undo-reset]")
    assert status(page) == words
    assert page.eval_on_selector("[data-testid=file-note]", colour) == fail
    # Brought back, the code is the learner's and the note is plain again.
    page.click("[data-testid=undo-reset]")
    page.wait_for_function("!document.querySelector('[data-testid=undo-reset]')")
    assert page.eval_on_selector("[data-testid=file-note]", colour) == plain


def test_a_file_with_a_latin_1_coding_line_opens_and_checks_as_course_grade_grades_it(
        course, open_lesson, tmp_path):
    # An old editor's file: `# -*- coding: latin-1 -*-` and a byte 0xe9 (é) that is not UTF-8.
    # `python file.py` and `course grade` read it; the page refused it as "not UTF-8 text".
    solution = course.labs["01-graphs"].solution.read_text()
    old = tmp_path / "old.py"
    code = "# -*- coding: latin-1 -*-\r\n# caf\u00e9 \u00b7 r\u00e9sum\u00e9\r\n" + solution.replace("\n", "\r\n")
    old.write_bytes(code.encode("latin-1"))
    graded = run_course("grade", "01-graphs", str(old), "--runtime", "python", "--trusted", "--json")
    assert json.loads(graded.stdout)[0]["passed"] is True, graded.stdout + graded.stderr
    page = open_lesson("01-graphs")
    wait_ready(page)
    _choose(page, old)
    assert "Opened old.py" in status(page), status(page)
    assert doc(page).startswith("# -*- coding: latin-1 -*-\n# caf\u00e9 \u00b7 r\u00e9sum\u00e9\n")
    assert check(page) == "true"
    # A declared ASCII file with a byte over 127 is refused by both; so is a UTF-16 file,
    # named as Windows names it, not as "binary data".
    ascii = tmp_path / "ascii.py"
    ascii.write_bytes(b"# coding: ascii\nname = 'caf\xe9'\n")
    graded = run_course("grade", "01-graphs", str(ascii), "--runtime", "python", "--trusted", "--json")
    assert graded.returncode == 1 and "is not ascii text" in json.loads(graded.stdout)[0]["error"]
    _choose(page, ascii)
    assert "ascii.py is not ascii text, as its coding line says" in status(page), status(page)
    wide = tmp_path / "wide.py"
    wide.write_bytes("x = 1\n".encode("utf-16"))
    _choose(page, wide)
    assert "wide.py is saved as UTF-16" in status(page), status(page)
    assert doc(page).startswith("# -*- coding: latin-1 -*-") and page.errors == []


def _export(page, tmp_path):
    with page.expect_download() as info:
        page.click("[data-testid=export]")
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return path


def test_export_clear_and_import_bring_the_work_back(course, site, open_lesson, tmp_path):
    page = open_lesson("03-branching")
    wait_ready(page)
    set_code(page, course.labs["03-branching"].solution.read_text())
    assert check(page) == "true"
    page.goto(f"{site['url']}lessons/05-backward/index.html")
    wait_ready(page)
    set_code(page, "# lab 5, started\nclass Value:\n    pass\n")
    page.goto(site["url"] + "index.html")

    exported = _export(page, tmp_path)
    with zipfile.ZipFile(exported) as archive:
        assert sorted(archive.namelist()) == ["03-branching.py", "05-backward.py",
                                              "manifest.json", "progress.json"]
        manifest = json.loads(archive.read("manifest.json"))
        progress = json.loads(archive.read("progress.json"))
        lab5 = archive.read("05-backward.py").decode()
    assert manifest["course"] == "autograd-course" and manifest["version"] == VERSION
    assert [lab["slug"] for lab in manifest["labs"]] == ["03-branching", "05-backward"]
    assert progress["03-branching"]["passed"] is True
    assert lab5 == f"# 05-backward — autograd course {VERSION}\n# lab 5, started\nclass Value:\n    pass\n"
    # The instructor's side: every lab found in the export, one report each.
    graded = run_course("grade", "--all", str(exported), "--runtime", "python", "--trusted", "--json")
    reports = {r["lab"]: r["passed"] for r in json.loads(graded.stdout)}
    assert reports == {"03-branching": True, "05-backward": False}, graded.stderr

    wait_kept(page)  # the lessons' Python, kept for later visits: removed with the rest
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=clear-data]")
    page.locator("[data-testid=my-work-status]").filter(has_text="were removed").wait_for()
    badges = page.locator(".progress").all_inner_texts()
    assert set(badges) == {"not started"}
    assert page.evaluate("caches.has('python-snapshots-v2')") is False

    with page.expect_file_chooser() as chooser:
        page.click("[data-testid=import]")
    chooser.value.set_files(str(exported))
    preview = page.locator("[data-testid=import-preview]")
    preview.wait_for()
    assert "03-branching: new code" in preview.inner_text()
    page.click("[data-testid=import-confirm]")
    page.locator("[data-testid=my-work-status]").filter(has_text="Imported 2 labs").wait_for()
    assert page.locator("[data-lesson='03-branching'] .progress").inner_text() == "passed"
    assert page.locator("[data-lesson='05-backward'] .progress").inner_text() == "in progress"
    page.goto(f"{site['url']}lessons/05-backward/index.html")
    page.wait_for_function("window.courseEditor !== undefined")
    assert doc(page) == "# lab 5, started\nclass Value:\n    pass\n"


def test_clear_my_data_asks_first_then_removes_code_and_quiz_answers(course, open_lesson, site):
    """README: Clear my data removes code, progress and quiz answers, after confirmation."""
    lesson = f"{site['url']}lessons/01-graphs/index.html"
    page = open_lesson("01-graphs")
    page.wait_for_function("window.courseEditor !== undefined")
    set_code(page, "# mine\n")
    question = page.locator(".quiz-question").first
    question.locator(f"button[data-choice='{question.get_attribute('data-answer')}']").click()
    assert question.get_attribute("data-answered") == "right"

    def clear(answer):
        page.goto(site["url"] + "index.html")
        page.once("dialog", lambda dialog: dialog.accept() if answer else dialog.dismiss())
        page.click("[data-testid=clear-data]")
        said = "were removed" if answer else "Nothing was removed"
        page.locator("[data-testid=my-work-status]").filter(has_text=said).wait_for()
        page.goto(lesson)
        page.wait_for_function("window.courseEditor !== undefined")
        return doc(page), page.locator(".quiz-question").first.get_attribute("data-answered")

    assert clear(answer=False) == ("# mine\n", "right")
    code, answered = clear(answer=True)
    assert code == course.labs["01-graphs"].starter.read_text() and answered is None


def test_import_refuses_what_is_not_an_export_and_cancel_changes_nothing(open_lesson, site, tmp_path):
    page = open_lesson("01-graphs")
    set_code(page, "# mine\n")
    page.goto(site["url"] + "index.html")

    def choose(path):
        with page.expect_file_chooser() as chooser:
            page.click("[data-testid=import]")
        chooser.value.set_files(str(path))

    not_zip = tmp_path / "notes.zip"
    not_zip.write_text("just text")
    choose(not_zip)
    message = page.locator("[data-testid=my-work-status]")
    message.filter(has_text="is not a zip file").wait_for()
    no_manifest = tmp_path / "other.zip"
    with zipfile.ZipFile(no_manifest, "w") as archive:
        archive.writestr("01-graphs.py", "print('hi')\n")
    choose(no_manifest)
    message.filter(has_text="has no manifest.json").wait_for()

    # A real export of other code: preview, then Cancel.
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("manifest.json", json.dumps({
            "course": "autograd-course", "version": VERSION, "exported_at": "2026-03-01T12:00:00Z",
            "labs": [{"slug": "01-graphs", "file": "01-graphs.py"}]}))
        archive.writestr("01-graphs.py", "# theirs\nx = 1\n")
    theirs = tmp_path / "theirs.zip"
    theirs.write_bytes(buffer.getvalue())
    choose(theirs)
    preview = page.locator("[data-testid=import-preview]")
    preview.wait_for()
    assert "01-graphs: replaces your code (2 lines) with the export's (3 lines)" in preview.inner_text()
    page.click("[data-testid=import-cancel]")
    message.filter(has_text="nothing was changed").wait_for()
    page.goto(f"{site['url']}lessons/01-graphs/index.html")
    page.wait_for_function("window.courseEditor !== undefined")
    assert doc(page) == "# mine\n"


def test_download_and_export_work_offline(course, site, open_lesson, tmp_path):
    page = open_lesson("04-value")
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    wait_until(page, OFFLINE_COPY_MADE, timeout=60_000)
    page.context.set_offline(True)
    try:
        set_code(page, "# offline work\n")
        with page.expect_download() as info:
            page.click("[data-testid=download]")
        assert info.value.suggested_filename == "04-value.py"
        mine = tmp_path / "mine.py"  # README: Open a file and Import work offline too
        mine.write_text("# opened offline\n", encoding="utf-8")
        _choose(page, mine)
        assert doc(page) == "# opened offline\n"
        page.goto(site["url"] + "index.html")
        exported = _export(page, tmp_path)
        with zipfile.ZipFile(exported) as archive:
            assert "04-value.py" in archive.namelist()
        with page.expect_file_chooser() as chooser:
            page.click("[data-testid=import]")
        chooser.value.set_files(str(exported))
        page.locator("[data-testid=import-preview]").wait_for()
        page.click("[data-testid=import-confirm]")
        page.locator("[data-testid=my-work-status]").filter(has_text="Imported 1 lab").wait_for()
    finally:
        page.context.set_offline(False)


def test_on_a_phone_what_open_a_file_did_is_said_where_its_button_is(open_lesson, tmp_path):
    # The status line is above the editor, a screen away from the buttons on a phone: a
    # refused file looked like a click that did nothing, and Python's status read "broken".
    page = open_lesson("01-graphs", width=390, height=844)
    wait_ready(page)
    other = tmp_path / "other.py"
    other.write_text(f"# 05-backward — autograd course {VERSION}\nclass Value: pass\n", encoding="utf-8")
    page.locator("[data-testid=open-file]").scroll_into_view_if_needed()
    with page.expect_file_chooser() as chooser:
        page.click("[data-testid=open-file]")
    chooser.value.set_files(str(other))
    note = page.locator("[data-testid=file-note]")
    note.filter(has_text="is the code of lab 5, Backpropagation").wait_for()
    box = note.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    assert page.get_attribute("[data-testid=status]", "data-state") == "ready"
    with page.expect_download():
        page.click("[data-testid=download]")
    assert note.inner_text() == "Downloaded 01-graphs.py."
    page.screenshot(path=str(ARTIFACTS / "file-note-390.png"))
    page.click("[data-testid=run]")  # what a later Run does is said in its output
    page.wait_for_function("!document.querySelector('[data-testid=run]').disabled")
    assert not note.is_visible()


def _notebook(path, lab: str, code: str) -> None:
    """A lab's notebook as JupyterLite saves it (File ▸ Download): the lab cell starts with
    %%writefile lab.py, and the last cell grades that file; a cell's source is its lines."""
    def cell(source):
        return {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": [],
                "source": source.splitlines(keepends=True)}
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Lab\n"]},
        cell("%%writefile lab.py\n" + code),
        cell(f"from grader.core.notebook import check\nreport = check('{lab}', 'lab.py')"),
    ]}, indent=1), encoding="utf-8")


def test_open_a_file_takes_the_lab_cell_of_a_notebook_saved_from_jupyterlite(open_lesson, tmp_path):
    """The page offers each lab as a JupyterLite notebook; a learner who worked there and saved
    it opened the .ipynb here and got its JSON in the editor ({"cells": [...), and the chooser
    did not list .ipynb files at all. The lab's cell comes in, as `course grade` reads it; a
    notebook of another lab, or one without the lab's cell, is refused in words."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    set_code(page, "# my work so far\n")
    assert ".ipynb" in page.get_attribute(".open-file-input", "accept").split(",")
    assert "notebook" in page.get_attribute("[data-testid=open-file]", "aria-label")
    mine = tmp_path / "01-graphs.ipynb"
    code = 'def forward(a, b, c, f):\n    e = a * b\n    return {"e": e}\n'
    _notebook(mine, "01-graphs", code)
    _choose(page, mine)
    assert doc(page) == code, doc(page)
    assert "Opened 01-graphs.ipynb" in status(page)
    page.keyboard.press("Control+z")
    assert doc(page) == "# my work so far\n"
    other = tmp_path / "05-backward.ipynb"
    _notebook(other, "05-backward", "class Value:\n    pass\n")
    _choose(page, other)
    assert "is the code of lab 5, Backpropagation" in status(page), status(page)
    assert doc(page) == "# my work so far\n"
    bare = tmp_path / "scratch.ipynb"
    bare.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "source": "x = 1"}]}), encoding="utf-8")
    _choose(page, bare)
    assert "%%writefile lab.py" in status(page), status(page)
    assert doc(page) == "# my work so far\n"
    assert page.errors == []


def test_a_learner_who_passed_every_lab_is_told_the_course_is_done_and_how_to_keep_it(
        course, site, open_lesson, tmp_path):
    """Labs 1 to 4 passed in another browser and imported; lab 5 passed here. Its report's
    "back to all lessons" led to a home page like any other day's: every badge "passed", nothing
    saying the course was over or how to keep the code. Now the home page says so, with a way to
    the export, and says nothing of the kind while a lab is left."""
    earlier = ["01-graphs", "02-chain-rule", "03-branching", "04-value"]
    moved = tmp_path / "from-my-other-browser.zip"
    with zipfile.ZipFile(moved, "w") as archive:
        for lab in earlier:
            archive.writestr(f"{lab}.py", f"# {lab} — autograd course {VERSION}\n"
                             + course.labs[lab].solution.read_text())
        archive.writestr("manifest.json", json.dumps({"course": "autograd-course", "version": VERSION,
                         "labs": [{"slug": lab, "file": f"{lab}.py"} for lab in earlier]}))
        archive.writestr("progress.json", json.dumps({lab: {"passed": True} for lab in earlier}))
    page = open_lesson("01-graphs")
    page.goto(site["url"] + "index.html")
    with page.expect_file_chooser() as chooser:
        page.click("[data-testid=import]")
    chooser.value.set_files(str(moved))
    page.locator("[data-testid=import-preview]").wait_for()
    page.click("[data-testid=import-confirm]")
    page.locator("[data-testid=my-work-status]").filter(has_text="Imported 4 labs").wait_for()
    assert page.locator(".progress").all_inner_texts() == ["passed"] * 4 + ["not started"]
    assert not page.locator("[data-testid=course-done]").is_visible()

    page.click("text=5. Backpropagation")
    wait_ready(page)
    page.click(".cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(course.labs["05-backward"].solution.read_text())
    assert check(page) == "true"
    with page.expect_navigation():
        page.get_by_role("link", name="back to all lessons").click()
    done = page.locator("[data-testid=course-done]")
    done.wait_for()
    assert "You have passed all 5 labs" in done.inner_text() and "Export my work" in done.inner_text()
    page.screenshot(path=str(ARTIFACTS / "home-course-done.png"))
    done.get_by_role("link", name="Export my work").click()
    exported = _export(page, tmp_path)
    with zipfile.ZipFile(exported) as archive:
        assert sorted(archive.namelist()) == [f"{lab}.py" for lab in earlier + ["05-backward"]] + [
            "manifest.json", "progress.json"]
