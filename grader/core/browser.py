"""The browser worker's entry points: Run and Check, each returning JSON for the page.

The page never interprets Python results beyond displaying them: the verdict is the same
`grade()` the command line uses. Checks are loaded once per lab and kept (`prepare`, while the worker boots).
"""

from __future__ import annotations

import json
import random
import signal

from .checks import seed_of, use_seed
from .checks_code import offer
from .deadline import Deadline, sleep_in_slices
from .execute import run_source
from .graph import output_graph
from .run import CHECK_SECONDS, grade, load_checks

FILENAME = "lab.py"
_checks: dict[str, tuple[str, list]] = {}


def start_worker() -> None:
    """What a browser worker does once Python is up, restored or started, before any request.

    Called from JavaScript (site/js/worker.js), not as source given to `runPython`: a worker
    restored from the memory snapshot compiled nothing before the learner's file, and each
    `runPython` parsed its text into Python's `ast` objects and compiled them, code paths of
    the wasm that the grade never runs and that ran there for the first time.
    """
    # Every worker starts from one snapshot, and a build's is every learner's: `random` would
    # give every Run the same numbers without a seed of its own.
    random.seed()
    sleep_in_slices()


def run(source: str) -> str:
    # The page draws the graph of the Value the file leaves (its "graph", null when none).
    return run_source(source, FILENAME, graph_of=output_graph).to_json()


def prepare(lab: str, checks_source: str, bytecode: str | None = None) -> str:
    """Load the lab's checks once: the worker does it while it boots, before any Check.
    `bytecode` is the build's compiled checks (the JSON of the lab data's "checks_code",
    checks_code.py), used when it fits this interpreter and this source; otherwise the source
    is compiled here. Returns which it was, "build" or "here", for the worker to report."""
    used = False
    if bytecode is not None:
        try:
            used = offer(checks_source, lab, json.loads(bytecode))
        except ValueError:
            used = False
    _loaded(lab, checks_source)
    return "build" if used else "here"


def _loaded(lab: str, checks_source: str) -> list:
    cached = _checks.get(lab)
    if cached is None or cached[0] != checks_source:
        cached = (checks_source, load_checks(checks_source, lab)[0])
        _checks[lab] = cached
    return cached[1]


def check(lab: str, checks_source: str, source: str) -> str:
    checks = _loaded(lab, checks_source)
    use_seed(seed_of(source))  # the inputs `course grade` draws for the same file
    # The page keeps Check's time limit (site/js/python.js) and, when it is up, sends SIGALRM
    # where its Stop sends SIGINT, so grade() tells the two apart as the notebook's and
    # `course grade`'s do theirs.
    with Deadline(CHECK_SECONDS, FILENAME, signalled=signal.SIGALRM) as limit:
        report = grade(lab, checks, source, FILENAME, runtime="browser", limit=limit)
    return report.to_json()  # outside the limit: a late SIGALRM cannot land in the writing
