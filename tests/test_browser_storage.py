"""What the course keeps in this browser, in Chromium: quiz answers across a reload, a
browser that keeps nothing at all (a private window, site data blocked), and pages the browser's
Back brings back from its history."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import ARTIFACTS, check, doc, run, wait_ready

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


def test_a_lesson_whose_quiz_was_answered_reads_in_progress_on_the_home_page(open_lesson, site):
    """The home page said "not started" beside a lesson the learner had read and answered the
    quiz of, until they typed in its lab; the badge is the lesson's, and it was started."""
    page = open_lesson("02-chain-rule", width=390, height=844, has_touch=True, is_mobile=True)
    question = page.locator(".quiz-question").first
    question.locator(f"button[data-choice='{question.get_attribute('data-answer')}']").tap()
    question.locator(".quiz-feedback").filter(has_text="Right.").wait_for()
    page.goto(site["url"] + "index.html")
    badge = page.locator("[data-lesson='02-chain-rule'] .progress")
    badge.filter(has_text="in progress").wait_for()
    others = page.locator("[data-lesson]:not([data-lesson='02-chain-rule']) .progress")
    assert set(others.all_inner_texts()) == {"not started"}


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


def test_one_ctrl_z_brings_back_what_was_here_after_keys_typed_in_another_tab(open_lesson, site):
    """The note says "Ctrl+Z brings back what was here" when the other tab's code is shown, but
    every key typed there came as a change of its own: one Ctrl+Z took back one key (and saved
    that text over the other tab's, its last key gone). Keys typed in a row in the other tab
    are now one change here, and one Ctrl+Z brings this tab's text back."""
    first = open_lesson("01-graphs")
    wait_ready(first)
    first.click(".cm-content")
    first.keyboard.press("Control+End")
    first.keyboard.type("\nprint('mine')")
    here = doc(first)
    second = first.context.new_page()
    second.goto(site["url"] + "lessons/01-graphs/index.html")
    wait_ready(second)
    assert doc(second) == here
    second.click(".cm-content")
    second.keyboard.press("Control+End")
    second.keyboard.press("Enter")
    for key in "x = 12":  # each key shown in the first tab before the next is typed
        second.keyboard.type(key)
        first.wait_for_function("t => window.courseEditor.state.doc.toString() === t", arg=doc(second))
    assert "another tab" in first.inner_text("[data-testid=file-note]")
    first.bring_to_front()
    first.click(".cm-content")
    first.keyboard.press("Control+z")
    assert doc(first) == here
    first.keyboard.press("Control+Shift+Z")  # and redo shows the other tab's code again
    assert doc(first).endswith("print('mine')\nx = 12")


# Playwright starts Chromium with its back/forward cache off; a learner's browser has it on.
# A page the learner comes Back to is then shown as it was left, not loaded again.
RESTORED = """addEventListener("pageshow", (event) => {
    if (event.persisted) sessionStorage.setItem("restored-from-history", location.pathname); });"""


@pytest.fixture
def history_browser(playwright):
    from tests.browser_support import CHROMIUM, FLAGS

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS,
                                         ignore_default_args=["--disable-back-forward-cache"])
    yield browser
    browser.close()


def _history_page(history_browser, site, width=1280, height=800):
    context = history_browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(RESTORED)
    page = context.new_page()
    page.goto(site["url"])
    # The service worker's first claim of the page keeps it out of the cache: a learner's
    # second visit, as here, is past it.
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller",
                           timeout=60_000)
    return page


def _back_from_history(page):
    """The browser's Back, and wait until Chromium has shown the page from its history. A page
    left while its next Python was still starting was once not kept there (a fresh load, not
    the behaviour under test): the test waits for the page to be ready before it leaves, and a
    page not kept says why Chromium gave (notRestoredReasons), not only that it timed out."""
    page.go_back(wait_until="commit")
    try:
        page.wait_for_function(
            "sessionStorage.getItem('restored-from-history') === location.pathname", timeout=30_000)
    except Exception:
        why = page.evaluate("JSON.stringify(performance.getEntriesByType('navigation')[0]"
                            ".notRestoredReasons || null)")
        raise AssertionError(f"Chromium did not show the page from its history: {why}") from None


def _requests_in_flight(page) -> set:
    """The page's requests (its workers' too) started and not yet finished or failed."""
    in_flight: set = set()
    page.on("request", lambda request: in_flight.add(request))
    page.on("requestfinished", lambda request: in_flight.discard(request))
    page.on("requestfailed", lambda request: in_flight.discard(request))
    return in_flight


def _wait_quiet(page, in_flight: set, quiet_ms: int = 1000, timeout_ms: int = 60_000) -> None:
    """Until no request has been in flight for `quiet_ms`; else say which ones were."""
    waited = still = 0
    while still < quiet_ms:
        assert waited < timeout_ms, f"requests still in flight: {sorted(r.url for r in in_flight)}"
        page.wait_for_timeout(100)
        waited += 100
        still = still + 100 if not in_flight else 0


def _pass_by_pasting(page, lab):
    """The learner pastes a passing answer (not what is under test) and presses Check."""
    page.click(".cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text((Path(__file__).resolve().parent.parent / "labs" / lab
                               / "solution.py").read_text())
    assert check(page) == "true"


def test_back_to_the_home_page_after_passing_a_lab_shows_it_passed(history_browser, site):
    """Home, lesson 1, lab passed, the browser's Back: the home page came back from the
    browser's history as it was left, 'not started' beside the lab just passed, until a reload."""
    page = _history_page(history_browser, site)
    page.reload()
    assert page.inner_text("[data-lesson='01-graphs'] .progress") == "not started"
    with page.expect_navigation():
        page.get_by_role("link", name="1. Computation graphs").first.click()
    wait_ready(page)
    _pass_by_pasting(page, "01-graphs")
    wait_ready(page)
    # Whether Chromium keeps the page (then it must load itself again) or loads it afresh,
    # the learner must see the pass: the test does not depend on Chromium's choice.
    page.go_back(wait_until="commit")
    page.wait_for_function(
        "document.querySelector(\"[data-lesson='01-graphs'] .progress\")?.textContent === 'passed'",
        timeout=30_000)


def test_back_to_lab_5_after_passing_lab_4_opens_with_the_learners_lab_4_code(history_browser, site):
    """Lab 5 says lab 4 has not passed; the learner follows its 'Finish lab 4 first', passes
    it, and presses Back: lab 5 still said lab 4 had not passed and held the starter, as if the
    pass had not happened. Now it opens with the learner's lab-4 code, as a visit would."""
    page = _history_page(history_browser, site, width=390, height=844)
    page.goto(f"{site['url']}lessons/05-backward/index.html")
    wait_ready(page)
    assert "has not passed its checks yet" in page.inner_text(".lab")
    with page.expect_navigation():
        page.get_by_role("link", name="Finish lab 4 (The Value object) first").click()
    wait_ready(page)
    _pass_by_pasting(page, "04-value")
    wait_ready(page)
    # Whether Chromium keeps the page (then it must load itself again) or loads it afresh,
    # the learner must see the pass: the test does not depend on Chromium's choice.
    page.go_back(wait_until="commit")
    page.wait_for_function("(lab => lab && !/has not passed its checks yet/.test(lab.innerText))"
                           "(document.querySelector('.lab'))", timeout=30_000)
    wait_ready(page)
    assert "# ---- Lab 5 starts here" in doc(page)
    assert doc(page).startswith((Path(__file__).resolve().parent.parent / "labs" / "04-value"
                                 / "solution.py").read_text().rstrip()[:200])


def test_back_to_a_lesson_nothing_changed_for_comes_back_as_it_was_left(history_browser, site):
    """The other side of the two above: a lesson left for the next one and come Back to, with
    nothing of its lab changed meanwhile, keeps what Run printed and its undo history."""
    page = _history_page(history_browser, site)
    in_flight = _requests_in_flight(page)
    page.goto(f"{site['url']}lessons/01-graphs/index.html")
    wait_ready(page)
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.type("\nprint('before the next lesson')")
    assert "before the next lesson" in run(page)
    wait_ready(page)
    # Chromium keeps no page with a request in flight ("outstanding-network-request", seen
    # when the page was left as its later files still came); a learner leaves a lesson long
    # after that. (Playwright's "networkidle" is no wait here: once a page reached it, it
    # counts as reached for good.)
    _wait_quiet(page, in_flight)
    with page.expect_navigation():  # else the wait below may find lesson 1 still ready
        page.get_by_role("link", name="Next 2. The chain rule").click()
    wait_ready(page)
    _back_from_history(page)
    assert "before the next lesson" in page.inner_text("[data-testid=output]")
    page.click(".cm-content")
    page.keyboard.press("Control+z")
    assert "before the next lesson" not in doc(page)
