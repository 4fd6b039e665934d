"""Benchmark: how fast a lesson page gets going in headless Chromium. Prints figures only.

    python benchmarks/browser_startup.py [--runs 5]

For a cold cache (a new browser profile) and a warm one (the same profile, second visit):
  editor usable    navigation start -> the CodeMirror editor exists and takes input
  python ready     navigation start -> the worker says Python is ready
  first result     navigation start -> the report of a Check pressed as soon as the editor
                   was usable (the learner does not wait for Python)
and the bytes transferred (encoded, as sent over the wire) on the cold visit, split into
what the page loads and what its service worker then copies for offline use.
Medians over runs; compare within one run. The site is built and served like `course serve`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as course_model  # noqa: E402
from grader.build.site import build_site  # noqa: E402
from grader.runtimes.node import pyodide_dir  # noqa: E402
from tests.browser_support import CHROMIUM, FLAGS, serve  # noqa: E402

MARKS = ("course:editor-usable", "course:python-ready", "course:first-result")


def visit(context, url: str) -> tuple[dict, dict]:
    sizes = {"page": 0, "offline copy": 0}

    def count(request) -> None:
        size = request.sizes()
        # The service worker's requests (its offline copy of the course) have no frame.
        kind = "offline copy" if request.service_worker else "page"
        sizes[kind] += size["responseBodySize"] + size["responseHeadersSize"]

    context.on("requestfinished", count)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.courseEditor !== undefined")
    page.click("[data-testid=check]")
    page.wait_for_function("performance.getEntriesByName('course:first-result').length > 0",
                           timeout=120_000)
    marks = page.evaluate("""names => Object.fromEntries(names.map(n =>
        [n, performance.getEntriesByName(n)[0].startTime / 1000]))""", list(MARKS))
    page.wait_for_timeout(2000)  # the service worker keeps its copy of the course meanwhile
    page.close()
    context.remove_listener("requestfinished", count)
    return marks, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="05-backward")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    course = course_model.load(ROOT)
    pyodide = pyodide_dir(ROOT)
    with tempfile.TemporaryDirectory() as folder:
        build_site(course, Path(folder) / "site", pyodide=pyodide, node_modules=pyodide.parent)
        server, base = serve(Path(folder) / "site")
        url = f"{base}lessons/{args.lesson}/index.html"
        cold, warm, transfer = [], [], []
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=FLAGS)
                    marks, sent = visit(context, url)
                    cold.append(marks)
                    transfer.append(sent)
                    warm.append(visit(context, url)[0])
                    context.close()
        server.shutdown()

    print(f"{args.lesson} in headless Chromium, {args.runs} runs (median, min-max)")
    for label, runs in (("cold", cold), ("warm", warm)):
        for mark in MARKS:
            values = [r[mark] for r in runs]
            print(f"  {label:4} {mark.split(':')[1]:15} {statistics.median(values):6.2f} s"
                  f"   ({min(values):.2f}-{max(values):.2f})")
    for kind in ("page", "offline copy"):
        values = [t[kind] / 1e6 for t in transfer]
        print(f"  cold visit, bytes transferred for the {kind}: {statistics.median(values):.2f} MB")


if __name__ == "__main__":
    main()
