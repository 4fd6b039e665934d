"""Benchmark: how fast `course grade` is in Pyodide. Prints figures; asserts nothing.

    python benchmarks/grading.py [--files 100] [--runs 3]

Figures:
  boot            a Node host from start to ready (Python booted, snapshot made, first
                  interpreter restored), as the runtime measures it
  per submission  wall time of one file inside a batch (fresh interpreter + checks)
  batch           the whole `course grade 05-backward <N files> --json` command, from the
                  shell, N lab-5 submissions (solution and every known mistake, repeated)
Medians over runs; compare figures within one run, as ratios, on a shared machine.
"""

from __future__ import annotations

import argparse
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
    args = parser.parse_args()
    course = course_model.load(ROOT)
    lab = course.labs["05-backward"]
    pool = [lab.solution, *lab.alternatives, *(m.path for m in lab.mistakes)]
    sources = [(f"s{i:03d}.py", pool[i % len(pool)].read_text()) for i in range(args.files)]

    boots, per_file, batch, lib_batch = [], [], [], []
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

    def show(label: str, values: list[float], unit: str = "s") -> None:
        print(f"{label:44} median {statistics.median(values):7.3f} {unit}   "
              f"min {min(values):7.3f}   max {max(values):7.3f}   (n={len(values)})")

    print(f"Pyodide grading, {args.files} lab-5 submissions per batch, {args.runs} runs")
    show("host boot (Python + snapshot + first worker)", boots)
    show("one submission inside a batch", per_file)
    show(f"library: {args.files} files graded", lib_batch)
    show(f"CLI: course grade with {args.files} files", batch)
    print(f"per file in the CLI batch: {statistics.median(batch) / args.files * 1000:.0f} ms")


if __name__ == "__main__":
    main()
