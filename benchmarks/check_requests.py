"""Benchmark: what a lab's checks ask of the learner's interpreter. Prints figures; asserts nothing.

    python benchmarks/check_requests.py [LAB] [FILE]

Grades FILE (default: the lab's solution) in CPython with the two sides of the handle layer
in one process (the learner's side in a thread, unsealed, as tests/test_handles.py runs them)
and prints the requests the checks make, outermost ones only (what costs a round trip between
the two Pyodide workers: about 60 µs on a quiet machine, several hundred under load):
by kind, by attribute read or thing called, and by check, with each check's time here. A
check that grows by a hundred requests costs every graded file that many round trips; reads
or calls made one after another can go in one (checks.read_each, checks.call_each).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import queue
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as course_model  # noqa: E402
from grader.core import agent as agent_module  # noqa: E402
from grader.core import split  # noqa: E402
from grader.core.checks import seed_of, use_seed  # noqa: E402
from grader.core.handles import Handles, rebuild_error  # noqa: E402
from grader.core.link import Link  # noqa: E402
from grader.core.run import load_checks  # noqa: E402
from grader.core.wire import Codec  # noqa: E402


class _Unsealed:
    attempts: list = []

    def intact(self):
        return True

    def compiling(self):
        return contextlib.nullcontext()


def _pipe(inbox: queue.Queue, outbox: queue.Queue):
    def receive(ms):
        try:
            return inbox.get(timeout=None if ms < 0 else ms / 1000)
        except queue.Empty:
            return None
    return outbox.put, receive


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lab", nargs="?", default="05-backward", help="a lab's slug")
    parser.add_argument("file", nargs="?", type=Path, help="a file to grade (the lab's solution)")
    args = parser.parse_args()
    slug = args.lab
    lab = course_model.load(ROOT).labs[slug]
    path = args.file or lab.solution
    source = path.read_text()
    use_seed(seed_of(source))
    checks, _ = load_checks(lab.checks_source(), slug)

    to_learner, to_checks = queue.Queue(), queue.Queue()
    side = agent_module.Agent(*_pipe(to_learner, to_checks))
    side.guard, side.out, side.err = _Unsealed(), agent_module.CappedText(), agent_module.CappedText()
    threading.Thread(target=lambda: side.link.serve_until(lambda: side.finished),
                     daemon=True).start()
    link = Link(*_pipe(to_checks, to_learner), None, split._refuse, split._pack,
                lambda info: rebuild_error(info, {}), call_seconds=30.0)

    current = ["loading the file"]
    by_op, by_check, by_what = (collections.Counter() for _ in range(3))
    plain_request = link.request

    def request(op, *args):
        if link.depth == 0:  # outermost: one round trip
            by_op[op] += 1
            by_check[current[0]] += 1
            if op in ("getattr", "getattr_as") and args:
                by_what[f".{args[-1]}"] += 1
            elif op == "call" and args:
                by_what[f"call of a {type(args[0]).__name__}"] += 1
            elif op == "many" and args:
                by_what[f"{len(args[0])} sent together"] += 1
        return plain_request(op, *args)

    link.request = request  # before the handle classes take it up
    link.codec = Codec(Handles(link).stand_in)
    link.request("compile", source, path.name)
    module = link.request("exec")
    seconds, failed = {}, []
    for fn in checks:
        current[0] = fn.check_name
        started = time.perf_counter()
        result = split.run_check(fn, module, 30.0)
        seconds[fn.check_name] = time.perf_counter() - started
        if not result.passed:
            failed.append(fn.check_name)

    print(f"{slug}, {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
          f"{sum(by_check.values())} requests (outermost), "
          f"{len(checks) - len(failed)} of {len(checks)} checks passed")
    print("  by kind:      " + ", ".join(f"{op} {n}" for op, n in by_op.most_common()))
    print("  by what:      " + ", ".join(f"{w} {n}" for w, n in by_what.most_common(16)))
    print("  by check (requests, ms in CPython):")
    for name, n in by_check.most_common():
        ms = f"{seconds[name] * 1000:7.1f}" if name in seconds else "       "
        print(f"    {n:5d} {ms}  {name}")


if __name__ == "__main__":
    main()
