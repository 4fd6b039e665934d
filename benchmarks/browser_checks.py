"""Benchmark: Check after Check in headless Chromium, on a warm page. Prints figures only.

    python benchmarks/browser_checks.py [--runs 5] [--baseline REV]

The page gives every Run and Check a Python worker that has run nothing, restored from the
memory snapshot after the previous answer (site/js/python.js). What that costs a learner:
  at once      Check pressed the moment the previous report appears (the next worker is
               still restoring): click -> report
  after 3 s    Check pressed 3 s after the previous report (the next worker is ready)
  restore      a fresh worker's boot from the snapshot, as the worker measures it
With --baseline REV, the same figures for the site of commit REV (say, one worker for the
whole page), built and served in the same run. Lesson 5 with its reference solution; medians
over runs, min-max beside them; compare within one run.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_support import CHROMIUM, FLAGS, serve, set_code, wait_ready  # noqa: E402

LESSON = "05-backward"

TIMED_CHECK = """async () => {
    const result = document.querySelector('[data-testid=result]');
    delete result.dataset.passed;
    const started = performance.now();
    document.querySelector('[data-testid=check]').click();
    await new Promise((done) => {
        const watch = new MutationObserver(() => {
            if (result.dataset.passed) { watch.disconnect(); done(); }
        });
        watch.observe(result, { attributes: true });
    });
    return performance.now() - started;
}"""


def build_at(rev: str, folder: Path) -> Path:
    """The site as commit `rev` builds it, in `folder`/base-site (its tree in `folder`/base)."""
    tree = folder / "base"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    build(tree, folder / "base-site")
    return folder / "base-site"


def build(tree: Path, out: Path) -> None:
    """`course build` with the grader of `tree` (a checkout), Pyodide from this repository."""
    if not (tree / "node_modules").exists():
        (tree / "node_modules").symlink_to(ROOT / "node_modules")
    subprocess.run([sys.executable, "-c", "import sys; from grader.cli import main; "
                    "sys.argv[0] = 'course'; main()", "build", "--out", str(out)],
                   cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
                   check=True, capture_output=True)


def measure(browser, url: str, solution: str) -> dict:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    set_code(page, solution)
    page.evaluate(TIMED_CHECK)  # the first Check, on the worker the page started with
    at_once = page.evaluate(TIMED_CHECK)
    page.wait_for_timeout(3000)
    after_pause = page.evaluate(TIMED_CHECK)
    restore = page.evaluate("""(() => { const marks = performance.getEntriesByName('course:worker-ready');
        return marks.length > 1 ? marks[marks.length - 1].detail.ms : null; })()""")
    context.close()
    return {"at once": at_once / 1000, "after 3 s": after_pause / 1000,
            "restore": restore / 1000 if restore else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", default=None, metavar="REV")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    solution = (ROOT / "labs" / LESSON / "solution.py").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        sites = {"this tree": Path(folder) / "site"}
        build(ROOT, sites["this tree"])
        if args.baseline:
            sites[args.baseline] = build_at(args.baseline, Path(folder))
        servers = {name: serve(site) for name, site in sites.items()}
        results = {name: [] for name in sites}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for _ in range(args.runs):
                for name, (_, url) in servers.items():  # interleaved: load hits all alike
                    results[name].append(measure(browser, f"{url}lessons/{LESSON}/index.html",
                                                 solution))
            browser.close()
        for server, _ in servers.values():
            server.shutdown()
    print(f"Check after Check, lesson {LESSON}, headless Chromium, {args.runs} runs "
          "(median, min-max)")
    for name, runs in results.items():
        print(f"{name}:")
        for label in ("at once", "after 3 s", "restore"):
            values = [r[label] for r in runs if r[label] is not None]
            if values:
                print(f"  {label:10} {statistics.median(values):6.2f} s"
                      f"   ({min(values):.2f}-{max(values):.2f})")


if __name__ == "__main__":
    main()
