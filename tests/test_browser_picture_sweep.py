"""Lesson 5's picture and film in Debian Chromium: the order numbered, then the sweep back."""

from __future__ import annotations

import pytest

from tests.browser_support import ARTIFACTS, film_step, num, set_slider, term

pytestmark = pytest.mark.browser
FIGURE = "[data-testid=picture]"
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


def solve(a: float, b: float) -> dict:
    """c = a·b, L = c·c and its gradients, worked out here independently of the page."""
    c = a * b
    return {"values": {"a": a, "b": b, "c": c, "L": c * c},
            "grad": {"L": 1, "c": 2 * c, "a": b * 2 * c, "b": a * 2 * c}}


def row(page, name: str, which: str, where: str = PICTURE) -> str:
    return page.text_content(f"{where} [data-node={name}] [data-row={which}]")


def badge(page, name: str, where: str = PICTURE) -> str:
    return page.text_content(f"{where} [data-badge={name}] text")


def note(page, edge: str, where: str = PICTURE) -> str:
    return page.text_content(f"{where} [data-note={edge}]")


def assert_picture(page, a: float, b: float) -> None:
    s = solve(a, b)
    c = s["values"]["c"]
    for name in "abcL":
        assert row(page, name, "value") == f"value {num(s['values'][name])}"
        assert row(page, name, "grad") == f"grad {num(s['grad'][name])}"
    assert [badge(page, n) for n in "abcL"] == ["1", "2", "3", "4"]
    # Beside each arrow, what crossed it: local gradient × the parent's grad.
    assert note(page, "c-L") == f"{term(c)}·1 + {term(c)}·1 = {num(2 * c)}"
    assert note(page, "a-c") == f"{term(b)}·{term(2 * c)} = {num(s['grad']['a'])}"
    assert note(page, "b-c") == f"{term(a)}·{term(2 * c)} = {num(s['grad']['b'])}"
    assert page.text_content("[data-testid=picture-order]") == "Order: a, b, c, L. Sweep: L, c, b, a."
    label = page.get_attribute(PICTURE, "aria-label")
    assert f"a = {num(a)}, b = {num(b)}" in label and f"grad {num(s['grad']['a'])}" in label


def test_the_picture_numbers_the_order_and_shows_each_hand_over(lesson):
    page = lesson()
    assert page.get_attribute(PICTURE, "role") == "img"
    assert_picture(page, 2, 3)
    assert note(page, "a-c") == "3·12 = 36"  # the lesson's own numbers, as its text says
    set_slider(page, "a", -1.5)
    set_slider(page, "b", 2.5)
    assert_picture(page, -1.5, 2.5)
    page.focus("[data-testid=slider-b]")
    page.keyboard.press("ArrowLeft")
    assert_picture(page, -1.5, 2.4)
    assert page.errors == []


def test_forgetting_the_visited_set_lists_c_twice_and_doubles_the_grads(lesson):
    page = lesson()
    wrong = page.locator("[data-testid=picture-wrong]")
    assert wrong.is_hidden()
    page.get_by_label("build the order without a visited set").check()
    assert page.text_content("[data-testid=picture-order]") == \
        "Order: a, b, c, a, b, c, L. Sweep: L, c, b, a, c, b, a."
    assert [badge(page, n) for n in "abcL"] == ["1,4", "2,5", "3,6", "7"]
    # c's step runs twice with its full grad: a and b get their share twice, and say so.
    assert row(page, "a", "grad") == "grad 72 ✗" and row(page, "b", "grad") == "grad 48 ✗"
    assert row(page, "c", "grad") == "grad 12" and row(page, "L", "grad") == "grad 1"
    assert "a.grad would be 72 and b.grad 48, wrong (the right values are 36 and 24)" in wrong.inner_text()
    set_slider(page, "a", 1)
    s = solve(1, 3)
    assert row(page, "a", "grad") == f"grad {num(2 * s['grad']['a'])} ✗"
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=picture-still]").screenshot(path=str(ARTIFACTS / "picture-05-backward-wrong.png"))
    page.get_by_label("build the order without a visited set").uncheck()
    assert wrong.is_hidden()
    assert_picture(page, 1, 3)
    page.locator("[data-testid=picture-still]").screenshot(path=str(ARTIFACTS / "picture-05-backward.png"))
    assert page.errors == []


def test_the_film_numbers_the_order_then_sweeps_back_filling_each_grad(lesson):
    page = lesson()
    forward = page.get_by_role("button", name="Step forward")
    back = page.get_by_role("button", name="Step back")
    badges = lambda: [badge(page, n, FILM_SVG) for n in "abcL"]  # noqa: E731
    grads = lambda: [row(page, n, "grad", FILM_SVG) for n in "abcL"]  # noqa: E731

    # The order, one append per step, in depth-first order from L.
    assert film_step(page) == ("step 1 of 9", "visit(L) → visit(c) → visit(a): a has no children, "
                                         "so it is appended: number 1.")
    assert badges() == ["1", "", "", ""]
    forward.click()
    assert film_step(page)[1].startswith("visit(L) → visit(c) → visit(b)") and badges() == ["1", "2", "", ""]
    forward.click()
    assert film_step(page)[1] == "Back in visit(c): its children are all in the order, so c is appended: number 3."
    forward.click()
    assert "the second c is skipped: already visited" in film_step(page)[1] and badges() == ["1", "2", "3", "4"]
    assert grads() == ["grad ?"] * 4
    forward.click()
    assert film_step(page) == ("step 5 of 9", "The order is a, b, c, L: every node after its children. "
                                         "Seed: L.grad = 1, then sweep the order in reverse.")
    assert grads() == ["grad ?", "grad ?", "grad ?", "grad 1"]
    # The sweep: L, then c, then the leaves; each step fills its children's grads.
    forward.click()
    assert film_step(page)[1].startswith("L (number 4) has its whole grad, 1: it hands 6·1 + 6·1 = 12 to c")
    assert grads() == ["grad ?", "grad ?", "grad 12", "grad 1"]
    assert page.eval_on_selector_all(f"{FILM_SVG} .edge.flowing", "es => es.map(e => e.dataset.edge)") == ["c-L"]
    forward.click()
    assert film_step(page)[1].startswith("c (number 3) has its whole grad, 12: it hands 3·12 = 36 to a and 2·12 = 24 to b")
    assert grads() == ["grad 36", "grad 24", "grad 12", "grad 1"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=film]").screenshot(path=str(ARTIFACTS / "film-05-backward.png"))
    forward.click()
    forward.click()
    assert film_step(page) == ("step 9 of 9", "a (number 1) is a leaf: nothing to hand on. a.grad = 36.")
    assert forward.get_attribute("aria-disabled") == "true"

    # The film follows the sliders; Back steps back exactly.
    set_slider(page, "b", -2)
    s = solve(2, -2)
    assert film_step(page)[1] == f"a (number 1) is a leaf: nothing to hand on. a.grad = {num(s['grad']['a'])}."
    back.click()
    back.click()
    assert film_step(page)[0] == "step 7 of 9" and grads()[0] == f"grad {num(s['grad']['a'])}"
    back.focus()
    page.keyboard.press("Enter")
    assert film_step(page)[0] == "step 6 of 9" and grads() == ["grad ?", "grad ?", f"grad {num(2 * -4)}", "grad 1"]
    assert page.errors == []


def test_play_steps_on_its_own_and_respects_reduced_motion(lesson):
    page = lesson(reduced_motion="reduce")
    page.click("[data-testid=film-play]")
    page.wait_for_function("document.querySelector('[data-testid=film-counter]').textContent === 'step 2 of 9'",
                           timeout=10_000)
    page.click("[data-testid=film-play]")  # pause
    assert page.get_attribute("[data-testid=film-play]", "aria-label") == "Play the film"
    for _ in range(4):
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
