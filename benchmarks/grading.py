"""Benchmark: how fast `course grade` is. Prints figures; asserts nothing.

    python benchmarks/grading.py [--files 100] [--runs 3] [--jobs N] [--thousand]
                                 [--baseline REV]

Figures (medians over runs; compare within one run, as ratios, on a shared machine):
  CLI             the whole `course grade 05-backward <files> --json` command from the shell:
                  one file, N lab-5 files (solution, alternatives and every known mistake,
                  repeated) in Pyodide, the same N files with `--runtime python`, and the
                  ratios the speed issue sets goals for (N files / one file ≤ 2.5 for 100)
  CPU and memory  CPU seconds per file (all processes of the batch) and the memory
                  high-water mark of the largest process of the batch (a Node host)
  breakdown       where one submission's time goes inside a batch, as the host measures it:
                  its learner worker's start (snapshot copy, thread, Pyodide's factory from
                  the host's code cache, Pyodide restore, the agent), the waits, the checks'
                  side (loading the checks, the learner's file, the checks), terminating
                  the worker
  CPU breakdown   the same submission's CPU, each thread measuring its own: the learner
                  worker's start step by step, the checks' worker (its state's fingerprint
                  apart), the host's thread, and the whole host process during the job
  handle layer    requests a lab-5 submission's checks make of the learner's interpreter,
                  and the cost of one request (a check reading one attribute 0 and 2000 times);
                  beside it, the channel alone (host/channel.mjs, no Python): a round trip
                  between two threads, its time and each side's CPU, so what is left of a
                  request is the two interpreters' own work
  --thousand      also 1000 files in one call: time, ratio to one file (goal ≤ 10), and the
                  high-water mark beside the N-file one (it must stay flat)
  --baseline REV  the same CLI batch with the grader of commit REV, in the same run
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as course_model  # noqa: E402
from grader import grading  # noqa: E402

# Run a command, then say what it and every process it waited for used: CPU seconds and the
# largest resident size among them (Linux counts waited-for grandchildren too: the hosts).
MEASURE = ("import json, resource, subprocess, sys, time\n"
           "t = time.perf_counter()\n"
           "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
           "t = time.perf_counter() - t\n"
           "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
           "print(json.dumps({'seconds': t, 'cpu': u.ru_utime + u.ru_stime,\n"
           "                  'max_rss_mb': u.ru_maxrss / 1024, 'code': done.returncode,\n"
           "                  'stderr': done.stderr.decode(errors='replace')[-500:]}))\n")

# The host's breakdown of one job (NodeHost._keep_timing), in the order things happen.
PARTS = [
    ("copy", "learner worker: copy the memory snapshot"),
    ("thread", "learner worker: thread start (Node, host scripts)"),
    ("import", "learner worker: import pyodide.mjs"),
    ("compile", "learner worker: Pyodide's factory from the code cache"),
    ("restore", "learner worker: loadPyodide from the snapshot"),
    ("agent", "learner worker: agent and closed doors"),
    ("idle", "learner worker ready before its job (not waited)"),
    ("wait", "job waited for its workers"),
    ("load_checks", "checks' side: load the lab's checks"),
    ("learner_file", "checks' side: compile and run the learner's file"),
    ("checks", "checks' side: the checks (handle requests)"),
    ("finish", "checks' side: output and seal report"),
    ("job", "job, from start to report (incl. above)"),
    ("terminate", "terminate the learner worker"),
    ("wall", "one file, as the CLI's lane sees it"),
]

# Where one submission's CPU goes (ms of CPU, each thread measuring its own): the learner
# worker's start, step by step; the checks' worker during the job; and the whole host process
# during the job, which also holds the learner's interpreter answering the checks, the host's
# own thread and the next learner worker's start (made while this job runs).
CPU_PARTS = [
    ("cpu_thread", "learner worker start: thread (Node, host scripts)"),
    ("cpu_import", "learner worker start: import pyodide.mjs"),
    ("cpu_compile", "learner worker start: factory from the code cache"),
    ("cpu_restore", "learner worker start: loadPyodide from the snapshot"),
    ("cpu_agent", "learner worker start: agent and closed doors"),
    ("cpuStart", "learner worker start, in all"),
    ("cpuChecks", "checks' worker during the job"),
    ("cpuState", "checks' worker: its state's fingerprint (incl. above)"),
    ("cpuCollect", "checks' worker: collections (every 8th job)"),
    ("cpuHost", "host's own thread during the job"),
    ("cpuJob", "host process during the job (every thread)"),
    ("cpuRest", "the same, less the checks', the host's and a worker start"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None, help="passed to course grade")
    parser.add_argument("--thousand", action="store_true", help="also grade 1000 files once")
    parser.add_argument("--baseline", default=None, metavar="REV")
    args = parser.parse_args()
    course = course_model.load(ROOT)
    lab = course.labs["05-backward"]
    pool = [lab.solution, *lab.alternatives, *(m.path for m in lab.mistakes)]
    count = max(args.files, 1000 if args.thousand else 0)
    sources = [(f"s{i:04d}.py", pool[i % len(pool)].read_text()) for i in range(count)]
    good = {p.read_text() for p in (lab.solution, *lab.alternatives)}
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []

    one, many, python, base_batch, base_cpu = [], [], [], [], []
    cpu_many, cpu_python, rss_many, timings, calls = [], [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, text in sources:
            Path(folder, name).write_text(text)
            paths.append(str(Path(folder, name)))
        batch = paths[:args.files]
        for _ in range(args.runs):
            one.append(_cli(paths[:1], jobs)["seconds"])
            measured = _cli(batch, jobs)
            many.append(measured["seconds"])
            cpu_many.append(measured["cpu"] / len(batch))
            rss_many.append(measured["max_rss_mb"])
            measured = _cli(batch, jobs + ["--runtime", "python", "--trusted"])
            python.append(measured["seconds"])
            cpu_python.append(measured["cpu"] / len(batch))
            runtime = grading.make_runtime("pyodide", ROOT, 10.0, args.jobs or 2)
            reports = grading.grade(lab, sources[:args.files], runtime)
            expected = sum(1 for _, text in sources[:args.files] if text in good)
            if sum(r.passed for r in reports) != expected:
                sys.exit("wrong verdicts: the benchmark measures nothing if grading is broken")
            timings += runtime.timings
            calls += runtime.calls
            if args.baseline:
                measured = _baseline_batch(args.baseline, batch)
                base_batch.append(measured["seconds"])
                base_cpu.append(measured["cpu"] / len(batch))
        thousand = _cli(paths[:1000], jobs) if args.thousand else None
        per_call = _per_call()
        channel = _channel_round_trip()

    def show(label: str, values: list[float], unit: str = "s", digits: int = 3) -> None:
        print(f"  {label:52} median {statistics.median(values):8.{digits}f} {unit:2}  "
              f"min {min(values):8.{digits}f}   max {max(values):8.{digits}f}   (n={len(values)})")

    n = args.files
    print(f"course grade, lab 5, {n} files per batch, {args.runs} runs, "
          f"jobs {args.jobs or 'default (every core)'}")
    show("CLI, Pyodide: one file", one)
    show(f"CLI, Pyodide: {n} files", many)
    show(f"CLI, --runtime python: {n} files", python)
    ratio = statistics.median(many) / statistics.median(one)
    print(f"  {n} files / one file, Pyodide: {ratio:.1f}×  (goal for 100: ≤ 2.5×)")
    print(f"  Pyodide / --runtime python, {n} files: "
          f"{statistics.median(many) / statistics.median(python):.1f}×")
    print(f"  per file in the {n}-file batch: {statistics.median(many) / n * 1000:.0f} ms "
          f"(Pyodide), {statistics.median(python) / n * 1000:.0f} ms (python)")
    show("CPU per file, Pyodide (all processes)", cpu_many)
    show("CPU per file, --runtime python", cpu_python)
    show(f"memory high-water mark, {n} files (MB, largest process)", rss_many, "MB", 0)
    if thousand:
        print(f"  1000 files in one call: {thousand['seconds']:.1f} s, "
              f"{thousand['seconds'] / statistics.median(one):.1f}× one file (goal ≤ 10×), "
              f"CPU {thousand['cpu'] / 1000 * 1000:.0f} ms per file, high-water mark "
              f"{thousand['max_rss_mb']:.0f} MB (vs {statistics.median(rss_many):.0f} MB "
              f"for {n})")
    if base_batch:
        show(f"CLI, grader of {args.baseline}: {n} files", base_batch)
        show(f"CPU per file, grader of {args.baseline}", base_cpu)
        print(f"  CPU per file, this tree / {args.baseline}: "
              f"{statistics.median(cpu_many) / statistics.median(base_cpu):.2f}")

    print(f"\nWhere one submission's time goes (ms, {len(timings)} jobs in the library batch; "
          "the learner worker starts while the previous file is graded)")
    for key, label in PARTS:
        values = [t[key] for t in timings if key in t]
        if values:
            show(label, values, "ms", 1)
    for t in timings:
        if all(type(t.get(k)) is float for k in ("cpuJob", "cpuChecks", "cpuStart", "cpuHost")):
            t["cpuRest"] = t["cpuJob"] - t["cpuChecks"] - t["cpuStart"] - t["cpuHost"]
    print(f"\nWhere one submission's CPU goes (ms of CPU, {len(timings)} jobs; the rest is "
          "mostly the learner's interpreter answering the checks)")
    for key, label in CPU_PARTS:
        values = [t[key] for t in timings if key in t]
        if values:
            show(label, values, "ms", 1)
    cached = [t["cached"] for t in timings if "cached" in t]
    print(f"  learner workers that compiled Pyodide from the host's code cache: "
          f"{sum(cached):.0f} of {len(timings)}")
    rss = [t["rssMB"] for t in timings if "rssMB" in t]
    if len(rss) >= 20:  # a host that keeps memory shows it here first (see the 1000-file mark)
        print(f"  host resident size after a job, first 10 jobs vs last 10: "
              f"{statistics.median(rss[:10]):.0f} MB vs {statistics.median(rss[-10:]):.0f} MB")
    retired = [t.get("checkersRetired", 0) for t in timings]
    print(f"  checks' workers retired for a changed state: {max(retired or [0]):.0f}")
    print("\nHandle layer")
    if calls:
        show("requests per submission", calls, "", 0)
    show("one request (µs)", per_call, "µs", 0)
    print(f"  per submission (median requests × median request): "
          f"{statistics.median(calls or [0]) * statistics.median(per_call) / 1000:.0f} ms")
    show("the channel alone: one round trip (µs)", channel["wall"], "µs", 1)
    show("the channel alone: CPU of the asking side (µs)", channel["cpu_asking"], "µs", 1)
    show("the channel alone: CPU of the answering side (µs)", channel["cpu_answering"], "µs", 1)


def _cli(paths: list[str], extra: list[str]) -> dict:
    course_cmd = [str(Path(sys.executable).parent / "course")]
    done = subprocess.run([sys.executable, "-c", MEASURE, *course_cmd, "grade", "05-backward",
                           *paths, "--json", *extra], capture_output=True, text=True, cwd=ROOT)
    measured = json.loads(done.stdout)
    if measured["code"] not in (0, 1):
        sys.exit(f"course grade failed: {measured['stderr']}")
    return measured


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


# Two threads taking turns on one job's channel (host/channel.mjs) with messages of a typical
# request's and reply's size, as the two workers do, but with no Python on either side.
CHANNEL = """
import { Worker, isMainThread, workerData, parentPort } from "node:worker_threads";
import { endpoint, newChannel } from "CHANNEL_URL";
const cpu = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000; };
const N = ROUND_TRIPS;
if (isMainThread) {
  const buffer = newChannel();
  const other = new Worker(new URL(import.meta.url), { workerData: buffer });
  await new Promise((resolve) => other.once("online", resolve));
  const side = endpoint(buffer, 0);
  const ask = '{"q":12,"op":"getattr_or","a":[{"R":3},{"R":4},"data"]}';
  for (let i = 0; i < 1000; i++) { side.send(ask); side.receive(-1); }
  const wall = [], asking = [];
  for (let k = 0; k < REPEATS; k++) {
    const t = performance.now(), c = cpu();
    for (let i = 0; i < N; i++) { side.send(ask); side.receive(-1); }
    wall.push((performance.now() - t) / N * 1000);
    asking.push((cpu() - c) / N * 1000);
  }
  side.send("end");
  const answering = await new Promise((resolve) => other.once("message", resolve));
  console.log(JSON.stringify({ wall, cpu_asking: asking, cpu_answering: answering }));
  await other.terminate();
} else {
  const side = endpoint(workerData, 1);
  const answering = [];
  let c = cpu(), n = -1000;
  for (;;) {
    const message = side.receive(-1);
    if (message === "end") break;
    side.send('{"r":12,"v":{"M":3,"C":{"M":1}}}');
    if (++n === 0) c = cpu();
    else if (n > 0 && n % N === 0) { answering.push((cpu() - c) / N * 1000); c = cpu(); }
  }
  parentPort.postMessage(answering);
}
"""


def _channel_round_trip(round_trips: int = 5000, repeats: int = 5) -> dict:
    """The channel alone, in the Node that grades: µs per round trip ("wall") and each
    side's CPU per round trip ("cpu_asking", "cpu_answering"), `repeats` figures each."""
    from grader.runtimes.node import HOST, node_binary

    script = (CHANNEL.replace("CHANNEL_URL", (HOST.parent / "channel.mjs").as_uri())
              .replace("ROUND_TRIPS", str(round_trips)).replace("REPEATS", str(repeats)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "channel_round_trip.mjs")
        path.write_text(script)
        done = subprocess.run([node_binary(), str(path)], capture_output=True, text=True,
                              timeout=300)
    if done.returncode != 0:
        sys.exit(f"the channel's round trip did not run: {done.stderr[-500:]}")
    return json.loads(done.stdout)


def _baseline_batch(rev: str, paths: list[str]) -> dict:
    """The CLI batch with the grader at commit `rev`, from a temporary worktree: its time,
    CPU and memory, measured as `_cli` measures this tree's."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder, "baseline")
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
                       check=True, capture_output=True)
        try:
            (tree / "node_modules").symlink_to(ROOT / "node_modules")
            # Once unmeasured: REV's grader builds its own course package when the cache has
            # none for its sources, work this tree's batch does not repeat either.
            subprocess.run([sys.executable, "-m", "grader.cli", "grade", "05-backward",
                            paths[0], "--json"], capture_output=True, cwd=tree,
                           env={**os.environ, "PYTHONPATH": str(tree)})
            done = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m",
                                   "grader.cli", "grade", "05-backward", *paths, "--json"],
                                  capture_output=True, text=True, cwd=tree,
                                  env={**os.environ, "PYTHONPATH": str(tree)})
            measured = json.loads(done.stdout)
            if measured["code"] not in (0, 1):
                sys.exit(f"baseline course grade failed: {measured['stderr']}")
            return measured
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           capture_output=True)


if __name__ == "__main__":
    main()
