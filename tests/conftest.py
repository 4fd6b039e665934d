"""Shared fixtures: the real course in this repository, and ways to run the real CLI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader import course as course_model

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def course():
    return course_model.load(ROOT)


def course_command() -> list[str]:
    """The installed `course` console script (the contract), next to this Python."""
    script = Path(sys.executable).parent / "course"
    if script.exists():
        return [str(script)]
    found = shutil.which("course")
    return [found] if found else [sys.executable, "-m", "grader.cli"]


def run_course(*args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 600):
    return subprocess.run(course_command() + list(args), cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


@pytest.fixture(scope="session")
def site(course, tmp_path_factory):
    """The course built once for the browser tests, served on a free port of 127.0.0.1."""
    from grader.site_builder.site import build_site
    from grader.runtimes.node import pyodide_dir
    from tests.browser_support import serve

    out = tmp_path_factory.mktemp("site") / "site"
    pyodide = pyodide_dir(course.root)
    build_site(course, out, pyodide=pyodide, node_modules=pyodide.parent)
    server, url = serve(out)
    yield {"out": out, "url": url, "server": server}
    server.shutdown()


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the whole run: its sync API allows only one at a time."""
    from tests.browser_support import CHROMIUM

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Debian Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright):
    """Debian's Chromium, driven by Playwright (which never downloads a browser here)."""
    from tests.browser_support import CHROMIUM, FLAGS

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    yield browser
    browser.close()


@pytest.fixture
def open_lesson(browser, site):
    """Open a lesson page in a fresh browser profile of a given size (Playwright context options
    such as reduced_motion pass through); fails the test if any request left 127.0.0.1.
    The page records its uncaught errors in `page.errors`. `before(context)` runs before the
    page opens (an init script, a route)."""
    contexts = []

    def open_page(slug: str, width: int = 1100, height: int = 900, before=None, **options):
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        requests = []
        context.on("request", lambda request: requests.append(request.url))
        contexts.append((context, requests))
        if before:
            before(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(f"{site['url']}lessons/{slug}/index.html")
        return page

    yield open_page
    for context, requests in contexts:
        context.close()
        outside = [u for u in requests if not u.startswith((site["url"], "data:", "blob:"))]
        assert outside == [], f"requests left the site: {outside[:5]}"
