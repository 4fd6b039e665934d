"""Helpers for the browser tests: build and serve the site, drive Debian Chromium."""

from __future__ import annotations

import threading
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def serve(folder: Path):
    """Serve the built site on a free port of 127.0.0.1; returns (server, base_url)."""
    from grader.build.serve import make_server

    server = make_server(folder, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def set_code(page, code: str) -> None:
    page.evaluate("""code => {
        const view = window.courseEditor;
        view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: code}});
    }""", code)


def wait_ready(page, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "document.querySelector('[data-testid=status]').dataset.state === 'ready'", timeout=timeout)


def check(page, timeout: float = 60_000):
    page.click("[data-testid=check]")
    page.wait_for_function("(() => { const r = document.querySelector('[data-testid=result]');"
                           " return !r.hidden && r.dataset.passed; })()", timeout=timeout)
    return page.get_attribute("[data-testid=result]", "data-passed")
