"""Lessons 1 and 2's pictures and films in Debian Chromium: L = (a·b + c)² as a graph evaluated
forward, and a nudge travelling along a → e → d → L against the chain rule's product.
Every expected number is computed here, in Python, never copied from the JavaScript."""

from __future__ import annotations

import pytest

from tests.browser_support import ARTIFACTS, film_step, num, set_slider, term

pytestmark = pytest.mark.browser
FIGURE = "[data-testid=picture]:not([inert])"  # live: drawn at build time, inert until its chunk
PICTURE = "[data-testid=picture-svg]"
FILM = "[data-testid=film]"
FILM_SVG = "[data-testid=film-svg]"
NUDGES = [1, 0.5, 0.1, 0.01, 0.001]  # the h slider's choices, big to small


@pytest.fixture
def lesson(open_lesson):
    """A lesson's page, its figure drawn; open_lesson (conftest) fails the test if a request
    leaves 127.0.0.1."""
    def open_figure(slug, **options):
        page = open_lesson(slug, **options)
        page.locator(FIGURE).wait_for()
        return page
    return open_figure


def forward(a: float, b: float, c: float) -> dict[str, float]:
    e = a * b
    d = e + c
    return {"a": a, "b": b, "c": c, "e": e, "d": d, "L": d * d}


def node(page, name: str, row: str, where: str = PICTURE) -> str:
    return page.text_content(f"{where} [data-node={name}] [data-row={row}]")


def note(page, edge: str, where: str = PICTURE) -> list[str]:
    return page.eval_on_selector(f"{where} [data-note={edge}]", "t => [...t.children].map(s => s.textContent)")


def flowing(page) -> list[str]:
    return page.eval_on_selector_all(f"{FILM_SVG} .edge.flowing", "es => es.map(e => e.dataset.edge).sort()")


def overflowing_text(page, where: str) -> list[str]:
    """Texts wider than their node's box, and edge notes that run into a box: both unreadable."""
    return page.eval_on_selector(where, """svg => {
        const bad = [];
        const boxes = [...svg.querySelectorAll('.node .box')].map(r => r.getBoundingClientRect());
        for (const node of svg.querySelectorAll('.node')) {
            const box = node.querySelector('.box').getBoundingClientRect();
            for (const t of node.querySelectorAll(':scope > text')) {
                const r = t.getBoundingClientRect();
                if (r.left < box.left - 0.5 || r.right > box.right + 0.5) bad.push(t.textContent);
            }
        }
        // Points along every arrow, to catch a note written across one.
        const points = [...svg.querySelectorAll('.edge')].flatMap(line => {
            const [a, b] = [line.getPointAtLength(0), line.getPointAtLength(line.getTotalLength())];
            const m = line.getScreenCTM();
            return [...Array(21).keys()].map(i => new DOMPoint(a.x + (b.x - a.x) * i / 20,
                                                               a.y + (b.y - a.y) * i / 20).matrixTransform(m));
        });
        for (const t of svg.querySelectorAll('.note')) {
            const r = t.getBoundingClientRect();
            if (!t.textContent) continue;
            if (boxes.some(b => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) ||
                points.some(p => p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom))
                bad.push(t.textContent);
        }
        return bad;
    }""")


# ---- Lesson 1: the graph, evaluated forward ----------------------------------------------------

def assert_forward_picture(page, a: float, b: float, c: float) -> None:
    v = forward(a, b, c)
    for name in "abc":
        assert page.text_content(f"[data-testid=readout-{name}]") == num(v[name])
        assert node(page, name, "value") == f"value {num(v[name])}"
        assert node(page, name, "work") == "input"
    assert node(page, "e", "work") == f"{term(a)}·{term(b)}"
    assert node(page, "d", "work") == f"{term(v['e'])} + {term(c)}"
    assert node(page, "L", "work") == f"{term(v['d'])}²"
    for name in "deL":
        assert node(page, name, "value") == f"value {num(v[name])}"
    label = page.get_attribute(PICTURE, "aria-label")
    assert f"a = {num(a)}, b = {num(b)}, c = {num(c)}" in label
    assert f"L = d²: {term(v['d'])}², value {num(v['L'])}." in label
    assert f"e = a·b: {term(a)}·{term(b)}, value {num(v['e'])}." in label


def test_lesson_1_picture_recomputes_every_step_as_the_sliders_move(lesson):
    page = lesson("01-graphs")
    assert page.get_attribute(PICTURE, "role") == "img"
    assert page.get_by_label("a", exact=True).get_attribute("type") == "range"  # labelled for screen readers
    assert_forward_picture(page, 2, -3, 10)
    assert node(page, "L", "value") == "value 16"  # the lesson's own numbers, as a sanity anchor
    # Every arrow points from a value to the step that uses it.
    edges = page.eval_on_selector_all(f"{PICTURE} .edge", "es => es.map(e => e.dataset.edge).sort()")
    assert edges == sorted(["a-e", "b-e", "e-d", "c-d", "d-L"])

    set_slider(page, "a", 1.5)
    set_slider(page, "b", -2)
    set_slider(page, "c", 4.5)
    assert_forward_picture(page, 1.5, -2, 4.5)
    # Keyboard: a focused slider moves by one step (0.5 for c) per arrow key.
    page.focus("[data-testid=slider-c]")
    page.keyboard.press("ArrowRight")
    assert_forward_picture(page, 1.5, -2, 5)
    # With what it changed: the keyboard learner hears L, not only the slider.
    assert page.get_attribute("[data-testid=slider-c]", "aria-valuetext") == f"c = 5, so L = {(1.5 * -2 + 5) ** 2:g}"

    # The longest numbers the sliders allow still fit inside their boxes.
    for values in [(-2.9, -2.9, -9.5), (-2.9, 2.9, -9.5), (-3, 3, -10)]:
        for name, value in zip("abc", values):
            set_slider(page, name, value)
        assert_forward_picture(page, *values)
        assert overflowing_text(page, PICTURE) == []
    for name, value in zip("abc", (2, -3, 10)):
        set_slider(page, name, value)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=picture-still]").screenshot(path=str(ARTIFACTS / "picture-01-graphs.png"))
    assert page.errors == []


def test_lesson_1_film_computes_each_step_only_after_its_inputs(lesson):
    page = lesson("01-graphs")
    forward_button = page.get_by_role("button", name="Step forward")
    back = page.get_by_role("button", name="Step back")
    v = forward(2, -3, 10)
    counter, text = film_step(page)
    assert counter == "step 1 of 4"
    assert text.startswith("The leaves are given: a = 2, b = -3, c = 10.")
    for name, needs in [("e", "a, b"), ("d", "e, c"), ("L", "d")]:
        assert node(page, name, "value", FILM_SVG) == "value ?"
        assert node(page, name, "work", FILM_SVG) == f"needs {needs}"
    assert node(page, "a", "value", FILM_SVG) == "value 2"

    forward_button.click()
    assert film_step(page) == ("step 2 of 4", f"e = a·b = {term(v['a'])}·{term(v['b'])} = {num(v['e'])}: "
                                              "a and b are known now.")
    assert node(page, "e", "value", FILM_SVG) == f"value {num(v['e'])}"
    assert node(page, "d", "value", FILM_SVG) == "value ?"
    assert flowing(page) == ["a-e", "b-e"]
    assert page.text_content(f"{FILM_SVG} [data-badge=e]") == "2"
    forward_button.click()
    assert film_step(page) == ("step 3 of 4", f"d = e + c = {term(v['e'])} + {term(v['c'])} = {num(v['d'])}: "
                                              "e and c are known now.")
    assert flowing(page) == ["c-d", "e-d"]
    assert node(page, "L", "value", FILM_SVG) == "value ?"
    forward_button.click()
    assert film_step(page) == ("step 4 of 4", f"L = d² = {term(v['d'])}² = {num(v['L'])}: d is known now. "
                                              "Done: every step ran once, after the values it uses.")
    assert node(page, "L", "value", FILM_SVG) == f"value {num(v['L'])}"
    assert "Film, step 4 of 4." in page.get_attribute(FILM_SVG, "aria-label")
    assert forward_button.get_attribute("aria-disabled") == "true"
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(FILM).screenshot(path=str(ARTIFACTS / "film-01-graphs.png"))

    # The film follows the sliders: its frames are rebuilt from the current values.
    set_slider(page, "a", 0.5)
    w = forward(0.5, -3, 10)
    assert film_step(page)[1].startswith(f"L = d² = {term(w['d'])}² = {num(w['L'])}:")
    assert node(page, "d", "value", FILM_SVG) == f"value {num(w['d'])}"
    back.click()
    back.click()
    back.click()
    assert film_step(page)[0] == "step 1 of 4"
    assert back.get_attribute("aria-disabled") == "true"
    assert node(page, "e", "value", FILM_SVG) == "value ?"
    forward_button.focus()  # the keyboard alone steps the film too
    page.keyboard.press("Enter")
    assert film_step(page)[1] == f"e = a·b = 0.5·{term(w['b'])} = {num(w['e'])}: a and b are known now."
    assert page.errors == []


# ---- Lesson 2: nudge and see vs the chain rule -------------------------------------------------

def nudged(a: float, b: float, c: float, h: float) -> dict:
    before, after, below = forward(a, b, c), forward(a + h, b, c), forward(a - h, b, c)
    change = {k: after[k] - before[k] for k in "adeL"}
    product = 2 * before["d"] * 1 * b  # dL/dd · dd/de · de/da
    return {"before": before, "after": after, "change": change, "product": product,
            "measured": change["L"] / h, "both": (after["L"] - below["L"]) / (2 * h),
            "spread": after["L"] - below["L"]}


def assert_moves(text: str, before: float, after: float) -> None:
    """A node's "before → after": each its true value to at least 4 significant digits, and
    the two far enough apart in their digits that their difference reads as the change shown
    beside them (4 digits alone once showed d = -19 → -19 beside Δd = 0.003)."""
    was, now = text.split(" → ")
    for shown, true in ((was, before), (now, after)):
        assert num(float(shown)) == num(true), (text, before, after)
        assert len(shown.lstrip("-").replace(".", "").lstrip("0")) <= 8, text
    assert num(float(now) - float(was)) == num(after - before), (text, before, after)


def assert_chain_picture(page, a: float, b: float, c: float, h: float) -> None:
    n = nudged(a, b, c, h)
    was, now, delta = n["before"], n["after"], n["change"]
    assert page.text_content("[data-testid=readout-h]") == num(h)
    assert_moves(node(page, "a", "value"), a, a + h)
    assert node(page, "a", "change") == f"Δa = h = {num(h)}"
    for name in "deL":
        assert_moves(node(page, name, "value"), was[name], now[name])
        assert node(page, name, "change") == f"Δ{name} = {num(delta[name])}"
    assert node(page, "b", "change") == "held still"
    # Beside each arrow: the local rate, and the ratio of the changes really measured.
    assert note(page, "a-e") == [f"rate de/da = b = {num(b)}", f"measured Δe/Δa = {num(delta['e'] / delta['a'])}"]
    assert note(page, "e-d") == ["rate dd/de = 1", f"measured Δd/Δe = {num(delta['d'] / delta['e'])}"]
    assert note(page, "d-L") == [f"rate dL/dd = 2d = {num(2 * was['d'])}",
                                 f"measured ΔL/Δd = {num(delta['L'] / delta['d'])}"]
    assert page.text_content("[data-testid=chain-product]") == (
        f"Chain rule: dL/da = dL/dd · dd/de · de/da = {term(2 * was['d'])} · 1 · {term(b)} = {num(n['product'])}")
    assert page.text_content("[data-testid=chain-measured]") == (
        f"Nudge: (L(a+h) − L(a)) / h = {term(delta['L'])} / {num(h)} = {num(n['measured'])}")
    assert page.text_content("[data-testid=chain-both-ways]") == (
        f"Both ways: (L(a+h) − L(a−h)) / 2h = {term(n['spread'])} / {num(2 * h)} = {num(n['both'])}")
    gap = page.text_content("[data-testid=chain-gap]")
    assert gap.startswith(f"One way, the nudge and the chain rule differ by {num(abs(n['measured'] - n['product']))}.")
    both_gap = abs(n["both"] - n["product"])
    both_gap = 0 if both_gap < 1e-9 * max(1, abs(n["product"])) else both_gap  # float rounding
    assert gap.endswith(f"Nudging both ways is off by {num(both_gap)}: the bend cancels.")
    # The table: the nudge for every h, this one marked.
    rows = page.eval_on_selector_all("[data-testid=nudge-table] tbody tr",
                                     "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    expected = []
    for size in NUDGES:
        m = nudged(a, b, c, size)
        mark = " ◀" if size == h else ""
        expected.append([num(size) + mark, num(m["measured"]), num(abs(m["measured"] - m["product"])),
                         num(m["both"])])
    assert rows == expected
    assert page.text_content("[data-testid=nudge-table] tr[aria-current=true] td") == f"{num(h)} ◀"


def test_lesson_2_nudge_meets_the_chain_rule_as_h_shrinks(lesson):
    page = lesson("02-chain-rule")
    assert page.get_attribute(PICTURE, "role") == "img"
    assert page.get_by_label("h", exact=True).get_attribute("type") == "range"
    assert_chain_picture(page, 2, -3, 10, 0.1)
    # The lesson's own numbers: the rates multiply to -24, and the path is highlighted.
    assert page.text_content("[data-testid=chain-product]").endswith("8 · 1 · (-3) = -24")
    # L is a parabola in a, so nudging both ways is exact for every h, as the lesson says.
    set_slider(page, "h", len(NUDGES) - 1)
    assert page.text_content("[data-testid=chain-measured]").endswith("= -23.99")  # -23.991, 4 digits
    assert page.text_content("[data-testid=chain-both-ways]").endswith("= -24")
    assert all(r[3] == "-24" for r in page.eval_on_selector_all(
        "[data-testid=nudge-table] tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))"))
    set_slider(page, "h", 2)
    path = page.eval_on_selector_all(f"{PICTURE} .edge.path", "es => es.map(e => e.dataset.edge).sort()")
    assert path == ["a-e", "d-L", "e-d"]

    # Keyboard: ArrowRight makes h ten times smaller, and the two numbers come together.
    page.focus("[data-testid=slider-h]")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("[data-testid=slider-h]", "aria-valuetext").startswith(
        "h = 0.01, so the nudge measures dL/da = ")
    assert_chain_picture(page, 2, -3, 10, 0.01)
    page.keyboard.press("ArrowRight")
    assert_chain_picture(page, 2, -3, 10, 0.001)
    assert "Close" in page.text_content("[data-testid=chain-gap]")
    set_slider(page, "h", 0)
    assert_chain_picture(page, 2, -3, 10, 1)
    assert "make h smaller" in page.text_content("[data-testid=chain-gap]")
    # What the picture claims, checked on the Python side: the gap shrinks with h, and a big
    # h is visibly off.
    gaps = [abs(nudged(2, -3, 10, h)["measured"] - nudged(2, -3, 10, h)["product"]) for h in NUDGES]
    assert gaps == sorted(gaps, reverse=True) and gaps[0] > 1 > 0.01 > gaps[-1]

    # Other inputs: every number follows (the sign flips with b).
    set_slider(page, "h", 2)
    set_slider(page, "b", 1.5)
    set_slider(page, "c", -2)
    assert_chain_picture(page, 2, 1.5, -2, 0.1)
    for values in [(-2.9, -2.9, -9.5), (2.9, 2.9, 10), (-3, 3, -10)]:
        for name, value in zip("abc", values):
            set_slider(page, name, value)
        assert_chain_picture(page, *values, 0.1)
        assert overflowing_text(page, PICTURE) == []
    for name, value in zip("abc", (2, -3, 10)):
        set_slider(page, name, value)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=picture-still]").screenshot(path=str(ARTIFACTS / "picture-02-chain-rule.png"))
    assert page.errors == []


def test_lesson_2_film_carries_the_nudge_along_the_path(lesson):
    page = lesson("02-chain-rule")
    forward_button = page.get_by_role("button", name="Step forward")
    b, h = -3, 0.1
    n = nudged(2, b, 10, h)
    was, now, delta = n["before"], n["after"], n["change"]
    two_e = 2 * was["d"]
    assert film_step(page) == ("step 1 of 5", f"Nudge a by h = {num(h)}: a goes from 2 to {num(now['a'])}, "
                                              f"so Δa = {num(h)}.")
    assert node(page, "e", "value", FILM_SVG) == f"{num(was['e'])} → ?"
    assert node(page, "e", "change", FILM_SVG) == "Δe = ?"

    # Each frame names the local rate that multiplied the change.
    forward_button.click()
    counter, text = film_step(page)
    assert counter == "step 2 of 5"
    assert (f"The rate de/da = b = {num(b)} multiplies the change: Δe = {term(b)}·{term(delta['a'])} = "
            f"{num(b * delta['a'])}, so e goes from {num(was['e'])} to {num(now['e'])}.") in text
    assert node(page, "e", "value", FILM_SVG) == f"{num(was['e'])} → {num(now['e'])}"
    assert node(page, "d", "value", FILM_SVG) == f"{num(was['d'])} → ?"
    assert flowing(page) == ["a-e"]
    assert note(page, "a-e", FILM_SVG) == [f"rate de/da = b = {num(b)}"]
    forward_button.click()
    assert f"The rate dd/de = 1 multiplies it: Δd = 1·{term(delta['e'])} = {num(delta['d'])}" in film_step(page)[1]
    assert flowing(page) == ["e-d"]
    forward_button.click()
    text = film_step(page)[1]
    assert (f"The rate dL/dd = 2d = {num(two_e)} multiplies the change: "
            f"ΔL ≈ {term(two_e)}·{term(delta['d'])} = {num(two_e * delta['d'])}.") in text
    assert f"L goes from {num(was['L'])} to {num(now['L'])}, ΔL = {num(delta['L'])}." in text
    assert "bends" in text  # h = 0.1 is big enough for the square's curve to show
    assert node(page, "L", "change", FILM_SVG) == f"ΔL = {num(delta['L'])}"
    forward_button.click()
    assert film_step(page) == (
        "step 5 of 5", f"All together ΔL ≈ {term(two_e)} · 1 · {term(b)} · h: the chain rule gives dL/da = "
                       f"{num(n['product'])}, and the nudge measures ΔL / h = {num(n['measured'])}.")
    path = page.eval_on_selector_all(f"{FILM_SVG} .edge.path", "es => es.map(e => e.dataset.edge).sort()")
    assert path == ["a-e", "d-L", "e-d"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(FILM).screenshot(path=str(ARTIFACTS / "film-02-chain-rule.png"))

    # A smaller h: the film's numbers follow, the square no longer visibly bends, and the
    # measured ratio is within a hair of the product.
    set_slider(page, "h", 4)
    small = nudged(2, -3, 10, 0.001)
    assert film_step(page)[1].endswith(f"the nudge measures ΔL / h = {num(small['measured'])}.")
    page.get_by_role("button", name="Step back").click()
    assert "bends" not in film_step(page)[1]
    assert f"ΔL = {num(small['change']['L'])}." in film_step(page)[1]
    assert page.errors == []


def test_lesson_2_a_small_nudge_shows_each_node_move_by_its_change(lesson):
    """With h = 0.001, 4 significant digits hid the move: d = -19 → -19 beside Δd = 0.003, and
    the film said "d goes from -19 to -19". Each before → after now keeps the digits its
    change needs, in the picture, the film's boxes and the film's sentences."""
    page = lesson("02-chain-rule")
    set_slider(page, "h", len(NUDGES) - 1)
    for name, value in zip("abc", (-3, 3, -10)):
        set_slider(page, name, value)
    assert_chain_picture(page, -3, 3, -10, 0.001)
    # d = -3·3 - 10 = -19 moves to -2.999·3 - 10 = -18.997, and L = 361 to 18.997² = 360.886009.
    assert node(page, "d", "value") == "-19 → -18.997"
    assert node(page, "L", "value") == "361 → 360.886"
    assert overflowing_text(page, PICTURE) == []
    forward_button = page.get_by_role("button", name="Step forward")
    assert film_step(page)[0] == "step 1 of 5"
    assert node(page, "d", "value", FILM_SVG) == "-19 → ?"
    forward_button.click()
    forward_button.click()
    assert film_step(page)[1].endswith("so d goes from -19 to -18.997.")
    assert node(page, "d", "value", FILM_SVG) == "-19 → -18.997"
    forward_button.click()
    assert "Measured: L goes from 361 to 360.886, ΔL = -0.114." in film_step(page)[1]
    assert overflowing_text(page, FILM_SVG) == []
    # The lesson's own numbers: L = 16 moves to 15.976009 (lesson 1 rounds it to 6 decimals).
    for name, value in zip("abc", (2, -3, 10)):
        set_slider(page, name, value)
    assert_chain_picture(page, 2, -3, 10, 0.001)
    assert node(page, "L", "value") == "16 → 15.97601"
    for values in [(-2.9, -2.9, -9.5), (2.9, 2.9, 10), (0.1, 0.1, 0)]:
        for name, value in zip("abc", values):
            set_slider(page, name, value)
        assert_chain_picture(page, *values, 0.001)
        assert overflowing_text(page, PICTURE) == []
    assert page.errors == []


def test_lesson_2_gap_sentence_claims_only_what_its_table_shows(lesson):
    """The sentence under the nudge said, for every setting, that the one-way gap shrinks with h
    ("Close: the smaller h, the closer") or shows the curve, and that "the bend cancels" both
    ways. At b = 0 a does not move L at all: every gap is 0 for every h, there is no bend, and
    both claims were false. Each claim is now checked against the numbers, in Python."""
    page = lesson("02-chain-rule")
    for values in [(2, 0, 10), (-1.5, 0, -3), (2, -3, 10), (2, -3, 6), (0.1, 0.1, 0)]:
        for name, value in zip("abc", values):
            set_slider(page, name, value)
        for i, h in enumerate(NUDGES):
            set_slider(page, "h", i)
            sentence = page.text_content("[data-testid=chain-gap]")
            gaps = [abs(nudged(*values, size)["measured"] - nudged(*values, size)["product"]) for size in NUDGES]
            moves = any(nudged(*values, size)["change"]["L"] != 0 for size in NUDGES)
            if not moves:  # L does not depend on a here: no trend, no bend, the page must say so
                assert max(gaps) == 0
                assert "the smaller h, the closer" not in sentence and "bend" not in sentence, sentence
                assert "does not move L" in sentence, sentence
            else:  # the gap falls with h, and the bend is real
                assert gaps == sorted(gaps, reverse=True) and gaps[-1] < gaps[0], values
                assert "the bend cancels" in sentence, sentence
    assert page.errors == []


# ---- Both lessons ------------------------------------------------------------------------------

@pytest.mark.parametrize("slug, steps", [("01-graphs", 4), ("02-chain-rule", 5)])
def test_play_runs_the_film_and_reduced_motion_drops_the_moving_dashes(lesson, slug, steps):
    page = lesson(slug, reduced_motion="reduce")
    play = page.get_by_role("button", name="Play the film")
    play.click()
    pause = page.get_by_role("button", name="Pause the film")
    page.wait_for_function("document.querySelector('[data-testid=film-counter]').textContent"
                           f" === 'step 2 of {steps}'", timeout=10_000)
    animation = page.eval_on_selector(f"{FILM_SVG} .edge.flowing", "e => getComputedStyle(e).animationName")
    assert animation == "none"
    pause.click()
    assert play.is_visible()
    page.wait_for_timeout(3500)
    assert page.text_content("[data-testid=film-counter]") == f"step 2 of {steps}"
    assert page.errors == []


def test_without_reduced_motion_the_flowing_edges_move(lesson):
    page = lesson("01-graphs", reduced_motion="no-preference")
    page.get_by_role("button", name="Step forward").click()
    assert page.eval_on_selector(f"{FILM_SVG} .edge.flowing", "e => getComputedStyle(e).animationName") == "graph-flow"


def test_the_marker_ids_are_unique_on_the_page(lesson):
    page = lesson("02-chain-rule")
    ids = page.eval_on_selector_all("svg marker", "ms => ms.map(m => m.id)")
    assert len(ids) >= 4 and len(ids) == len(set(ids))
    # Every arrow points at a marker of its own drawing.
    for where in (PICTURE, FILM_SVG):
        own = page.eval_on_selector_all(f"{where} marker", "ms => ms.map(m => m.id)")
        used = page.eval_on_selector_all(f"{where} .edge", "es => es.map(e => e.getAttribute('marker-end')"
                                         " ?? e.getAttribute('marker-start'))")  # a backward step's lit edge
        assert None not in used and {u[5:-1] for u in used} <= set(own)


@pytest.mark.parametrize("slug", ["01-graphs", "02-chain-rule"])
def test_the_figure_fits_a_phone_and_its_text_stays_legible(lesson, slug):
    page = lesson(slug, width=390, height=844)
    widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth,
        view: document.documentElement.clientWidth,
        figure: document.querySelector('[data-testid=picture]').getBoundingClientRect().right,
        svg: document.querySelector('[data-testid=picture-svg]').getBoundingClientRect().width,
        film: document.querySelector('[data-testid=film-svg]').getBoundingClientRect().right})""")
    assert widths["page"] <= widths["view"] == 390
    assert widths["figure"] <= 390 and widths["film"] <= 390
    assert 300 <= widths["svg"] <= 390
    # The smallest text drawn, as rendered: its font size scaled by the viewBox, at least 10 px.
    smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.graph-picture')].flatMap(svg => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return [...svg.querySelectorAll('text')].filter(t => t.textContent)
            .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
    }))""")
    assert smallest >= 10
    if slug == "02-chain-rule":
        table = page.eval_on_selector("[data-testid=nudge-table]", "t => t.getBoundingClientRect().right")
        assert table <= 390
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(FIGURE).screenshot(path=str(ARTIFACTS / f"picture-{slug}-390.png"))
    assert page.errors == []
