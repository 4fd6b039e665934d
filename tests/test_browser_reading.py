"""Reading a lesson in Debian Chromium at the narrowest width a reader can get: 320 CSS pixels,
what 1280 x 800 shows zoomed to 400 %; and the width from which the lab sits beside it."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser_support import ARTIFACTS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("slug", ["04-value", "05-backward"])
def test_a_wide_table_scrolls_in_its_own_box_and_the_page_does_not(open_lesson, slug):
    """Lesson 4's table of local gradients was wider than 320 px: the whole page scrolled
    sideways, and every line of the lesson with it."""
    page = open_lesson(slug, width=320, height=256)
    sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1] == 320
    box = page.locator(".body .table-scroll").first
    folded = box.locator("xpath=ancestor::details/summary")
    if folded.count():  # in a folded aside: open it, as a reader does
        folded.click()
    box.scroll_into_view_if_needed()
    width = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    if width[0] > width[1]:  # too wide here: the keyboard scrolls it, as a code block
        box.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.activeElement.scrollLeft > 0")
    box.screenshot(path=str(ARTIFACTS / f"table-{slug}-320.png"))


@pytest.mark.parametrize("width, beside", [(1199, False), (1200, True)])
def test_from_1200_px_the_lab_is_a_column_beside_the_lesson(open_lesson, width, beside):
    """README: from 1200 px wide the lab is a column of its own beside the lesson, scrolling
    on its own; narrower, it follows the lesson."""
    page = open_lesson("02-chain-rule", width=width, height=800)
    lesson = page.locator("article.lesson").bounding_box()
    lab = page.locator("section.lab").bounding_box()
    if beside:
        assert lab["x"] >= lesson["x"] + lesson["width"], (lesson, lab)
        assert page.locator("section.lab").evaluate("e => getComputedStyle(e).overflowY") in (
            "auto", "scroll")
    else:
        assert lab["y"] >= lesson["y"] + lesson["height"], (lesson, lab)


# A lab passed, then a Check of broken code: the badge's longest words.
PASSED_THEN_BROKEN = {"passed": True, "checked": True, "code": "x = 1\n",
                      "last": {"passed": False, "score": 0, "max_score": 7}}


@pytest.mark.parametrize("width, height, phone, record", [
    (390, 844, True, None), (1280, 800, False, None), (1920, 1080, False, None),
    (320, 700, False, None), (320, 700, False, PASSED_THEN_BROKEN), (390, 844, True, PASSED_THEN_BROKEN)])
def test_a_lessons_progress_badge_is_beside_its_title_not_under_its_number(
        browser, site, width, height, phone, record):
    """On a phone the home page stacked each lesson's "not started" under the lesson's big
    number, a line below the lesson it speaks of; it reads on the title's line, at its right.
    The badge's room was a fixed 6.5rem: on a phone "passed (latest Check: 0 of 7)" lay over
    "Computation graphs", and at 320 px (400 % zoom) every card ran 13 px past the screen's edge
    and the page scrolled sideways. The title and its badge now share the line, whatever the
    badge says, and the cards fit the screen."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=phone, has_touch=phone)
    if record:
        context.add_init_script(
            f"for (const slug of ['01-graphs', '05-backward']) localStorage.setItem("
            f"'autograd-course:v1:' + slug, {json.dumps(json.dumps(record))});")
    try:
        page = context.new_page()
        page.goto(site["url"] + "index.html")
        sizes = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert sizes[0] <= sizes[1], f"the home page scrolls sideways: {sizes[0]} px in {sizes[1]}"
        for item in page.locator(".lesson-list li").all():
            badge = item.locator(".progress")
            if record and item.get_attribute("data-lesson") in ("01-graphs", "05-backward"):
                expect(badge).to_have_text("passed (latest Check: 0 of 7)")
            else:
                assert badge.inner_text() == "not started"
            b = badge.bounding_box()
            number = item.locator(".number").bounding_box()
            title = item.locator(".title").bounding_box()
            text = item.locator(".title").evaluate(
                "e => { const r = document.createRange(); r.selectNodeContents(e);"
                " const box = r.getBoundingClientRect(); return box.right; }")
            assert b["x"] > text, (width, b, text)  # right of the title's words, not over them
            assert b["y"] < title["y"] + title["height"], (width, b, title)  # not below it
            assert not (b["y"] >= number["y"] + number["height"] - 1 and b["x"] < title["x"])
            whole = item.bounding_box()
            assert b["x"] + b["width"] <= whole["x"] + whole["width"], (width, b, whole)
            assert whole["x"] >= 0 and whole["x"] + whole["width"] <= width, (width, whole)
        page.screenshot(path=str(ARTIFACTS / f"home-progress-{width}{'-latest' if record else ''}.png"))
    finally:
        context.close()


def test_on_a_touch_phone_each_lesson_link_is_a_target_a_finger_can_hit(open_lesson):
    """The lessons' links at the top of a page were 15 px tall, in rows 24 px apart: a thumb
    meant for "3. Branching paths" could land on "1. Computation graphs" above it. On a touch
    screen each is at least 24 px tall (WCAG 2.2's minimum target), and no two overlap."""
    page = open_lesson("01-graphs", width=390, height=844, is_mobile=True, has_touch=True)
    boxes = page.evaluate("""() => [...document.querySelectorAll('.site-header a')].map(a => {
        const r = a.getBoundingClientRect(); return [a.textContent, r.left, r.top, r.right, r.bottom]; })""")
    assert len(boxes) == 6
    for text, left, top, right, bottom in boxes:
        assert bottom - top >= 24, f"{text!r} is {bottom - top:.0f} px tall"
    for i, (text, *r) in enumerate(boxes):
        for other, *s in boxes[i + 1:]:
            assert not (r[0] < s[2] and r[2] > s[0] and r[1] < s[3] and r[3] > s[1]), f"{text!r} on {other!r}"
    page.get_by_role("link", name="3. Branching paths").tap()
    page.wait_for_url("**/lessons/03-branching/index.html")


def test_after_the_lab_a_learner_goes_on_to_the_next_lesson_without_scrolling_back_up(open_lesson):
    """On a phone the lesson links are in the header, a long scroll above the lab (lesson 1:
    about 10 screens), and only a passing Check linked on. Below each lab the page now links to
    the lessons before and after it, by finger and by keyboard; after the last, to all lessons."""
    page = open_lesson("01-graphs", width=390, height=844, is_mobile=True, has_touch=True)
    titles = ["1. Computation graphs", "2. The chain rule", "3. Branching paths", "4. The Value object",
              "5. Backpropagation"]
    for number, title in enumerate(titles, start=1):
        page.wait_for_load_state("load")
        assert page.locator("h1").inner_text() == title.split(". ", 1)[1]
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        pager = page.get_by_role("navigation", name="Previous and next lesson")
        links = pager.get_by_role("link")
        names = [links.nth(i).evaluate("a => a.innerText.replace(/\\s+/g, ' ').trim()")
                 for i in range(links.count())]
        expected = ([f"Previous ← {titles[number - 2]}"] if number > 1 else []) + (
            [f"Next {titles[number]} →"] if number < 5 else ["That was the last lesson All lessons and your work →"])
        assert names == expected
        lab_bottom = page.eval_on_selector(".lab", "e => e.getBoundingClientRect().bottom")
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box["y"] >= lab_bottom, "the way on is below the lab, the lesson's last step"
            assert 0 <= box["y"] and box["y"] + box["height"] <= 844, "in sight at the page's end"
            assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390
        if number < 5:
            pager.get_by_role("link", name=f"Next {titles[number]}").tap()
            page.wait_for_url(f"**/lessons/0{number + 1}-*/index.html")
    pager.get_by_role("link", name="All lessons and your work").tap()
    page.wait_for_url("**/index.html")
    assert page.locator("h1").inner_text() == "Build autograd from scratch"


def test_the_way_to_the_next_lesson_comes_after_the_labs_controls_in_tab_order(open_lesson):
    """By keyboard, the link on is the next stop after the lab's buttons, its focus ring shows,
    and Enter follows it; a screen reader hears "Next 3. Branching paths", not the arrow."""
    page = open_lesson("02-chain-rule", width=1280, height=800)
    page.wait_for_load_state("load")
    page.focus("[data-testid=open-file]")
    names = []
    for _ in range(8):
        page.keyboard.press("Tab")
        names.append(page.evaluate("document.activeElement.closest('nav') ? document.activeElement.rel : ''"))
        if names[-1] == "next":
            break
    assert names[-2:] == ["prev", "next"]
    focused = page.evaluate("""() => { const a = document.activeElement, s = getComputedStyle(a);
        return [s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
    assert focused[0] != "none" and focused[1] >= 2
    assert page.get_by_role("link", name="Next 3. Branching paths", exact=True).count() == 1
    page.keyboard.press("Enter")
    page.wait_for_url("**/lessons/03-branching/index.html")
