"""What the course keeps in this browser, in Chromium: quiz answers across a reload, and a
browser that keeps nothing at all (a private window, site data blocked)."""

from __future__ import annotations

import pytest

from tests.browser_support import ARTIFACTS, doc, run, wait_ready

pytestmark = pytest.mark.browser

# As Chromium with site data blocked: reading window.localStorage throws.
NO_STORAGE = """Object.defineProperty(window, "localStorage", {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""


def test_a_quiz_answered_wrong_then_right_by_keyboard_is_kept_across_a_reload(open_lesson):
    page = open_lesson("02-chain-rule")
    question = page.locator(".quiz-question").first
    feedback = question.locator(".quiz-feedback")
    right = int(question.get_attribute("data-answer"))
    wrong = 0 if right else 1
    question.locator(f"button[data-choice='{wrong}']").focus()
    page.keyboard.press("Enter")
    assert feedback.inner_text() == "Not quite — try again."
    assert question.locator(".explanation").is_hidden()
    # The right choice may come before the wrong one (the lessons' answers are not always
    # the second choice): tab toward it, staying within this question.
    key = "Tab" if right > wrong else "Shift+Tab"
    page.keyboard.press(key)
    while page.evaluate("document.activeElement.dataset.choice") != str(right):
        page.keyboard.press(key)
    page.keyboard.press("Space")
    assert feedback.inner_text() == "Right."
    assert question.locator(".explanation").is_visible()
    page.reload()
    question = page.locator(".quiz-question").first
    assert question.locator(".quiz-feedback").inner_text() == "Right."
    assert question.locator(f"button[data-choice='{right}']").get_attribute("aria-pressed") == "true"
    assert question.locator(".explanation").is_visible()


def test_after_two_wrong_answers_the_quiz_names_the_right_choice(open_lesson):
    """Lesson 3 asks what a program using = reports (3.0); after two wrong answers the
    explanation came, saying "The correct answer, 4, ...", and 4.0 is one of the choices: the
    learner read it as the answer. Now the feedback names the right choice and marks it."""
    page = open_lesson("03-branching", width=390, height=844)
    question = page.locator(".quiz-question").first
    right = question.locator(f"button[data-choice='{question.get_attribute('data-answer')}']")
    assert right.inner_text().startswith("3.0")
    question.get_by_role("button", name="4.0, because").click()
    assert question.locator(".quiz-feedback").inner_text() == "Not quite — try again."
    question.get_by_role("button", name="2.0, because").click()
    feedback = question.locator(".quiz-feedback").inner_text()
    assert feedback == f"Not quite. The answer is: {right.inner_text()}."
    assert "reports 3.0" in question.locator(".explanation").inner_text()
    assert "correct answer, 4" not in question.locator(".explanation").inner_text()
    assert right.evaluate("b => b.classList.contains('answer')")
    assert right.evaluate("b => getComputedStyle(b, '::before').content") == '"✓ "'
    question.screenshot(path=str(ARTIFACTS / "quiz-answer-named-390.png"))
    right.click()
    assert question.locator(".quiz-feedback").inner_text() == "Right."
    assert not right.evaluate("b => b.classList.contains('answer')")
    page.reload()  # a kept second wrong answer shows the same
    question = page.locator(".quiz-question").first
    assert question.locator(".quiz-feedback").inner_text() == "Right."


def test_a_browser_that_keeps_nothing_is_told_so_and_the_lab_still_works(open_lesson, site):
    """The lab said "Your code is saved in this browser as you type" and the home page "Your
    code and progress stay in this browser", both false there: a reload lost the code."""
    page = open_lesson("01-graphs", before=lambda context: context.add_init_script(NO_STORAGE))
    note = page.locator(".lab [data-testid=saved-note]")
    assert "keeps nothing" in note.inner_text() and "Download" in note.inner_text()
    assert "is saved in this browser" not in page.inner_text(".lab")
    wait_ready(page)
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.type("\nprint('still here')")
    assert "print('still here')" in doc(page)
    assert "still here" in run(page)
    question = page.locator(".quiz-question").first
    question.locator("button").first.click()
    assert question.locator(".quiz-feedback").inner_text().startswith(("Right", "Not quite"))
    page.locator(".lab").screenshot(path=str(ARTIFACTS / "lab-without-storage.png"))
    page.goto(site["url"])
    home = page.locator("[data-testid=saved-note]")
    assert "keeps nothing" in home.inner_text()
    assert "stay in this browser" not in page.inner_text(".my-work")
    assert page.errors == []


def test_a_browser_that_keeps_things_promises_it(open_lesson, site):
    page = open_lesson("01-graphs")
    assert page.inner_text(".lab [data-testid=saved-note]") == "Your code is saved in this browser as you type."
    page.goto(site["url"])
    assert page.inner_text("[data-testid=saved-note]") == "Your code and progress stay in this browser."


def test_the_same_lab_in_two_tabs_never_types_over_the_other_tabs_code(open_lesson, site):
    """Code typed in one tab was lost as soon as a key was pressed in an older tab of the same
    lab: that tab saved its own text over it. Now the older tab shows the newer code."""
    first = open_lesson("01-graphs")
    wait_ready(first)
    second = first.context.new_page()
    second.goto(site["url"] + "lessons/01-graphs/index.html")
    wait_ready(second)
    second.bring_to_front()
    second.click(".cm-content")
    second.keyboard.press("Control+End")
    second.keyboard.type("\nprint('typed in the second tab')")
    first.bring_to_front()
    first.wait_for_function("window.courseEditor.state.doc.toString().includes('second tab')")
    assert "another tab" in first.inner_text("[data-testid=file-note]")
    first.click(".cm-content")
    first.keyboard.press("Control+End")
    first.keyboard.type("\nprint('and in the first')")
    second.reload()
    wait_ready(second)
    assert doc(second).endswith("print('typed in the second tab')\nprint('and in the first')")
    first.keyboard.press("Control+z")  # this tab's text as it was, if the learner wants it back
    first.keyboard.press("Control+z")
    assert "second tab" not in doc(first)
