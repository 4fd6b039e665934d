"""Helpers for the browser tests: build and serve the site, drive Debian Chromium."""

from __future__ import annotations

import contextlib
import fnmatch
import functools
import io
import threading
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def serve(folder: Path):
    """Serve the built site on a free port of 127.0.0.1; returns (server, base_url)."""
    from grader.site_builder.serve import make_server

    server = make_server(folder, port=0)
    server.changes = {}  # path pattern -> None (answered 404) or bytes -> bytes (changed)
    server.RequestHandlerClass = functools.partial(_handler(), directory=str(folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _handler():
    from grader.site_builder.serve import CourseHandler

    class Changing(CourseHandler):
        """The course's own handler, on a host whose files a test has lost or changed."""

        def send_head(self):
            path = self.path.split("?")[0]
            for pattern, change in list(self.server.changes.items()):
                if fnmatch.fnmatch(path, pattern):
                    return self._changed(path, change)
            return super().send_head()

        def _changed(self, path, change):
            if change is None:
                self.send_error(404)
                return None
            self.encoding = None  # the file itself, not the build's .gz of it
            body = change(Path(self.translate_path(path)).read_bytes())
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)

    return Changing


@contextlib.contextmanager
def changed(server, pattern: str, change):
    """For the length of a `with`, the server answers requests for paths matching `pattern`
    with 404 (change None) or with change(the file's bytes).

    On the server, not in the browser: Chromium does not always let Playwright route a
    dedicated worker's requests (microsoft/playwright#32355), and in one CI run a reload
    restored a snapshot when the kept one was damaged and a route should have kept the
    build's out."""
    server.changes[pattern] = change
    try:
        yield
    finally:
        del server.changes[pattern]


BUILT_SNAPSHOT = "/py/snapshot-*.bin"  # the memory snapshot the build made


def without_built_snapshot(server):
    """As on a host that lost the build's snapshot: every worker must start Python itself."""
    return changed(server, BUILT_SNAPSHOT, None)


def set_code(page, code: str) -> None:
    page.evaluate("""code => {
        const view = window.courseEditor;
        view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: code}});
    }""", code)


def doc(page) -> str:
    """The editor's text, as the learner sees it."""
    return page.evaluate("window.courseEditor.state.doc.toString()")


def wait_ready(page, timeout: float = 60_000) -> None:
    # `?.`: right after a link is followed, the next page may not have parsed its status yet,
    # and a predicate that throws ends the wait at once (seen in CI) instead of asking again.
    page.wait_for_function(
        "document.querySelector('[data-testid=status]')?.dataset.state === 'ready'", timeout=timeout)


def run(page, timeout: float = 30_000) -> str:
    """Press Run and wait for it to finish; the output panel's text."""
    page.click("[data-testid=run]")
    page.wait_for_function("!document.querySelector('[data-testid=run]').disabled", timeout=timeout)
    return page.inner_text("[data-testid=output]")


def check(page, timeout: float = 60_000):
    # Forget the previous verdict first, so a second Check on the page waits for its own.
    page.eval_on_selector("[data-testid=result]", "r => { delete r.dataset.passed; }")
    page.click("[data-testid=check]")
    page.wait_for_function("(() => { const r = document.querySelector('[data-testid=result]');"
                           " return !r.hidden && r.dataset.passed; })()", timeout=timeout)
    return page.get_attribute("[data-testid=result]", "data-passed")


# -- the lesson pictures (site/js/pictures/) ------------------------------------------------

def num(x: float) -> str:
    """dom.js num(), rebuilt here: 4 significant digits, no float noise, never "-0"; written
    out in full like JavaScript's String() for 1e-6 <= |x| < 1e21 (Python's repr switches to
    1e-05 sooner)."""
    rounded = float(f"{x:.4g}")
    if rounded == 0:
        return "0"
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.12f}".rstrip("0").rstrip(".")


def term(x: float) -> str:
    """dom.js term(): a negative number in brackets, as a term of a sum."""
    text = num(x)
    return f"({text})" if text.startswith("-") else text


def set_slider(page, name: str, value: float) -> None:
    """Move a range input the way a drag does: set its value, then fire input."""
    page.eval_on_selector(f"[data-testid=slider-{name}]", """(input, value) => {
        input.value = String(value);
        input.dispatchEvent(new Event('input', {bubbles: true}));
    }""", value)


def film_step(page) -> tuple[str, str]:
    """The film's counter ("step 2 of 4") and the sentence of that step."""
    return page.text_content("[data-testid=film-counter]"), page.text_content("[data-testid=film-text]")


def wait_until(page, expression: str, timeout: float = 30_000, every: float = 200) -> None:
    """Until `expression`, JavaScript whose value may be a promise, is truthy on the page.

    Not page.wait_for_function: it does not await a promise, and a promise is truthy, so it
    returns at once (Playwright 1.65: `Promise.resolve(false)` was "true" after 0.05 s). An
    error counts as not yet (a file being written), and is told if time runs out."""
    deadline = time.monotonic() + timeout / 1000
    last = None
    while True:
        try:
            if page.evaluate(expression):
                return
        except Exception as error:  # noqa: BLE001 - told below, if it lasts
            last = error
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true within {timeout / 1000:.0f} s: {expression[:120]}"
                               + (f" (last error: {last})" if last else ""))
        page.wait_for_timeout(every)


# The service worker's offline copy of the course, in Cache Storage, is made.
OFFLINE_COPY_MADE = """caches.keys().then(async keys => {
    for (const k of keys) { if ((await (await caches.open(k)).keys()).length > 20) return true; }
    return false; })"""

# The names of the memory snapshots of Python the page kept (site/js/snapshots.js).
KEPT_SNAPSHOTS = "caches.open('python-snapshots-v2').then(c => c.keys())"


def wait_kept(page, timeout: float = 30_000) -> None:
    """Until the page has kept one snapshot of Python for later visits."""
    wait_until(page, f"{KEPT_SNAPSHOTS}.then(keys => keys.length === 1)", timeout=timeout)


def notes_in_the_way(page, svg: str) -> list[str]:
    """The texts written beside the arrows of the drawing `svg` (a selector) that cannot be read
    whole: cut off at the drawing's edge, on top of another note, or over a node's box."""
    return page.eval_on_selector(svg, """svg => {
        const bad = [];
        const edge = svg.getBoundingClientRect();
        const boxes = [...svg.querySelectorAll('.box')].map(b => b.getBoundingClientRect());
        const notes = [...svg.querySelectorAll('.note, .path-label')].filter(t => t.textContent)
            .map(t => [t.textContent, t.getBoundingClientRect()]);
        const meet = (r, s) => r.left < s.right && r.right > s.left && r.top < s.bottom && r.bottom > s.top;
        notes.forEach(([text, r], i) => {
            if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5 || r.top < edge.top - 0.5
                || r.bottom > edge.bottom + 0.5) bad.push(`cut off: ${text}`);
            if (boxes.some(b => meet(r, b))) bad.push(`on a box: ${text}`);
            for (const [other, s] of notes.slice(i + 1)) if (meet(r, s)) bad.push(`on ${other}: ${text}`);
        });
        return bad;
    }""")
