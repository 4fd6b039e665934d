"""Lesson 4's picture and film in Debian Chromium: each operation's local gradients, computed
live, the same node in both designs, and the film of one operation's life.

Every expected number is computed here with Python's own math, never copied from the JS.
"""

from __future__ import annotations

import math

import pytest

from tests.browser_support import ARTIFACTS, film_step, num as js_num, set_slider

pytestmark = pytest.mark.browser
FIGURE = "[data-testid=picture]:not([inert])"  # live: drawn at build time, inert until its chunk
PICTURE = "[data-testid=picture-svg]"
FILM = "[data-testid=film]"
FILM_SVG = "[data-testid=film-svg]"
H = 1e-4  # the nudge the lesson's picture uses, both ways
LABELS = {"add": "x + y", "mul": "x * y", "pow": "x ** k", "tanh": "tanh(x)", "exp": "exp(x)", "relu": "relu(x)"}
PY_OPS = {"add": "+", "mul": "*", "tanh": "tanh", "exp": "exp", "relu": "ReLU"}


@pytest.fixture
def lesson(open_lesson):
    """Lesson 4's page, its figure drawn; open_lesson (conftest) fails the test if a request
    leaves 127.0.0.1."""
    def open_value(slug="04-value", **options):
        page = open_lesson(slug, **options)
        page.locator(FIGURE).wait_for()
        return page
    return open_value


# --- the numbers, worked out in Python ------------------------------------------------------


def forward(op: str, x: float, y: float, k: float) -> float:
    """out = op(x[, y]); NaN where Python has no real answer (a complex power, 0 ** -1)."""
    if op == "pow":
        if x < 0 and k != int(k):
            return math.nan  # Python would give a complex number
        try:
            return x ** k
        except ZeroDivisionError:
            return math.nan
    return {"add": x + y, "mul": x * y, "tanh": math.tanh(x), "exp": math.exp(x), "relu": max(0.0, x)}[op]


def local_grads(op: str, x: float, y: float, k: float) -> dict[str, float]:
    """d out / d child from the lesson's table of rules."""
    out = forward(op, x, y, k)
    if math.isnan(out):
        return {"x": math.nan}
    if op == "pow":
        try:
            return {"x": k * x ** (k - 1)}
        except ZeroDivisionError:
            return {"x": math.nan}
    return {"add": {"x": 1.0, "y": 1.0}, "mul": {"x": y, "y": x}, "tanh": {"x": 1 - out ** 2},
            "exp": {"x": out}, "relu": {"x": 1.0 if x > 0 else 0.0}}[op]


def nudges(op: str, x: float, y: float, k: float) -> dict[str, float]:
    """Each child moved both ways by H: (out(+H) - out(-H)) / 2H."""
    if math.isnan(forward(op, x, y, k)):
        return {name: math.nan for name in local_grads(op, x, y, k)}
    at = {"x": lambda s: forward(op, x + s, y, k), "y": lambda s: forward(op, x, y + s, k)}
    return {name: (at[name](H) - at[name](-H)) / (2 * H) for name in local_grads(op, x, y, k)}


def shown(x: float) -> str:
    """How the page writes a number: 'undefined' for NaN, powers of ten outside [0.001, 1e4)."""
    if not math.isfinite(x):
        return "undefined"
    if x != 0 and not 1e-3 <= abs(x) < 1e4:
        mantissa, exponent = f"{x:.3e}".split("e")
        return f"{js_num(float(mantissa))}e{'-' if int(exponent) < 0 else '+'}{abs(int(exponent))}"
    return js_num(x)


class failing(str):
    """Python code shown in place of a number it cannot compute: checked here to raise
    ZeroDivisionError or to give a complex number, as the picture's note says."""
    def __new__(cls, code: str):
        try:
            assert isinstance(eval(code), complex), code
        except ZeroDivisionError:
            pass
        return super().__new__(cls, code)


def py(x) -> str:
    """As Python prints a float in the code panels (3.0, not 3); code that fails, as it is."""
    if isinstance(x, failing):
        return str(x)
    text = shown(x)
    return text + ".0" if text.lstrip("-").isdigit() else text


# --- driving the page like a user ------------------------------------------------------------


def choose(page, op: str) -> None:
    """Pick an operation by its accessible name, as a screen-reader user would."""
    page.get_by_role("radio", name=LABELS[op], exact=True).check()


def text(page, testid: str) -> str:
    return page.text_content(f"[data-testid={testid}]")


def svg_text(page, where: str, node: str, part: str) -> str:
    return page.text_content(f"{where} [data-node={node}] .{part}")


def assert_numbers(page, op: str, x: float, y: float = 3, k: float = 3) -> None:
    """Every number the picture shows for op(x[, y]), against Python's own."""
    out, local, nudge = forward(op, x, y, k), local_grads(op, x, y, k), nudges(op, x, y, k)
    children = list(local)
    assert text(page, "readout-x") == js_num(x)
    assert page.locator("[data-testid=slider-y]").is_visible() == (children == ["x", "y"])
    assert page.locator("[data-testid=slider-k]").is_visible() == (op == "pow")
    if op == "pow":
        assert text(page, "readout-k") == js_num(k)
    assert text(page, "out-value") == shown(out)
    assert text(page, "out-data").startswith(f"out = {LABELS[op]} = ")
    assert svg_text(page, PICTURE, "out", "data") == f"data {shown(out)}"
    for name in children:
        assert text(page, f"local-{name}-value") == shown(local[name])
        assert text(page, f"local-{name}").startswith(f"d out / d {name} = ")
        assert text(page, f"nudge-{name}-value") == shown(nudge[name])
        assert page.text_content(f"{PICTURE} [data-local={name}]") == f"local {shown(local[name])}"
        # One backward step from out.grad = 1 adds local * 1 to a grad that started at 0.
        assert svg_text(page, PICTURE, name, "grad") == f"grad {shown(0 + local[name] * 1)}"
    after = ", ".join(f"{name}.grad = {shown(local[name])}" for name in children)
    closures, stored = text(page, "design-closures-foot"), text(page, "design-stored-foot")
    if not math.isfinite(out):  # Python stops in the forward pass, in both designs
        assert closures == stored == ("the forward pass raises ZeroDivisionError: no out, no backward step"
                                      if x == 0 else "no real number for out to hold: no backward step")
    elif not all(math.isfinite(value) for value in local.values()):  # only the local gradient fails
        assert closures == "out._backward() raises ZeroDivisionError: no grad for x"
        assert stored == "computing _local_grads raises ZeroDivisionError in the forward pass: no out"
    else:
        assert closures == stored == f"After out.grad = 1.0 and one backward step: {after}"
    code = page.text_content("[data-testid=design-closures] pre")
    # An undefined number shows as the Python that computes it, which Python cannot finish.
    operand = f"({py(x)})" if x < 0 else py(x)
    local = {name: value if math.isfinite(value) else failing(f"{js_num(k)} * {operand} ** {js_num(k - 1)}")
             for name, value in local.items()}
    out = out if math.isfinite(out) else failing(f"{operand} ** {js_num(k)}")
    for name, role in zip(children, ["self", "other"]):
        assert f"    {role}.grad += {py(local[name])} * out.grad" in code
    tuple_ = f"({py(local['x'])},)" if children == ["x"] else f"({py(local['x'])}, {py(local['y'])})"
    op_label = f"**{js_num(k)}" if op == "pow" else PY_OPS[op]
    stored_code = page.text_content("[data-testid=design-stored] pre")
    assert f"{tuple_})" in stored_code and f"'{op_label}')" in code
    assert "    child.grad += local_grad * v.grad" in stored_code
    assert "'" not in stored_code.split("# backward")[0]  # microgpt's Value takes no op label
    data = code.split("out = Value(", 1)[1].split(", (", 1)[0]
    assert f"out = Value({data}, " in stored_code
    if op == "tanh" and math.isfinite(out):
        # out.data with the digits its rule needs: 1 - out.data**2 gives the local gradient shown.
        assert js_num(float(data)) == js_num(out) and shown(1 - float(data) ** 2) == shown(local["x"]), data
    else:
        assert data == py(out)
    figure_text = page.inner_text(FIGURE)
    assert "NaN" not in figure_text and "Infinity" not in figure_text


def assert_worked_tanh(page, x: float) -> None:
    """tanh's rule with its numbers in: 1 − t² shows t with enough digits to give the value."""
    t, local = math.tanh(x), 1 - math.tanh(x) ** 2
    rule, worked, value = text(page, "local-x").removeprefix("d out / d x = ").split(" = ")
    assert rule == "1 − out²" and value == shown(local)
    shown_t = float(worked.removeprefix("1 − ").removesuffix("²").strip("()"))
    assert math.isclose(shown_t, t, rel_tol=1e-4) and shown(1 - shown_t ** 2) == value


# --- the picture ----------------------------------------------------------------------------


def test_every_operation_shows_its_output_local_gradients_and_nudges(lesson):
    page = lesson()
    assert page.get_attribute(PICTURE, "role") == "img"
    assert page.get_by_role("group", name="Operation", exact=True).is_visible()
    assert page.get_by_role("radio", name="x * y", exact=True).is_checked()  # the lesson's example
    assert_numbers(page, "mul", 2, 3)
    assert text(page, "local-x") == "d out / d x = y = 3"
    assert text(page, "local-y") == "d out / d y = x = 2"
    label = page.get_attribute(PICTURE, "aria-label")  # the drawing's numbers, for a screen reader
    assert "out.data = 6" in label and "d out/d x = 3, d out/d y = 2" in label and "x.grad = 3, y.grad = 2" in label
    assert "self.grad += 3.0 * out.grad" in page.text_content("[data-testid=design-closures] pre")
    assert "            (3.0, 2.0))" in page.text_content("[data-testid=design-stored] pre")

    for op, x, y, k in [("add", 1.5, -2.5, 3), ("mul", -1.2, 0.7, 3), ("pow", 2, 3, 3), ("pow", -1.5, 3, -1),
                        ("pow", 0.4, 3, 0.5), ("tanh", 0.5, 3, 3), ("tanh", -2.3, 3, 3), ("exp", 1.3, 3, 3),
                        ("exp", -4, 3, 3), ("relu", 2.5, 3, 3), ("relu", -0.7, 3, 3)]:
        choose(page, op)
        set_slider(page, "x", x)
        set_slider(page, "y", y)
        set_slider(page, "k", k)
        assert_numbers(page, op, x, y, k)
        for name in local_grads(op, x, y, k):  # the rule and the nudge agree away from kinks
            assert page.text_content(f"[data-testid=nudge-{name}]").endswith("✓ matches the rule")
        assert page.locator("[data-testid=value-note]").is_hidden()

    # The formulas are written out next to the numbers, with these numbers put in.
    choose(page, "pow")
    set_slider(page, "x", 2)
    set_slider(page, "k", 3)
    assert text(page, "local-x") == "d out / d x = k·x^(k−1) = 3·2^2 = 12"
    assert "    # 12.0 = k * self.data**(k-1)" in page.text_content("[data-testid=design-closures] pre")
    choose(page, "tanh")
    set_slider(page, "x", 2)
    assert_worked_tanh(page, 2)
    choose(page, "exp")
    assert text(page, "local-x") == f"d out / d x = e^x = out = {js_num(math.exp(2))}"
    choose(page, "relu")
    assert text(page, "local-x") == "d out / d x = (1 if x > 0 else 0) = 1"

    choose(page, "mul")
    set_slider(page, "y", 3)
    assert_numbers(page, "mul", 2, 3)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=picture-still]").screenshot(path=str(ARTIFACTS / "picture-04-value.png"))
    assert page.errors == []


def test_sliders_and_the_operation_chooser_work_from_the_keyboard(lesson):
    page = lesson()
    page.focus("[data-testid=slider-x]")
    page.keyboard.press("ArrowRight")  # one step of 0.1
    assert_numbers(page, "mul", 2.1, 3)
    page.focus("[data-testid=slider-y]")
    page.keyboard.press("ArrowLeft")
    assert_numbers(page, "mul", 2.1, 2.9)
    # Arrow keys move between the radios of one group, choosing as they go.
    page.get_by_role("radio", name="x * y", exact=True).focus()
    page.keyboard.press("ArrowRight")
    assert page.get_by_role("radio", name="x ** k", exact=True).is_checked()
    assert_numbers(page, "pow", 2.1, 2.9, 3)
    page.focus("[data-testid=slider-k]")
    page.keyboard.press("ArrowLeft")  # one step of 0.5
    assert_numbers(page, "pow", 2.1, 2.9, 2.5)
    # Every control has an accessible name.
    for name in ("x", "y", "k"):
        assert page.get_by_label(name, exact=True).get_attribute("type") == "range"
    assert page.get_by_role("group", name="(i) closures (micrograd)").first.is_visible()
    assert page.get_by_role("group", name="(ii) stored local grads (microgpt)").first.is_visible()
    assert page.errors == []


def test_the_two_designs_store_the_same_node_and_give_the_same_grads(lesson):
    page = lesson()
    for op in LABELS:
        choose(page, op)
        set_slider(page, "x", 1.7)
        set_slider(page, "y", -0.6)
        set_slider(page, "k", 2)
        assert_numbers(page, op, 1.7, -0.6, 2)
        closures, stored = (page.locator(f"[data-testid=design-{d}]") for d in ("closures", "stored"))
        closure_code = closures.locator("pre").text_content()
        assert "def _backward():" in closure_code and "out._backward()" in closure_code
        assert "_local_grads" in stored.locator("pre").text_content()
        assert "_backward" not in stored.locator("pre").text_content()  # (ii) keeps numbers, not code
        feet = [panel.locator(".value-design-foot").text_content() for panel in (closures, stored)]
        assert feet[0] == feet[1]
    assert page.errors == []


def test_edge_cases_read_cleanly(lesson):
    page = lesson()
    note = page.locator("[data-testid=value-note]")
    # relu at exactly 0: the rule says 0, the nudge both ways averages the kink to 0.5.
    choose(page, "relu")
    set_slider(page, "x", 0)
    assert_numbers(page, "relu", 0)
    assert text(page, "local-x-value") == "0" and text(page, "nudge-x-value") == "0.5"
    assert page.text_content("[data-testid=nudge-x]").endswith("✗ differs from the rule")
    assert note.is_visible() and "kink" in note.inner_text()
    set_slider(page, "x", 0.1)
    assert note.is_hidden()

    # A negative number to a fractional power: undefined, said in words, not NaN.
    choose(page, "pow")
    set_slider(page, "x", -2)
    set_slider(page, "k", 0.5)
    assert_numbers(page, "pow", -2, k=0.5)
    assert text(page, "out-value") == "undefined" and text(page, "local-x-value") == "undefined"
    assert text(page, "nudge-x-value") == "undefined"
    assert "complex number" in note.inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("[data-testid=picture-still]").screenshot(path=str(ARTIFACTS / "picture-04-value-undefined.png"))
    # 0 to a negative power divides by zero; 0 ** 0.5 is fine but its slope is not.
    set_slider(page, "x", 0)
    set_slider(page, "k", -1)
    assert_numbers(page, "pow", 0, k=-1)
    assert "ZeroDivisionError" in note.inner_text()
    set_slider(page, "k", 0.5)
    assert_numbers(page, "pow", 0, k=0.5)
    assert text(page, "out-value") == "0" and text(page, "local-x-value") == "undefined"

    # Very large and very small numbers get a power of ten, not 22030 or a row of zeros.
    choose(page, "exp")
    set_slider(page, "x", 10)
    assert_numbers(page, "exp", 10)
    assert text(page, "out-value") == shown(math.exp(10)) == "2.203e+4"
    choose(page, "tanh")
    assert_numbers(page, "tanh", 10)
    assert text(page, "local-x-value") == shown(1 - math.tanh(10) ** 2) == "8.245e-9"
    assert_worked_tanh(page, 10)  # not "1 − 1² = 8.245e-9"
    # Nor the code panel: Value(1.0, …) beside "# 8.245e-9 = 1 - out.data**2".
    code = page.text_content("[data-testid=design-closures] pre")
    data = code.split("out = Value(", 1)[1].split(", (", 1)[0]
    assert data != "1.0" and shown(1 - float(data) ** 2) == "8.245e-9", data
    assert page.errors == []



def test_at_x_0_the_note_is_true_of_the_numbers_it_explains(lesson):
    # x ** 0 at x = 0: the note said "The local gradient is undefined", but x ** 0 is 1 for
    # every x (Python's 0.0 ** 0 too), so its slope is 0, as the picture's own nudge showed;
    # only the rule as written, k * x ** (k - 1), divides by zero there. And x ** 1.5 at 0:
    # the rule gives 0 and the nudge read "undefined" with no note at all, because it needs
    # (-h) ** 1.5, a negative number to a fractional power.
    page = lesson()
    note = page.locator("[data-testid=value-note]")
    choose(page, "pow")
    set_slider(page, "x", 0)
    set_slider(page, "k", 0)
    assert 0.0 ** 0 == 1 and (1 - 1) / (2 * H) == 0.0
    assert text(page, "out-value") == "1" and text(page, "nudge-x-value") == "0"
    words = note.inner_text()
    assert note.is_visible() and "undefined" not in words.split(":")[0], words
    assert "slope is 0" in words and "ZeroDivisionError" in words, words
    try:
        0 * 0.0 ** -1
        raise AssertionError("the rule as written should divide by zero here")
    except ZeroDivisionError:
        pass
    for k in (1.5, 2.5):
        set_slider(page, "k", k)
        assert_numbers(page, "pow", 0, k=k)
        assert text(page, "local-x-value") == "0" and text(page, "nudge-x-value") == "undefined"
        assert isinstance((-H) ** k, complex)  # the nudge's left side: not a real number
        words = note.inner_text()
        assert note.is_visible() and "nudge" in words and "fractional power" in words, (k, words)
    set_slider(page, "k", 2)
    assert note.is_hidden()
    page.locator("[data-testid=picture-still]").screenshot(path=str(ARTIFACTS / "picture-04-value-pow-at-0.png"))
    assert page.errors == []


# --- the film -------------------------------------------------------------------------------


def current_lines(page, design: str) -> list[str]:
    return page.eval_on_selector_all(f"[data-testid=film-{design}] .line.current", "ls => ls.map(l => l.textContent)")


def test_the_film_follows_one_operation_from_forward_to_the_backward_step(lesson):
    page = lesson()
    forward = page.get_by_role("button", name="Step forward")
    back = page.get_by_role("button", name="Step back")
    assert page.get_attribute("[data-testid=film-text]", "aria-live") == "polite"
    counter, words = film_step(page)
    assert counter == "step 1 of 6" and "out with data 2 · 3 = 6" in words and "(x, y)" in words
    assert svg_text(page, FILM_SVG, "out", "data") == "data 6"
    assert svg_text(page, FILM_SVG, "out", "grad") == "grad 0"
    assert page.text_content(f"{FILM_SVG} [data-local=x]") == "local ?"
    assert current_lines(page, "closures") == ["# forward, inside x * y:", "out = Value(6.0, (self, other), '*')"]
    # microgpt's Value keeps no op: the stored design's foot does not say it does.
    assert text(page, "film-closures-foot") == "out keeps: data 6.0, children (x, y), op '*'"
    assert text(page, "film-stored-foot") == "out keeps: data 6.0, children (x, y) (no op)"

    forward.click()  # 2: what out keeps to go back
    assert film_step(page)[0] == "step 2 of 6" and "(3.0, 2.0)" in film_step(page)[1]
    assert page.text_content(f"{FILM_SVG} [data-local=x]") == "local 3"
    assert "            (3.0, 2.0))" in current_lines(page, "stored")
    assert text(page, "film-stored-foot") == "out keeps the numbers: _local_grads = (3.0, 2.0)"

    forward.click()  # 3: the seed
    assert svg_text(page, FILM_SVG, "out", "grad") == "grad 1"
    assert current_lines(page, "closures") == current_lines(page, "stored") == ["out.grad = 1.0"]

    forward.click()  # 4: x's share, in both designs at once
    assert film_step(page)[0] == "step 4 of 6"
    assert "x.grad += 3 · 1" in film_step(page)[1]
    assert svg_text(page, FILM_SVG, "x", "grad") == "grad 3" and svg_text(page, FILM_SVG, "y", "grad") == "grad 0"
    assert "    self.grad += 3.0 * out.grad" in current_lines(page, "closures")
    assert "    child.grad += local_grad * v.grad" in current_lines(page, "stored")
    assert text(page, "film-closures-foot") == "self.grad += 3.0 * 1.0 → x.grad = 3"
    assert text(page, "film-stored-foot") == "child = x, local = 3.0: child.grad += 3.0 * 1.0 → x.grad = 3"
    assert page.get_attribute(f"{FILM_SVG} [data-edge=x]", "class") == "edge flowing"

    forward.click()  # 5: y's share
    assert svg_text(page, FILM_SVG, "y", "grad") == "grad 2"
    forward.click()  # 6: both designs end with the same grads
    assert film_step(page)[0] == "step 6 of 6"
    assert text(page, "film-closures-foot") == text(page, "film-stored-foot") == "x.grad = 3, y.grad = 2"
    assert forward.get_attribute("aria-disabled") == "true"
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(FILM).screenshot(path=str(ARTIFACTS / "film-04-value.png"))

    # The film reads the same computation as the picture: move y and the frame follows.
    set_slider(page, "y", -1.5)
    assert text(page, "film-closures-foot") == text(page, "film-stored-foot") == "x.grad = -1.5, y.grad = 2"
    back.click()
    assert "    other.grad += 2.0 * out.grad" in current_lines(page, "closures")

    # Another operation is another film, started from the top; one child makes it shorter.
    choose(page, "tanh")
    set_slider(page, "x", 0.5)
    t = math.tanh(0.5)
    assert film_step(page)[0] == "step 1 of 5"
    for _ in range(3):
        forward.click()
    assert text(page, "film-closures-foot") == f"self.grad += {py(1 - t * t)} * 1.0 → x.grad = {shown(1 - t * t)}"
    assert "only turn" in film_step(page)[1]
    forward.click()
    assert text(page, "film-stored-foot") == f"x.grad = {shown(1 - t * t)}"

    # Keyboard only: focus the back button and press Enter, then Space.
    back.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert film_step(page)[0] == "step 3 of 5"
    assert page.errors == []


def test_play_runs_the_film_and_reduced_motion_keeps_it_still(lesson):
    page = lesson(reduced_motion="reduce")
    play = page.locator("[data-testid=film-play]")
    play.click()
    assert play.get_attribute("aria-label") == "Pause the film"
    page.wait_for_function("document.querySelector('[data-testid=film-counter]').textContent === 'step 2 of 6'",
                           timeout=10_000)
    play.click()
    assert play.get_attribute("aria-label") == "Play the film"
    page.wait_for_timeout(3500)
    assert text(page, "film-counter") == "step 2 of 6"
    page.get_by_role("button", name="Step forward").click()
    page.get_by_role("button", name="Step forward").click()
    animation = page.eval_on_selector(f"{FILM_SVG} .edge.flowing", "e => getComputedStyle(e).animationName")
    assert animation == "none"  # reduced motion: still frames, no moving dashes
    assert page.errors == []


def test_the_figure_fits_a_phone_without_sideways_scrolling(lesson):
    page = lesson(width=390, height=844)
    widths = page.evaluate("""() => ({page: document.documentElement.scrollWidth,
        view: document.documentElement.clientWidth,
        figure: document.querySelector('[data-testid=picture]').getBoundingClientRect().right})""")
    assert widths["page"] <= widths["view"] == 390 and widths["figure"] <= 390
    # Text stays legible: the drawing once its viewBox is scaled down, and the code panels.
    for selector in (f"{PICTURE} .grad", f"{PICTURE} .local", "[data-testid=design-closures] pre",
                     "[data-testid=nudge-x]", f"{FILM_SVG} .data"):
        size = page.eval_on_selector(selector, """e => e instanceof SVGElement
            ? e.getBoundingClientRect().height : parseFloat(getComputedStyle(e).fontSize)""")
        assert size >= 10, selector
    # The two designs stack on a phone, and no code line is cut off.
    closures = page.locator("[data-testid=design-closures]").bounding_box()
    stored = page.locator("[data-testid=design-stored]").bounding_box()
    assert closures["y"] + closures["height"] <= stored["y"]
    overflow = page.eval_on_selector_all(".value-code", "ps => ps.map(p => p.scrollWidth - p.clientWidth)")
    assert max(overflow) <= 0
    for op in LABELS:  # the longest lines (x ** k at its widest) still fit
        choose(page, op)
        set_slider(page, "x", -9.9)
        set_slider(page, "k", -1.5)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    choose(page, "mul")
    set_slider(page, "x", 2)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(FIGURE).screenshot(path=str(ARTIFACTS / "picture-04-value-390.png"))
    assert page.errors == []



# Of every line of the design panels that wraps: where its first character of code is, and where
# each of its wrapped rows starts (px from the panel's left).
WRAPPED_ROWS = """pre => [...pre.querySelectorAll('.line')].flatMap(line => {
    const text = line.firstChild, range = document.createRange(), rows = new Map();
    for (let i = 0; i < text.length; i++) {
        range.setStart(text, i); range.setEnd(text, i + 1);
        const r = range.getClientRects()[0];
        if (r && text.data[i] !== ' ') {
            const top = Math.round(r.top);
            if (!rows.has(top)) rows.set(top, r.left - pre.getBoundingClientRect().left);
        }
    }
    const [first, ...more] = [...rows.values()];
    return more.length ? [[text.data, first, more]] : [];
})"""


@pytest.mark.parametrize("width", [1280, 390])
def test_a_wrapped_code_line_hangs_past_its_own_indentation(lesson, width):
    """At 1280 px the panels are 260 px wide: "    self.grad += 3.0 * out.grad" wrapped "out.grad"
    back to the panel's margin, where it read as a statement of its own, outside _backward.
    The rest of a wrapped line now starts four columns right of where its code starts."""
    page = lesson(width=width, height=800)
    for op in ("mul", "pow"):
        choose(page, op)
        for design in ("closures", "stored"):
            pre = page.locator(f"[data-testid=design-{design}] pre")
            column = pre.evaluate("p => { const r = document.createRange(); const t = p.querySelector('.line').firstChild;"
                                  " r.setStart(t, 0); r.setEnd(t, 1); return r.getBoundingClientRect().width; }")
            wrapped = pre.evaluate(WRAPPED_ROWS)
            if width == 1280:
                assert wrapped, f"{design}: no line wraps at {width} px, so nothing is tried"
            for text, first, more in wrapped:
                for left in more:
                    assert left == pytest.approx(first + 4 * column, abs=1.5), (design, text, first, more)


def all_steps(page) -> list[str]:
    """Every step's sentence of the film, from the first."""
    while page.get_attribute("[data-testid=film-back]", "aria-disabled") != "true":
        page.get_by_role("button", name="Step back").click()
    forward = page.get_by_role("button", name="Step forward")
    steps = [film_step(page)]
    while page.get_attribute("[data-testid=film-forward]", "aria-disabled") != "true":
        forward.click()
        steps.append(film_step(page))
    return [words for _, words in steps]


def test_where_python_stops_the_film_and_code_stop_too(lesson):
    """0 ** -2, (-2) ** 0.5 and the slope of 0 ** 0.5 are undefined. The film once went on as
    if a Value had been made: "out keeps its local gradients (undefined,)", "x.grad += undefined
    · 1, so it goes from 0 to undefined", and the code panels read `Value(undefined, …)`. Now
    they show the Python that fails, and Python here agrees that it fails as the film says."""
    page = lesson()
    choose(page, "pow")
    set_slider(page, "x", 0)
    set_slider(page, "k", -2)
    closures = page.text_content("[data-testid=film-closures] pre")
    assert "out = Value(0.0 ** -2, (self,), '**-2')" in closures
    with pytest.raises(ZeroDivisionError):
        eval("0.0 ** -2")  # what the panel shows, as Python runs it
    steps = all_steps(page)
    assert len(steps) == 1
    assert "In either design the forward pass stops there: no out is made" in steps[0]
    for words in steps:
        assert "undefined ·" not in words and "to undefined" not in words
    assert page.text_content("[data-testid=design-stored-foot]") == (
        "the forward pass raises ZeroDivisionError: no out, no backward step")

    set_slider(page, "x", -2)
    set_slider(page, "k", 0.5)
    assert "out = Value((-2.0) ** 0.5, (self,), '**0.5')" in page.text_content("[data-testid=design-closures] pre")
    assert isinstance(eval("(-2.0) ** 0.5"), complex)  # no error: a complex number, as the note says
    steps = all_steps(page)
    assert len(steps) == 1 and "complex number" in steps[0] and "no real number to hold" in steps[0]

    # 0 ** 0.5 is 0, but its local gradient needs 0 ** -0.5: microgpt's design computes it in
    # the forward pass, micrograd's closure only when backward runs it.
    set_slider(page, "x", 0)
    for k, local in ((0.5, "0.5 * 0.0 ** -0.5"), (0, "0 * 0.0 ** -1")):
        set_slider(page, "k", k)
        with pytest.raises(ZeroDivisionError):
            eval(local)
        assert f"self.grad += {local} * out.grad" in page.text_content("[data-testid=design-closures] pre")
        steps = all_steps(page)
        assert len(steps) == 2
        assert f"makes out with data 0^{js_num(k)} = {js_num(0.0 ** k)} in micrograd's design" in steps[0]
        assert f"microgpt's design computes it now, {local}, and Python raises ZeroDivisionError" in steps[0]
        assert f"out._backward() computes {local}, and Python raises ZeroDivisionError" in steps[1]
        assert "x.grad gets no share" in steps[1]
        assert page.text_content("[data-testid=film-closures-foot]") == (
            "out._backward() raises ZeroDivisionError: no grad for x")
        assert page.text_content("[data-testid=film-stored-foot]") == (
            "computing _local_grads raises ZeroDivisionError in the forward pass: no out")
    # A defined setting gets the whole film back.
    set_slider(page, "x", 2)
    set_slider(page, "k", 3)
    assert len(all_steps(page)) == 5
    assert page.errors == []
