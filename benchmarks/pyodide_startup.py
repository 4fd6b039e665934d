"""Benchmark: Pyodide start-up under Node, stock stdlib zip vs the bytecode one. Prints
figures; asserts nothing.

    python benchmarks/pyodide_startup.py [--runs 7] [--zip PATH]

Each run is a fresh Node process; inside it, performance.now() is taken before importing
pyodide.mjs and after `runPython("import json, dataclasses")` returns (the whole start-up a
learner waits for). Wall time of the process is shown too. The two zips alternate run by
run, so drift on a shared machine hits both alike; compare them as a ratio, within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader.pyodide_files.stdlib_zip import build_stdlib_zip  # noqa: E402
from grader.runtimes.node import node_binary, pyodide_dir  # noqa: E402

START = """
const { pathToFileURL } = await import("node:url");
const dir = process.env.BENCH_PYODIDE;
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: process.env.BENCH_ZIP });
py.runPython("import json, dataclasses");
console.log(JSON.stringify({ ms: performance.now() - started }));
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--zip", type=Path, help="a bytecode zip to use instead of building one")
    args = parser.parse_args()
    pyodide = pyodide_dir(ROOT)
    stock = pyodide / "python_stdlib.zip"
    # Built once into the temp folder and reused by later runs (the build has a cache key).
    bytecode = args.zip or build_stdlib_zip(
        pyodide, Path(tempfile.gettempdir()) / "course-stdlib-zip" / "python_stdlib.zip")

    inside = {"stock": [], "bytecode": []}
    wall = {"stock": [], "bytecode": []}
    for _ in range(args.runs):
        for label, path in (("stock", stock), ("bytecode", bytecode)):
            started = time.perf_counter()
            done = subprocess.run([node_binary(), "--input-type=module", "-e", START],
                                  capture_output=True, text=True, timeout=300,
                                  env={**os.environ, "BENCH_PYODIDE": str(pyodide),
                                       "BENCH_ZIP": str(path)})
            wall[label].append(time.perf_counter() - started)
            if done.returncode != 0:
                sys.exit(f"{label} start-up failed:\n{done.stderr}")
            inside[label].append(json.loads(done.stdout.strip().splitlines()[-1])["ms"] / 1000)

    version = json.loads((pyodide / "package.json").read_text())["version"]
    print(f"Pyodide {version} start-up under Node, median of {args.runs} runs")
    print(f"  zips: stock {stock.stat().st_size / 1e6:.1f} MB, "
          f"bytecode {bytecode.stat().st_size / 1e6:.1f} MB")
    print(f"  {'':10}{'in Node':>10}{'process':>10}")
    for label in ("stock", "bytecode"):
        print(f"  {label:10}{statistics.median(inside[label]):9.2f}s"
              f"{statistics.median(wall[label]):9.2f}s")
    ratio = statistics.median(inside["stock"]) / statistics.median(inside["bytecode"])
    ratio_wall = statistics.median(wall["stock"]) / statistics.median(wall["bytecode"])
    print(f"  ratio stock/bytecode: {ratio:.2f}x in Node, {ratio_wall:.2f}x per process")


if __name__ == "__main__":
    main()
