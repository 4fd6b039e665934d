"""A lab's checks as code: compiled once, or the build's bytecode when it fits (checks_code.py).
The build's side, in the site's own Pyodide, is in test_site_snapshot.py; a browser worker
using it, in test_browser.py."""

from __future__ import annotations

import base64
import marshal

import pytest

from grader.core import browser, checks_code
from grader.core.checks_code import bytecode, compile_checks, compiled, offer
from grader.core.run import grade, load_checks

CHECKS = '''
from grader.core.checks import attempt, check, close, need

@check("double works", "Multiply by two.")
def doubles(learner):
    double = need(learner, "double")
    close(attempt("double(3)", double, 3), 6.0, "double(3)")
'''
LAB = "00-demo"


@pytest.fixture(autouse=True)
def forget():
    def clear():
        checks_code._offered.clear()
        checks_code._compiled_here.cache_clear()
        browser._checks.clear()

    clear()
    yield
    clear()


def test_the_builds_bytecode_is_used_for_its_own_source_and_grades_alike():
    entry = bytecode(CHECKS, LAB)
    assert offer(CHECKS, LAB, entry)
    code = compiled(CHECKS, LAB)
    assert code == marshal.loads(base64.b64decode(entry["code"]))
    checks, _ = load_checks(CHECKS, LAB)
    assert checks_code._compiled_here.cache_info().currsize == 0  # nothing compiled here
    report = grade(LAB, checks, "def double(x):\n    return 2 * x\n", "mine.py")
    assert report.passed


def test_checks_are_compiled_with_postponed_annotations_wherever_compiled_from():
    # As run.py's compile() always gave them, by inheriting its own `from __future__`.
    scope = {}
    exec(compile_checks("def f(x: undefined_name): pass\n", LAB), scope)
    assert scope["f"].__annotations__ == {"x": "undefined_name"}


@pytest.mark.parametrize("change", [
    {"python": "00000000"},                       # another Python's bytecode
    {"sha256": "0" * 64},                         # made for another source
    {"code": "not base64 !"},
    {"code": base64.b64encode(b"\x00garbage").decode()},
    {"code": base64.b64encode(marshal.dumps([1, 2])).decode()},  # not code
    {"code": base64.b64encode(marshal.dumps(compile("x = 1", "<elsewhere>", "exec"))).decode()},
    {"code": 7},
])
def test_bytecode_that_does_not_fit_is_ignored_and_the_source_compiled(change):
    entry = {**bytecode(CHECKS, LAB), **change}
    assert not offer(CHECKS, LAB, entry)
    assert compiled(CHECKS, LAB).co_filename == f"<checks of {LAB}>"
    assert checks_code._compiled_here.cache_info().currsize == 1  # compiled from the source
    checks, _ = load_checks(CHECKS, LAB)
    assert [c.check_name for c in checks] == ["double works"]


def test_an_entry_for_another_source_cannot_replace_this_ones_checks():
    other = CHECKS.replace("6.0", "7.0")  # a wrong expectation
    stale = bytecode(other, LAB)
    assert not offer(CHECKS, LAB, stale)
    checks, _ = load_checks(CHECKS, LAB)
    assert grade(LAB, checks, "def double(x):\n    return 2 * x\n", "mine.py").passed


def test_the_workers_prepare_says_where_the_checks_came_from():
    import json

    assert browser.prepare(LAB, CHECKS, json.dumps(bytecode(CHECKS, LAB))) == "build"
    browser._checks.clear()
    checks_code._offered.clear()
    assert browser.prepare(LAB, CHECKS, "{not json") == "here"
    browser._checks.clear()
    assert browser.prepare(LAB, CHECKS) == "here"
    report = json.loads(browser.check(LAB, CHECKS, "def double(x):\n    return 2 * x\n"))
    assert report["passed"]


def test_one_interpreter_keeps_a_bounded_number_of_labs():
    for n in range(checks_code.KEEP + 5):
        compiled(CHECKS, f"lab-{n}")
        offer(CHECKS, f"lab-{n}", bytecode(CHECKS, f"lab-{n}"))
    assert checks_code._compiled_here.cache_info().currsize == checks_code.KEEP
    assert len(checks_code._offered) == checks_code.KEEP
    assert (CHECKS, f"lab-{checks_code.KEEP + 4}") in checks_code._offered
