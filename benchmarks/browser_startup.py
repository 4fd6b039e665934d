"""Benchmark: how fast a lesson page gets going in headless Chromium. Prints figures only.

    python benchmarks/browser_startup.py [--runs 5] [--no-throttle] [--baseline REV]

For a cold cache (a new browser profile) and a warm one (the same profile, second visit):
  editor usable    navigation start -> the CodeMirror editor exists and takes input
  python ready     navigation start -> the worker says Python is ready
  first result     navigation start -> the report of a Check pressed as soon as the editor
                   was usable (the learner does not wait for Python)
  main thread busy the page's long tasks (> 50 ms) until that result: time the main thread
                   took from the worker and from the learner
and the bytes transferred (encoded, as sent over the wire) on the cold visit, split into
what the page loads and what its service worker then copies for offline use, and the size of
the memory snapshot the browser kept (raw and gzipped: the build ships it gzipped, so that
is its share of the first visit's bytes), and the first worker's boot step by step
(site/js/worker.js times each step itself), and whether the warm visit's worker imported
Pyodide's factory compiled (site/js/compiled-code.js: the cold visit waits until it may).
Beside the course, in the same run and from the same server: the plainest page that grades
the same Value on npm's stock Pyodide ("stock plain page"), and the same page on the course's
own Pyodide files ("plain page, course files"), cold and warm, with the ratios and the speed
issue's goals beside them (and the editor's, ≤ 0.3 s), met or not; then one cold
visit of each on a throttled connection (20 Mbit/s, 40 ms), where bytes weigh more than CPU.
With --trace, traced visits too: cold ones, for the CPU spent before the editor takes input,
and a browser's 2nd and 3rd visits, for the CPU spent before the first graded result (among
it V8's optimizing compile of Pyodide's wasm, done again on a return visit unless the
renderer still holds an earlier page's compiled module, and how much of the compiled code
Chromium kept for Pyodide's JavaScript V8 took).
With --baseline REV, the course as commit REV built it, beside this tree's, in the same run.
Medians over runs; compare within one run. The site is built and served like `course serve`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as course_model  # noqa: E402
from grader.site_builder.site import build_site  # noqa: E402
from grader.runtimes.node import pyodide_dir  # noqa: E402
from benchmarks.browser_checks import build_at  # noqa: E402
from benchmarks.plain_pages import write_plain_page  # noqa: E402
from tests.browser_support import CHROMIUM, FLAGS, serve  # noqa: E402

MARKS = ("course:editor-usable", "course:python-ready", "course:first-result")


# The memory snapshot this browser kept (the build's, or one it made), raw and gzipped: a
# build's is shipped gzipped, in the first visit's bytes.
SNAPSHOT_SIZE = """async () => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            if (!request.url.includes('__python_snapshot__')) continue;
            const bytes = await (await cache.match(request)).arrayBuffer();
            const gzip = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
            const packed = await new Response(gzip).arrayBuffer();
            // Kept without its pages of zeros (site/js/snapshots.js): the memory it restores is
            // its second word. An older course kept the raw bytes.
            const [magic, length] = new Uint32Array(bytes, 0, 2);
            return { snapshot: magic === 0x70797331 ? length : bytes.byteLength,
                     "snapshot kept": bytes.byteLength, "snapshot gzipped": packed.byteLength };
        }
    }
    return {};
}"""

# Whether the page has noted Pyodide's factory compiled in this browser, or has none to note
# (an older course): a learner's first visit lasts long enough for it, a benchmark's waits.
COMPILED = """(() => {
    const urls = JSON.parse(document.getElementById("page-data").textContent).urls;
    return !urls.compiledFactory || localStorage.getItem("autograd-course-compiled") !== null;
})()"""

# Counted from the page's first moment (an init script): long tasks until the first result.
LONG_TASKS = """(() => {
    window.courseLongTasks = 0;
    new PerformanceObserver((list) => {
        for (const task of list.getEntries()) window.courseLongTasks += task.duration;
    }).observe({ type: "longtask", buffered: true });
})()"""

# The speed issue's goals for the first graded result, as (page, visit) -> how many times
# slower than the course that page must be; and for the editor, seconds after navigation.
GOALS = {("stock plain page", "cold"): 3, ("stock plain page", "warm"): 5,
         ("plain page, course files", "cold"): 1}
EDITOR_GOAL = 0.3

# Where the main thread's CPU goes before the editor takes input, from Chromium's trace: each
# event's thread time, so the figures hold on a machine whose other work steals the CPU (there
# the wall-clock times are several times the CPU the page itself spent).
TRACED = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
          "blink.user_timing", "v8.execute"]
KINDS = {"ParseHTML": "parse HTML", "EvaluateScript": "inline scripts",
         "v8.evaluateModule": "page modules (editor made)", "UpdateLayoutTree": "style",
         "Layout": "layout", "PrePaint": "paint", "Paint": "paint", "Commit": "paint",
         "Layerize": "paint", "FireAnimationFrame": "other callbacks",
         "FunctionCall": "other callbacks", "HandlePostMessage": "other callbacks"}


def editor_cpu(playwright, url: str) -> dict:
    """One cold visit, traced: CPU ms of the page's main thread from navigation to the editor
    taking input (by kind of work), and of the renderer's other threads meanwhile."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    page = browser.new_context().new_page()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "trace.json"
        browser.start_tracing(page=page, path=str(path), categories=TRACED)
        page.goto(url)
        page.wait_for_function("performance.getEntriesByName('course:editor-usable').length > 0",
                               timeout=120_000)
        browser.stop_tracing()
        browser.close()
        events = json.loads(path.read_text())["traceEvents"]
    mark = next(e for e in events if e.get("name") == "course:editor-usable")
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    threads: dict = {}
    for e in events:
        if e.get("ph") == "X" and "tdur" in e and e["pid"] == mark["pid"]:
            threads.setdefault(e["tid"], []).append(e)
    main = sorted(threads.get(mark["tid"], []), key=lambda e: (e["ts"], -e["dur"]))
    start = min(e["ts"] for e in main)
    figures = {"main thread, all": 0.0}
    # Outermost events only: a task's own CPU once, each kind of work inside it once.
    task_end = kind_end = 0
    for e in main:
        if e["ts"] >= mark["ts"]:
            break
        if e["name"] == "RunTask" and e["ts"] >= task_end:
            figures["main thread, all"] += e["tdur"] / 1000
            task_end = e["ts"] + e["dur"]
        if e["name"] in KINDS and e["ts"] >= kind_end:
            figures[KINDS[e["name"]]] = figures.get(KINDS[e["name"]], 0) + e["tdur"] / 1000
            kind_end = e["ts"] + e["dur"]
    for tid, own in threads.items():
        if tid == mark["tid"]:
            continue
        name = names.get((mark["pid"], tid), "other")
        name = "Python's worker" if name.startswith("DedicatedWorker") else f"renderer's {name}"
        end = 0
        for e in sorted(own, key=lambda e: (e["ts"], -e["dur"])):
            if start <= e["ts"] < mark["ts"] and e["ts"] >= end:
                figures[name] = figures.get(name, 0) + e["tdur"] / 1000
                end = e["ts"] + e["dur"]
    figures["wall clock"] = (mark["ts"] - start) / 1000
    return figures


# A return visit's CPU up to the first graded result: Chromium's trace adds V8's WebAssembly
# categories, for the optimizing compile of Pyodide's wasm's hot functions (on the renderer's
# background threads while the worker boots) and the feeding of its bytes to the streaming
# compile. Traced on 2026-12-07 (a profile on disk): Chromium kept the wasm's compiled code
# only on the 3rd visit, so the 2nd compiled it again (0.2-0.45 s of CPU before the result),
# except where its renderer still held the 1st page's compiled module.
WARM_TRACED = TRACED + ["v8", "v8.wasm"]  # devtools.timeline: WASM_CACHE
WASM_KINDS = {"wasm.TopTierCompilation": "wasm: optimizing compile (background threads)",
              "v8.wasm.compileConsume": "wasm: bytes fed to the streaming compile"}
# Chromium's own events for the wasm's compiled code: kept (written) on this visit, and
# taken from what an earlier visit kept; counted, not timed.
WASM_CACHE = {"v8.wasm.cachedModule": "wasm: compiled code kept (times)",
              "v8.wasm.moduleCacheHit": "wasm: kept compiled code used (times)"}
# Pyodide's JavaScript (the factory, pyodide.asm.mjs or its twin compiled whole): how much of
# the compiled code Chromium kept for it V8 took on this visit, in KB (0: compiled again).
FACTORY_KEPT = "Pyodide's JavaScript: kept compiled code used (KB)"


def warm_cpu(playwright, url: str, visits: int = 2) -> list[dict]:
    """A cold visit, then `visits` traced return visits in the same browser (its 2nd, 3rd,
    ...), each: CPU ms up to the first graded result of a Check pressed as soon as the editor
    took input, of the page's main thread, of Python's workers, of the renderer's other threads,
    and of the wasm's compile work among them (WASM_KINDS); Chromium's events for the wasm's
    compiled code (WASM_CACHE); how much kept compiled code V8 took for Pyodide's JavaScript
    (FACTORY_KEPT); and the wall clock."""
    # A profile on disk, as the other visits have: a context Playwright makes in a launched
    # browser is off the record, and Chromium keeps no compiled code for one.
    folder = tempfile.mkdtemp()
    # A session of its own, so its helpers (crash handler, GPU and network services) end with it.
    chromium = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={folder}/profile",
                                 "--remote-debugging-port=0", "about:blank"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
    try:
        return _traced_visits(playwright, url, visits, Path(folder), chromium)
    finally:
        _end(chromium)
        _remove(Path(folder))


def _end(chromium: subprocess.Popen) -> None:
    """Chromium and every process it started (they share its session's process group)."""
    try:
        os.killpg(chromium.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    chromium.wait()


def _remove(folder: Path) -> None:
    """Remove a profile folder that Chromium's helpers may still be writing to for a moment
    after the browser's own process ended: removing it at once failed in CI (2026-12-07) with
    "Directory not empty: 'Default'", a new file there between listing and rmdir."""
    for _ in range(50):
        try:
            shutil.rmtree(folder)
            return
        except OSError:  # a file made, or gone, while it was being removed
            if not folder.exists():
                return
            time.sleep(0.2)
    shutil.rmtree(folder, ignore_errors=True)


def _traced_visits(playwright, url: str, visits: int, folder: Path, chromium) -> list[dict]:
    port = folder / "profile" / "DevToolsActivePort"
    while not (port.exists() and port.read_text().strip()):
        if chromium.poll() is not None:
            raise RuntimeError("Chromium ended before it took connections")
        time.sleep(0.1)
    browser = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port.read_text().split()[0]}")
    context = browser.contexts[0]
    visit(context, url)  # cold: it waits until the page has what a return visit uses
    figures = []
    for number in range(visits):
        page = context.new_page()
        path = Path(folder) / f"trace{number}.json"
        browser.start_tracing(page=page, path=str(path), categories=WARM_TRACED)
        page.goto(url)
        page.wait_for_function("window.courseEditor !== undefined", timeout=120_000)
        page.click("[data-testid=check]")
        page.wait_for_function("performance.getEntriesByName('course:first-result').length > 0",
                               timeout=180_000)
        browser.stop_tracing()
        page.close()
        figures.append(_cpu_until(json.loads(path.read_text())["traceEvents"],
                                  "course:first-result"))
    browser.close()
    return figures


def _cpu_until(events: list, mark_name: str) -> dict:
    mark = next(e for e in events if e.get("name") == mark_name)
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    threads: dict = {}
    for e in events:
        if e.get("ph") == "X" and "tdur" in e and e["pid"] == mark["pid"]:
            threads.setdefault(e["tid"], []).append(e)
    start = min(e["ts"] for e in threads[mark["tid"]])
    figures = {"main thread": 0.0, "Python's workers": 0.0, "renderer's other threads": 0.0}
    figures.update({kind: 0.0 for kind in WASM_KINDS.values()})
    figures.update({kind: 0 for kind in WASM_CACHE.values()})
    kept: dict = {}  # (worker's thread, script) -> KB: one compile each, traced twice
    for e in events:
        if e.get("name") in WASM_CACHE:  # the trace ends at the result
            figures[WASM_CACHE[e["name"]]] += 1
        data = (e.get("args") or {}).get("data") or {}
        if (e.get("name") == "v8.compileModule" and "/pyodide.asm." in str(data.get("url"))
                and str(data.get("cacheRejected")).lower() != "true"):
            key = (e.get("pid"), e.get("tid"), data["url"])
            kept[key] = max(kept.get(key, 0), int(data.get("consumedCacheSize") or 0) // 1000)
    figures[FACTORY_KEPT] = sum(kept.values())
    for tid, own in threads.items():
        name = names.get((mark["pid"], tid), "")
        kind = ("main thread" if tid == mark["tid"] else "Python's workers"
                if name.startswith("DedicatedWorker") else "renderer's other threads")
        end = 0
        for e in sorted(own, key=lambda e: (e["ts"], -e["dur"])):
            if not start <= e["ts"] < mark["ts"]:
                continue
            if e["name"] in WASM_KINDS:  # nested in a task: counted beside its thread's
                figures[WASM_KINDS[e["name"]]] += e["tdur"] / 1000
            if e["ts"] >= end:  # outermost events only: each task's CPU once
                figures[kind] += e["tdur"] / 1000
                end = e["ts"] + e["dur"]
    figures["wall clock"] = (mark["ts"] - start) / 1000
    return figures


THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8,
            "uploadThroughput": 20e6 / 8}


def visit(context, url: str, plain: bool = False, throttle: bool = False) -> tuple[dict, dict]:
    sizes = {"page": 0, "offline copy": 0}

    def count(request) -> None:
        size = request.sizes()
        # The service worker's requests (its offline copy of the course) have no frame.
        kind = "offline copy" if request.service_worker else "page"
        sizes[kind] += size["responseBodySize"] + size["responseHeadersSize"]

    context.on("requestfinished", count)
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    if throttle:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", THROTTLE)
    page.goto(url)
    if not plain:  # the learner presses Check as soon as the editor takes input
        page.wait_for_function("window.courseEditor !== undefined", timeout=120_000)
        page.click("[data-testid=check]")
    page.wait_for_function("performance.getEntriesByName('course:first-result').length > 0",
                           timeout=180_000)
    busy = page.evaluate("window.courseLongTasks / 1000")
    names = MARKS[2:] if plain else MARKS
    marks = page.evaluate("""names => Object.fromEntries(names.map(n =>
        [n, performance.getEntriesByName(n)[0].startTime / 1000]))""", list(names))
    marks["course:main-thread-busy"] = busy
    if not plain:  # the first worker's own account of its boot (site/js/worker.js)
        steps = page.evaluate("(performance.getEntriesByName('course:worker-ready')[0]"
                              " .detail || {}).steps || null")
        if steps:  # (an older course's worker did not report them)
            marks["steps"] = steps
        marks["factory"] = page.evaluate("(performance.getEntriesByName('course:worker-ready')[0]"
                                         " .detail || {}).factory || null")
    page.wait_for_timeout(2000)  # the service worker keeps its copy of the course meanwhile
    if not plain:  # ... and then the page has Pyodide's factory compiled (compiled-code.js)
        page.wait_for_function(COMPILED, timeout=60_000)
    if not plain:
        sizes.update(page.evaluate(SNAPSHOT_SIZE))
    page.close()
    context.remove_listener("requestfinished", count)
    return marks, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="05-backward")
    parser.add_argument("--no-throttle", action="store_true", help="skip the throttled visits")
    parser.add_argument("--baseline", default=None, metavar="REV")
    parser.add_argument("--trace", action="store_true", help="also RUNS traced cold visits of "
                        "each course page: the CPU spent before the editor takes input; and "
                        "RUNS traced 2nd and 3rd visits: the CPU spent before the first result")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    course = course_model.load(ROOT)
    pyodide = pyodide_dir(ROOT)
    value = (course.labs["05-backward"].solution).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build_site(course, site, pyodide=pyodide, node_modules=pyodide.parent)
        course_pyodide = next((site / "pyodide").iterdir())
        write_plain_page(site / "plain-stock", pyodide, value)
        write_plain_page(site / "plain-course", course_pyodide, value)
        server, base = serve(site)
        pages = {"course": (f"{base}lessons/{args.lesson}/index.html", False),
                 "stock plain page": (f"{base}plain-stock/index.html", True),
                 "plain page, course files": (f"{base}plain-course/index.html", True)}
        if args.baseline:
            base_server, base_url = serve(build_at(args.baseline, Path(folder)))
            pages[f"course at {args.baseline}"] = (
                f"{base_url}lessons/{args.lesson}/index.html", False)
        results = {name: {"cold": [], "warm": [], "sent": []} for name in pages}
        throttled = {}
        traced = {name: [] for name, (_, plain) in pages.items() if not plain}
        warm_traced = {name: [] for name in traced}
        with sync_playwright() as playwright:
            def context(profile):
                return playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=FLAGS)

            for _ in range(args.runs):
                for name, (url, plain) in pages.items():  # interleaved: load hits all alike
                    with tempfile.TemporaryDirectory() as profile:
                        browser = context(profile)
                        marks, sent = visit(browser, url, plain)
                        results[name]["cold"].append(marks)
                        results[name]["sent"].append(sent)
                        results[name]["warm"].append(visit(browser, url, plain)[0])
                        browser.close()
            for _ in range(args.runs if args.trace else 0):
                for name in traced:  # interleaved too
                    traced[name].append(editor_cpu(playwright, pages[name][0]))
                    warm_traced[name].append(warm_cpu(playwright, pages[name][0]))
            if not args.no_throttle:
                for name, (url, plain) in pages.items():
                    with tempfile.TemporaryDirectory() as profile:
                        browser = context(profile)
                        throttled[name] = visit(browser, url, plain, throttle=True)[0]
                        browser.close()
        server.shutdown()
        if args.baseline:
            base_server.shutdown()
    report(args, results, throttled)
    report_cpu(traced)
    report_warm_cpu(warm_traced)


def report_cpu(traced: dict) -> None:
    for name, runs in traced.items():
        if not runs:
            continue
        print(f"{name}: cold visit, navigation -> editor usable, CPU ms (medians of {len(runs)}"
              " traced visits; the wall clock beside them)")
        for kind in sorted({k for run in runs for k in run},
                           key=lambda k: -statistics.median([r.get(k, 0) for r in runs])):
            values = [r.get(kind, 0) for r in runs]
            if statistics.median(values) >= 1:
                print(f"  {kind:40} {statistics.median(values):6.0f}")


def report_warm_cpu(traced: dict) -> None:
    for name, runs in traced.items():
        if not runs:
            continue
        print(f"{name}: return visits, navigation -> first graded result, CPU ms (medians of "
              f"{len(runs)} traced browsers; the wall clock beside them)")
        for number in range(len(runs[0])):
            visits = [run[number] for run in runs]
            print(f"  visit {number + 2}: " + ", ".join(
                f"{kind} {statistics.median([v[kind] for v in visits]):.0f}"
                for kind in visits[0]))


def report(args, results: dict, throttled: dict) -> None:
    median = statistics.median
    print(f"{args.lesson} in headless Chromium, {args.runs} runs (median, min-max)")
    for name, runs in results.items():
        print(f"{name}:")
        for label in ("cold", "warm"):
            for mark in runs[label][0]:
                if mark in ("steps", "factory"):
                    continue
                values = [r[mark] for r in runs[label]]
                print(f"  {label:4} {mark.split(':')[1]:15} {median(values):6.2f} s"
                      f"   ({min(values):.2f}-{max(values):.2f})")
        for kind in ("page", "offline copy"):
            values = [t[kind] / 1e6 for t in runs["sent"]]
            if max(values):
                print(f"  cold visit, bytes transferred for the {kind}: {median(values):.2f} MB")
        for label in ("cold", "warm"):
            steps = [r["steps"] for r in runs[label] if "steps" in r]
            if steps:
                print(f"  {label} worker boot, step by step (ms, medians): " + ", ".join(
                    f"{name} {median([s.get(name, 0) for s in steps]):.0f}" for name in steps[0]))
        factories = [r.get("factory") for r in runs["warm"]]
        if any(factories):
            print(f"  warm visits whose first worker imported Pyodide's factory compiled (V8's "
                  f"kept code): {factories.count('compiled')} of {len(factories)}")
        kept = [t for t in runs["sent"] if "snapshot" in t]
        if kept:
            print(f"  memory snapshot kept in this browser: {kept[0]['snapshot'] / 1e6:.1f} MB, "
                  f"kept as {kept[0].get('snapshot kept', 0) / 1e6:.1f} MB, "
                  f"{kept[0]['snapshot gzipped'] / 1e6:.1f} MB gzipped (what a build ships)")
    first = "course:first-result"
    result = {name: {label: median([r[first] for r in runs[label]]) for label in ("cold", "warm")}
              for name, runs in results.items()}
    course = result["course"]
    print("ratios of the first graded result (higher: the course is faster):")
    for name in [n for n in result if n != "course"]:
        for label in ("cold", "warm"):
            ratio = result[name][label] / course[label]
            goal = GOALS.get((name, label))
            said = f"  (goal ≥ {goal:g}x: {'met' if ratio >= goal else 'not met'})" if goal else ""
            print(f"  {name} / course, {label}: {ratio:.2f}x{said}")
    for label in ("cold", "warm"):
        editor = median([r["course:editor-usable"] for r in results["course"][label]])
        print(f"  editor usable, {label}: {editor:.2f} s  (goal ≤ {EDITOR_GOAL:g} s: "
              f"{'met' if editor <= EDITOR_GOAL else 'not met'})")
    if throttled:
        print("throttled, 20 Mbit/s and 40 ms, one cold visit each (first graded result):")
        for name, marks in throttled.items():
            print(f"  {name:26} {marks[first]:6.2f} s")


if __name__ == "__main__":
    main()
