"""Benchmark: how fast `course grade` is in Pyodide. Prints figures; asserts nothing.

    python benchmarks/grading.py [--files 100] [--runs 3] [--baseline REV]

Figures:
  boot            a Node host from start to ready (Python booted, snapshot made, first
                  interpreter restored), as the runtime measures it
  per submission  wall time of one file inside a batch (fresh interpreter + checks)
  batch           the whole `course grade 05-backward <N files> --json` command, from the
                  shell, N lab-5 submissions (solution and every known mistake, repeated)
  handle layer    requests a lab-5 submission's checks make of the learner's interpreter,
                  and the cost of one request (a check reading one attribute 0 and 2000 times)
  --baseline REV  the same CLI batch with the grader of commit REV (say, the last one before
                  the checks moved to their own interpreter), in the same run
Medians over runs; compare figures within one run, as ratios, on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as course_model  # noqa: E402
from grader import grading  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", default=None, metavar="REV")
    args = parser.parse_args()
    course = course_model.load(ROOT)
    lab = course.labs["05-backward"]
    pool = [lab.solution, *lab.alternatives, *(m.path for m in lab.mistakes)]
    sources = [(f"s{i:03d}.py", pool[i % len(pool)].read_text()) for i in range(args.files)]

    boots, per_file, batch, lib_batch, base_batch, calls = [], [], [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, text in sources:
            Path(folder, name).write_text(text)
            paths.append(str(Path(folder, name)))
        course_cmd = [str(Path(sys.executable).parent / "course")]
        for _ in range(args.runs):
            runtime = grading.make_runtime("pyodide", ROOT, 10.0)
            started = time.perf_counter()
            reports = grading.grade(lab, sources, runtime)
            lib_batch.append(time.perf_counter() - started)
            boots += runtime.boot_seconds
            per_file += [r.seconds for r in reports]
            calls += runtime.calls
            good = {p.read_text() for p in (lab.solution, *lab.alternatives)}
            expected = sum(1 for _, text in sources if text in good)
            if sum(r.passed for r in reports) != expected:
                sys.exit("wrong verdicts: the benchmark measures nothing if grading is broken")
            started = time.perf_counter()
            done = subprocess.run(course_cmd + ["grade", "05-backward", *paths, "--json"],
                                  capture_output=True, text=True, cwd=ROOT)
            batch.append(time.perf_counter() - started)
            if done.returncode not in (0, 1):
                sys.exit(f"course grade failed: {done.stderr}")
            if args.baseline:
                base_batch.append(_baseline_batch(args.baseline, paths))
        per_call = _per_call()

    def show(label: str, values: list[float], unit: str = "s") -> None:
        print(f"{label:44} median {statistics.median(values):7.3f} {unit}   "
              f"min {min(values):7.3f}   max {max(values):7.3f}   (n={len(values)})")

    print(f"Pyodide grading, {args.files} lab-5 submissions per batch, {args.runs} runs")
    show("host boot (Python + snapshot + first worker)", boots)
    show("one submission inside a batch", per_file)
    show(f"library: {args.files} files graded", lib_batch)
    show(f"CLI: course grade with {args.files} files", batch)
    print(f"per file in the CLI batch: {statistics.median(batch) / args.files * 1000:.0f} ms")
    if base_batch:
        show(f"CLI, grader of {args.baseline}: {args.files} files", base_batch)
    if calls:
        show("handle layer: requests per submission", calls, "")
    show("handle layer: one request (µs)", per_call, "µs")
    print(f"handle layer per submission (median requests × median request): "
          f"{statistics.median(calls or [0]) * statistics.median(per_call) / 1000:.0f} ms")


READS = """
from grader.core.checks import check, need

@check("reads an attribute")
def reads(learner):
    box = need(learner, "box")
    for _ in range(READS):
        box.data
"""


def _per_call(reads: int = 2000, repeats: int = 5) -> list[float]:
    """µs per request: a check reading one attribute `reads` times, minus reading it never."""
    from grader.runtimes.pyodide import PyodideRuntime
    from grader.runtimes.submission import Submission

    def job(n: int) -> Submission:
        return Submission("bench", "box.py", "class Box:\n    data = 1.0\nbox = Box()\n",
                          READS.replace("READS", str(n)), ["reads an attribute"], [[]])
    runtime = PyodideRuntime(ROOT, timeout=60.0, workers=1)
    reports = runtime.grade([job(n) for _ in range(repeats) for n in (0, reads)])
    if not all(r.passed for r in reports):
        sys.exit("the per-request benchmark did not pass: " + reports[0].error)
    pairs = zip(reports[0::2], reports[1::2])
    return [(many.seconds - none.seconds) / reads * 1e6 for none, many in pairs]


def _baseline_batch(rev: str, paths: list[str]) -> float:
    """The CLI batch with the grader at commit `rev`, from a temporary worktree."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder, "baseline")
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
                       check=True, capture_output=True)
        try:
            (tree / "node_modules").symlink_to(ROOT / "node_modules")
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "05-backward",
                                   *paths, "--json"], capture_output=True, text=True, cwd=tree,
                                  env={**os.environ, "PYTHONPATH": str(tree)})
            seconds = time.perf_counter() - started
            if done.returncode not in (0, 1):
                sys.exit(f"baseline course grade failed: {done.stderr[-500:]}")
            return seconds
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           capture_output=True)


if __name__ == "__main__":
    main()
