"""Lesson 5's "Train it" in Debian Chromium: trained in the lab's worker, drawn live, stoppable."""

from __future__ import annotations

import re

import pytest

from tests.browser_support import ARTIFACTS, set_code, wait_kept, wait_ready

pytestmark = pytest.mark.browser
TRAIN = "[data-testid=train]"
LAB = "05-backward"


@pytest.fixture
def lesson(open_lesson):
    """Lesson 5 with Python ready; open_lesson (conftest) fails the test if a request leaves
    127.0.0.1."""
    def open_lab(**options):
        page = open_lesson(LAB, **options)
        wait_ready(page)
        return page
    return open_lab


def train(page, timeout=60_000) -> str:
    page.get_by_role("button", name="Train it").click()
    page.wait_for_function(f"['done', 'error', 'stopped'].includes(document.querySelector('{TRAIN}').dataset.state)",
                           timeout=timeout)
    return page.get_attribute(TRAIN, "data-state")


def readout(page, name: str) -> str:
    return page.text_content(f"[data-testid=train-{name}]")


def _checks(course) -> int:
    from grader.core.run import load_checks

    return len(load_checks(course.labs[LAB].checks_source(), LAB)[0])


def test_until_the_lab_passes_the_course_engine_trains_and_says_so(lesson, course):
    page = lesson()
    assert train(page) == "done"
    engine = page.locator("[data-testid=train-engine]")
    assert engine.get_attribute("data-engine") == "course"
    passed, total = map(int, re.search(r"passes (\d+) of (\d+) checks", engine.inner_text()).groups())
    assert total == _checks(course) and passed < total
    # It names the first check not yet passing, so the learner knows where Check explains it.
    from grader.core.run import load_checks
    names = [fn.check_name for fn in load_checks(course.labs[LAB].checks_source(), LAB)[0]]
    first = re.search(r"The first it fails is “(.+?)”: press Check to see why\.", engine.inner_text())
    assert first and first.group(1) in names, engine.inner_text()
    accuracy = float(readout(page, "accuracy").rstrip(" %"))
    assert accuracy >= 95
    steps = int(readout(page, "step"))
    assert 10 < steps <= 100
    verdict = page.text_content("[data-testid=train-verdict]")
    assert verdict.startswith(f"Done: {accuracy:.1f} % of the points on the right side after {steps} steps")
    # Both charts were drawn from the run: one loss point per step, a shaded grid, 60 points.
    assert len(page.get_attribute("[data-testid=loss-curve] .loss-line", "points").split()) == steps
    assert page.locator("[data-testid=boundary] .cell").count() == 24 * 24
    assert page.locator("[data-testid=boundary] .point").count() == 60
    assert page.locator("[data-testid=boundary] .cell.plus").count() > 100
    assert page.locator("[data-testid=boundary] .cell.minus").count() > 100
    label = page.get_attribute("[data-testid=boundary]", "aria-label")
    assert label == f"Decision boundary after step {steps}: {round(accuracy * 60 / 100)} of 60 points on the right side."
    assert page.get_attribute("[data-testid=loss-curve]", "aria-label").endswith(f"at step {steps}.")
    # The lab is usable again.
    assert page.is_enabled("[data-testid=check]") and page.is_disabled("[data-testid=train-stop]")
    assert page.errors == []


def test_a_passing_value_trains_with_the_learners_own_code(lesson, course):
    page = lesson()
    set_code(page, course.labs[LAB].solution.read_text())
    assert train(page) == "done"
    assert page.get_attribute("[data-testid=train-engine]", "data-engine") == "yours"
    assert page.text_content("[data-testid=train-engine]") == (
        f"Training with your Value: it passes all {_checks(course)} checks.")
    assert float(readout(page, "accuracy").rstrip(" %")) >= 95
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(TRAIN).screenshot(path=str(ARTIFACTS / "train-05-backward.png"))
    assert page.errors == []


# Correct, so every check passes, but each new Value costs a busy loop: a step takes long
# enough for Stop to land mid-run.
SLOW = "\n_slow_init = Value.__init__\n\ndef _init(self, *args, **kwargs):\n" \
       "    for _ in range(3000):\n        pass\n    _slow_init(self, *args, **kwargs)\n\nValue.__init__ = _init\n"


def test_stop_halts_training_and_python_stays_usable(lesson, course):
    page = lesson()
    set_code(page, course.labs[LAB].solution.read_text() + SLOW)
    page.get_by_role("button", name="Train it").click()
    page.wait_for_function(f"Number(document.querySelector('{TRAIN}').dataset.step) >= 2", timeout=60_000)
    page.get_by_role("button", name="Stop training").click()
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'stopped'", timeout=10_000)
    stopped_at = int(readout(page, "step"))
    assert stopped_at < 100
    assert page.text_content("[data-testid=train-verdict]") == f"Stopped after step {stopped_at}."
    page.wait_for_timeout(1500)
    assert int(readout(page, "step")) == stopped_at  # nothing trains on in the background
    # The same Python (interrupted, not replaced) trains again at once with the course engine.
    assert page.get_attribute("[data-testid=status]", "data-state") == "ready"
    set_code(page, course.labs[LAB].starter.read_text())
    assert train(page) == "done"
    assert page.errors == []


# Notes, in the page's own clock, when Stop is clicked and when Train it says it stopped.
WHEN_STOPPED = """(selector) => {
    const train = document.querySelector(selector);
    document.addEventListener("click", () => { window.stopClickedAt = performance.now(); },
                              { capture: true, once: true });
    new MutationObserver((changes, observer) => {
        if (train.dataset.state !== "stopped") return;
        window.stoppedAt = performance.now();
        observer.disconnect();
    }).observe(train, { attributes: true, attributeFilter: ["data-state"] });
}"""


def test_a_loop_that_never_ends_is_named_after_checks_time_not_waited_on(lesson, course):
    """Train it has no time limit of its own (a run may take long), so the checks it runs
    first keep Check's, inside Python (grader/core/deadline.py): a loop at the top of the
    file once kept it "training" until the learner pressed Stop."""
    page = lesson()
    solution = course.labs[LAB].solution.read_text()
    set_code(page, solution + "\nwhile True:\n    pass\n")
    assert train(page, timeout=40_000) == "error"
    verdict = page.text_content("[data-testid=train-verdict]")
    line = len(solution.splitlines()) + 2
    assert verdict.startswith("Training stopped with an error: Your code ran for more than 10 s "
                              "and was stopped."), verdict
    assert re.search(rf"It was at line ({line}|{line + 1}) of your file, outside any function",
                     verdict), verdict
    # While the checks run under that limit, the page's Stop still reaches Python: it is
    # told it was stopped, at once, not that it ran too long.
    set_code(page, solution + "\nimport time\n_t = time.time()\nwhile time.time() - _t < 8:\n"
             "    pass\n")
    page.get_by_role("button", name="Train it").click()
    page.wait_for_timeout(1500)
    page.evaluate(WHEN_STOPPED, TRAIN)
    page.get_by_role("button", name="Stop training").click()
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'stopped'",
                           timeout=5_000)
    # A Python that does not answer the interrupt is replaced only after python.js's
    # STOP_GRACE_MS (2000 ms): stopped sooner, the interrupt went through the limit's buffer.
    assert page.evaluate("window.stoppedAt - window.stopClickedAt") < 2000
    # And afterwards, during training itself.
    set_code(page, course.labs[LAB].solution.read_text() + SLOW)
    page.get_by_role("button", name="Train it").click()
    page.wait_for_function(f"Number(document.querySelector('{TRAIN}').dataset.step) >= 1",
                           timeout=60_000)
    page.get_by_role("button", name="Stop training").click()
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'stopped'",
                           timeout=10_000)
    assert page.errors == []


def test_the_toolbars_stop_also_halts_it(lesson, course):
    page = lesson()
    set_code(page, course.labs[LAB].solution.read_text() + SLOW)
    page.get_by_role("button", name="Train it").click()
    page.wait_for_function(f"Number(document.querySelector('{TRAIN}').dataset.step) >= 1", timeout=60_000)
    assert page.is_disabled("[data-testid=run]") and page.is_disabled("[data-testid=train-start]")
    page.click("[data-testid=stop]")
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'stopped'", timeout=10_000)
    assert page.is_enabled("[data-testid=run]") and page.is_enabled("[data-testid=train-start]")


def test_training_fits_a_phone_and_runs_from_the_keyboard(lesson):
    page = lesson(width=390, height=844)
    page.focus("[data-testid=train-start]")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'done'", timeout=60_000)
    widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth,
        view: document.documentElement.clientWidth,
        boundary: document.querySelector('[data-testid=boundary]').getBoundingClientRect().right,
        curve: document.querySelector('[data-testid=loss-curve]').getBoundingClientRect().width})""")
    assert widths["page"] <= widths["view"] == 390
    assert widths["boundary"] <= 390 and widths["curve"] >= 280  # stacked, each full width
    page.locator(TRAIN).screenshot(path=str(ARTIFACTS / "train-05-backward-390.png"))


def test_it_trains_after_python_is_restored_from_its_snapshot(lesson):
    """A second visit restores Python from a memory snapshot: modules, but no source files."""
    page = lesson()
    wait_kept(page)
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    assert train(page) == "done", page.text_content("[data-testid=train-verdict]")
    assert page.errors == []


def test_train_it_by_keyboard_keeps_the_focus_on_its_buttons(lesson):
    """Pressed with Enter, Train it was disabled under the keyboard's focus, which fell to the
    page: Tab then started again from the top, and Stop was out of reach. Training moves the
    focus to Stop, and when it ends, back to Train it."""
    page = lesson()
    active = "document.activeElement.dataset.testid"
    page.get_by_role("button", name="Train it").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'training'")
    assert page.evaluate(active) == "train-stop"
    page.wait_for_function(f"Number(document.querySelector('{TRAIN}').dataset.step) >= 3", timeout=60_000)
    page.keyboard.press("Enter")  # Stop
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'stopped'", timeout=30_000)
    page.wait_for_function("!document.querySelector('[data-testid=train-start]').disabled")
    assert page.evaluate(active) == "train-start"
    assert page.text_content("[data-testid=train-verdict]").startswith("Stopped after step")
    page.keyboard.press("Enter")  # again, and to the end this time
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'done'", timeout=60_000)
    page.wait_for_function("!document.querySelector('[data-testid=train-start]').disabled")
    assert page.evaluate(active) == "train-start"


def test_a_passing_lab_5_points_to_train_it_with_the_learners_value(lesson, course):
    """At 1280 px the pass said only "Next: you have finished the course, back to all lessons",
    and Train it, the payoff, sat out of sight below the 18 checks. The pass now links to it:
    the link brings the Train it button into the lab's view, focused, without moving the
    lesson, and Enter there trains with the learner's Value."""
    page = lesson(width=1280, height=800)
    lab = course.labs[LAB]
    set_code(page, lab.solution.read_text())
    page.click("[data-testid=check]")
    page.wait_for_function("document.querySelector('[data-testid=result]').dataset.passed === 'true'",
                           timeout=60_000)
    lesson_top = page.evaluate("scrollY")
    page.click("[data-testid=train-link]")
    start = page.get_by_role("button", name="Train it")
    assert start.evaluate("b => document.activeElement === b")
    box = start.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 800
    assert page.evaluate("scrollY") == lesson_top
    page.keyboard.press("Enter")
    page.wait_for_function(f"['done', 'error', 'stopped'].includes(document.querySelector('{TRAIN}').dataset.state)",
                           timeout=60_000)
    assert page.get_attribute("[data-testid=train-engine]", "data-engine") == "yours"


def test_on_a_phone_what_training_is_doing_is_said_under_its_button(lesson):
    """On a 390 px phone the words of the run ("Checking your Value…", "Done: …") came under
    both charts, a screen below "Train it": pressed, it looked as if nothing happened."""
    page = lesson(width=390, height=844, is_mobile=True, has_touch=True)
    start = page.get_by_role("button", name="Train it")
    start.evaluate("b => b.scrollIntoView({block: 'center'})")
    start.tap()
    verdict = page.locator("[data-testid=train-verdict]")
    page.wait_for_function(f"document.querySelector('{TRAIN}').dataset.state === 'done'", timeout=60_000)
    assert verdict.inner_text().startswith("Done:")
    button, said = start.bounding_box(), verdict.bounding_box()
    charts = page.locator(f"{TRAIN} .train-charts").bounding_box()
    assert button["y"] + button["height"] <= said["y"] < charts["y"], (button, said, charts)
    assert said["y"] + said["height"] <= 844, said  # on screen with the button just pressed
    page.screenshot(path=str(ARTIFACTS / "train-verdict-390.png"))


def test_a_value_that_breaks_while_training_shows_its_traceback_line_by_line(lesson, course):
    """A Value that passes every check but raises while training: the verdict ran the traceback
    together ("...most recent call last): line 58, in tanh raise ValueError('tanh is tired')
    ValueError: ..."), so the line to fix was lost mid-sentence. Each line of it is its own now,
    and the last says what to do next (it ended on the ValueError, under "it passes all 18
    checks", and the learner did not know what to do)."""
    breaks = course.labs[LAB].solution.read_text().replace(
        "    def tanh(self):\n",
        "    def tanh(self):\n"
        "        _calls.append(1)  # fine for the checks' few calls, not for a training run\n"
        "        if len(_calls) > 5000:\n"
        "            raise ValueError('tanh is tired')\n", 1) + "\n_calls = []\n"
    raising = next(i + 1 for i, line in enumerate(breaks.splitlines()) if "tanh is tired" in line)
    page = lesson()
    set_code(page, breaks)
    # The page's link does not lean on window.courseEditor, a handle for tests and the curious:
    # with it gone, "line 58" was plain text.
    page.evaluate("window.keptEditor = window.courseEditor; delete window.courseEditor")
    assert train(page) == "error"
    shown = [line.strip() for line in page.inner_text("[data-testid=train-verdict]").splitlines()]
    assert f"line {raising}, in tanh" in shown, shown
    assert "raise ValueError('tanh is tired')" in shown and "ValueError: tanh is tired" in shown, shown
    assert shown[-1] == (f"Your code passes every check, but it broke while training, at line {raising}: "
                         "fix it there, then press Train it again."), shown
    page.locator(TRAIN).screenshot(path=str(ARTIFACTS / "train-05-backward-error.png"))
    # Each "line N" takes the learner to that line, as Check's and Run's do.
    links = page.locator("[data-testid=train-verdict] [data-testid=line-link]")
    assert links.all_inner_texts() == [f"line {raising}"] * 2
    cursor = ("(() => { const v = window.keptEditor;"
              " return [v.hasFocus, v.state.doc.lineAt(v.state.selection.main.head).number]; })()")
    for index in (1, 0):
        page.evaluate("window.keptEditor.dispatch({selection: {anchor: 0}}); document.activeElement.blur()")
        links.nth(index).click()
        assert page.evaluate(cursor) == [True, raising]
    assert page.errors == []
