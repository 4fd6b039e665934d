"""Lesson 5's picture and film in Debian Chromium: the order numbered, then the sweep back, on
c = a·b, d = c + 1, L = c·d (c has two different parents), with and without a visited set."""

from __future__ import annotations

import pytest

from tests.browser_support import ARTIFACTS, film_step, notes_in_the_way, num, set_slider, term

pytestmark = pytest.mark.browser
FIGURE = "[data-testid=picture]:not([inert])"  # live: drawn at build time, inert until its chunk
PICTURE = "[data-testid=picture-svg]"
FILM_SVG = "[data-testid=film-svg]"


@pytest.fixture
def lesson(open_lesson):
    """Lesson 5's page, its figure drawn; open_lesson (conftest) fails the test if a request
    leaves 127.0.0.1."""
    def open_figure(**options):
        page = open_lesson("05-backward", **options)
        page.locator(FIGURE).wait_for()
        return page
    return open_figure


def dfs(children: dict, output: str, visited: bool = True) -> list[str]:
    """micrograd's build_topo on a dict graph, written here independently of the page."""
    order, seen = [], set()

    def visit(name):
        if visited and name in seen:
            return
        seen.add(name)
        for child in children[name]:
            visit(child)
        order.append(name)
    visit(output)
    return order


def solve(a: float, b: float, first: str = "c", visited: bool = True) -> dict:
    """c = a·b, d = c + 1, L = c·d: values, the order and the grads one sweep of that order
    gives (with or without a visited set), worked out here in plain Python."""
    c = a * b
    d = c + 1
    values = {"a": a, "b": b, "c": c, "d": d, "L": c * d}
    local = {"L": {"c": d, "d": c}, "d": {"c": 1.0}, "c": {"a": b, "b": a}, "a": {}, "b": {}}
    children = {name: list(local[name]) for name in local}
    children["L"] = ["c", "d"] if first == "c" else ["d", "c"]
    order = dfs(children, "L", visited)
    grad = dict.fromkeys(values, 0.0)
    grad["L"] = 1.0
    runs = []  # c.grad each time c's step runs
    for name in reversed(order):
        if name == "c":
            runs.append(grad["c"])
        for child in children[name]:
            grad[child] += local[name][child] * grad[name]
    return {"values": values, "order": order, "grad": grad, "runs": runs}


def row(page, name: str, which: str, where: str = PICTURE) -> str:
    return page.text_content(f"{where} [data-node={name}] [data-row={which}]")


def badge(page, name: str, where: str = PICTURE) -> str:
    return page.text_content(f"{where} [data-badge={name}] text")


def note(page, edge: str, where: str = PICTURE) -> str:
    """The note beside an arrow, its lines ("3·13" over "= 39") joined by a space."""
    return page.eval_on_selector(f"{where} [data-note={edge}]",
                                 "t => [...t.children].map(s => s.textContent).join(' ')")


NAMES = ["a", "b", "c", "d", "L"]


def assert_picture(page, a: float, b: float) -> None:
    s = solve(a, b)
    v, g = s["values"], s["grad"]
    for name in NAMES:
        assert row(page, name, "value") == f"value {num(v[name])}"
        assert row(page, name, "grad") == f"grad {num(g[name])}"
    assert [badge(page, n) for n in NAMES] == ["1", "2", "3", "4", "5"]
    # Beside each arrow, what crossed it: local gradient × the parent's grad.
    assert note(page, "c-L") == f"{term(v['d'])}·1 = {num(v['d'])}"
    assert note(page, "d-L") == f"{term(v['c'])}·1 = {num(v['c'])}"
    assert note(page, "c-d") == f"1·{term(g['d'])} = {num(g['d'])}"
    assert note(page, "a-c") == f"{term(b)}·{term(g['c'])} = {num(g['a'])}"
    assert note(page, "b-c") == f"{term(a)}·{term(g['c'])} = {num(g['b'])}"
    assert page.text_content("[data-testid=picture-order]") == "Order: a, b, c, d, L. Sweep: L, d, c, b, a."
    label = page.get_attribute(PICTURE, "aria-label")
    assert f"a = {num(a)}, b = {num(b)}" in label and f"grad {num(g['a'])}" in label


def test_the_python_reference_agrees_with_the_lesson():
    s = solve(2, 3)
    assert s["grad"] == {"a": 39, "b": 26, "c": 13, "d": 6, "L": 1}
    assert solve(2, 3, "c", visited=False)["grad"]["a"] == 78
    assert solve(2, 3, "d", visited=False)["grad"]["a"] == 60


def test_the_picture_numbers_the_order_and_shows_each_hand_over(lesson):
    page = lesson()
    assert page.get_attribute(PICTURE, "role") == "img"
    assert_picture(page, 2, 3)
    assert note(page, "a-c") == "3·13 = 39"  # the lesson's own numbers, as its text says
    set_slider(page, "a", -1.5)
    set_slider(page, "b", 2.5)
    assert_picture(page, -1.5, 2.5)
    page.focus("[data-testid=slider-b]")
    page.keyboard.press("ArrowLeft")
    assert_picture(page, -1.5, 2.4)
    # With the visited set, which child of L the search visits first changes nothing.
    page.get_by_label("d first (L = d*c)").check()
    assert page.text_content(f"{PICTURE} [data-node=L] .label") == "L = d·c"
    assert_picture(page, -1.5, 2.4)
    assert page.errors == []


@pytest.mark.parametrize("width", [390, 1280])
def test_every_note_stays_readable_at_the_ends_of_the_sliders(lesson, width):
    """a = -4, b = 3.9 by the keyboard: the longest numbers the sliders give. On one line each,
    a-c's and b-c's notes ran into each other and d-L's off the drawing's right edge."""
    page = lesson(width=width, height=900)
    page.focus("[data-testid=slider-a]")
    page.keyboard.press("Home")
    page.focus("[data-testid=slider-b]")
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    assert_picture(page, -4, 3.9)
    assert note(page, "b-c") == "(-4)·(-30.2) = 120.8"
    assert notes_in_the_way(page, PICTURE) == []
    for _ in range(10):  # the film's last frame has every note the sweep wrote
        page.click("[data-testid=film-forward]")
    assert film_step(page)[0] == "step 11 of 11"
    assert note(page, "d-L", FILM_SVG) == "(-15.6)·1 = -15.6"
    assert notes_in_the_way(page, FILM_SVG) == []
    page.locator(FIGURE).screenshot(path=str(ARTIFACTS / f"picture-05-backward-ends-{width}.png"))


@pytest.mark.parametrize("first", ["c", "d"])
def test_forgetting_the_visited_set_lists_c_twice_and_the_grads_come_out_too_large(lesson, first):
    page = lesson()
    wrong = page.locator("[data-testid=picture-wrong]")
    assert wrong.is_hidden()
    page.get_by_label("build the order without a visited set").check()
    if first == "d":
        page.get_by_label("d first (L = d*c)").check()
    for a, b in [(2, 3), (1, 3), (-1.5, 0.5)]:
        set_slider(page, "a", a)
        set_slider(page, "b", b)
        right, broken = solve(a, b), solve(a, b, first, visited=False)
        order = broken["order"]
        assert page.text_content("[data-testid=picture-order]") == \
            f"Order: {', '.join(order)}. Sweep: {', '.join(reversed(order))}."
        places = {n: ",".join(str(i + 1) for i, m in enumerate(order) if m == n) for n in NAMES}
        assert [badge(page, n) for n in NAMES] == [places[n] for n in NAMES]
        # c's step runs twice: a and b get too much, and say so; c, d and L stay right.
        for name in "ab":
            mark = "" if num(broken["grad"][name]) == num(right["grad"][name]) else " ✗"
            assert row(page, name, "grad") == f"grad {num(broken['grad'][name])}{mark}"
        for name in "cdL":
            assert row(page, name, "grad") == f"grad {num(right['grad'][name])}"
        early, late = broken["runs"]
        text = wrong.inner_text()
        assert f"first with c.grad = {num(early)}" in text and f"then with c.grad = {num(late)}" in text
        assert (f"a.grad would be {num(broken['grad']['a'])} and b.grad {num(broken['grad']['b'])}, "
                f"wrong (the right values are {num(right['grad']['a'])} and {num(right['grad']['b'])})") in text
    # The lesson's numbers: c first doubles exactly; d first is too large but not twice.
    set_slider(page, "a", 2)
    set_slider(page, "b", 3)
    if first == "c":
        assert row(page, "a", "grad") == "grad 78 ✗"
        assert "already whole" in wrong.inner_text() and "exactly twice" in wrong.inner_text()
    else:
        assert row(page, "a", "grad") == "grad 60 ✗" and row(page, "b", "grad") == "grad 40 ✗"
        assert "before d has added its share" in wrong.inner_text()
        assert f"{num(60 / 39)} times, not twice" in wrong.inner_text()
        # With a negative b, c's second share takes from a.grad: "too large" would be false.
        set_slider(page, "a", 0.7)
        set_slider(page, "b", -1)
        right, broken = solve(0.7, -1), solve(0.7, -1, "d", visited=False)
        factor = broken["grad"]["a"] / right["grad"]["a"]
        assert 0 < factor < 1, factor
        # b.grad is negative (-0.07 against -0.28): smaller only in size, and the page says so.
        assert right["grad"]["b"] < 0
        assert f"too small in size, {num(factor)} times the right value" in wrong.inner_text()
        set_slider(page, "a", 2)
        set_slider(page, "b", 3)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=picture-still]").screenshot(
        path=str(ARTIFACTS / f"picture-05-backward-wrong-{first}.png"))
    page.get_by_label("build the order without a visited set").uncheck()
    assert wrong.is_hidden()
    assert_picture(page, 2, 3)
    assert page.errors == []


def test_the_film_numbers_the_order_then_sweeps_back_filling_each_grad(lesson):
    page = lesson()
    forward = page.get_by_role("button", name="Step forward")
    back = page.get_by_role("button", name="Step back")
    badges = lambda: [badge(page, n, FILM_SVG) for n in NAMES]  # noqa: E731
    grads = lambda: [row(page, n, "grad", FILM_SVG) for n in NAMES]  # noqa: E731

    # The order, one append per step, in depth-first order from L.
    assert film_step(page) == ("step 1 of 11", "visit(L) → visit(c) → visit(a): a has no children, "
                                          "so it is appended: number 1.")
    assert badges() == ["1", "", "", "", ""]
    forward.click()
    assert film_step(page)[1].startswith("visit(L) → visit(c) → visit(b)") and badges() == ["1", "2", "", "", ""]
    forward.click()
    assert film_step(page)[1] == "Back in visit(c): its children are all in the order, so c is appended: number 3."
    forward.click()
    # No step showed visit(d) starting (its only child, c, is skipped), so its step names the calls.
    assert film_step(page)[1] == ("visit(L) → visit(d): its children are all in the order (c is skipped: "
                                  "already visited), so d is appended: number 4.")
    forward.click()
    assert badges() == ["1", "2", "3", "4", "5"]
    assert grads() == ["grad ?"] * 5
    forward.click()
    assert film_step(page) == ("step 6 of 11", "The order is a, b, c, d, L: every node after its children. "
                                          "Seed: L.grad = 1, then sweep the order in reverse.")
    assert grads() == ["grad ?"] * 4 + ["grad 1"]
    # The sweep: L, d, then c with its whole grad, then the leaves.
    forward.click()
    assert film_step(page)[1].startswith("L (number 5) has its whole grad, 1: it hands 7·1 = 7 to c and 6·1 = 6 to d")
    assert grads() == ["grad ?", "grad ?", "grad 7", "grad 6", "grad 1"]
    flowing = f"{FILM_SVG} .edge.flowing"
    assert sorted(page.eval_on_selector_all(flowing, "es => es.map(e => e.dataset.edge)")) == ["c-L", "d-L"]
    forward.click()
    assert film_step(page)[1].startswith("d (number 4) has its whole grad, 6: it hands 1·6 = 6 to c")
    assert grads() == ["grad ?", "grad ?", "grad 13", "grad 6", "grad 1"]
    forward.click()
    assert film_step(page)[1].startswith("c (number 3) has its whole grad, 13: it hands 3·13 = 39 to a and 2·13 = 26 to b")
    assert grads() == ["grad 39", "grad 26", "grad 13", "grad 6", "grad 1"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=film]").screenshot(path=str(ARTIFACTS / "film-05-backward.png"))
    forward.click()
    forward.click()
    assert film_step(page) == ("step 11 of 11", "a (number 1) is a leaf: nothing to hand on. "
                                           "Done: a.grad = 39, b.grad = 26.")
    assert forward.get_attribute("aria-disabled") == "true"

    # The film follows the sliders; Back steps back exactly.
    set_slider(page, "b", -2)
    s = solve(2, -2)
    assert film_step(page)[1].endswith(f"Done: a.grad = {num(s['grad']['a'])}, b.grad = {num(s['grad']['b'])}.")
    back.click()
    back.click()
    assert film_step(page)[0] == "step 9 of 11" and grads()[0] == f"grad {num(s['grad']['a'])}"
    back.focus()
    page.keyboard.press("Enter")
    assert film_step(page)[0] == "step 8 of 11"
    assert grads() == ["grad ?", "grad ?", f"grad {num(s['grad']['c'])}", f"grad {num(s['grad']['d'])}", "grad 1"]
    assert page.errors == []


def test_the_film_without_a_visited_set_runs_c_twice_the_first_time_too_early(lesson):
    page = lesson()
    page.get_by_label("build the order without a visited set").check()
    page.get_by_label("d first (L = d*c)").check()
    broken = solve(2, 3, "d", visited=False)
    steps = len(broken["order"]) * 2 + 1
    forward = page.get_by_role("button", name="Step forward")
    texts = [film_step(page)]
    for _ in range(steps - 1):
        forward.click()
        texts.append(film_step(page))
    assert [counter for counter, _ in texts] == [f"step {i} of {steps}" for i in range(1, steps + 1)]
    said = [text for _, text in texts]
    assert said[3] == "Back in visit(d): its children are all in the order, so d is appended: number 4."
    assert "with no visited set it is listed a second time" in said[6]  # c appended again: number 7
    assert said[8].startswith("The order is a, b, c, d, a, b, c, L: c, a and b are listed twice.")
    early, late = broken["runs"]
    # c's grad just after L's step is the 7 the right sweep has there too, on its way to 13: no ✗.
    # a's 21 after c's early run is not marked either: c's second run still adds to it.
    back = page.get_by_role("button", name="Step back")
    for _ in range(steps - 11):
        back.click()
    assert film_step(page)[0] == "step 11 of 17"
    assert row(page, "c", "grad", FILM_SVG) == "grad 7" and row(page, "a", "grad", FILM_SVG) == "grad 21"
    for _ in range(steps - 11):
        forward.click()
    assert said[10] == (f"c (number 7) runs with c.grad = {num(early)}, before d has added its share: "
                        f"it hands 3·{num(early)} = {num(3 * early)} to a and 2·{num(early)} = {num(2 * early)} to b.")
    assert said[14].startswith(f"c (number 3) runs its step AGAIN, with c.grad = {num(late)}")
    assert said[-1].endswith(f"Done: a.grad = {num(broken['grad']['a'])} and b.grad = {num(broken['grad']['b'])}, "
                             "where 39 and 26 are right.")
    assert row(page, "a", "grad", FILM_SVG) == "grad 60 ✗"
    assert page.get_attribute(FILM_SVG, "aria-label").startswith(f"Film, step {steps} of {steps}, without a visited set")
    assert page.errors == []


def test_play_steps_on_its_own_and_respects_reduced_motion(lesson):
    page = lesson(reduced_motion="reduce")
    page.click("[data-testid=film-play]")
    page.wait_for_function("document.querySelector('[data-testid=film-counter]').textContent === 'step 2 of 11'",
                           timeout=10_000)
    page.click("[data-testid=film-play]")  # pause
    assert page.get_attribute("[data-testid=film-play]", "aria-label") == "Play the film"
    for _ in range(5):
        page.click("[data-testid=film-forward]")
    animation = page.eval_on_selector(f"{FILM_SVG} .edge.flowing", "e => getComputedStyle(e).animationName")
    assert animation == "none"


def test_the_figure_fits_a_phone(lesson):
    page = lesson(width=390, height=844)
    widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth,
        view: document.documentElement.clientWidth,
        svg: document.querySelector('[data-testid=picture-svg]').getBoundingClientRect().width})""")
    assert widths["page"] <= widths["view"] == 390 and 300 <= widths["svg"] <= 390
    size = page.eval_on_selector(f"{PICTURE} [data-row=grad]", "t => t.getBoundingClientRect().height")
    assert size >= 10
    page.locator(FIGURE).screenshot(path=str(ARTIFACTS / "picture-05-backward-390.png"))


def test_without_a_visited_set_a_grad_that_comes_out_right_is_not_called_wrong(lesson):
    """At some inputs the broken sweep still gives a right grad: a = b = 0 (every share c hands
    on is 0), a = 0 or b = 0 (the other input's grad gets 0 from both runs), or c's two runs
    adding up to c's whole grad (c = -0.5 with c visited first, c = -1 with d first). The
    sentence called every one of them "wrong (the right values are 0 and 0)"."""
    page = lesson()
    wrong = page.locator("[data-testid=picture-wrong]")
    page.get_by_label("build the order without a visited set").check()
    for a, b, first in [(0, 0, "c"), (0.5, -1, "c"), (1, -1, "d"), (0, 2, "c"), (2, 0, "d"), (2, 3, "d")]:
        page.get_by_label(f"{first} first (L = {first}*{'d' if first == 'c' else 'c'})").check()
        set_slider(page, "a", a)
        set_slider(page, "b", b)
        right, broken = solve(a, b, first), solve(a, b, first, visited=False)
        text = wrong.inner_text()
        off = [n for n in "ab" if num(broken["grad"][n]) != num(right["grad"][n])]
        for name in "ab":
            mark = " ✗" if name in off else ""
            assert row(page, name, "grad") == f"grad {num(broken['grad'][name])}{mark}"
        if not off:
            assert "wrong" not in text, (a, b, first, text)
            assert (f"a.grad and b.grad still come out right here, {num(right['grad']['a'])} and "
                    f"{num(right['grad']['b'])}, but only because") in text
            early, late = broken["runs"]
            if num(early + late) == num(right["grad"]["c"]):
                assert f"which add up to c's whole grad, {num(right['grad']['c'])}" in text
            else:
                assert a == b == 0 and "0 in both runs" in text
        elif len(off) == 1:
            [bad] = off
            good = "b" if bad == "a" else "a"
            assert {"a": a, "b": b}[bad] == 0  # the other grad is right only through a 0 input
            assert (f"{bad}.grad would be {num(broken['grad'][bad])}, wrong (the right value is "
                    f"{num(right['grad'][bad])})") in text
            assert f"{good}.grad comes out right, {num(right['grad'][good])}, only because {bad} = 0" in text
        else:
            assert (f"a.grad would be {num(broken['grad']['a'])} and b.grad {num(broken['grad']['b'])}, "
                    f"wrong (the right values are {num(right['grad']['a'])} and {num(right['grad']['b'])})") in text
    assert page.errors == []


def test_without_a_visited_set_too_large_or_too_small_is_true_of_every_grad_it_names(lesson):
    """The sentence said "too large, 1.438 times, not twice" at a = -1.5, b = 3 (d first), where
    a.grad comes out -34.5 against a right -24: a smaller number, larger only in size. Each word
    is now checked against the numbers: a plain "too large" / "too small" only where every grad
    it speaks of is positive, "in size" where one is negative, "the wrong sign" where it flipped."""
    page = lesson()
    wrong = page.locator("[data-testid=picture-wrong]")
    page.get_by_label("build the order without a visited set").check()
    seen = set()
    for a, b, first in [(-1.5, 3, "d"), (2, 3, "d"), (0.7, -1, "d"), (-2, -3, "d"), (1.5, -2, "d"),
                        (-0.5, 4, "d"), (3, -0.5, "d"), (-3, -3, "d"), (0.6, -1, "d")]:
        page.get_by_label(f"{first} first (L = {first}*{'d' if first == 'c' else 'c'})").check()
        set_slider(page, "a", a)
        set_slider(page, "b", b)
        right, broken = solve(a, b, first), solve(a, b, first, visited=False)
        text = wrong.inner_text()
        named = [n for n in "ab" if num(broken["grad"][n]) != num(right["grad"][n])]
        if len(named) != 2 or num(broken["runs"][0]) == num(right["grad"]["c"]):
            continue
        factor = broken["grad"]["a"] / right["grad"]["a"]
        negative = any(right["grad"][n] < 0 for n in named)
        if factor > 1:
            seen.add("larger")
            said = f"too large{' in size' if negative else ''}, {num(factor)} times, not twice"
        elif factor > 0:
            seen.add("smaller")
            said = f"too small{' in size' if negative else ''}, {num(factor)} times the right value"
        else:
            seen.add("flipped")
            said = f"the wrong sign, {num(factor)} times the right value"
        assert said in text, (a, b, text)
        if negative:
            seen.add("negative")
    assert seen == {"larger", "smaller", "flipped", "negative"}, seen
    assert page.errors == []
