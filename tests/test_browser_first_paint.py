"""What a lesson page paints first stays where it is: the lesson's picture is in the page from
the first paint (drawn at build time) at the size of the live picture its chunk makes later,
and the lab's box for the editor has one height whatever code it holds."""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.browser
PICTURED = ["01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward"]
SIZES = [(390, 844), (1280, 800), (1920, 1080)]
LIVE = "[data-testid=picture]:not([inert])"
STORE = "autograd-course:v1:"  # site/js/progress.js
GEOMETRY = """() => {
    const figure = document.querySelector("[data-testid=picture]");
    const body = document.querySelector(".lesson .body");
    return {height: figure.getBoundingClientRect().height, hidden: figure.hidden,
            inert: figure.inert, bodyTop: body.getBoundingClientRect().top + scrollY};
}"""
# Layout shifts (Chromium's Layout Instability API) of anything inside `within`, buffered from
# the first paint on: each shift's score and what moved. Not CodeMirror's own lines: once it
# has measured them it may nudge its gutter (scores of 1e-5), inside the editor's fixed box.
SHIFTS = """(within) => new Promise((resolve) => {
    const seen = [];
    new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
            const moved = entry.sources.filter((s) => s.node && s.node.closest
                && s.node.closest(within) && !s.node.closest(".cm-editor"));
            if (moved.length && !entry.hadRecentInput) {
                seen.push([entry.value, moved.map((s) => s.node.className || s.node.tagName)]);
            }
        }
    }).observe({type: "layout-shift", buffered: true});
    setTimeout(() => resolve(seen), 300);
})"""


@pytest.mark.parametrize("slug", PICTURED)
def test_the_built_page_has_the_picture_at_its_live_size(open_lesson, slug):
    for width, height in SIZES:
        # The page as the build wrote it (no script has run): the picture is there, inert.
        still = open_lesson(slug, width=width, height=height, java_script_enabled=False)
        before = still.evaluate(GEOMETRY)
        assert before["hidden"] is False and before["inert"] is True, (slug, width)
        assert before["height"] > 300, (slug, width, before)
        assert still.locator("[data-testid=picture] input[type=range]").count() > 0
        # The same page once its chunk has made the picture live: the same size, and the
        # lesson after it in the same place.
        page = open_lesson(slug, width=width, height=height)
        page.wait_for_selector(LIVE)
        after = page.evaluate(GEOMETRY)
        assert abs(after["height"] - before["height"]) < 1, (slug, width, before, after)
        assert abs(after["bodyTop"] - before["bodyTop"]) < 1, (slug, width, before, after)
        assert page.errors == []


@pytest.mark.parametrize("width, height", SIZES)
def test_nothing_in_the_lesson_moves_while_the_page_loads(open_lesson, width, height):
    for slug in PICTURED:
        page = open_lesson(slug, width=width, height=height)
        page.wait_for_selector(LIVE)
        assert page.evaluate(SHIFTS, ".lesson") == [], (slug, width)


@pytest.mark.parametrize("width, height", SIZES[1:])  # beside the lesson, on screen at once
def test_a_first_visits_lab_does_not_move_when_the_editor_appears(open_lesson, width, height):
    for slug in PICTURED:
        page = open_lesson(slug, width=width, height=height)
        page.wait_for_function("window.courseEditor !== undefined")
        assert page.evaluate(SHIFTS, ".lab") == [], (slug, width)


def _stored(slug: str, value: dict):
    """What this browser holds of a lab, there before the page's first line runs."""
    return lambda context: context.add_init_script(
        f"localStorage.setItem({json.dumps(STORE + slug)}, {json.dumps(json.dumps(value))})")


def _served_with(slug: str, pattern: str, replacement: str):
    """The lesson page with the first match of `pattern` replaced, as a host could serve it."""
    def rewrite(route):
        html, count = re.subn(pattern, lambda _: replacement, route.fetch().text(), count=1,
                              flags=re.S)
        assert count == 1
        route.fulfill(body=html, content_type="text/html")
    return lambda context: context.route(f"**/lessons/{slug}/index.html", rewrite)


WIDE = {"width": 1920, "height": 1080}


def test_lab_five_after_lab_four_passed_is_laid_out_from_the_first_paint(course, open_lesson):
    # Its note says it continues the learner's own lab-4 code, and the editor holds that code.
    mine = course.labs["04-value"].solution.read_text(encoding="utf-8")
    page = open_lesson("05-backward", **WIDE,
                       before=_stored("04-value", {"passed": True, "passedCode": mine}))
    page.wait_for_function("window.courseEditor !== undefined")
    assert "continues your own code from lab 4" in page.inner_text("[data-testid=carry]")
    assert page.evaluate("window.courseEditor.state.doc.toString()").startswith(mine.rstrip())
    assert page.evaluate(SHIFTS, ".lab") == []


def test_the_part_a_returning_learner_is_on_is_there_from_the_first_paint(course, open_lesson):
    parts = course.labs["04-value"].config.parts
    checks = [{"name": name, "passed": number == 0, "message": "", "hints": []}
              for number, part in enumerate(parts) for name in part.checks]
    # As the checker writes it: the lab's parts and the one the learner is on are the report's.
    last = {"passed": False, "score": len(parts[0].checks), "max_score": len(checks),
            "checks": checks, "stdout": "", "stderr": "", "open_part": 1,
            "parts": [{"title": part.title, "checks": part.checks} for part in parts]}
    stored = _stored("04-value", {"code": "x = 1\n", "checked": True, "last": last})
    page = open_lesson("04-value", **WIDE, before=stored)
    page.wait_for_function("window.courseEditor !== undefined")
    said = f"You are on part 2 of {len(parts)}: {parts[1].title}."
    assert page.inner_text("[data-testid=part]") == said
    assert page.evaluate(SHIFTS, ".lab") == []
    # It is the page's inline script that says so, before the page's own script has come.

    def without_the_page_script(context):
        stored(context)
        context.route("**/assets/app-*.js", lambda route: route.abort())

    early = open_lesson("04-value", **WIDE, before=without_the_page_script)
    early.wait_for_load_state("load")
    assert early.inner_text("[data-testid=part]") == said


@pytest.mark.parametrize("lines", [3, 300])
def test_code_saved_on_an_earlier_visit_does_not_move_the_lab_either(open_lesson, lines):
    # Shorter or longer than the starter: the editor's box keeps its height, and scrolls.
    code = "\n".join(f"x{i} = {i}" for i in range(lines))
    page = open_lesson("01-graphs", **WIDE, before=_stored("01-graphs", {"code": code}))
    page.wait_for_function("window.courseEditor !== undefined")
    assert page.evaluate("window.courseEditor.state.doc.lines") == lines
    assert page.evaluate(SHIFTS, ".lab") == []
    # Typing new lines does not move the buttons below the editor either.
    toolbar = "document.querySelector('.toolbar').getBoundingClientRect().top"
    before = page.evaluate(toolbar)
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    for _ in range(5):
        page.keyboard.press("Enter")
    assert page.evaluate("window.courseEditor.state.doc.lines") == lines + 5
    assert page.evaluate(toolbar) == before


def _normal(html: str) -> str:
    # A radio's checked state is an attribute in the build's HTML, a property in the live DOM.
    return re.sub(r' checked=""', "", html)


@pytest.mark.parametrize("slug", PICTURED)
def test_the_live_picture_starts_as_the_build_drew_it(open_lesson, slug):
    still = open_lesson(slug, java_script_enabled=False)
    built = still.inner_html("[data-testid=picture]")
    page = open_lesson(slug)
    page.wait_for_selector(LIVE)
    live = page.inner_html("[data-testid=picture]")
    assert _normal(live) == _normal(built)
    # The checked radio of the build is the one the live picture starts on.
    assert (still.eval_on_selector_all("[data-testid=picture] input:checked", "es => es.map(e => e.id)")
            == page.eval_on_selector_all("[data-testid=picture] input:checked", "es => es.map(e => e.id)"))


def test_a_picture_the_build_could_not_draw_is_drawn_when_its_chunk_comes(open_lesson):
    # As the page is when the build could not draw it (a warning): an empty, hidden figure.
    slug = "03-branching"
    empty = f'<figure class="picture" data-picture="{slug}" data-testid="picture" hidden></figure>'
    page = open_lesson(slug, width=1280, height=800,
                       before=_served_with(slug, r'<figure class="picture".*?</figure>', empty))
    page.wait_for_selector(LIVE)
    assert page.locator("[data-testid=picture] [data-testid=picture-svg]").is_visible()
    assert page.locator("[data-testid=picture] input[type=range]").count() > 0
    assert page.errors == []


def test_a_lab_that_cannot_start_leaves_the_picture_and_the_quiz_working(open_lesson):
    slug = "03-branching"
    logged = []
    broken = _served_with(slug, r'<script type="application/json" id="starter">.*?</script>',
                          '<script type="application/json" id="starter">{not json</script>')

    def before(context):  # the lab's script then throws as it starts
        broken(context)
        context.on("console", lambda message: logged.append(message.text)
                   if message.type == "error" else None)

    page = open_lesson(slug, width=1280, height=800, before=before)
    page.wait_for_selector(LIVE)
    before_move = page.text_content("[data-testid=readout-a]")
    page.locator("[data-testid=slider-a]").focus()
    page.keyboard.press("ArrowRight")
    assert page.text_content("[data-testid=readout-a]") != before_move  # the live picture moves
    question = page.locator(".quiz-question").first
    answer = int(question.get_attribute("data-answer"))
    question.locator(f"button[data-choice='{answer}']").click()
    assert question.get_attribute("data-answered") == "right"
    assert page.evaluate("window.courseEditor") is None  # the lab did not start
    assert any("JSON" in text for text in logged), logged
