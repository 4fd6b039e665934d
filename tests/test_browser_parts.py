"""Labs that build one engine, in Chromium: a lab in parts says where the learner is, and a
lab that builds on an earlier one starts from the learner's own passing code."""

from __future__ import annotations

import pytest

from tests.browser_support import check, doc, set_code, wait_ready

pytestmark = pytest.mark.browser



def _lab_in_parts(course):
    lab = next(lab for lab in course.labs.values() if len(lab.config.parts) > 1)
    return lab, lab.config.parts


def _carrying(course):
    return next(lab for lab in course.labs.values() if lab.config.builds_on and lab.config.provided)


def test_a_lab_in_parts_reports_the_first_part_not_yet_passing(course, open_lesson):
    lab, parts = _lab_in_parts(course)
    part_of = {name: number for number, part in enumerate(parts, 1) for name in part.checks}
    # A known mistake whose first failing check sits in a later part.
    mistake = next(m for m in lab.mistakes if part_of.get(m.fails, 1) > 1)
    page = open_lesson(lab.slug)
    assert page.inner_text("[data-testid=part]") == (
        f"This lab has {len(parts)} parts; part 1: {parts[0].title}.")
    wait_ready(page)
    set_code(page, mistake.path.read_text())
    assert check(page) == "false"
    number = part_of[mistake.fails]
    assert page.inner_text("[data-testid=part]") == (
        f"You are on part {number} of {len(parts)}: {parts[number - 1].title}.")
    headings = page.locator("[data-testid=part-heading]")
    assert headings.count() == len(parts)
    assert headings.nth(0).inner_text().endswith("✓ done")
    current = page.locator("[data-testid=part-heading][data-current=true]")
    assert current.count() == 1 and current.inner_text().startswith(f"Part {number} of")
    set_code(page, lab.solution.read_text())
    assert check(page) == "true"
    assert page.inner_text("[data-testid=part]") == f"All {len(parts)} parts pass."


def test_a_lab_continues_the_learners_own_code_once_the_earlier_lab_passed(course, site, open_lesson):
    later = _carrying(course)
    earlier = course.labs[later.config.builds_on]
    page = open_lesson(earlier.slug)
    wait_ready(page)
    theirs = earlier.solution.read_text() + "\n# my own touch\n"
    set_code(page, theirs)
    assert check(page) == "true"
    page.goto(f"{site['url']}lessons/{later.slug}/index.html")
    page.wait_for_function("window.courseEditor !== undefined")
    code = doc(page)
    extend = later.config.extend.read_text()
    assert code.startswith(theirs.rstrip()) and code.endswith(extend)
    assert "continues your own code" in page.inner_text("[data-testid=carry]")
    assert page.locator("[data-testid=use-provided]").count() == 0
    # It is now this lab's own code: kept across a reload.
    page.reload()
    page.wait_for_function("window.courseEditor !== undefined")
    assert doc(page) == code


def test_without_a_pass_the_course_code_comes_only_when_asked(course, site, open_lesson):
    later = _carrying(course)
    provided = later.config.provided.read_text()
    page = open_lesson(later.slug)
    page.wait_for_function("window.courseEditor !== undefined")
    starter = later.starter.read_text()
    assert doc(page) == starter
    # The course's code for the earlier lab is not in the page until asked for.
    assert provided.strip().splitlines()[-1].strip() not in page.content()
    carry = page.locator("[data-testid=carry]")
    assert "has not passed its checks yet" in carry.inner_text()
    link = carry.locator("a")
    assert link.get_attribute("href").endswith(f"lessons/{later.config.builds_on}/index.html")
    button = page.locator("[data-testid=use-provided]")
    assert "shows an answer to that lab" in button.inner_text()
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("s => window.courseEditor.state.doc.toString() !== s", arg=starter)
    extend = later.config.extend.read_text()
    assert doc(page).startswith(provided.rstrip()) and doc(page).endswith(extend)
    page.locator(".cm-content").focus()
    page.keyboard.press("Control+z")
    assert doc(page) == starter
