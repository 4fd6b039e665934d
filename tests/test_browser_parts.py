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



def test_a_report_saved_before_reports_carried_parts_is_shown_by_part(course, open_lesson):
    """A report this browser kept from before reports carried the lab's parts (no `parts`, no
    `open_part`) came back as one list of checks, and the line under the lab's title said part
    1, until the next Check. The page groups it with the lab's own parts."""
    lab, parts = _lab_in_parts(course)
    part_of = {name: number for number, part in enumerate(parts, 1) for name in part.checks}
    mistake = next(m for m in lab.mistakes if part_of.get(m.fails, 1) > 1)
    page = open_lesson(lab.slug)
    wait_ready(page)
    set_code(page, mistake.path.read_text())
    assert check(page) == "false"
    page.evaluate("""slug => {
        const key = 'autograd-course:v1:' + slug;
        const kept = JSON.parse(localStorage.getItem(key));
        delete kept.last.parts;
        delete kept.last.open_part;
        localStorage.setItem(key, JSON.stringify(kept));
    }""", lab.slug)
    page.reload()
    page.wait_for_function("window.courseEditor !== undefined")
    number = part_of[mistake.fails]
    assert page.inner_text("[data-testid=part]") == (
        f"You are on part {number} of {len(parts)}: {parts[number - 1].title}.")
    assert page.locator("[data-testid=earlier-result]").count() == 1
    headings = page.locator("[data-testid=part-heading]")
    assert headings.count() == len(parts)
    current = page.locator("[data-testid=part-heading][data-current=true]")
    assert current.count() == 1 and current.inner_text().startswith(f"Part {number} of")


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



def test_on_a_laptop_run_and_check_show_under_the_note_on_the_learners_own_code(course, site,
                                                                                open_lesson):
    """Beside the lesson at 1280 x 800, lab 5 opened with the learner's passing lab-4 code and
    the note that says so, and Run and Check were below the screen's edge (921 px)."""
    later = _carrying(course)
    earlier = course.labs[later.config.builds_on]
    page = open_lesson(earlier.slug, width=1280, height=800)
    wait_ready(page)
    set_code(page, earlier.solution.read_text())
    assert check(page) == "true"
    page.goto(f"{site['url']}lessons/{later.slug}/index.html")
    wait_ready(page)
    assert "continues your own code" in page.inner_text("[data-testid=carry]")
    for testid in ("run", "check"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (testid, box)
    assert page.locator("[data-testid=editor]").bounding_box()["height"] >= 10 * 16


def test_on_a_laptop_the_longest_note_leaves_the_editor_ten_lines_and_run_in_view(course, open_lesson):
    """Lab 5 before lab 4 passed, at 1280 x 800: the note offering the course's lab-4 code, the
    part line and the lines on how the lab works stood above the editor, which the page fits
    to what is left: 169 px, 8 lines of code. The link to the lab as a notebook, another way
    to work, now sits below the buttons and gives its line to the editor."""
    later = _carrying(course)
    page = open_lesson(later.slug, width=1280, height=800)
    wait_ready(page)
    assert page.locator("[data-testid=carry] [data-testid=use-provided]").is_visible()
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("x = 1")
    line = float(page.evaluate("getComputedStyle(document.querySelector('.cm-line')).lineHeight")[:-2])
    assert page.locator("[data-testid=editor]").bounding_box()["height"] >= 9.5 * line
    for testid in ("run", "check"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (testid, box)
    # Still a Tab away: right after the buttons and what Open a file said.
    notebook = page.locator(".lab .lab-notebook a")
    assert notebook.count() == 1
    page.locator("[data-testid=open-file]").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.lab-notebook') !== null")


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_a_lab_that_continues_an_earlier_one_opens_at_its_own_part(course, site, open_lesson,
                                                                   width, height):
    """Lab 5 opened at the top of the learner's lab-4 code, its docstring "Lab 4 - The Value
    class", and the first thing to do in lab 5 was some 150 lines down. It opens with its own
    part in view and the cursor there; the page itself does not move."""
    later = _carrying(course)
    earlier = course.labs[later.config.builds_on]
    page = open_lesson(earlier.slug, width=width, height=height)
    wait_ready(page)
    set_code(page, earlier.solution.read_text())
    assert check(page) == "true"
    mark = next(line for line in later.config.extend.read_text().splitlines() if line.strip())
    for visit in ("first", "again"):
        if visit == "first":
            page.goto(f"{site['url']}lessons/{later.slug}/index.html")
        else:
            page.reload()
        wait_ready(page)
        if visit == "first":  # (a reload keeps where the page was)
            assert page.evaluate("[scrollY, document.querySelector('section.lab').scrollTop]") == [0, 0]
        # On a phone the lab is below the lesson: scrolled down to it, as a reader comes to it.
        page.mouse.move(width / 2, height / 2)
        for _ in range(200):
            if page.locator(".cm-scroller").bounding_box()["y"] < height / 2:
                break
            page.mouse.wheel(0, 400)
            page.wait_for_timeout(50)
        page.wait_for_timeout(300)
        line = page.locator(".cm-line", has_text=mark.strip("# -")[:20])
        line.wait_for()
        box, editor = line.bounding_box(), page.locator(".cm-scroller").bounding_box()
        assert editor["y"] <= box["y"] and box["y"] + box["height"] <= editor["y"] + editor["height"], visit
        top = page.locator(".cm-line", has_text="Lab 4 - The Value class")
        if top.count():  # drawn above the box, out of sight
            assert top.bounding_box()["y"] + top.bounding_box()["height"] <= editor["y"], visit
    page.locator(".cm-content").focus()
    page.keyboard.type("# here")
    assert f"# here{mark}" in doc(page)


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
    # Warned before it is pressed: the sentence it follows, which describes it.
    number = page.evaluate("JSON.parse(document.getElementById('page-data').textContent).carry.number")
    assert button.inner_text() == f"Start from the course's code for lab {number}"
    described = button.get_attribute("aria-describedby")
    assert "shows an answer to that lab" in page.inner_text(f"#{described}")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("s => window.courseEditor.state.doc.toString() !== s", arg=starter)
    extend = later.config.extend.read_text()
    assert doc(page).startswith(provided.rstrip()) and doc(page).endswith(extend)
    page.locator(".cm-content").focus()
    page.keyboard.press("Control+z")
    assert doc(page) == starter


def test_an_error_only_in_a_later_part_is_not_the_one_to_fix_first(course, open_lesson):
    """Lab 5 with backward() half done and the training step not written yet: the top of the
    report said "Fix it first: NotImplementedError: train_step" above part 1, where the learner
    is. That error is now said at part 3, the first it fails."""
    lab = course.labs["05-backward"]
    page = open_lesson(lab.slug)
    wait_ready(page)
    code = course.labs["04-value"].solution.read_text() + "\n" + lab.config.extend.read_text()
    code = code.replace('    raise NotImplementedError("backward() is yours to write")',
                        "    self.grad = 1\n    for child in self._prev:\n        child.backward()")
    set_code(page, code)
    assert check(page) == "false"
    assert page.get_attribute("[data-testid=part-heading][data-current=true]", "data-current")
    assert page.inner_text("[data-testid=part]").startswith("You are on part 1 of")
    # Nothing above part 1's checks tells the learner to fix a later part first. (Part 1's
    # own error may be there: this backward() reseeds every node it recurses into, and the
    # checks say so once for the eight checks it fails.)
    first_heading = page.locator("[data-testid=part-heading]").first
    above = page.locator("[data-testid=cause]").evaluate_all(
        "(boxes, h) => boxes.filter(b => b.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING)"
        ".map(b => b.innerText)", first_heading.element_handle())
    assert not any("train_step" in text or "parameters" in text for text in above), above
    assert all("seeds its own node with 1" in text for text in above), above
    third = page.locator("[data-testid=part-heading]").nth(2)
    box = third.locator("xpath=following-sibling::*[1]")
    assert box.get_attribute("data-testid") == "cause"
    assert "train_step" in box.inner_text() and "Fix it first" not in box.inner_text()


def test_an_earlier_lab_passed_after_this_one_was_started_is_offered(course, site, open_lesson):
    """A learner typed into lab 5 before lab 4 passed, then finished lab 4 and followed its link
    to lab 5: the page kept their typing under the starter's "If your lab-4 code passes lab 4,
    this lab opens with it", said nothing, and Check said "Your file does not define Value";
    Reset brought the bare starter back. Now the page offers their lab-4 code, and Reset
    starts from it."""
    later = _carrying(course)
    earlier = course.labs[later.config.builds_on]
    extend = later.config.extend.read_text()
    page = open_lesson(later.slug)
    wait_ready(page)
    assert page.locator("[data-testid=carry] a").count() == 1  # "Finish lab 4 first"
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("# backward first, Value later")
    typed = doc(page)
    page.click("[data-testid=carry] a")
    page.wait_for_url(f"**/lessons/{earlier.slug}/index.html")
    wait_ready(page)
    theirs = earlier.solution.read_text() + "\n# my own lab-4 touch\n"
    set_code(page, theirs)
    assert check(page) == "true"
    page.click("[data-testid=next-lesson]")
    page.wait_for_url(f"**/lessons/{later.slug}/index.html")
    wait_ready(page)
    assert doc(page) == typed  # what they typed is kept
    carry = page.locator("[data-testid=carry]")
    assert carry.is_visible() and "has passed its checks since you started this lab" in carry.inner_text()
    button = carry.locator("button")
    button.focus()
    page.keyboard.press("Enter")
    assert doc(page) == theirs.rstrip() + "\n\n\n" + extend
    assert "now holds your code from lab" in carry.inner_text()
    page.locator(".cm-content").focus()
    page.keyboard.press("ControlOrMeta+z")
    assert doc(page) == typed
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("[data-testid=reset]")
    assert asked[0].startswith(f"Replace your code with your code from lab {earlier.slug[:2].lstrip('0')}")
    assert doc(page) == theirs.rstrip() + "\n\n\n" + extend
    page.reload()
    page.wait_for_function("window.courseEditor !== undefined")
    assert doc(page).startswith(theirs.rstrip()) and page.locator("[data-testid=carry]").is_hidden()
