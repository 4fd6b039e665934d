"""The course in Debian Chromium, driven by Playwright, against the real built site."""

from __future__ import annotations

import gzip
import json
import re
import time

import pytest

from tests.browser_support import (ARTIFACTS, OFFLINE_COPY_MADE, changed, check, run, serve,
                                   set_code, wait_kept, wait_ready, wait_until,
                                   without_built_snapshot)

pytestmark = pytest.mark.browser
SLUGS = ["01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward"]


@pytest.fixture
def context(browser, site):
    """A fresh browser profile that records every request it makes."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.requests = []
    context.on("request", lambda request: context.requests.append(request.url))
    yield context
    outside = [u for u in context.requests if not u.startswith((site["url"], "data:", "blob:"))]
    context.close()
    assert outside == [], f"requests left the site: {outside[:5]}"


def open_lesson(context, site, slug):
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(f"{site['url']}lessons/{slug}/index.html")
    return page


@pytest.mark.parametrize("slug", SLUGS)
def test_every_lab_passes_through_the_ui_with_its_reference_solution(course, site, context, slug):
    page = open_lesson(context, site, slug)
    wait_ready(page)
    set_code(page, course.labs[slug].solution.read_text())
    assert check(page) == "true"
    items = page.query_selector_all("[data-testid=result] [data-check-name]")
    assert items and all(i.get_attribute("data-passed") == "true" for i in items)
    names = [i.get_attribute("data-check-name") for i in items]
    assert len(names) == len(set(names)) >= 4
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"lesson-{slug}.png"), full_page=True)
    assert page.errors == []


def test_a_full_walk_of_the_course_stays_on_its_origin(course, site, context):
    page = context.new_page()
    page.goto(site["url"])
    for slug in SLUGS:
        page.click(f"[data-lesson='{slug}'] a")
        page.wait_for_url(f"**/lessons/{slug}/index.html")
        wait_ready(page)
        set_code(page, course.labs[slug].starter.read_text())
        assert check(page) == "false"
        page.click(".site-header .home")
    assert len({u for u in context.requests if "/lessons/" in u}) >= 5
    # The context fixture fails this test if any request left the site's origin.


def test_a_mistake_shows_its_targeted_message_and_hints_one_at_a_time(course, site, context):
    lab = course.labs["05-backward"]
    mistake = next(m for m in lab.mistakes if m.path.name == "no_seed.py")
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    set_code(page, mistake.path.read_text())
    assert check(page) == "false"
    item = page.locator(f"[data-check-name='{mistake.fails}']")
    assert item.get_attribute("data-passed") == "false"
    assert mistake.message in item.inner_text()
    assert item.locator(".hint").count() == 0
    item.get_by_role("button", name=re.compile("Show a hint")).click()
    assert item.locator(".hint").count() == 1
    item.get_by_role("button", name=re.compile("Show a hint")).click()
    assert item.locator(".hint").count() == 2
    assert item.get_by_role("button", name=re.compile("Show a hint")).count() == 0


def test_run_shows_output_and_a_traceback_at_the_learners_line(site, context):
    page = open_lesson(context, site, "01-graphs")
    wait_ready(page)
    set_code(page, "print('hello from the lab')\n\ndef f():\n    return 1 / 0\n\nf()\n")
    page.click("[data-testid=run]")
    output = page.locator("[data-testid=output]")
    output.filter(has_text="ZeroDivisionError").wait_for()
    text = output.inner_text()
    assert "hello from the lab" in text and "line 4, in f" in text and "return 1 / 0" in text


def test_stop_interrupts_a_runaway_loop_and_the_page_stays_responsive(site, context):
    page = open_lesson(context, site, "01-graphs")
    wait_ready(page)
    assert page.evaluate("crossOriginIsolated") is True
    set_code(page, "while True:\n    pass\n")
    page.click("[data-testid=run]")
    page.wait_for_function("!document.querySelector('[data-testid=stop]').disabled")
    time.sleep(0.3)
    page.click("[data-testid=stop]")
    page.locator("[data-testid=output]").filter(has_text="Stopped").wait_for(timeout=5000)
    # Interrupted, not restarted: the same Python stopped the loop (speed: see benchmarks).
    assert "restarted" not in page.inner_text("[data-testid=output]")
    set_code(page, "print(6 * 7)\n")
    page.click("[data-testid=run]")
    page.locator("[data-testid=output]").filter(has_text="42").wait_for(timeout=10000)


def test_stop_replaces_python_when_an_interrupt_cannot_land(course, site, context):
    page = open_lesson(context, site, "01-graphs")
    wait_ready(page)
    # Code that swallows every interrupt (time.sleep no longer does: the worker sleeps in
    # slices, and Stop lands between two of them).
    set_code(page, "while True:\n    try:\n        while True:\n            pass\n"
                   "    except KeyboardInterrupt:\n        pass\n")
    page.click("[data-testid=run]")
    page.wait_for_function("!document.querySelector('[data-testid=stop]').disabled")
    time.sleep(0.3)
    page.click("[data-testid=stop]")
    page.locator("[data-testid=output]").filter(has_text="restarted").wait_for(timeout=5000)
    wait_ready(page)
    set_code(page, course.labs["01-graphs"].solution.read_text())
    assert check(page) == "true"


def test_without_isolation_headers_stop_restarts_python_says_why_and_keeps_the_code(
        course, site, browser):
    """README: on a static host without COOP/COEP the course still works, but Stop throws the
    worker away and starts a new one; the learner is told, and the code stays in the editor."""
    import functools
    import threading
    from http.server import ThreadingHTTPServer

    from grader.site_builder.serve import CourseHandler

    class Unisolated(CourseHandler):
        def send_header(self, name, value):
            if name.lower() not in ("cross-origin-opener-policy", "cross-origin-embedder-policy"):
                super().send_header(name, value)

    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(Unisolated, directory=str(site["out"])))
    server.verbose = False
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/lessons/01-graphs/index.html")
        wait_ready(page)
        assert page.evaluate("crossOriginIsolated") is False
        loop = "while True:\n    pass\n"
        set_code(page, loop)
        page.click("[data-testid=run]")
        page.wait_for_function("!document.querySelector('[data-testid=stop]').disabled")
        time.sleep(0.3)
        page.click("[data-testid=stop]")
        output = page.locator("[data-testid=output]")
        output.filter(has_text="cannot interrupt Python without cross-origin isolation").wait_for(
            timeout=10_000)
        assert "Your code is still in the editor" in output.inner_text()
        assert page.evaluate("window.courseEditor.state.doc.toString()") == loop
        wait_ready(page)
        set_code(page, course.labs["01-graphs"].solution.read_text())
        assert check(page) == "true"
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_a_reload_restores_the_edited_code_and_reset_is_undoable(course, site, context):
    page = open_lesson(context, site, "02-chain-rule")
    set_code(page, "# my own work\nx = 1\n")
    page.reload()
    page.wait_for_function("window.courseEditor !== undefined")
    assert page.evaluate("window.courseEditor.state.doc.toString()") == "# my own work\nx = 1\n"
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("[data-testid=reset]")
    assert page.evaluate("window.courseEditor.state.doc.toString()") == "# my own work\nx = 1\n"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=reset]")
    starter = course.labs["02-chain-rule"].starter.read_text()
    assert page.evaluate("window.courseEditor.state.doc.toString()") == starter
    page.keyboard.press("Control+z")
    assert page.evaluate("window.courseEditor.state.doc.toString()") == "# my own work\nx = 1\n"


def test_the_home_page_shows_progress_and_quizzes_answer_in_place(course, site, context):
    page = open_lesson(context, site, "03-branching")
    question = page.locator(".quiz-question").first
    answer = int(question.get_attribute("data-answer"))
    question.locator(f"button[data-choice='{answer}']").click()
    assert question.get_attribute("data-answered") == "right"
    assert question.locator(".explanation").is_visible()
    wait_ready(page)
    set_code(page, course.labs["03-branching"].solution.read_text())
    assert check(page) == "true"
    page.goto(site["url"] + "index.html")
    states = {li.get_attribute("data-lesson"): li.locator(".progress").inner_text()
              for li in page.locator("[data-lesson]").all()}
    assert states == {"01-graphs": "not started", "02-chain-rule": "not started",
                      "03-branching": "passed", "04-value": "not started",
                      "05-backward": "not started"}
    page.screenshot(path=str(ARTIFACTS / "home.png"), full_page=True)


def test_controls_are_labelled_for_keyboard_and_screen_readers(site, context):
    page = open_lesson(context, site, "04-value")
    for testid, name in [("run", "Run"), ("check", "Check"), ("stop", "Stop the running code"),
                         ("reset", "Reset the code to the starter")]:
        assert page.get_by_role("button", name=name, exact=True).get_attribute("data-testid") == testid
    assert page.get_by_role("textbox", name="Python code of the lab").count() == 1
    assert page.locator("[data-testid=status]").get_attribute("role") == "status"
    wait_ready(page)
    page.locator(".cm-content").focus()
    page.keyboard.press("Control+Enter")  # Run from the keyboard
    page.locator("[data-testid=output]").filter(has_text=re.compile(r"\S")).wait_for()


def test_it_reads_well_on_a_phone_sized_screen(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    for path in ["index.html"] + [f"lessons/{s}/index.html" for s in SLUGS]:
        page.goto(site["url"] + path)
        overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{path} scrolls sideways by {overflow}px on a phone"
    page.screenshot(path=str(ARTIFACTS / "phone-05-backward.png"), full_page=False)
    context.close()


def test_the_whole_course_opens_offline_after_the_first_visit(course, site, context):
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    # Active only once its whole copy is made (sw.js: addAll in install), then in charge.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000,
                           polling=200)
    wait_until(page, OFFLINE_COPY_MADE, timeout=60_000)
    context.set_offline(True)
    for slug in SLUGS:
        page.goto(f"{site['url']}lessons/{slug}/index.html")
        assert page.locator("h1").inner_text()
    wait_ready(page)
    set_code(page, course.labs["05-backward"].solution.read_text())
    assert check(page) == "true"
    context.set_offline(False)


def test_a_return_visit_takes_the_files_from_the_offline_copy_without_the_workers_script(
        site, context):
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000,
                           polling=200)  # installed (the whole copy made) and in charge
    extra = site["out"] / "not-in-the-copy.txt"  # made after the build: the copy lacks it
    extra.write_text("from the network", encoding="utf-8")
    try:
        page.reload()
        wait_ready(page)
        sources = page.evaluate("""performance.getEntriesByType("resource")
            .filter(r => r.name.includes("/assets/")).map(r => r.workerMatchedSourceType)""")
        # The browser served them itself ("" is one its memory cache had from this page).
        assert "cache" in sources and "fetch-event" not in sources, sources
        # The page itself still goes through the handler (its offline answer lives there).
        assert page.evaluate("performance.getEntriesByType('navigation')[0]"
                             ".workerMatchedSourceType") == "fetch-event"
        assert page.evaluate("fetch('../../not-in-the-copy.txt').then(r => r.text())") == \
            "from the network"
    finally:
        extra.unlink()
    assert page.errors == []


WORKER_FACTORY = "performance.getEntriesByName('course:worker-ready')[0].detail.factory"


def compiled_from_kept_code(page, action) -> dict:
    """What V8 said of compiling Pyodide's factory while `action` ran: a Chromium trace."""
    cdp = page.context.new_cdp_session(page)
    events, done = [], []
    cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    cdp.on("Tracing.tracingComplete", lambda message: done.append(True))
    cdp.send("Tracing.start", {"categories": "v8", "transferMode": "ReportEvents"})
    action()
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)
    return {event["args"]["data"]["url"].rsplit("/", 1)[-1]: event["args"]["data"]
            for event in events if event.get("name") == "v8.compileModule"
            and "/pyodide/" in event.get("args", {}).get("data", {}).get("url", "")}


def test_a_return_visit_compiles_none_of_pyodides_javascript(course, site, context):
    # compiled-code.js: once the offline copy answers, a worker of its own imports the factory
    # written with V8's hint to compile it whole (pyodide_folder.py), and the page notes it.
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    assert page.evaluate(WORKER_FACTORY) == "plain"  # a first visit compiles only what it calls
    wait_until(page, "localStorage.getItem('autograd-course-compiled') !== null", timeout=60_000)
    assert page.evaluate("localStorage.getItem('autograd-course-compiled')") == \
        page.evaluate("new URL(JSON.parse(document.getElementById('page-data').textContent)"
                      ".urls.compiledFactory, document.baseURI).href")

    def visit_again():
        page.reload()
        wait_ready(page)

    compiled = compiled_from_kept_code(page, visit_again)
    assert page.evaluate(WORKER_FACTORY) == "compiled"
    # Every function's code came from what Chromium kept (1.6 MB), none from compiling.
    factory = compiled["pyodide.asm.compiled.mjs"]
    assert factory.get("consumedCacheSize", 0) > 1_000_000 and not factory.get("cacheRejected")
    assert "pyodide.asm.mjs" not in compiled
    set_code(page, course.labs["05-backward"].solution.read_text())
    assert check(page) == "true"
    # The next Check's worker, made by the page (python.js), boots from it too.
    set_code(page, course.labs["05-backward"].solution.read_text() + "\n")
    assert check(page) == "true"
    assert page.evaluate("performance.getEntriesByName('course:worker-ready')"
                         ".map(mark => mark.detail.factory)")[-1] == "compiled"
    # Noted for a factory this browser does not keep (another build): the plain one.
    page.evaluate("localStorage.setItem('autograd-course-compiled', 'http://elsewhere/x.mjs')")
    visit_again()
    assert page.evaluate(WORKER_FACTORY) == "plain"
    assert page.errors == []


def test_a_first_visit_restores_the_builds_snapshot_and_keeps_it(course, site, context):
    asked = []  # the page's and its workers' requests for it (not the offline copy's)
    context.on("request", lambda request: asked.append(request.url) if not request.service_worker
               and re.search(r"/py/snapshot-\w+\.bin$", request.url) else None)
    page = open_lesson(context, site, "04-value")
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    assert len(asked) == 1, asked
    set_code(page, course.labs["04-value"].solution.read_text())
    assert check(page) == "true"
    # Kept as this browser's own, as the build packed it (the download, decompressed).
    [built] = (site["out"] / "py").glob("snapshot-*.bin")
    packed = len(gzip.decompress(built.read_bytes()))
    wait_kept(page)
    assert page.evaluate(STORED_SNAPSHOT)[0] == packed
    asked.clear()
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    assert asked == []  # read from the kept one
    # A kept one that is not one gives way to the build's, which is kept again.
    page.evaluate("""async () => {
        const cache = await caches.open("python-snapshots-v2");
        const [key] = await cache.keys();
        await cache.put(key, new Response(new Uint8Array(5000).fill(7)));
    }""")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    wait_until(page, f"({STORED_SNAPSHOT})().then(([size]) => size !== 5000)")
    assert page.evaluate(STORED_SNAPSHOT)[0] == packed
    set_code(page, course.labs["04-value"].solution.read_text())
    assert check(page) == "true"
    assert page.errors == []


def test_the_note_of_a_kept_snapshot_only_decides_what_is_fetched_first(course, site, context):
    # snapshots.js notes the kept one in localStorage, so a first visit downloads the build's
    # without waiting for Cache Storage. The note and the cache can disagree: the cache decides.
    asked = []
    context.on("request", lambda request: asked.append(request.url) if not request.service_worker
               and re.search(r"/py/snapshot-\w+\.bin$", request.url) else None)
    page = open_lesson(context, site, "04-value")
    wait_ready(page)
    wait_kept(page)
    kept = page.evaluate(STORED_SNAPSHOT)
    key = page.evaluate("JSON.parse(document.getElementById('page-data').textContent)"
                        ".urls.snapshotKey")
    assert page.evaluate("localStorage.getItem('autograd-course-snapshot')").endswith(
        "/__python_snapshot__/" + key)
    # Noted, but no longer kept (the cache was cleared alone): the build's, downloaded after all.
    page.evaluate("caches.delete('python-snapshots-v2')")
    asked.clear()
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    assert len(asked) == 1, asked
    wait_kept(page)
    # Kept, but the note is gone: the kept one is restored, and the download started meanwhile
    # is given up (the kept snapshot is not written again).
    page.evaluate("localStorage.removeItem('autograd-course-snapshot')")
    page.evaluate("""async () => {  // a mark on the kept entry: rewriting it would drop it
        const cache = await caches.open("python-snapshots-v2");
        const [key] = await cache.keys();
        const body = await (await cache.match(key)).blob();
        await cache.put(key, new Response(body, { headers: { "x-mark": "kept" } }));
    }""")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    page.wait_for_timeout(1000)
    assert page.evaluate("""async () => {
        const cache = await caches.open("python-snapshots-v2");
        const [key] = await cache.keys();
        return (await cache.match(key)).headers.get("x-mark");
    }""") == "kept"
    assert page.evaluate(STORED_SNAPSHOT) == kept
    set_code(page, course.labs["04-value"].solution.read_text())
    assert check(page) == "true"
    assert page.errors == []


@pytest.fixture
def lost_snapshot(site):
    """The site's host has lost the build's snapshot for the length of the test."""
    with without_built_snapshot(site["server"]):
        yield


def test_without_the_builds_snapshot_python_starts_itself_and_a_second_visit_restores_its_own(
        course, site, context, lost_snapshot):
    page = open_lesson(context, site, "04-value")
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "false"
    wait_kept(page)
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    set_code(page, course.labs["04-value"].solution.read_text())
    assert check(page) == "true"
    assert page.errors == []


def test_each_run_draws_its_own_random_numbers(site, context):
    # Every worker starts from the same snapshot, and the build's is every learner's.
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    set_code(page, "import random\nprint(random.random(), hash('autograd'))")
    first, second = run(page), run(page)
    assert first.split()[0] != second.split()[0], (first, second)
    assert page.errors == []


# The kept snapshot's bytes as stored: their size, and the size of the memory they restore
# (the second of its 32-bit words, site/js/snapshots.js).
STORED_SNAPSHOT = """async () => {
    const cache = await caches.open("python-snapshots-v2");
    const [key] = await cache.keys();
    const stored = await (await cache.match(key)).arrayBuffer();
    return [stored.byteLength, new Uint32Array(stored, 0, 2)[1]];
}"""


def test_a_kept_snapshot_that_is_not_one_is_set_aside_and_python_starts_afresh(
        course, site, context, lost_snapshot):  # (with it, the build's is restored: above)
    page = open_lesson(context, site, "04-value")
    wait_ready(page)
    wait_kept(page)
    page.evaluate("""async () => {  // damaged on disk, or written by another version
        const cache = await caches.open("python-snapshots-v2");
        const [key] = await cache.keys();
        await cache.put(key, new Response(new Uint8Array(5000).fill(7)));
        // and what an earlier version of the page kept, raw, under another name
        await (await caches.open("python-snapshots-v1")).put(key, new Response(new Uint8Array(9)));
    }""")
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "false"
    set_code(page, course.labs["04-value"].solution.read_text())
    assert check(page) == "true"
    # A good one is kept again, packed: its pages of zeros are left out.
    wait_until(page, f"({STORED_SNAPSHOT})().then(([size]) => size !== 5000)")
    stored, memory = page.evaluate(STORED_SNAPSHOT)
    assert memory > 20_000_000 and stored < memory / 2, (stored, memory)
    wait_until(page, "caches.has('python-snapshots-v1').then(has => !has)", timeout=10_000)
    assert page.errors == []


# A worker made the way lesson.html makes the first one, with what to boot in its name, which
# is then sent no message at all: it must boot anyway. The page's main thread is busy laying
# out the lesson and starting the editor while Python starts, and a message waits for it.
NAMED_WORKER = """() => new Promise((resolve) => {
    const { urls } = JSON.parse(document.getElementById("page-data").textContent);
    const boot = { type: "init", pyodideURL: urls.pyodide, coreURL: urls.core, labURL: urls.lab,
                   snapshotKey: urls.snapshotKey };
    const worker = new Worker(urls.worker, { type: "module", name: JSON.stringify(boot) });
    const heard = [];
    const end = () => { worker.terminate(); resolve(heard); };
    worker.onmessage = ({ data }) => { heard.push(data.type); if (data.type === "snapshot") end(); };
    setTimeout(end, 30000);
})"""


def test_the_first_worker_boots_from_its_name_before_any_message(site, context):
    page = open_lesson(context, site, "04-value")
    wait_ready(page)
    heard = page.evaluate(NAMED_WORKER)
    # Python started: it restored or made the snapshot it hands the page.
    assert "snapshot" in heard, heard
    assert page.errors == []


def test_the_labs_worker_is_one_script_with_nothing_to_fetch_before_it_runs(site):
    # Every file it imported would be one more round trip before Python starts.
    page = (site["out"] / "lessons" / "05-backward" / "index.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'id="page-data">(.*?)</script>', page, re.S).group(1))
    worker = (site["out"] / "lessons" / "05-backward" / data["urls"]["worker"]).resolve()
    code = worker.read_text(encoding="utf-8")
    assert "python-snapshots-v2" in code  # what it shares with the page is inside it
    assert not re.search(r'(?:from|import)\s*"\./', code), "the worker imports another file"


def test_the_first_worker_asks_for_pyodides_javascript_before_its_wasm(site, context):
    # The worker's thread decodes the wasm's stream as it arrives: asked for first, the wasm
    # held the JavaScript Python needs next back by 150-250 ms on a warm visit.
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    asked = [u.rsplit("/", 1)[-1] for u in context.requests if "/pyodide/" in u]
    first = {name: asked.index(name) for name in ("pyodide.mjs", "pyodide.asm.mjs",
                                                  "pyodide.asm.wasm")}
    assert first["pyodide.mjs"] < first["pyodide.asm.wasm"], asked
    assert first["pyodide.asm.mjs"] < first["pyodide.asm.wasm"], asked
    assert page.errors == []


def test_the_first_worker_asks_for_the_standard_library_at_its_start_and_once(site, context):
    # Pyodide itself asks for the zip only once its JavaScript has run (after its lock file),
    # and the restore waits for it: asked for at the boot's start, it comes during the wait
    # for the wasm. Pyodide's own request is answered with that one, not made again.
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    asked = [u.rsplit("/", 1)[-1] for u in context.requests if "/pyodide/" in u]
    first_worker = asked[:asked.index("pyodide-lock.json") + 1]
    assert "python_stdlib.zip" in first_worker, asked
    assert asked.count("python_stdlib.zip") == asked.count("pyodide.mjs"), asked
    assert page.errors == []


WORKER_CHECKS = "performance.getEntriesByName('course:worker-ready')[0].detail.checks"


def test_the_first_worker_loads_the_labs_checks_from_the_builds_bytecode(course, site, context):
    # Compiled in the site's own Pyodide by the build (grader/core/checks_code.py): the worker
    # does not compile ~800 lines of checks in wasm before "ready".
    page = open_lesson(context, site, "05-backward")
    wait_ready(page)
    assert page.evaluate(WORKER_CHECKS) == "build"
    set_code(page, course.labs["05-backward"].solution.read_text())
    assert check(page) == "true"
    assert page.errors == []


def test_bytecode_that_does_not_fit_its_checks_is_ignored_and_they_are_compiled(
        course, site, context):
    # As a lab's data would be if its bytecode were stale: made for other checks than these.
    def stale(text: bytes) -> bytes:
        data = json.loads(text)
        data["checks_code"]["sha256"] = "0" * 64
        data["checks_code"]["code"] = data["checks_code"]["code"][:-40]  # and damaged
        return json.dumps(data).encode()

    with changed(site["server"], "/labs/05-backward-*.json", stale):
        page = open_lesson(context, site, "05-backward")
        wait_ready(page)
        assert page.evaluate(WORKER_CHECKS) == "here"
        set_code(page, course.labs["05-backward"].solution.read_text())
        assert check(page) == "true"
        set_code(page, course.labs["05-backward"].starter.read_text())
        assert check(page) == "false"
        assert page.errors == []


# Whether the lesson's lower blocks were still left for later when the editor was made.
EDITOR_MADE = """(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name, options) => {
        if (name === "course:editor-usable") {
            window.laterWhenEditorMade = document.documentElement.hasAttribute("data-later");
        }
        return mark(name, options);
    };
})()"""
WHOLE = "window.courseEditor !== undefined && !document.documentElement.hasAttribute('data-later')"


def test_a_lesson_lays_out_what_is_on_screen_first_and_the_rest_right_after(site, context):
    page = context.new_page()
    page.add_init_script(EDITOR_MADE)
    page.goto(f"{site['url']}lessons/05-backward/index.html")
    page.wait_for_function(WHOLE)
    assert page.evaluate("window.laterWhenEditorMade") is True
    # Then the whole lesson is laid out: End reaches the footer, as the keyboard uses it, even
    # before the picture's chunk has come: the picture is in the page from the start, with its
    # size (a picture that grew the page after End left the footer below; seen once in CI).
    page.click("h1")
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('.site-footer').getBoundingClientRect()"
                           ".bottom <= innerHeight + 1")
    height = page.evaluate("document.documentElement.scrollHeight")
    page.add_style_tag(content=".lesson * { content-visibility: visible !important; }")
    assert page.evaluate("document.documentElement.scrollHeight") == height
    # Back where the learner was after a reload: nothing is estimated then.
    page.evaluate("scrollTo(0, 4000)")
    page.wait_for_function("scrollY === 4000")
    page.reload()
    page.wait_for_function(WHOLE)
    page.wait_for_load_state("load")
    assert page.evaluate("window.laterWhenEditorMade") is False
    assert page.evaluate("scrollY") == 4000
    # Opened at a #place below the fold, it lands there.
    page.goto(f"{site['url']}lessons/05-backward/index.html#quiz-title")
    page.wait_for_function(WHOLE)
    page.wait_for_load_state("load")
    assert page.evaluate("window.laterWhenEditorMade") is False
    assert abs(page.evaluate("document.getElementById('quiz-title')"
                             ".getBoundingClientRect().top")) < 2


def test_the_course_works_served_under_a_path(course, browser, site):
    # Static hosts often serve a course at https://host/course/ rather than at the root: the
    # page's URLs are relative to the page, and every worker must resolve them so.
    server, url = serve(site["out"].parent)
    context = browser.new_context()
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{url}{site['out'].name}/lessons/04-value/index.html")
        wait_ready(page)
        set_code(page, course.labs["04-value"].solution.read_text())
        assert check(page) == "true"  # the page's first worker (lesson.html)
        assert check(page) == "true"  # a later one (python.js)
        assert errors == []
    finally:
        context.close()
        server.shutdown()


def test_the_built_site_contains_no_reference_solution(course, site):
    built = [p.read_bytes().decode("utf-8", "replace") for p in site["out"].rglob("*")
             if p.is_file() and p.suffix in (".html", ".js", ".json", ".mjs", ".css", ".txt", "")]
    # Lines a learner sees anyway (starters, lessons, the checks' own oracles) are not the
    # solutions'; every other line of some length is.
    shipped = "".join(lab.starter.read_text() + lab.checks_source() for lab in course.labs.values())
    # lab.yaml's extend and provided are starting code the page gives out on purpose.
    shipped += "".join(path.read_text() for lab in course.labs.values()
                       for path in (lab.config.extend, lab.config.provided) if path)
    shipped += "".join(lesson.path.read_text() for lesson in course.lessons)
    for lab in course.labs.values():
        distinctive = [line.strip() for line in lab.solution.read_text().splitlines()
                       if len(line.strip()) > 25 and line.strip() not in shipped]
        assert len(distinctive) >= 3, lab.slug
        for line in distinctive:
            assert not any(line in text for text in built), f"{lab.slug} solution leaked: {line}"
