"""What one job leaves behind never reaches the next, on one host grading file after file.

The checks' worker is reused across files (it never runs learner code), so anything a job
keeps in its modules must retire it (grader/core/state.py); the learner's worker is new for
every file, even when it was started while the previous file was being graded. Each test
grades several files in one host and would fail if a worker carried state over (seen
failing with the retirement, respectively the fresh learner worker, taken out)."""

from __future__ import annotations

import pytest

from grader.core.state import Baseline
from grader.runtimes.pyodide import PyodideRuntime
from grader.runtimes.submission import Submission

pytestmark = pytest.mark.pyodide

# Places a check could keep a learner's value in: a module's global, a function's attribute,
# a class attribute, an item of a module-level dict, the builtins, a module-level list.
PLACES = {
    "global": ("grader.core.checks", "setattr(m, 'kept', v)", "getattr(m, 'kept', None)"),
    "function": ("grader.core.checks", "setattr(m.inputs, 'kept', v)",
                 "getattr(m.inputs, 'kept', None)"),
    "class": ("grader.core.handles", "setattr(m.Remote, 'kept', v)",
              "getattr(m.Remote, 'kept', None)"),
    "dict": ("grader.core.handles", "m.BUILTIN_ERRORS.__setitem__('kept', v)",
             "m.BUILTIN_ERRORS.get('kept')"),
    "builtins": ("builtins", "setattr(m, 'kept', v)", "getattr(m, 'kept', None)"),
    "list": ("grader.core.checks", "m._seed.append(v)", "(m._seed[1:] or [None])[0]"),
}

CHECKS = '''
import importlib
from grader.core.checks import CheckFailed, check, need

PLACES = {places!r}

@check("nothing kept from the job before")
def fresh(learner):
    for name, (module, _, read) in PLACES.items():
        m = importlib.import_module(module)
        seen = eval(read, {{"m": m}})
        if seen is not None:
            raise CheckFailed(f"a value kept in a {{name}} by the job before: {{seen!r}}")
    place = need(learner, "PLACE")
    module, keep, _ = PLACES[place]
    eval(keep, {{"m": importlib.import_module(module), "v": "from " + str(place)}})
'''


def _job(place: str, source: str | None = None) -> Submission:
    return Submission("fresh", f"{place}.py", source or f"PLACE = {place!r}\n",
                      CHECKS.format(places=PLACES), ["nothing kept from the job before"], [[]])


def test_a_job_cannot_see_what_the_job_before_kept_in_the_checks_interpreter(course):
    runtime = PyodideRuntime(course.root, timeout=20.0, workers=1)
    places = list(PLACES)
    reports = runtime.grade([_job(place) for place in places + places[:1]])
    for report in reports:
        assert report.passed, (report.file, report.checks[0].message, report.error)
    # Every job kept something, so every job retired its checks' worker.
    assert [t["checkersRetired"] for t in runtime.timings] == list(range(1, len(places) + 2))


def test_a_checks_interpreter_that_kept_nothing_is_reused(course):
    plain = '''
from grader.core.checks import check, need

@check("reads a number")
def reads(learner):
    assert need(learner, "x") == 1
'''
    jobs = [Submission("reuse", f"f{i}.py", "x = 1\n", plain, ["reads a number"], [[]])
            for i in range(3)]
    runtime = PyodideRuntime(course.root, timeout=20.0, workers=1)
    assert all(r.passed for r in runtime.grade(jobs))
    assert [t["checkersRetired"] for t in runtime.timings] == [0, 0, 0]


LEARNER = '''
import collections, json, sys
seen = [hasattr(json, "kept"), "kept_module" in sys.modules, getattr(collections, "kept", None)]
json.kept = 1
sys.modules["kept_module"] = sys
collections.kept = "left by " + __file__
'''

READS_SEEN = '''
from grader.core.checks import CheckFailed, check, need

@check("a fresh interpreter")
def fresh(learner):
    seen = need(learner, "seen")
    if seen != [False, False, None]:
        raise CheckFailed(f"the interpreter was not fresh: {seen!r}")
'''


def test_each_learner_file_gets_an_interpreter_no_file_ran_in(course):
    jobs = [Submission("fresh", f"learner{i}.py", LEARNER, READS_SEEN, ["a fresh interpreter"],
                       [[]]) for i in range(3)]
    runtime = PyodideRuntime(course.root, timeout=20.0, workers=1)
    for report in runtime.grade(jobs):
        assert report.passed, (report.file, report.checks[0].message, report.error)


def test_the_fingerprint_sees_each_kind_of_stash():
    """The same, in this CPython, without a host: each place changes the fingerprint."""
    import importlib

    import grader.core.checks  # noqa: F401  (the modules the places name)
    import grader.core.handles  # noqa: F401

    for name, (module, keep, _) in PLACES.items():
        m = importlib.import_module(module)
        baseline = Baseline()
        assert baseline.unchanged()
        snapshot = _undo(name, m)
        eval(keep, {"m": m, "v": object()})
        try:
            assert not baseline.unchanged(), name
        finally:
            snapshot()
        assert baseline.unchanged(), name


def _undo(name: str, m):
    """A function that takes out what PLACES[name] keeps."""
    def undo():
        if name == "global" or name == "builtins":
            delattr(m, "kept")
        elif name == "function":
            del m.inputs.kept
        elif name == "class":
            del m.Remote.kept
        elif name == "dict":
            del m.BUILTIN_ERRORS["kept"]
        elif name == "list":
            del m._seed[1:]
    return undo


HOARD = '''
from grader.core.checks import check, need

@check("reads every chunk")
def reads(learner):
    assert len(list(need(learner, "chunks")())) == need(learner, "COUNT")
'''


def test_a_job_that_made_the_checks_hold_much_memory_retires_their_interpreter(course):
    # A learner's answers come to the checks' interpreter as values, and wasm memory never
    # shrinks: 100 MB of answers stayed that interpreter's after the job, and the host's memory
    # limit counted them against the next file. So such a job retires it.
    def chunks(count):
        return (f"COUNT = {count}\ndef chunks():\n"
                "    return (str(i) + 'x' * (1 << 20) for i in range(COUNT))\n")
    small = "COUNT = 3\ndef chunks():\n    return iter(['a', 'b', 'c'])\n"
    # README: past 64 MB of growth; 40 chunks stay under it (measured: ~45 MB), 100 go over.
    jobs = [Submission("hoard", name, source, HOARD, ["reads every chunk"], [[]])
            for name, source in (("small.py", small), ("some.py", chunks(40)),
                                 ("big.py", chunks(100)), ("after.py", small))]
    runtime = PyodideRuntime(course.root, timeout=30.0, workers=1)
    assert all(r.passed for r in runtime.grade(jobs))
    assert [t["checkersRetired"] for t in runtime.timings] == [0, 0, 1, 1]
    grew = [t["checksGrewMB"] for t in runtime.timings]
    assert grew[0] < 8 and 32 < grew[1] < 64 and grew[2] > 64 and grew[3] < 8, grew
