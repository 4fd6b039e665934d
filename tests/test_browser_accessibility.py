"""axe-core (from npm, injected into the page) finds no WCAG 2.1 A/AA problem on any page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser_support import check, set_code, wait_ready

pytestmark = pytest.mark.browser
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ["index.html"] + [f"lessons/{slug}/index.html" for slug in
                          ("01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward")]
# CodeMirror's scroller is left out: the editor inside it takes the keyboard focus and scrolls
# with the cursor, which axe cannot see (it does not count contenteditable as focusable).
RUN = """() => axe.run({exclude: [['.cm-scroller']]},
    {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"""


def violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN)["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in found]


@pytest.mark.parametrize("width", [1920, 1100, 390])
@pytest.mark.parametrize("path", PAGES)
def test_every_page_passes_axe(browser, site, path, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(site["url"] + path)
    page.wait_for_load_state("load")
    assert violations(page) == []
    page.close()


def test_a_lab_after_check_and_training_passes_axe(browser, site, course):
    """The parts drawn later: results with hints, output, the learner's graph, Train it."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(site["url"] + "lessons/05-backward/index.html")
    wait_ready(page)
    lab = course.labs["05-backward"]
    set_code(page, next(m for m in lab.mistakes if m.path.name == "no_seed.py").path.read_text())
    assert check(page) == "false"
    page.get_by_role("button", name="Show a hint").first.click()
    set_code(page, lab.solution.read_text() + "\nL = Value(2.0) * Value(3.0)\nL.backward()\n")
    page.click("[data-testid=run]")
    page.locator("[data-testid=graph] svg").wait_for()
    page.get_by_role("button", name="Train it").click()
    page.wait_for_function("document.querySelector('[data-testid=train]').dataset.state === 'done'",
                           timeout=60_000)
    assert violations(page) == []
    page.close()


@pytest.mark.parametrize("width", [1100, 390])
def test_a_report_and_a_traceback_with_line_links_pass_axe(browser, site, width):
    """"line 3" in a report's error, a failed check's message and a Run's traceback is a button
    in the words around it (results.js linkLines): readable, named, not a link with no href."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(site["url"] + "lessons/01-graphs/index.html")
    wait_ready(page)
    set_code(page, "def forward(a, b, c, f):\n    return {'e': a * b, 'd': a * b + c, 'L': q}\n\n"
                   "print(forward(1, 2, 3, 4))\n")
    page.click("[data-testid=run]")
    page.locator("[data-testid=output] [data-testid=line-link]").first.wait_for()
    assert check(page) == "false"
    assert page.locator("[data-testid=result] [data-testid=line-link]").count() > 0
    assert violations(page) == []
    page.close()


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_the_second_tab_stop_skips_to_the_lab(open_lesson, width, height):
    """By keyboard the lab was 28 (lesson 1) to 54 (lesson 5) Tab stops into a lesson, past every
    slider, film button and quiz choice. The second stop is now "Skip to the lab", shown while
    focused; Enter brings the lab into sight, and the next Tab stop is the lab's own."""
    page = open_lesson("05-backward", width=width, height=height)
    page.wait_for_load_state("load")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    skip = page.evaluate("""() => { const a = document.activeElement, r = a.getBoundingClientRect();
        return [a.textContent, r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
                getComputedStyle(a).outlineStyle]; }""")
    assert skip == ["Skip to the lab", True, "solid"]
    page.keyboard.press("Enter")
    title = page.locator("#lab-title").bounding_box()
    assert 0 <= title["y"] and title["y"] + title["height"] <= height
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.lab') !== null")
    for _ in range(6):  # on to the editor, within the lab
        if page.evaluate("document.activeElement.classList.contains('cm-content')"):
            break
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('.lab') !== null")
    assert page.evaluate("document.activeElement.classList.contains('cm-content')")


HEADINGS = """() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter(h => h.getClientRects().length)
    .map(h => [Number(h.tagName[1]), h.textContent.trim()])"""


@pytest.mark.parametrize("slug", [p.split("/")[1] for p in PAGES[1:]])
def test_the_picture_and_its_film_have_a_heading_of_their_own(open_lesson, slug):
    """A screen reader's list of headings went "Key terms", then "Film: ...": the picture had no
    heading (its title was bold text in the caption), so the picture and the film were filed
    under the key terms. The picture's title is an h2, the film's an h3 under it, both in the
    page as built and once the picture is live."""
    page = open_lesson(slug, width=1280, height=800)
    for state in ("built", "live"):
        if state == "live":
            page.wait_for_selector("[data-testid=picture]:not([inert])", timeout=60_000)
        headings = page.evaluate(HEADINGS)
        picture = next(i for i, (_, text) in enumerate(headings) if text.startswith("Picture:"))
        assert headings[picture - 1] == [2, "Key terms"] and headings[picture][0] == 2, (state, headings)
        film = next(i for i, (_, text) in enumerate(headings) if text.startswith("Film:"))
        assert film > picture and headings[film][0] == 3, (state, headings)
        # Nothing between them outranks the picture's heading: the film is filed under it.
        assert all(level > 2 for level, _ in headings[picture + 1:film + 1]), (state, headings)
        caption = page.locator("[data-testid=picture] figcaption")
        assert caption.locator("h2").inner_text().startswith("Picture:")


def test_each_hint_button_tells_a_screen_reader_which_check_it_is_for(open_lesson):
    """Tabbing through a report reaches only its buttons: a screen reader said "Show a hint
    (1 of 2), button" at every failed check, never which check (its name is text Tab passes
    by). Each hint button's description is now its check: "failed: <the check's name>"."""
    page = open_lesson("01-graphs", width=1280, height=800)
    wait_ready(page)
    assert check(page) == "false"
    page.focus("[data-testid=check]")
    heard = []
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        if not focused.evaluate("e => e.closest('[data-testid=result]') !== null"):
            if heard:
                break
            continue
        if focused.inner_text().startswith("Show a hint"):
            name = focused.evaluate("e => e.closest('[data-check-name]').dataset.checkName")
            expect(focused).to_have_accessible_description(f"failed: {name}")
            heard.append(name)
    assert len(heard) >= 3 and len(set(heard)) == len(heard)


def test_a_flood_of_output_is_announced_as_a_summary_not_read_out_whole(open_lesson):
    """The output is a live region: a print in a loop (64 000 characters kept) was one update a
    screen reader read out at length, line after line of numbers. A long output is now not
    live; a short status says how long it is, its last line, and the error after it."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("\nfor i in range(3000):\nprint('step', i)\n")
    page.keyboard.press("Shift+Tab")
    page.keyboard.type("raise ValueError('done printing')")
    page.keyboard.press("Control+Enter")
    output = page.locator("[data-testid=output]")
    expect(output).to_contain_text("done printing", timeout=60_000)
    said = page.locator("[data-testid=output-summary]")
    expect(said).to_contain_text("3000 lines")
    assert "step 2999" in said.inner_text() and "done printing" in said.inner_text()
    assert "step 10" not in said.inner_text()
    assert output.get_attribute("aria-live") == "off"
    # A short output is read out as it is, and the summary says nothing.
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("print('hello')\n")
    page.keyboard.press("Control+Enter")
    expect(output).to_have_text("hello\n", timeout=60_000)
    assert output.get_attribute("aria-live") == "polite"
    expect(said).to_have_text("")
