"""The lab as a learner meets it: typing, progress, focus, layout, offline (runaway code, in
test_browser_runaway.py).

Editing is tested by typing with the keyboard, never by setting the editor's text; long
files (a reference solution) are set from a script, as a paste would.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser_support import (ARTIFACTS, BUILT_SNAPSHOT, OFFLINE_COPY_MADE, changed, check,
                                   doc, run, set_code, wait_ready, wait_until)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [1100, 390])
def test_enter_keeps_the_blocks_indentation_and_tab_moves_by_four(open_lesson, width):
    page = open_lesson("01-graphs", width=width, height=844)
    wait_ready(page)
    set_code(page, "")
    page.locator(".cm-content").click()
    page.keyboard.type("def f():")
    page.keyboard.press("Enter")          # a new block: four spaces
    page.keyboard.type("x = 1")
    page.keyboard.press("Enter")          # the block's indentation is kept
    page.keyboard.type("y = 2")
    page.keyboard.press("Enter")
    page.keyboard.type("z = 3")
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")      # out of the block
    page.keyboard.type("print(f)")
    assert doc(page) == "def f():\n    x = 1\n    y = 2\n    z = 3\nprint(f)"
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    assert doc(page).endswith("\n    print(f)")
    page.keyboard.press("Shift+Tab")
    assert "unindent" not in run(page) and "Error" not in page.inner_text("[data-testid=output]")


def test_enter_indents_by_the_code_above_when_typed_fast_at_the_end_of_a_long_file(course, open_lesson):
    """Typed without a pause at the end of a long file (lab 3's starter, on a busy machine),
    Enter after `if x:` or inside a bracket kept the line's own column and Enter after `return`
    went to column 0: Enter read a syntax tree the parser had not finished, and fell back to
    copying the line's indentation; `else:` typed there stayed in the `if` block, as the
    re-indent a colon starts read the same tree. Both finish the parse up to the cursor first. The
    CPU is slowed down six times, as on a cheap phone, so the parser falls behind here too."""
    page = open_lesson("03-branching", 1280, 800)
    wait_ready(page)
    long_file = course.labs["03-branching"].starter.read_text() * 6  # set by script: a long file
    set_code(page, long_file)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    try:
        page.locator(".cm-content").click()
        page.keyboard.press("ControlOrMeta+End")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        page.keyboard.type("def f(x):\nif x:\ny = [x,\n1]\nz = 2\nelse:\nw = 3\nreturn w\nv = 4")
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        cdp.detach()
    typed = doc(page)[len(long_file):].lstrip("\n")
    assert typed == ("def f(x):\n    if x:\n        y = [x,\n            1]\n"
                     "        z = 2\n    else:\n        w = 3\n        return w\n    v = 4"), typed
    page.close()


def test_typing_in_front_of_the_starters_raise_keeps_it_in_the_block(open_lesson):
    """The usual way to fill a stub in: the cursor in front of `raise NotImplementedError(...)`,
    a line typed, Enter. After a line ending in an attribute (`self.grad = out.grad`) the
    `raise`, and every line typed after it, went four columns deeper: "unexpected indent"."""
    page = open_lesson("04-value")
    wait_ready(page)
    set_code(page, 'class Value:\n    def __add__(self, other):\n        out = Value(self.data + other.data)\n'
                   '        raise NotImplementedError("Value.__add__")\n\n    def f(self, xs):\n'
                   '        total = g(xs,\n                  self)\n')
    page.locator(".cm-line", has_text="raise NotImplementedError").click()
    page.keyboard.press("Home")
    for keys in ["def _backward():", "Enter", "self.grad += out.grad", "Enter", "other.grad += out.grad",
                 "Enter", "Backspace", "out._backward = _backward", "Enter", "return out", "Enter"]:
        page.keyboard.press(keys) if keys in ("Enter", "Backspace") else page.keyboard.type(keys)
    assert doc(page).startswith(
        "class Value:\n    def __add__(self, other):\n        out = Value(self.data + other.data)\n"
        "        def _backward():\n            self.grad += out.grad\n            other.grad += out.grad\n"
        "        out._backward = _backward\n        return out\n"
        '        raise NotImplementedError("Value.__add__")\n'), doc(page)
    # Inside brackets the rest of the line still lines up with them.
    page.locator(".cm-line", has_text="self)").click()
    page.keyboard.press("End")
    for _ in range(len("self)")):
        page.keyboard.press("ArrowLeft")
    page.keyboard.type("xs.n,")
    page.keyboard.press("Enter")
    assert doc(page).endswith("        total = g(xs,\n                  xs.n,\n                  self)\n")


def test_shift_tab_fixes_an_unexpected_indent_of_two_spaces(open_lesson):
    """Two spaces too many made Run say "unexpected indent"; Shift-Tab on that line took four
    away (six became two) and Tab put them back (six), so the keys could never line it up.
    They go to the next four-column stop, and a selected block moves as one."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")
    page.keyboard.type("def total(xs):")
    page.keyboard.press("Enter")
    page.keyboard.type("s = 0")
    page.keyboard.press("Enter")
    page.keyboard.type("  for x in xs:")   # two spaces too many, as a beginner types them
    page.keyboard.press("Enter")
    page.keyboard.type("s += x")
    page.keyboard.press("Enter")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("return s")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.type("print(total([1, 2, 3]))")
    assert doc(page) == ("def total(xs):\n    s = 0\n      for x in xs:\n          s += x\n"
                         "    return s\n\nprint(total([1, 2, 3]))")
    assert "unexpected indent" in run(page)
    page.locator(".cm-line", has_text="for x in xs:").click()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Shift+Tab")
    assert doc(page).startswith("def total(xs):\n    s = 0\n    for x in xs:\n        s += x\n")
    assert run(page).strip() == "6"
    page.locator(".cm-line", has_text="s += x").click()
    page.keyboard.press("Tab")        # from one stop to the next: 8 to 12, and back
    assert "\n            s += x\n" in doc(page)
    page.keyboard.press("Shift+Tab")
    assert "\n        s += x\n" in doc(page)
    # A block selected: its shallowest line goes to the next stop, the others move with it.
    page.keyboard.press("ControlOrMeta+z")
    page.keyboard.press("ControlOrMeta+z")
    page.keyboard.press("ControlOrMeta+z")
    page.keyboard.press("ControlOrMeta+z")
    assert "\n      for x in xs:\n          s += x\n" in doc(page)
    page.locator(".cm-line", has_text="for x in xs:").click()
    page.keyboard.press("Home")
    page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+End")
    page.keyboard.press("Shift+Tab")
    assert "\n    for x in xs:\n        s += x\n" in doc(page)
    page.keyboard.press("Tab")
    assert "\n        for x in xs:\n            s += x\n" in doc(page)


def test_enter_after_return_pass_break_or_continue_leaves_the_block(open_lesson):
    """A line typed under `return` in the same block can never run: Enter there goes back one
    level, as in IDLE. Not inside brackets, nor after a word that only starts like one, nor
    after the starter's `raise NotImplementedError(...)`, where the learner's code goes."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    set_code(page, "")
    page.locator(".cm-content").click()
    for keys in ["def f(x):", "Enter", "for i in x:", "Enter", "if i:", "Enter", "continue", "Enter",
                 "if i > 2:", "Enter", "break", "Enter", "passed = i", "Enter", "Backspace",
                 "returns = 3  # not return", "Enter", "return 0"]:
        page.keyboard.press(keys) if keys in ("Enter", "Backspace") else page.keyboard.type(keys)
    assert doc(page) == ("def f(x):\n    for i in x:\n        if i:\n            continue\n"
                         "        if i > 2:\n            break\n        passed = i\n"
                         "    returns = 3  # not return\n    return 0")
    page.keyboard.press("Enter")
    assert doc(page).endswith("    return 0\n")  # out of the function: ready for the next def
    page.keyboard.press("ControlOrMeta+z")
    assert doc(page).endswith("    return 0")
    # A return over two lines: Enter inside its bracket stays in it; Enter after the line that
    # closes it leaves the method, so the next `def` is the class's (it was nested in this one,
    # after its return, and the class had no such method).
    set_code(page, "class V:\n    def mul(self, o):")
    page.keyboard.press("ControlOrMeta+End")
    for keys in ["Enter", "return V(self.data * o.data,", "Enter", "(self, o))", "Enter", "def add"]:
        page.keyboard.press(keys) if keys == "Enter" else page.keyboard.type(keys)
    lines = doc(page).split("\n")
    assert lines[2:] == ["        return V(self.data * o.data,", " " * 16 + "(self, o))", "    def add"], lines
    set_code(page, 'def f(x):\n    raise NotImplementedError("f")')
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("return x")
    assert doc(page).endswith('("f")\n    return x')


def test_a_lab_once_passed_stays_passed_and_shows_the_latest_check(course, site, open_lesson):
    page = open_lesson("02-chain-rule")
    wait_ready(page)
    solution = course.labs["02-chain-rule"].solution.read_text()
    set_code(page, solution)
    assert check(page) == "true"
    assert page.get_attribute("[data-testid=next-lesson]", "href").endswith("lessons/03-branching/index.html")
    set_code(page, course.labs["02-chain-rule"].starter.read_text())
    assert check(page) == "false"
    page.goto(site["url"] + "index.html")
    badge = page.locator("[data-lesson='02-chain-rule'] .progress").inner_text()
    assert badge.startswith("passed (latest Check: ") and " of " in badge


def test_coming_back_shows_the_last_checks_result_and_kept_quiz_answers(course, open_lesson):
    page = open_lesson("03-branching")
    question = page.locator(".quiz-question").first
    answer = int(question.get_attribute("data-answer"))
    wrong = next(i for i in range(question.locator("button[data-choice]").count()) if i != answer)
    question.locator(f"button[data-choice='{wrong}']").click()
    # A first wrong answer leaves room to think again: no explanation yet.
    assert "try again" in question.locator(".quiz-feedback").inner_text()
    assert not question.locator(".explanation").is_visible()
    question.locator(f"button[data-choice='{wrong}']").click()
    assert question.locator(".explanation").is_visible()
    wait_ready(page)
    set_code(page, course.labs["03-branching"].starter.read_text())
    assert check(page) == "false"
    score = page.inner_text("[data-testid=result] h3")
    page.reload()
    page.wait_for_selector("[data-testid=earlier-result]")
    assert page.inner_text("[data-testid=result] h3") == score
    question = page.locator(".quiz-question").first
    assert question.get_attribute("data-answered") == "wrong"
    assert question.locator(".explanation").is_visible()


def test_a_kept_quiz_answer_stays_on_its_choice_when_the_choices_are_reordered(open_lesson):
    """Answers were kept by the choice's place: after the authors reordered the choices (the
    right one was nearly always the second), a returning learner's answer sat on another
    choice. They are found again by their text."""
    page = open_lesson("03-branching")
    question = page.locator(".quiz-question").first
    answer = int(question.get_attribute("data-answer"))
    count = question.locator("button[data-choice]").count()
    wrong = next(i for i in range(count) if i != answer)
    question.locator(f"button[data-choice='{wrong}']").click()
    wrong_text = question.locator(f"button[data-choice='{wrong}']").inner_text().strip()
    key = "autograd-course:v1:03-branching"
    moved = next(i for i in range(count) if i not in (wrong, answer))
    # As if the page had put that choice elsewhere since: the kept place is now another's.
    page.evaluate("""([key, moved]) => {
        const kept = JSON.parse(localStorage.getItem(key));
        kept.quiz.q1.choice = moved;
        localStorage.setItem(key, JSON.stringify(kept));
    }""", [key, moved])
    page.reload()
    question = page.locator(".quiz-question").first
    chosen = question.locator("button[aria-pressed='true']")
    assert chosen.count() == 1 and chosen.inner_text().strip() == wrong_text
    assert question.get_attribute("data-answered") == "wrong"
    # Kept before answers kept their text: a right one shows the right choice, a wrong one
    # (whose place means nothing now) is asked anew.
    for right, shown in ((True, answer), (False, None)):
        page.evaluate("""([key, moved, right]) => {
            const kept = JSON.parse(localStorage.getItem(key));
            kept.quiz.q1 = { tries: 1, choice: moved, right };
            localStorage.setItem(key, JSON.stringify(kept));
        }""", [key, moved, right])
        page.reload()
        question = page.locator(".quiz-question").first
        chosen = question.locator("button[aria-pressed='true']")
        if shown is None:
            assert chosen.count() == 0 and question.get_attribute("data-answered") is None
        else:
            assert chosen.get_attribute("data-choice") == str(shown)
            assert question.get_attribute("data-answered") == "right"


def test_one_error_that_fails_many_checks_is_said_once(course, open_lesson):
    page = open_lesson("05-backward")
    wait_ready(page)
    set_code(page, course.labs["05-backward"].starter.read_text())
    assert check(page) == "false"
    cause = page.locator("[data-testid=cause]").first
    assert "One error in your code fails" in cause.inner_text()
    assert cause.locator("li").count() >= 2
    # Messages show code as code, not raw backticks.
    message = page.locator(".check-message").first
    assert message.locator("code").count() >= 1 and "`" not in message.inner_text()


def test_the_error_to_fix_first_reads_as_a_sentence_on_a_phone(course, open_lesson):
    """The box at the top of the report set lab 5's cause, a sentence of 40 words, in
    monospace: on a phone it ran to 13 lines and broke "lab-4" across two, while the same
    words under each check read in the page's font. Now the box reads like them."""
    page = open_lesson("05-backward", 390, 844, is_mobile=True, has_touch=True)
    wait_ready(page)
    page.click("[data-testid=check]")
    page.wait_for_function("document.querySelector('[data-testid=result]').dataset.passed === 'false'",
                           timeout=60_000)
    cause = page.locator("[data-testid=cause] .cause-text").first
    assert "does not define Value" in cause.inner_text()
    font = lambda selector: page.eval_on_selector(selector, "e => getComputedStyle(e).fontFamily")
    assert font("[data-testid=cause] .cause-text") == font(".check-message")
    assert "monospace" not in font("[data-testid=cause] .cause-text")
    # Fewer lines than the same words in monospace took: the box is no taller than 9 lines.
    box = cause.bounding_box()
    line = float(page.eval_on_selector("[data-testid=cause] .cause-text",
                                       "e => parseFloat(getComputedStyle(e).lineHeight)"))
    assert box["height"] <= 9 * line + 12, (box, line)


def test_of_two_errors_that_each_fail_many_checks_only_one_is_to_fix_first(open_lesson):
    """A lab 2 file that defines neither nudge nor chain_rule: two boxes at the top of the report
    both said "Fix it first"."""
    page = open_lesson("02-chain-rule")
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("x = 1")
    page.keyboard.press("Shift+ControlOrMeta+Enter")
    page.wait_for_function("document.querySelector('[data-testid=result]').dataset.passed === 'false'")
    causes = page.locator("[data-testid=cause] .cause-lead").all_inner_texts()
    assert len(causes) == 2, causes
    assert causes[0] == "One error in your code fails 2 checks. Fix it first:"
    assert causes[1] == "Another error fails 2 checks:"


def test_a_syntax_error_is_shown_in_monospace_so_the_caret_points_right(open_lesson):
    page = open_lesson("01-graphs")
    wait_ready(page)
    set_code(page, "def evaluate(steps, inputs):\n    return (1 +\n")
    check(page)
    error = page.locator("[data-testid=result] .report-error")
    assert error.evaluate("e => e.tagName") == "PRE"
    pair = error.locator(".caret-pair")  # the source line and its caret
    assert "mono" in pair.evaluate("e => getComputedStyle(e).fontFamily").lower()
    assert "^" in pair.inner_text()


def test_what_stopped_the_file_loading_reads_as_a_sentence_on_a_phone(open_lesson):
    """"Running your file failed: ..." is a sentence, and the page set it in monospace: a loop
    at the top of the file took eight lines of a phone, above messages in the page's font."""
    page = open_lesson("02-chain-rule", 390, 844, is_mobile=True, has_touch=True)
    wait_ready(page)
    set_code(page, "import math\n\nx = 1 / 0\n")
    check(page)
    error = page.locator("[data-testid=result] .report-error")
    assert error.inner_text().startswith("Running your file failed: ZeroDivisionError")
    font = lambda selector: page.eval_on_selector(selector, "e => getComputedStyle(e).fontFamily")
    assert font("[data-testid=result] .report-error") == font(".check-message")
    assert "mono" not in font("[data-testid=result] .report-error")
    assert error.locator("[data-testid=line-link]").inner_text() == "line 3"  # still a link


def test_a_slow_load_counts_its_seconds_and_says_what_it_waits_for(site, open_lesson):
    """On a slow connection the status said "Loading Python… (you can start editing)" for
    half a minute, the same words throughout, as if the page had hung. After three seconds it
    counts them, on one line still at 390 px (a second line would move the editor); screen
    readers hear it once (a busy live region), then "Python is ready"."""
    def slowly(body: bytes) -> bytes:
        time.sleep(6)
        return body

    with changed(site["server"], BUILT_SNAPSHOT, slowly):
        page = open_lesson("01-graphs", width=390, height=844, is_mobile=True, has_touch=True)
        status = page.locator("[data-testid=status]")
        status.filter(has_text="Loading Python… 3 s").wait_for(timeout=10_000)
        assert status.inner_text() == "Loading Python… 3 s (you can start editing)"
        assert status.get_attribute("aria-busy") == "true"
        line = status.evaluate("s => parseFloat(getComputedStyle(s).lineHeight)")
        assert status.bounding_box()["height"] < 1.5 * line
        wait_ready(page)
    assert status.get_attribute("aria-busy") is None
    assert status.inner_text().startswith("Python is ready")


CARET_AND_ITS_CHARACTER = """box => {
    const caret = box.querySelector('.caret-mark');
    if (!caret) return null;
    const pair = caret.parentElement, text = pair.lastChild;
    const at = text.data.indexOf('^');
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    const mark = caret.getBoundingClientRect(), hat = range.getBoundingClientRect();
    const seen = pair.getBoundingClientRect();
    return {character: caret.textContent, offBy: Math.abs(hat.left - mark.left),
            below: hat.top >= mark.bottom - 4, inView: hat.left >= seen.left && hat.right <= seen.right};
}"""


def test_on_a_phone_a_syntax_errors_caret_stays_under_its_character(open_lesson):
    """At 390 px the source line of a syntax error wrapped and its caret line did not, so the
    caret pointed at a character of the line's first half, one row too low. The line and its
    caret no longer wrap: they scroll sideways, start scrolled to the caret, and the character
    it means is underlined, in Run's output and in Check's report alike."""
    page = open_lesson("01-graphs", width=390, height=844, is_mobile=True, has_touch=True)
    wait_ready(page)
    set_code(page, "def forward(a, b, c, f):\n    return {'e': a * b, 'd': a * b + c, 'L': L}in a dict\n")
    output = run(page)
    assert "^" in output and "in a dict" in output
    for where in ("[data-testid=output]", "[data-testid=result] .report-error"):
        if where != "[data-testid=output]":
            check(page)
        page.wait_for_timeout(100)  # the frame that scrolls the line to its caret
        found = page.locator(where).evaluate(CARET_AND_ITS_CHARACTER)
        assert found is not None, f"{where}: the caret's character is not marked"
        assert found["character"] == "d" and found["offBy"] < 2 and found["below"], (where, found)
        assert found["inView"], (where, found)
    assert "Python could not read your file" in page.inner_text("[data-testid=result] .report-error")


def test_output_keeps_its_tail_and_a_flood_leaves_the_page_usable(open_lesson):
    page = open_lesson("01-graphs")
    wait_ready(page)
    set_code(page, "for i in range(200000):\n    print(i)\nprint('the last line')\n")
    output = run(page)
    assert output.startswith("0\n1\n") and "the last line" in output and "[output truncated:" in output
    set_code(page, "print('x' * 150_000_000)\nprint('still here')\n")
    output = run(page, timeout=60_000)
    assert "still here" in output and len(output) < 70_000
    set_code(page, "n = input('How many? ')\n")
    assert "a lab reads no input" in run(page)


def test_keyboard_focus_is_visible_kept_and_leaves_the_editor_with_esc_tab(course, open_lesson):
    page = open_lesson("05-backward")
    wait_ready(page)
    page.locator(".cm-content").click()
    ring = page.evaluate("getComputedStyle(document.querySelector('.cm-editor')).outlineWidth")
    assert ring == "3px"
    assert "Esc, then Tab" in page.inner_text("#editor-keys")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "run"
    set_code(page, "print(1)\n")
    page.focus("[data-testid=run]")
    page.keyboard.press("Enter")
    page.locator("[data-testid=output]").filter(has_text="1").wait_for()
    page.wait_for_function("!document.querySelector('[data-testid=run]').disabled")
    assert page.evaluate("document.activeElement.dataset.testid") == "run"
    # The last hint takes the focus its button had.
    set_code(page, course.labs["05-backward"].starter.read_text())
    check(page)
    hints = page.locator(".hints").first
    while hints.locator("button").count():
        hints.locator("button").focus()
        page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('hint')")


# Focus the last element Tab reaches before the editor, and mark it (the lab's own links moved
# below its buttons, so which element that is depends on the page, not on this test).
BEFORE_THE_EDITOR = """() => {
    const editor = document.querySelector('.cm-content');
    const reachable = [...document.querySelectorAll(
        'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
        .filter((e) => !e.disabled && e.getClientRects().length && e !== editor
                && (e.compareDocumentPosition(editor) & Node.DOCUMENT_POSITION_FOLLOWING));
    const last = reachable[reachable.length - 1];
    last.dataset.beforeEditor = '';
    last.focus();
}"""


IN_VIEW = """() => {
    const seen = (e) => {
        const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {top: Math.round(r.top), bottom: Math.round(r.bottom),
                uncovered: Boolean(top && e.contains(top))};
    };
    const editor = seen(document.querySelector('.cm-editor'));
    const run = seen(document.querySelector('[data-testid=run]'));
    const check = seen(document.querySelector('[data-testid=check]'));
    const ok = [run, check].every((b) => b.uncovered && b.top >= 0 && b.bottom <= innerHeight)
        && editor.top >= 0 && editor.bottom <= run.top;
    return {ok, editor, run, check, height: innerHeight};
}"""


@pytest.mark.parametrize("width, height, device", [(640, 400, "zoom"), (844, 390, "phone"),
                                                   (1366, 768, "laptop"), (1920, 1080, "desktop")])
def test_tabbing_into_the_editor_keeps_run_and_check_on_screen(open_lesson, width, height, device):
    """1280 x 800 zoomed to 200 % (640 x 400) and a phone on its side: Tab into the editor
    scrolled it to mid-screen, its bottom and Run and Check below the edge, out of reach while
    typing. Now the editor shows whole with the buttons under it, at every size."""
    options = {"zoom": {"device_scale_factor": 2},
               "phone": {"has_touch": True, "is_mobile": True}}.get(device, {})
    page = open_lesson("05-backward", width=width, height=height, **options)
    wait_ready(page)
    page.evaluate(BEFORE_THE_EDITOR)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('cm-content')")
    page.keyboard.type("x = 1")
    page.keyboard.press("Enter")
    # Focus scrolls the page a frame later: wait for the buttons, and say where they were.
    try:
        page.wait_for_function(f"(({IN_VIEW})()).ok", timeout=15_000)
    except PlaywrightTimeout:
        pass
    shown = page.evaluate(IN_VIEW)
    assert shown["ok"], shown
    page.screenshot(path=str(ARTIFACTS / f"lab-tab-in-{width}x{height}.png"))


# The cursor, the end of the file and the row of buttons, where they are on the screen.
CURSOR_AND_ROW = """() => {
    const view = window.courseEditor;
    const cursor = view.coordsAtPos(view.state.selection.main.head);
    const end = view.coordsAtPos(view.state.doc.length);
    const row = document.querySelector('.lab > .toolbar').getBoundingClientRect();
    return {cursor: [Math.round(cursor.top), Math.round(cursor.bottom)], end: Math.round(end.bottom),
            row: [Math.round(row.top), Math.round(row.bottom)], atEnd: view.state.selection.main.head
            === view.state.doc.length, under: cursor.bottom > row.top + 1 && cursor.top < row.bottom,
            // The row is at the screen's bottom, or below the editor: never across its middle.
            rowPlace: row.bottom >= innerHeight - 1
                || row.top >= view.dom.getBoundingClientRect().bottom - 1};
}"""


@pytest.mark.parametrize("width, height", [(640, 400), (1280, 450)])
def test_a_cursor_moved_or_typed_under_the_row_of_buttons_is_brought_above_it(open_lesson, width, height):
    """Short screens keep Run and Check at the screen's bottom, over whatever is behind them.
    The page scrolled up a little (the editor's end under that row), the learner moved down to
    the last line and pressed Enter: the cursor and the new lines were under the buttons, out of
    sight, as the editor's end can scroll no further. Now the cursor is kept above the row."""
    page = open_lesson("05-backward", width=width, height=height, device_scale_factor=2)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    for _ in range(5):
        page.keyboard.press("ArrowUp")
    # Beside the lesson (1280 wide) the row stayed 6.5rem above the screen's bottom, across the
    # editor, or below the screen until the page had scrolled past the site's header.
    page.wait_for_function(f"(s => !s.under && s.rowPlace && s.row[1] <= innerHeight + 1)(({CURSOR_AND_ROW})())")
    # The wheel over the buttons scrolls what holds the lab back a little: the file's end under them.
    row = page.locator(".lab > .toolbar").bounding_box()
    page.mouse.move(row["x"] + row["width"] - 4, row["y"] + row["height"] / 2)
    for _ in range(12):  # a notch at a time, until the file's end is under the row
        if page.evaluate(f"(s => s.end > s.row[0] + 2)(({CURSOR_AND_ROW})())"):
            break
        before = page.evaluate(CURSOR_AND_ROW)["end"]
        page.mouse.wheel(0, -30)
        page.wait_for_function(f"(({CURSOR_AND_ROW})()).end !== {before}")
    shown = page.evaluate(CURSOR_AND_ROW)
    assert shown["end"] > shown["row"][0] + 2 and shown["rowPlace"], shown

    def cursor_in_sight(step: str) -> None:  # and the row on the screen
        try:
            page.wait_for_function(f"!(({CURSOR_AND_ROW})()).under", timeout=10_000)
        except PlaywrightTimeout:
            pass
        shown = page.evaluate(CURSOR_AND_ROW)
        page.screenshot(path=str(ARTIFACTS / f"lab-cursor-above-the-row-{width}x{height}.png"))
        assert not shown["under"] and shown["cursor"][0] >= 0 and shown["rowPlace"], (step, shown)
        assert shown["row"][1] <= height + 1, (step, shown)

    for _ in range(20):
        if page.evaluate(CURSOR_AND_ROW)["atEnd"]:
            break
        page.keyboard.press("ArrowDown")
    assert page.evaluate(CURSOR_AND_ROW)["atEnd"]
    cursor_in_sight("moved to the end")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    cursor_in_sight("two new lines")
    page.keyboard.type("x = 1")
    page.keyboard.press("Enter")
    cursor_in_sight("typed")
    assert doc(page).endswith("\n\nx = 1\n")


def test_tabbing_through_the_page_passes_the_editor_without_indenting_the_code(open_lesson):
    """A keyboard user tabbing from the lesson to Run came into the editor, and each further Tab
    indented the starter's first line: Run then said "unexpected indent". Come in by Tab, Tab
    moves on; once a key is pressed there, Tab indents, as it does after a click."""
    page = open_lesson("03-branching")
    wait_ready(page)
    starter = doc(page)
    page.evaluate(BEFORE_THE_EDITOR)  # what the keyboard reaches just before the editor
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('cm-content')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "run"
    page.keyboard.press("Shift+Tab")  # back in, and out again the other way
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.beforeEditor === ''")
    assert doc(page) == starter
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowDown")  # moving in the editor: now Tab is the editor's
    page.keyboard.press("Tab")
    assert doc(page) != starter and page.evaluate("document.activeElement.classList.contains('cm-content')")
    page.keyboard.press("ControlOrMeta+z")
    page.focus("[data-testid=run]")
    page.locator(".cm-content").click()  # clicked: Tab indents at once
    page.keyboard.press("Tab")
    assert doc(page) != starter


# Where a line's text starts (after its indentation), and where its second row does.
ROWS = """(number) => {
    const view = window.courseEditor;
    const line = view.state.doc.line(number);
    const text = view.coordsAtPos(line.from + /^ */.exec(line.text)[0].length);
    let at = line.from;
    while (at < line.to && view.coordsAtPos(at).top === text.top) at++;
    const second = view.coordsAtPos(at);
    return {text: text.left, second: second.left, wrapped: second.top > text.top};
}"""


@pytest.mark.parametrize("slug, width, height", [("05-backward", 390, 844),
                                                 ("04-value", 1280, 800),
                                                 ("04-value", 1920, 1080)])
def test_at_every_width_the_editor_wraps_long_lines(course, open_lesson, slug, width, height):
    # Beside the lesson on a laptop the editor holds ~60 characters: the starter's
    # instructions, longer than that, were cut off at its edge.
    starter = course.labs[slug].starter.read_text()
    assert max(len(line) for line in starter.splitlines()) > 60
    page = open_lesson(slug, width=width, height=height)
    wait_ready(page)
    long = "a long line of instructions " * 12
    set_code(page, f"# {long}\ndef f():\n        # {long}\n    return 1\n")
    scroller = page.locator(".cm-scroller")
    assert scroller.evaluate("s => s.scrollWidth - s.clientWidth") <= 1
    # A continuation is indented past its line's own text, so in Python it never reads as a
    # line of its own (at the indentation of another block).
    for number in (1, 3):
        rows = page.evaluate(ROWS, number)
        assert rows["wrapped"] and rows["second"] > rows["text"] + 20, (number, rows)
    set_code(page, starter)  # the starter's own instructions wrap too
    assert scroller.evaluate("s => s.scrollWidth - s.clientWidth") <= 1
    page.locator("[data-testid=editor]").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"lab-{width}.png"))


def test_on_a_wide_screen_the_lab_stays_in_view_beside_the_lesson(course, open_lesson):
    page = open_lesson("04-value", width=1920, height=1080)
    wait_ready(page)
    # The README's picture of a lab: a known mistake checked, its first hint shown.
    set_code(page, (course.labs["04-value"].folder / "mistakes" / "product_rule_swapped.py").read_text())
    assert check(page) == "false"
    page.locator(".check.fail .hints button").first.click()
    page.locator(".check.fail").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "lab.png"))
    page.evaluate("window.scrollTo(0, 0); document.querySelector('section.lab').scrollTop = 0")
    lesson = page.locator("article.lesson").bounding_box()
    lab = page.locator("section.lab").bounding_box()
    assert lab["x"] >= lesson["x"] + lesson["width"], (lesson, lab)
    page.screenshot(path=str(ARTIFACTS / "lab-wide.png"))
    # Read to the end of the lesson: the editor and its buttons are still on screen.
    page.locator(".quiz").scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 500
    for testid in ("editor", "check"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert 0 <= box["y"] < 1080, (testid, box)
    # At laptop width the lab stays below the lesson.
    page.set_viewport_size({"width": 1100, "height": 900})
    lesson = page.locator("article.lesson").bounding_box()
    lab = page.locator("section.lab").bounding_box()
    assert lab["y"] >= lesson["y"] + lesson["height"]


@pytest.mark.parametrize("height", [800, 720])
def test_on_a_laptop_run_and_check_are_on_screen_when_the_lab_opens(open_lesson, course, height):
    """At 1280 x 800, a first visit's lab column showed its title, its help and 22 lines of
    the editor, and no Run or Check: they were 100 px below the column's edge (150 px in lab
    4), and nothing on screen said where they were. Then lab 5's note on the lab-4 code (its
    offer of the course's code) put their bottom at 1022 px, and with the code taken, at 921.
    The editor is fitted to what stands above it, whatever notes show, the page at its top
    (on a 1280 x 720 one, with a note, once the site's header has scrolled away)."""
    def on_screen(page, what):
        for testid in ("run", "check"):
            box = page.locator(f"[data-testid={testid}]").bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= height, (what, testid, box)
        editor = page.locator("[data-testid=editor]").bounding_box()
        assert editor["height"] >= 10 * 16, (what, editor)
        return editor["height"]

    for lab in course.labs.values():
        page = open_lesson(lab.slug, width=1280, height=height)
        wait_ready(page)
        assert page.evaluate("scrollY") == 0, lab.slug
        notes = page.locator("[data-testid=carry]").is_visible()
        if notes and height < 800:
            # A shorter laptop, with the note: once the site's header scrolls away (80 px).
            page.mouse.move(300, 400)
            page.mouse.wheel(0, 200)
            page.wait_for_function("window.scrollY >= 80")
        tall = on_screen(page, lab.slug)
        if height == 800 and not notes:  # no note: about 16 lines or more
            assert tall >= 16 * 16, (lab.slug, tall)
        if height == 800:
            page.screenshot(path=str(ARTIFACTS / f"lab-laptop-{lab.slug}.png"))
        if page.locator("[data-testid=use-provided]").count():
            # The offer taken, the note is shorter: the editor has the room back.
            page.click("[data-testid=use-provided]")
            page.wait_for_function("!document.querySelector('[data-testid=use-provided]')")
            if height == 800:
                page.wait_for_function("h => document.querySelector('[data-testid=editor]')"
                                       ".getBoundingClientRect().height > h", arg=tall)
            on_screen(page, f"{lab.slug}, the offer taken")
    # On a big screen the editor keeps about the height it had (55 % of the screen).
    page = open_lesson("01-graphs", width=1920, height=1080)
    assert page.locator("[data-testid=editor]").bounding_box()["height"] > 0.53 * 1080


def test_on_a_touch_screen_as_wide_as_a_laptop_run_and_check_are_on_screen_too(open_lesson):
    """A touch screen hides the lab's line on keys (app.css): the fit read its empty box as
    nothing above the editor, which then took 55 % of the screen and pushed Run and Check off
    a 1280 x 720 tablet."""
    page = open_lesson("01-graphs", width=1280, height=720, has_touch=True, is_mobile=True)
    wait_ready(page)
    assert page.locator(".lab-keys").is_hidden()
    for testid in ("run", "check"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 720, (testid, box)
    assert page.locator("[data-testid=editor]").bounding_box()["height"] >= 16 * 16


def test_offline_a_page_never_kept_gets_a_clear_offline_page(open_lesson, site):
    page = open_lesson("01-graphs")
    wait_ready(page)
    wait_until(page, OFFLINE_COPY_MADE, timeout=60_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    page.context.set_offline(True)
    try:
        page.goto(site["url"] + "lite/lab/index.html")
        assert page.locator("h1").inner_text() == "You are offline"
        assert "JupyterLite notebooks are not kept offline" in page.inner_text("main")
        page.click("text=Go to the lessons")
        page.wait_for_selector("[data-lesson]")
        page.goto(site["url"] + "no/such/page.html")
        assert page.locator("h1").inner_text() == "You are offline"
    finally:
        page.context.set_offline(False)


def test_code_pasted_with_a_byte_order_mark_runs_as_it_checks(course, open_lesson):
    # Copied from a file saved with a BOM, the text brings it along, invisible: Check read
    # past it, and Run stopped at "invalid non-printable character U+FEFF".
    page = open_lesson("01-graphs", permissions=["clipboard-read", "clipboard-write"])
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.evaluate("navigator.clipboard.writeText('\\ufeffprint(\"pasted\")\\r\\nprint(2)\\r\\n')")
    page.keyboard.press("ControlOrMeta+v")
    assert doc(page) == 'print("pasted")\nprint(2)\n'
    assert run(page) == "pasted\n2\n"


def test_code_indented_with_tabs_keeps_running_after_enter(open_lesson, tmp_path):
    """Pasted (or opened) code indented with tabs, then one more line typed: Enter indents with
    spaces, and Run said "inconsistent use of tabs and spaces" about lines that look alike."""
    page = open_lesson("01-graphs", permissions=["clipboard-read", "clipboard-write"])
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.evaluate("navigator.clipboard.writeText('def f(x):\\n\\ty = x * 2\\n\\tif y:\\n\\t\\ty += 1')")
    page.keyboard.press("ControlOrMeta+v")
    page.keyboard.press("Enter")
    page.keyboard.press("Backspace")
    page.keyboard.type("return y")
    page.keyboard.press("Enter")  # out of the function after return
    page.keyboard.type("print(f(1))")
    assert doc(page) == "def f(x):\n    y = x * 2\n    if y:\n        y += 1\n    return y\nprint(f(1))"
    assert run(page) == "3\n"
    tabbed = tmp_path / "01-graphs.py"
    tabbed.write_text("def f(x):\n\tif x:\n\t\treturn 1\n\treturn 2\n")
    page.locator("[data-testid=open-file]").scroll_into_view_if_needed()
    with page.expect_file_chooser() as chooser:
        page.click("[data-testid=open-file]")
    chooser.value.set_files(str(tabbed))
    # The code before also starts 'def f(x):': wait for a line only the file has.
    page.wait_for_function("window.courseEditor.state.doc.toString().includes('return 2')")
    assert doc(page) == "def f(x):\n    if x:\n        return 1\n    return 2\n"


def test_no_break_spaces_pasted_or_typed_become_spaces(open_lesson):
    """Code copied from a web page or a PDF (or Option+Space on a Mac) brings no-break spaces:
    they look like spaces, and Run said "invalid non-printable character U+00A0"."""
    page = open_lesson("01-graphs", permissions=["clipboard-read", "clipboard-write"])
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.evaluate("navigator.clipboard.writeText("
                  "'def f(x):\\n\\u00a0\\u00a0\\u00a0\\u00a0return x\\u00a0* 2\\n')")
    page.keyboard.press("ControlOrMeta+v")
    page.keyboard.type("print(f(2),\u00a0f(3))")
    assert doc(page) == "def f(x):\n    return x * 2\nprint(f(2), f(3))"
    assert run(page) == "4 6\n"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_long_printed_line_wraps_in_the_output_instead_of_running_out_of_it(open_lesson, width):
    page = open_lesson("01-graphs", width=width, height=844)
    wait_ready(page)
    # Beside the lesson on a laptop the output holds ~65 characters: a rule of 80 ran out of it.
    set_code(page, "print('=' * 80)\nprint('b' * 300)\nprint(12345678901234567890 ** 8)\n"
                   "raise ValueError('x' * 200)\n")
    output = run(page)
    assert "b" * 300 in output.replace("\n", "") and "ValueError" in output
    box = page.locator("[data-testid=output]")
    assert box.evaluate("o => o.scrollWidth - o.clientWidth") <= 1
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"long-output-{width}.png"))


@pytest.mark.parametrize("width, height", [(1280, 800), (1920, 1080), (390, 844)])
def test_a_report_comes_into_view_without_moving_the_lesson_beside_it(course, open_lesson,
                                                                      width, height):
    """Beside the lesson, the lab scrolls on its own: a Check's report is brought up there and
    the page (the lesson being read) stays where it was; on a phone the page scrolls to it."""
    page = open_lesson("05-backward", width=width, height=height)
    wait_ready(page)
    set_code(page, course.labs["05-backward"].starter.read_text())
    for scrolled in (0, 1200):  # at the top of the lesson, and further down it
        page.evaluate("(y) => { window.scrollTo(0, y); delete document.querySelector("
                      "'[data-testid=result]').dataset.passed; }", scrolled)
        page.locator("[data-testid=check]").click()  # (Playwright may scroll to the button)
        before = page.evaluate("window.scrollY")
        page.wait_for_function("document.querySelector('[data-testid=result]').dataset.passed")
        page.wait_for_function("document.activeElement.dataset.testid === 'result'")
        box = page.locator("[data-testid=result]").bounding_box()
        assert -2 <= box["y"] < height - 40, (scrolled, box)  # its top is on screen
        if width > 390:
            assert page.evaluate("window.scrollY") == before, scrolled


def test_a_report_taller_than_a_phone_opens_at_its_score(course, open_lesson):
    """Lab 1's starter fails every check, with two errors and hints: a report two screens tall.
    Tapped on a phone, Check brings up the report's top (score, the error to fix first), not
    its last checks with the top scrolled off."""
    page = open_lesson("01-graphs", width=390, height=844, has_touch=True, is_mobile=True)
    wait_ready(page)
    page.locator("[data-testid=editor]").scroll_into_view_if_needed()
    page.tap("[data-testid=check]")
    page.wait_for_function("document.querySelector('[data-testid=result]').dataset.passed")
    page.wait_for_function("document.activeElement.dataset.testid === 'result'")
    report = page.locator("[data-testid=result]").bounding_box()
    assert report["height"] > 844  # taller than the screen, or this tests nothing
    assert -2 <= page.locator("[data-testid=result] h3").bounding_box()["y"] < 100, report


def test_typing_a_docstrings_closing_quotes_closes_it_once(open_lesson):
    """The editor puts closing quotes in when a string opens. Typing the docstring's own three
    closing quotes afterwards, by habit, gave five: the first stepped over all three."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    set_code(page, "")
    page.locator(".cm-content").click()
    page.keyboard.type('def f():')
    page.keyboard.press("Enter")
    page.keyboard.type('"""Sum the steps.')
    page.keyboard.press("Enter")
    page.keyboard.type('More words."""')
    page.keyboard.press("Enter")
    page.keyboard.type("return 1")
    assert doc(page) == 'def f():\n    """Sum the steps.\n    More words."""\n    return 1'
    set_code(page, "")
    page.keyboard.type("x = '''one'''")  # on one line, and with the other quote
    page.keyboard.press("Enter")
    page.keyboard.type('s = "a"')
    assert doc(page) == "x = '''one'''\ns = \"a\""


def test_run_and_checks_keys_work_after_clicking_run(open_lesson):
    """The lab says Run is Ctrl+Enter and Check Shift+Ctrl+Enter; after Run was clicked, focus is
    on its button, and the keys did nothing there."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    set_code(page, "print('ran')")
    assert run(page) == "ran\n"
    assert page.evaluate("document.activeElement.dataset.testid") == "run"
    page.keyboard.press("ControlOrMeta+Shift+Enter")
    page.wait_for_function("document.querySelector('[data-testid=result]').dataset.passed === 'false'")
    page.focus("[data-testid=download]")
    set_code(page, "print('again')")
    page.keyboard.press("ControlOrMeta+Enter")
    page.wait_for_function("document.querySelector('[data-testid=output]').innerText === 'again\\n'")


def test_checking_from_the_editor_keeps_the_keyboard_there(open_lesson):
    """Shift+Ctrl+Enter in the editor moved focus to the report: the next keys typed were lost.
    The report still comes into view; a Check clicked still takes focus to the report."""
    page = open_lesson("01-graphs", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("ControlOrMeta+Shift+Enter")
    page.wait_for_function("document.querySelector('[data-testid=result]').dataset.passed")
    box = page.locator("[data-testid=result]").bounding_box()
    assert -2 <= box["y"] < 800 - 40
    page.keyboard.type("\nx = 1")
    assert doc(page).endswith("\nx = 1")
    assert check(page) == "false"  # clicked
    assert page.evaluate("document.activeElement.dataset.testid") == "result"


@pytest.mark.parametrize("width, height", [(1280, 800), (1920, 1080), (390, 844)])
def test_the_lab_buttons_line_up_and_check_is_as_tall_as_run(open_lesson, width, height):
    """Check sat 6 px lower and 13 px shorter than Run and the others: it shares its class with
    a report's check items, and took their margin."""
    page = open_lesson("02-chain-rule", width=width, height=height)
    wait_ready(page)
    boxes = {testid: page.locator(f"[data-testid={testid}]").bounding_box()
             for testid in ("run", "check", "stop", "reset")}
    assert abs(boxes["check"]["height"] - boxes["run"]["height"]) < 1, boxes
    assert abs(boxes["check"]["y"] - boxes["run"]["y"]) < 1, boxes
    page.locator("[data-testid=run]").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"lab-buttons-{width}.png"))


def test_a_block_copied_from_the_lesson_pasted_into_a_method_keeps_its_shape(open_lesson):
    """The lesson's `def __mul__` block, copied from the page and pasted over the stub inside
    `class Value`, came in with its first line at the stub's indentation and the rest at the
    left edge: Run said IndentationError. Lines copied whole and pasted after Enter had
    indented came in with the first line twice as deep."""
    page = open_lesson("04-value", permissions=["clipboard-read", "clipboard-write"])
    wait_ready(page)
    # Select the lesson's code block with the mouse's worth of a drag, and copy it.
    page.evaluate("""() => {
        const pre = [...document.querySelectorAll('.lesson pre')]
            .find(p => p.textContent.startsWith('def __mul__'));
        pre.scrollIntoView();
        const range = document.createRange();
        range.selectNodeContents(pre);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
    }""")
    page.keyboard.press("ControlOrMeta+c")
    # In the editor, find the stub and select it from its first character to its last line.
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+f")
    page.keyboard.type("def __mul__")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowLeft")
    selected = """(() => { const s = window.courseEditor.state, r = s.selection.main;
        return s.sliceDoc(r.from, r.to); })()"""
    head_line = "(() => { const s = window.courseEditor.state; return s.doc.lineAt(s.selection.main.head).text; })()"
    while "NotImplementedError" not in page.evaluate(head_line):  # the comment wraps: rows, not lines
        page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+End")
    assert page.evaluate(selected).endswith('raise NotImplementedError("Value.__mul__")')
    page.keyboard.press("ControlOrMeta+v")
    pasted = ("\n    def __mul__(self, other):\n"
              "        other = other if isinstance(other, Value) else Value(other)\n"
              "        out = Value(self.data * other.data, (self, other), '*')\n"
              "        def _backward():\n"
              "            self.grad += other.data * out.grad\n"
              "            other.grad += self.data * out.grad\n"
              "        out._backward = _backward\n"
              "        return out\n")
    assert pasted in doc(page)
    page.keyboard.press("ControlOrMeta+z")  # one paste, one undo
    assert 'raise NotImplementedError("Value.__mul__")' in doc(page)
    page.keyboard.press("ControlOrMeta+y")
    assert pasted in doc(page)
    assert run(page).startswith("Not written yet: Value.__init__")  # the file reads: no IndentationError
    page.locator(".cm-content").click()
    # Whole lines, copied with their indentation, pasted where Enter has indented.
    set_code(page, "def f(x):\n    y = x")
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("z = 0")
    page.keyboard.press("Enter")
    page.evaluate("navigator.clipboard.writeText('    if y:\\n        z = y * 2\\n    return z')")
    page.keyboard.press("ControlOrMeta+v")
    page.keyboard.press("Enter")  # after return: out of the function
    page.keyboard.type("print(f(3))")
    assert doc(page) == ("def f(x):\n    y = x\n    z = 0\n    if y:\n        z = y * 2\n    return z\n"
                         "print(f(3))")
    assert run(page) == "6\n"
    # At the start of a line, whole lines keep the indentation they had.
    page.locator(".cm-content").click()
    set_code(page, "class A:\n")
    page.keyboard.press("ControlOrMeta+End")
    page.evaluate("navigator.clipboard.writeText('    def g(self):\\n        return 1\\n')")
    page.keyboard.press("ControlOrMeta+v")
    assert doc(page) == "class A:\n    def g(self):\n        return 1\n"


IN_SIGHT = """selector => {
    const box = document.querySelector(selector).getBoundingClientRect();
    const lab = document.querySelector('section.lab').getBoundingClientRect();
    const bottom = Math.min(innerHeight, lab.bottom), top = Math.max(0, lab.top);
    return box.top >= top && box.top + Math.min(box.height, 40) <= bottom;
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (1920, 1080), (390, 844)])
def test_what_run_prints_comes_into_view(open_lesson, width, height):
    """Beside the lesson on a laptop (1280 x 800) the output sat under the fold of the lab's own
    column: Ctrl+Enter from the editor printed out of sight and seemed to do nothing."""
    page = open_lesson("01-graphs", width=width, height=height)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("print('hello from my code')")
    lesson_top = page.locator("article.lesson").bounding_box()["y"]
    page.keyboard.press("ControlOrMeta+Enter")
    page.locator("[data-testid=output]").filter(has_text="hello from my code").wait_for()
    page.wait_for_function("!document.querySelector('[data-testid=run]').disabled")
    page.wait_for_timeout(300)  # a smooth scroll, if any, has ended
    assert page.evaluate(IN_SIGHT, "[data-testid=output]")
    # The line just typed is still in sight, and the keyboard still in the editor.
    assert page.evaluate(IN_SIGHT, ".cm-activeLine")
    assert page.evaluate("document.activeElement.classList.contains('cm-content')")
    if width >= 1200:  # the lesson beside the lab has not moved
        assert page.locator("article.lesson").bounding_box()["y"] == lesson_top
    page.screenshot(path=str(ARTIFACTS / f"run-output-{width}.png"))


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_ctrl_s_in_the_editor_says_the_code_is_saved_instead_of_saving_the_page(open_lesson, width,
                                                                                 height):
    """Ctrl+S out of habit opened the browser's "Save page as" for the lesson's HTML."""
    page = open_lesson("02-chain-rule", width=width, height=height)
    wait_ready(page)
    page.evaluate("""() => addEventListener('keydown', (event) => {
        if (event.key === 's') window.saveKey = event.defaultPrevented; })""")
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("\n# my note")
    page.keyboard.press("ControlOrMeta+s")
    assert page.evaluate("window.saveKey") is True  # the browser's own Save was not asked for
    note = page.locator("[data-testid=file-note]")
    assert note.inner_text() == "Your code is saved in this browser as you type; Download saves it as a file."
    page.wait_for_timeout(300)
    assert page.evaluate(IN_SIGHT, "[data-testid=file-note]") and page.evaluate(IN_SIGHT, ".cm-activeLine")
    page.screenshot(path=str(ARTIFACTS / f"ctrl-s-{width}.png"))
    page.reload()
    page.wait_for_function("window.courseEditor !== undefined")
    assert doc(page).endswith("\n# my note")


def test_enter_in_lab_5s_training_step_stays_in_the_function(course, open_lesson):
    """Lab 5, at 1280 px: the learner selects `raise NotImplementedError("train_step")` with a
    triple click and types the step over it. Enter after `    loss = loss_fn()` went to column 0
    (CodeMirror's parse of the whole file put the line's end outside the function), so the rest
    of the step landed outside it and Run said "'return' outside function"."""
    lab = course.labs["05-backward"]
    page = open_lesson(lab.slug, width=1280, height=800)
    wait_ready(page)
    set_code(page, course.labs["04-value"].solution.read_text() + "\n" + lab.config.extend.read_text())
    raise_line = 'raise NotImplementedError("train_step")'
    page.evaluate("""needle => {
        const view = window.courseEditor;
        const at = view.state.doc.toString().indexOf(needle);
        view.dispatch({selection: {anchor: at}, scrollIntoView: true});
    }""", raise_line)
    page.locator(".cm-line", has_text=raise_line).click(click_count=3)
    page.keyboard.type("    loss = loss_fn()")
    for keys in ["Enter", "loss.backward()", "Enter", "for p in params:", "Enter",
                 "p.data -= lr * p.grad", "Enter", "Backspace", "return loss.data", "Enter"]:
        page.keyboard.press(keys) if keys in ("Enter", "Backspace") else page.keyboard.type(keys)
    step = ("    loss = loss_fn()\n    loss.backward()\n    for p in params:\n"
            "        p.data -= lr * p.grad\n    return loss.data\n")
    assert "#                                      AGAINST its gradient\n" + step in doc(page)
    assert "outside function" not in run(page)
    # A line that closes an earlier line's bracket still goes back to where that line began.
    set_code(page, "def f():\n    total = sum([\n        1, 2,\n        3])")
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("return total")
    assert doc(page).endswith("\n        3])\n    return total")


def test_reset_after_a_stopped_check_leaves_no_word_of_the_old_code(course, open_lesson):
    """On a phone: `while True: pass` typed under the starter, Check, Stop, then Reset. The
    status still said "Check stopped: you pressed Stop", the output the old run's, and the
    report blamed line 64 of a starter 61 lines long, as if of the code now in the editor.
    And the way back the confirmation offered, Ctrl+Z, is not on a phone's keyboard."""
    page = open_lesson("01-graphs", width=390, height=844, is_mobile=True, has_touch=True)
    wait_ready(page)
    page.locator(".cm-content").tap()
    page.keyboard.press("ControlOrMeta+End")
    for keys in ["Enter", "while True:", "Enter", "pass"]:
        page.keyboard.press(keys) if keys == "Enter" else page.keyboard.type(keys)
    page.tap("[data-testid=check]")
    page.wait_for_function("document.querySelector('[data-testid=status]').dataset.state === 'running'",
                           timeout=60_000)
    page.tap("[data-testid=stop]")
    page.wait_for_function("(() => { const r = document.querySelector('[data-testid=result]');"
                           " return !r.hidden && r.dataset.passed; })()", timeout=60_000)
    assert "you pressed Stop" in page.inner_text("[data-testid=status]")
    assert "outside any function" in page.inner_text("[data-testid=result]")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.tap("[data-testid=reset]")
    assert "A button then brings yours back" in asked[0]
    assert doc(page) == course.labs["01-graphs"].starter.read_text()
    # The editor shows the starter as the page opens it, from its first line, not its last.
    editor = page.locator(".cm-scroller").bounding_box()
    first = page.locator(".cm-line", has_text="Lab 1 - A formula is a graph").bounding_box()
    assert first and editor["y"] <= first["y"] < editor["y"] + editor["height"]
    status = page.inner_text("[data-testid=status]")
    assert "Stop" not in status and "replaced with the starter code" in status
    assert page.inner_text("[data-testid=output]").strip() == ""
    assert page.inner_text("[data-testid=earlier-result]").startswith("This report is of your code before Reset")
    # A phone has no Ctrl+Z: a button beside the lab's buttons brings the code back.
    page.tap("[data-testid=undo-reset]")
    assert doc(page).endswith("while True:\n    pass")
    assert page.inner_text("[data-testid=file-note]") == "Your code is back in the editor."
    # The status above the editor no longer says the code was replaced: it is back.
    assert page.inner_text("[data-testid=status]") == "Python is ready."


def test_after_reset_ctrl_z_brings_the_code_back_and_the_status_stops_saying_replaced(open_lesson):
    """With the keyboard: Reset, then Ctrl+Z in the editor. The code came back but the status
    kept saying "Your code was replaced with the starter code", as if it were gone."""
    page = open_lesson("02-chain-rule", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("print('mine')")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=reset]")
    assert "replaced with the starter code" in page.inner_text("[data-testid=status]")
    assert "print('mine')" not in doc(page)
    # A laptop has the keys, and the note beside the button names them (a phone's does not).
    assert page.inner_text("[data-testid=file-note]") == "Bring my code back (or Ctrl/⌘+Z in the editor)"
    page.keyboard.press("ControlOrMeta+z")  # Reset leaves the focus in the editor
    assert doc(page).endswith("print('mine')")
    assert page.inner_text("[data-testid=status]") == "Python is ready."


@pytest.mark.parametrize("width", [390, 1280])
def test_code_replaced_by_reset_can_still_be_brought_back_after_a_reload(open_lesson, width):
    """Reset, then a reload, or a look at another lesson and back: "Bring my code back" was
    gone, and so was the learner's code, with Ctrl+Z's history; the starter had been saved
    over it. The code Reset replaced is kept with the lab until the learner types again, and the
    button is offered again after the reload; once typed into, it is not offered."""
    page = open_lesson("02-chain-rule", width=width, height=844)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("print('mine')")
    mine = doc(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=reset]")
    assert "print('mine')" not in doc(page)
    page.reload()
    wait_ready(page)
    back = page.locator("[data-testid=undo-reset]")
    back.wait_for(timeout=10_000)
    assert "Reset" in page.inner_text("[data-testid=file-note]")
    back.click()
    assert doc(page) == mine
    page.reload()
    wait_ready(page)
    assert doc(page) == mine and back.count() == 0  # back: nothing to offer
    # Reset, then typed into: the offer would throw the new line away, so it is not made.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=reset]")
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("# new")
    page.reload()
    wait_ready(page)
    assert doc(page).endswith("# new") and back.count() == 0


@pytest.mark.parametrize("width", [390, 1280])
def test_the_lab_names_its_keys_only_where_there_is_a_keyboard(open_lesson, width):
    """On a phone the lab opened with "Run it (Ctrl/⌘+Enter) ... (Shift+Ctrl/⌘+Enter)" and
    three lines on Tab and Esc, then Tab, above the editor: keys a touch screen has not got."""
    phone = width < 600
    page = open_lesson("01-graphs", width=width, height=844, is_mobile=phone, has_touch=phone)
    wait_ready(page)
    help_text = page.inner_text(".lab-help")
    assert help_text.startswith("Edit the code, then Run it")
    assert ("Ctrl" in help_text) is not phone, help_text
    assert page.locator("#editor-keys").is_visible() is not phone
    # The editor still describes its keys to a screen reader, for a keyboard attached.
    assert page.get_attribute(".cm-content", "aria-describedby") == "editor-keys"
    assert "Esc, then Tab" in page.text_content("#editor-keys")


def test_on_a_phone_a_file_opened_over_the_code_can_be_taken_back(open_lesson, tmp_path):
    """Open a file said "Undo (Ctrl+Z) brings your previous code back": a phone's keyboard has
    no Ctrl key. The page offers a button for it, as after Reset."""
    page = open_lesson("01-graphs", width=390, height=844, is_mobile=True, has_touch=True)
    wait_ready(page)
    page.locator(".cm-content").tap()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("\nprint('my own work')")
    mine = tmp_path / "other.py"
    mine.write_text("def forward(a, b, c, f):\n    print('from a file')\n", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.tap("[data-testid=open-file]")
    chooser.value.set_files(str(mine))
    page.locator("[data-testid=undo-reset]").wait_for()
    assert doc(page) == "def forward(a, b, c, f):\n    print('from a file')\n"
    assert page.inner_text("[data-testid=file-note]").startswith("Opened other.py.")
    # Nor does the note name keys the phone has not got ("or Ctrl+Z in the editor").
    assert "Ctrl" not in page.inner_text("[data-testid=file-note]")
    page.tap("[data-testid=undo-reset]")
    assert doc(page).endswith("\nprint('my own work')")
    assert page.inner_text("[data-testid=file-note]") == "Your code is back in the editor."
    # Typed into after a file was opened, the button goes: it would throw the new lines away.
    with page.expect_file_chooser() as chooser:
        page.tap("[data-testid=open-file]")
    chooser.value.set_files(str(mine))
    page.locator("[data-testid=undo-reset]").wait_for()
    page.locator(".cm-content").tap()
    page.keyboard.type("# new")
    assert page.locator("[data-testid=undo-reset]").count() == 0


def test_bring_my_code_back_shows_the_line_the_learner_was_at(open_lesson):
    """After Reset, "Bring my code back" put the code back but left the editor at line 1: the
    same docstring the starter opens with, so on a phone it looked as if nothing came back."""
    page = open_lesson("05-backward", width=390, height=844, is_mobile=True, has_touch=True)
    wait_ready(page)
    page.locator(".cm-content").tap()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("print('my own line')")
    page.once("dialog", lambda dialog: dialog.accept())
    page.tap("[data-testid=reset]")
    page.tap("[data-testid=undo-reset]")
    assert doc(page).endswith("print('my own line')")
    mine = page.locator(".cm-line", has_text="print('my own line')")
    mine.wait_for()
    editor = page.locator(".cm-scroller").bounding_box()
    line = mine.bounding_box()
    assert editor["y"] <= line["y"] and line["y"] + line["height"] <= editor["y"] + editor["height"], (
        editor, line)


def test_esc_then_tab_leaves_the_editor_with_the_completion_list_open(open_lesson):
    """The page says "press Esc, then Tab" to leave the editor. Typing "print" opens the list
    of completions: Esc only closed the list, and the Tab then indented the line."""
    page = open_lesson("03-branching", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("print")
    page.locator(".cm-tooltip-autocomplete").wait_for()  # what a learner sees pop up
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "run"
    assert doc(page).endswith("\nprint")  # not indented by the Tab
    assert page.locator(".cm-tooltip-autocomplete").count() == 0
    # With lines selected (Shift+Up, as to indent them), Esc dropped the selection and the Tab
    # then indented both lines.
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Shift+ArrowUp")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "run"
    assert doc(page).endswith("\nprint") and page.evaluate(
        "window.courseEditor.state.selection.main.empty")


def test_a_method_line_typed_at_column_0_is_said_to_be_outside_every_method(open_lesson):
    """Lab 5 at 1366 x 768: the learner's loop for backward() landed at column 0, and Run said
    only "NameError: name 'self' is not defined" at "line 72, in <module>", read as "my class
    is broken". Run and Check now say the line is outside every method (the grader's words,
    grader/core/learner_errors.py)."""
    page = open_lesson("04-value", width=1366, height=768)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    while page.evaluate("""(() => { const s = window.courseEditor.state;
            return s.doc.lineAt(s.selection.main.head).text; })()""") != "":
        page.keyboard.press("Shift+Tab")  # the learner takes the indentation off
    page.keyboard.type("self.grad = 0.0")
    line = page.evaluate("window.courseEditor.state.doc.lines")
    said = f"line {line} is outside every method, where `self` is not defined"
    assert said in run(page).lower()  # "Line 130 is …" as a sentence of its own
    assert check(page) == "false"
    # In the report `self` is set as code: its text has no backticks.
    assert said.replace("`", "") in page.inner_text("[data-testid=result]")


@pytest.mark.parametrize("keys", ["ControlOrMeta+Enter", "Shift+ControlOrMeta+Enter"])
def test_run_or_check_by_keys_closes_the_list_of_completions(open_lesson, keys):
    """Typing `return (f(x + h) - f(x)) / h` and pressing Shift+Ctrl+Enter at once: the list of
    completions for "h" (hasattr, hash, help, hex) stayed open over the code after the Check
    (on a 1920 x 1080 screen, over the lines below the cursor). Enter then still makes a new
    line, as it must (no entry is chosen until an arrow key picks one)."""
    page = open_lesson("01-graphs", width=1920, height=1080)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("x = h")
    page.locator(".cm-tooltip-autocomplete").wait_for()
    page.keyboard.press(keys)
    page.wait_for_function("document.querySelector('[data-testid=output]').textContent !== ''")
    page.wait_for_function("!document.querySelector('[data-testid=run]').disabled")
    assert page.locator(".cm-tooltip-autocomplete").count() == 0
    page.keyboard.press("Enter")
    assert doc(page).endswith("\nx = h\n")


@pytest.mark.parametrize("width", [1100, 390])
def test_a_line_number_in_a_report_takes_the_cursor_to_that_line(open_lesson, width):
    """"invalid syntax (line 62)" left the learner scrolling a 60-line editor (wrapped into some
    150 rows on a phone) for line 62. "line 62" is a button: the cursor goes to that line, the
    keyboard into the editor, and the fix is typed there. A Run's traceback links its lines too."""
    page = open_lesson("01-graphs", width=width, height=844)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("e = 2 * 3 +")
    last = page.evaluate("window.courseEditor.state.doc.lines")
    page.keyboard.press("ControlOrMeta+Home")
    assert check(page) == "false"
    link = page.locator("[data-testid=result] .report-error [data-testid=line-link]")
    assert link.inner_text() == f"line {last}"
    link.click()
    cursor = "(() => { const v = window.courseEditor; return [v.hasFocus, v.state.doc.lineAt(v.state.selection.main.head).number]; })()"
    assert page.evaluate(cursor) == [True, last]
    # The editor's whole box in sight, below the column's top edge (not the line alone at it),
    # and the line inside the box.
    page.wait_for_timeout(300)
    assert page.evaluate("""() => {
        const v = window.courseEditor, box = v.dom.getBoundingClientRect();
        const lab = v.dom.closest('.lab');
        const top = lab && getComputedStyle(lab).overflowY === 'auto' ? lab.getBoundingClientRect().top : 0;
        const caret = v.coordsAtPos(v.state.selection.main.head), inner = v.scrollDOM.getBoundingClientRect();
        return box.top >= top && box.bottom <= innerHeight && caret && caret.top >= inner.top && caret.bottom <= inner.bottom;
    }"""), "the editor's box or the line is out of sight"
    page.keyboard.press("End")
    page.keyboard.type(" q")
    assert doc(page).endswith("\ne = 2 * 3 + q")
    out = run(page)
    assert f"line {last}, in <module>" in out and "NameError" in out, out
    traced = page.locator("[data-testid=output] [data-testid=line-link]")
    assert traced.all_inner_texts() == [f"line {last}"]
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+Home")
    traced.click()
    assert page.evaluate(cursor) == [True, last]
    # What the learner's own code prints is not Python's word about the file: never a link.
    page.keyboard.press("End")
    for _ in range(len("q")):
        page.keyboard.press("Backspace")
    page.keyboard.type("1\nprint('see line 2')")
    assert "see line 2" in run(page)
    assert page.locator("[data-testid=output] [data-testid=line-link]").count() == 0


@pytest.mark.parametrize("width", [1280, 390])
def test_a_line_link_follows_the_code_typed_after_it_was_run(open_lesson, width):
    """A report's "line 50" is of the code as it was checked. The learner read it, typed two
    lines at the top of the file (an import and a blank line), then pressed "line 50": the
    cursor went to line 50 of the code now, two lines above the `raise` the report blamed. The
    link follows the edits made since, to the same line of code, even once that line itself is
    changed; a Run's traceback too."""
    page = open_lesson("01-graphs", width=width, height=844)
    wait_ready(page)
    starter = doc(page).split("\n")
    blamed = next(i for i, line in enumerate(starter, 1) if 'NotImplementedError("forward' in line)
    assert check(page) == "false"
    cursor = ("(() => { const v = window.courseEditor;"
              " return v.state.doc.lineAt(v.state.selection.main.head).text.trim(); })()")
    link = page.locator("[data-testid=result] [data-testid=line-link]", has_text=f"line {blamed}").first
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.type("import math")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    link.click()
    assert page.evaluate(cursor).startswith('raise NotImplementedError("forward'), page.evaluate(cursor)
    # The blamed line itself changed: the link still lands on it.
    page.keyboard.press("End")
    page.keyboard.press("End")  # the second: past where the line wraps, to its end
    page.keyboard.type("  # fixed")
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.press("Enter")
    link.click()
    assert page.evaluate(cursor).endswith('dict")  # fixed'), page.evaluate(cursor)
    # A Run's traceback, then a line typed above: its link goes to the call it named.
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.type("evaluate([], {})")
    call = len(doc(page).split("\n"))
    out = run(page)
    assert f"line {call}" in out and "NotImplementedError" in out, out
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+Home")
    page.keyboard.type("# a note")
    page.keyboard.press("Enter")
    page.locator("[data-testid=output] [data-testid=line-link]", has_text=f"line {call}").click()
    assert page.evaluate(cursor) == "evaluate([], {})"


def test_a_closing_bracket_typed_on_its_own_line_steps_over_the_one_enter_put_there(open_lesson):
    """Enter after "d = {" puts the "}" on a line of its own below the cursor; a learner who typed
    the "}" themselves, as without the editor's help, got two of them: "unmatched '}'". Typed on
    a line of only indentation above the editor's own closing bracket, it steps over it."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")
    for keys in ["d = {", "Enter", "'a': 1,", "Enter", "}", "Enter", "total = sum(", "Enter", "[1, 2]",
                 "Enter", ")", "Enter", "print(d, total)"]:
        page.keyboard.press(keys) if keys == "Enter" else page.keyboard.type(keys)
    assert doc(page) == "d = {\n    'a': 1,\n}\ntotal = sum(\n    [1, 2]\n)\nprint(d, total)", doc(page)
    assert run(page) == "{'a': 1} 3\n"
    # A bracket below that closes nothing is not the editor's: the one typed goes in as typed.
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")
    for keys in [")", "Home", "Enter", "ArrowUp", "    ", ")"]:
        page.keyboard.press(keys) if keys in ("Enter", "ArrowUp", "Home") else page.keyboard.type(keys)
    assert doc(page).count(")") == 2, doc(page)  # (Python's indentation puts it at column 0)


def test_an_emptied_file_says_how_to_get_the_starter_back(open_lesson):
    """Ctrl+A and a key wiped the file; Check then said only "Your file does not define forward"
    (and Run "printed nothing"), with no word of Reset."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    assert doc(page) == ""
    assert check(page) == "false"
    said = "Your file is empty. Reset brings the starter code back."
    assert said in page.inner_text("[data-testid=output]")
    assert said in run(page)
    page.locator(".cm-content").click()
    page.keyboard.type("print('hi')")
    assert said not in run(page)


def test_enter_with_the_completion_list_open_starts_a_new_line(open_lesson):
    """Typed at a person's pace, the list of completions opens under the word just typed, its
    first choice picked: Enter at the end of `y = data` took `data` (the word already there)
    instead of a new line, and the next line typed ran on (`y = datareturn y`). Enter takes a
    completion only once the learner has moved into the list."""
    page = open_lesson("03-branching", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("def f(data):")
    page.keyboard.press("Enter")
    page.keyboard.type("y = data")
    page.locator(".cm-tooltip-autocomplete").wait_for()  # what a learner sees pop up
    page.wait_for_timeout(300)  # a person reads it, then presses Enter
    page.keyboard.press("Enter")
    page.keyboard.type("return y")
    assert doc(page).endswith("\ndef f(data):\n    y = data\n    return y"), doc(page)[-60:]
    # Asked for with Ctrl+Space, the list takes the arrow keys, and Enter takes the choice.
    page.keyboard.press("Enter")  # after return: back at the left edge
    page.keyboard.type("pri")
    page.locator(".cm-tooltip-autocomplete").wait_for()
    page.wait_for_timeout(300)
    page.keyboard.press("Control+Space")
    page.wait_for_timeout(300)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert doc(page).endswith("\n    return y\nprint"), doc(page)[-60:]


def test_the_arrow_keys_move_the_cursor_past_a_list_of_completions_not_asked_for(open_lesson):
    """A learner filling lab 4's __init__ typed `self.data = data`, and the list popped up under
    `data`; ArrowDown went into the list, not to the next line, ArrowUp to its last choice, and
    Enter put `PendingDeprecationWarning` in place of `data`."""
    page = open_lesson("04-value", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+f")
    page.keyboard.type('raise NotImplementedError("Value.__init__: store data, grad, _backward, _prev and _op")')
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")  # the stub's line stays selected, and is typed over
    page.keyboard.type("self.data = data")
    page.locator(".cm-tooltip-autocomplete").wait_for()  # what a learner sees pop up
    page.wait_for_timeout(300)
    line = "(() => { const s = window.courseEditor.state; return s.doc.lineAt(s.selection.main.head).number; })()"
    typed_on = page.evaluate(line)
    page.keyboard.press("ArrowDown")
    assert page.evaluate(line) == typed_on + 1
    assert page.locator(".cm-tooltip-autocomplete").count() == 0
    page.keyboard.press("ArrowUp")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("self.grad = 0.0")
    assert "\n        self.data = data\n        self.grad = 0.0\n" in doc(page), doc(page)[1900:2300]


def test_a_misspelt_name_in_check_keeps_pythons_did_you_mean(course, open_lesson):
    """The page's Check runs the file in its own interpreter (Pyodide's Python 3.14), where the
    suggestion comes from the learner's frame: "name 'l' is not defined" read without the
    "Did you mean: 'L'?" that is the whole fix for a slip of case."""
    page = open_lesson("01-graphs")
    wait_ready(page)
    solution = course.labs["01-graphs"].solution.read_text()
    set_code(page, solution.replace('"L": L', '"L": l'))
    assert check(page) == "false"
    said = page.locator(".check", has_text="is not defined").first.inner_text()
    assert "name 'l' is not defined. Did you mean: 'L'?" in said, said


def test_a_name_typed_wrong_is_told_the_name_python_suggests(open_lesson):
    """A day-one slip: `total = 3`, then `print(totl)`. Run said only "name 'totl' is not
    defined", without the ". Did you mean: 'total'?" that Python itself prints (3.12 and later,
    as Pyodide's): the whole fix, left out (grader/core/execute.py, 2e86dc4). (`valu` and
    `value` would not do here: Python offers the lab's `Value` for `value`.)"""
    page = open_lesson("04-value", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.type("\ntotal = 3\nprint(totl)\n")
    out = run(page)
    assert "NameError: name 'totl' is not defined. Did you mean: 'total'?" in out, out


@pytest.mark.parametrize("redo_key", ["Control+Shift+z", "Control+Shift+Z", "Control+y"])
def test_redo_after_undoing_reset_brings_the_starter_back_by_every_redo_key(open_lesson, redo_key):
    """Reset, Ctrl+Z (the learner's code back), then redo: Ctrl+Shift+Z undid once more instead
    (the learner's typing gone too, and nothing left to redo) whenever the key came as a small
    "z" with Shift held, as with Caps Lock on (Playwright's "Control+Shift+z" sends just that)."""
    page = open_lesson("02-chain-rule", width=1280, height=800)
    wait_ready(page)
    starter = doc(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+End")
    page.keyboard.press("Enter")
    page.keyboard.type("print('mine')")
    mine = doc(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=reset]")
    page.locator("[data-testid=undo-reset]").wait_for()
    assert doc(page) == starter
    page.keyboard.press("Control+z")  # Reset leaves the focus in the editor
    assert doc(page) == mine
    page.keyboard.press(redo_key)
    assert doc(page) == starter
    page.keyboard.press("Control+z")  # and undo again brings the learner's code back once more
    assert doc(page) == mine


def test_a_syntax_errors_caret_marks_its_character_after_an_emoji(open_lesson):
    """Python counts a syntax error's caret column in characters, the page counted in UTF-16
    units: after an emoji (two units) on the line, the character marked was the one before
    the caret's (`+` for the `)` Python meant)."""
    page = open_lesson("01-graphs", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type('print("🙂 你好", 1 +)')
    assert doc(page) == 'print("🙂 你好", 1 +)'
    output = run(page)
    assert "^" in output, output
    assert page.locator("[data-testid=output] .caret-mark").inner_text() == ")"


def test_help_of_a_builtin_prints_its_text(open_lesson):
    """help(len), a day-one call: Run read "ModuleNotFoundError: No module named '_pyrepl.pager'"
    (pydoc imports it, and the browser's standard library left it out)."""
    page = open_lesson("01-graphs", width=1280, height=800)
    wait_ready(page)
    page.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("help(len)")
    output = run(page)
    assert "len(obj, /)" in output and "Error" not in output, output
