"""The browser tests' waits: a wait that returns at once proves nothing about what follows.

Playwright's page.wait_for_function does not await a promise, and a promise is truthy, so a
wait on one (Cache Storage, the origin's files) returned before the thing it waited for had
happened; tests/browser_support.py's wait_until awaits it."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.browser_support import wait_until

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def page(browser):
    page = browser.new_page()
    page.set_content("<p>waiting</p>")
    yield page
    page.close()


def test_wait_until_waits_for_a_promise_to_come_true(page):
    page.evaluate("() => { window.ready = new Promise(r => setTimeout(() => r(true), 700)); }")
    started = time.monotonic()
    wait_until(page, "window.ready", timeout=10_000, every=50)
    assert time.monotonic() - started >= 0.6


def test_wait_until_fails_on_a_promise_that_stays_false(page):
    with pytest.raises(TimeoutError, match="not true within 1 s"):
        wait_until(page, "Promise.resolve(false)", timeout=1_000, every=100)


def test_wait_until_tells_the_error_that_kept_it_waiting(page):
    with pytest.raises(TimeoutError, match="no such folder"):
        wait_until(page, "Promise.reject(new Error('no such folder'))", timeout=500, every=100)


def _waits_on_promises(source: str) -> list[str]:
    found = []
    for call in re.finditer(r"wait_for_function\(", source):
        argument, depth = "", 1
        for char in source[call.end():]:
            depth += {"(": 1, ")": -1}.get(char, 0)
            if not depth:
                break
            argument += char
        if re.search(r"\.then\(|\basync\b|\bawait\b|Promise\.", argument):
            found.append(argument.strip()[:80])
    return found


def test_the_scan_finds_a_wait_on_a_promise():
    assert _waits_on_promises('page.wait_for_function("caches.has(\'x\').then(h => !h)")')
    assert not _waits_on_promises('page.wait_for_function("window.courseEditor !== undefined")')


def test_no_test_waits_on_a_promise_with_wait_for_function():
    offenders = {path.name: found for path in sorted(TESTS.rglob("*.py"))
                 if path.name != Path(__file__).name
                 and (found := _waits_on_promises(path.read_text(encoding="utf-8")))}
    assert offenders == {}, "use browser_support.wait_until for these"
