"""Mutation score of every lab's hidden checks, and how long grading the mutants took.

    python benchmarks/mutation.py [--runtime python|pyodide]

Prints one row per lab: mutants made, reviewed as equivalent, killed, surviving, the score
over the non-equivalent ones, and the lab's share of the batch's time (all labs are graded in
one batch, so the shares add up to the total).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as model  # noqa: E402
from grader import mutants  # noqa: E402
from grader.grading import make_runtime  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", default="python", choices=("python", "pyodide"))
    args = parser.parse_args()
    course = model.load(ROOT)
    started = time.perf_counter()
    made = sum(len(mutants.lab_mutants(lab)) for lab in course.labs.values())
    making = time.perf_counter() - started
    scores = mutants.score_labs(list(course.labs.values()),
                                make_runtime(args.runtime, course.root, 10.0))
    total = time.perf_counter() - started
    print(f"| lab | mutants | equivalent | killed | survive | score | seconds ({args.runtime}) |")
    print("|---|---|---|---|---|---|---|")
    for s in scores:
        print(f"| {s.lab} | {s.mutants} | {s.equivalent} | {s.killed} | {len(s.survivors)} | "
              f"{s.score:.1%} | {s.seconds:.1f} |")
    print(f"\n{made} mutants made in {making:.1f} s; all graded and scored in {total:.1f} s.")


if __name__ == "__main__":
    main()
