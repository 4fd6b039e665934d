"""Benchmark: the JupyterLite site's size and how soon a lab notebook runs. Prints figures only.

    python benchmarks/jupyterlite.py [--runs 3] [--lab 05-backward]

Figures:
  build           `build_jupyterlite` wall time (a cache hit unless an input changed) and
                  the site's size on disk (MB) and number of files
  notebook shown  navigation start -> the lab's notebook is on screen (cells rendered)
  first output    navigation start -> the first code cell's output, with Run All Cells
                  chosen as soon as the notebook is shown (so this includes the kernel's
                  start: Pyodide, micropip, IPython and the course's wheel)
  check report    navigation start -> the check cell's report (the starter's failures)
Each run uses a new browser profile (cold cache). Medians over runs; the site is served
like `course serve`, under /lite/.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as course_model  # noqa: E402
from grader.site_builder.jupyterlite import build_jupyterlite, notebook_url  # noqa: E402
from grader.runtimes.node import pyodide_dir  # noqa: E402
from tests.browser_support import CHROMIUM, FLAGS, serve  # noqa: E402


def visit(browser, url: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(".jp-Notebook .jp-CodeCell .cm-content", timeout=120_000)
    shown = time.perf_counter() - started
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    page.wait_for_selector(".jp-CodeCell .jp-OutputArea-output", timeout=180_000)
    first = time.perf_counter() - started
    page.wait_for_selector(".jp-OutputArea-output .course-report", timeout=180_000)
    report = time.perf_counter() - started
    context.close()
    return {"notebook shown": shown, "first output": first, "check report": report}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lab", default="05-backward")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    course = course_model.load(ROOT)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "lite"
        started = time.perf_counter()
        build_jupyterlite(course, out, pyodide=pyodide_dir(ROOT))
        seconds = time.perf_counter() - started
        files = [p for p in out.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files) / 1e6
        print(f"build           {seconds:6.2f} s   {size:.1f} MB in {len(files)} files")
        server, base = serve(Path(folder))
        runs = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for _ in range(args.runs):
                runs.append(visit(browser, f"{base}lite/{notebook_url(args.lab)}"))
            browser.close()
        server.shutdown()
    for name in runs[0]:
        values = [r[name] for r in runs]
        print(f"{name:15} {statistics.median(values):6.2f} s   (runs: "
              + ", ".join(f"{v:.2f}" for v in values) + ")")


if __name__ == "__main__":
    main()
