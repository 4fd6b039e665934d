"""Benchmark: lesson 5's "Train it" in headless Chromium. Prints figures only.

    python benchmarks/capstone.py [--runs 5]

For each engine (the course's, which trains while the lab's checks fail; and the learner's own
Value, here the reference solution typed into the editor, in both designs the course teaches):
  to 95 %      Train pressed -> the page first shows >= 95 % training accuracy
  done         Train pressed -> the run's final report (loss 0, or 100 steps)
  steps        training steps the run took
  accuracy     final training accuracy
Wall-clock times measured in the page (performance.now), Python ready before the press.
Medians over runs; compare within one run. The goal is >= 95 % in <= 10 s.
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
from grader.site_builder.site import build_site  # noqa: E402
from grader.runtimes.node import pyodide_dir  # noqa: E402
from tests.browser_support import CHROMIUM, FLAGS, serve, set_code, wait_ready  # noqa: E402

LAB = ROOT / "labs" / "05-backward"
ENGINES = {
    "course engine (starter fails the checks)": LAB / "starter.py",
    "learner's Value, closures (micrograd)": LAB / "solution.py",
    "learner's Value, stored local grads": LAB / "alternatives" / "stored_local_grads.py",
}

# Timestamps (ms since the press) of the first >= 95 % readout and of the final report.
WATCH = """() => new Promise((resolve) => {
    const section = document.querySelector('[data-testid=train]');
    const started = performance.now();
    let reached = null;
    new MutationObserver(() => {
        if (reached === null && Number(section.dataset.accuracy) >= 0.95) reached = performance.now() - started;
        if (['done', 'error', 'stopped'].includes(section.dataset.state))
            resolve({reached, done: performance.now() - started, state: section.dataset.state,
                     steps: Number(section.dataset.step), accuracy: Number(section.dataset.accuracy)});
    }).observe(section, {attributes: true});
    section.querySelector('[data-testid=train-start]').click();
})"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    course = course_model.load(ROOT)
    pyodide = pyodide_dir(ROOT)
    results = {name: [] for name in ENGINES}
    with tempfile.TemporaryDirectory() as folder:
        build_site(course, Path(folder) / "site", pyodide=pyodide, node_modules=pyodide.parent)
        server, base = serve(Path(folder) / "site")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for _ in range(args.runs):
                for name, source in ENGINES.items():
                    page = browser.new_page()
                    page.goto(f"{base}lessons/05-backward/index.html")
                    wait_ready(page)
                    set_code(page, source.read_text())
                    results[name].append(page.evaluate(WATCH))
                    page.close()
            browser.close()
        server.shutdown()

    print(f"Train it in headless Chromium, {args.runs} runs (median, min-max)")
    for name, runs in results.items():
        states = {r["state"] for r in runs}
        print(f"  {name}: final state {', '.join(sorted(states))}")
        for key, label, scale, unit in (("reached", "to 95 %", 1e-3, "s"), ("done", "done", 1e-3, "s"),
                                        ("steps", "steps", 1, ""), ("accuracy", "accuracy", 100, "%")):
            values = [r[key] * scale for r in runs if r[key] is not None]
            if not values:
                print(f"    {label:9} never")
                continue
            print(f"    {label:9} {statistics.median(values):7.2f} {unit:2} ({min(values):.2f}-{max(values):.2f})")


if __name__ == "__main__":
    main()
