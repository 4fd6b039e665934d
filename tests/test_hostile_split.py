"""The breaks of issue 13, graded in real Pyodide: each file here got through (or hurt a
neighbour) when the checks shared the learner's interpreter, and must not now. Each file of
tests/hostile/split/ says what it does; all of them fail in the old grader's favour of the
attacker (seen before this layout: 15/18, 8/8 passed, a correct neighbour failed, 20 MB of
output in a report, 3 GiB held past the cap)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import grading

SPLIT = Path(__file__).resolve().parent / "hostile" / "split"
TIMEOUT = 10.0
MEMORY_MB = 1500  # the host's cap in this test, well below what array_buffers.py holds

pytestmark = pytest.mark.pyodide


@pytest.fixture(scope="module")
def lab5(course, monkeypatch_module):
    """One host, one file at a time, in this order: what one file does reaches the next."""
    monkeypatch_module.setenv("COURSE_GRADE_MEMORY_MB", str(MEMORY_MB))
    lab = course.labs["05-backward"]
    solution = lab.solution.read_text()
    files = [("poison_snapshot.py", (SPLIT / "poison_snapshot.py").read_text()),
             ("after-poison.py", solution),
             ("traceback_property.py", (SPLIT / "traceback_property.py").read_text()),
             ("stdout_parts.py", (SPLIT / "stdout_parts.py").read_text()),
             ("array_buffers.py", (SPLIT / "array_buffers.py").read_text()),
             ("after-buffers.py", solution)]
    runtime = grading.make_runtime("pyodide", course.root, TIMEOUT, 1)
    return {r.file: r for r in grading.grade(lab, files, runtime)}


@pytest.fixture(scope="module")
def monkeypatch_module():
    patch = pytest.MonkeyPatch()
    yield patch
    patch.undo()


def test_a_traceback_property_cannot_mark_checks_passed(lab5):
    report = lab5["traceback_property.py"]
    assert report.score == 0 and not report.passed
    assert "raised Sneaky: nothing here" in report.checks[0].message


def test_one_submission_cannot_poison_the_interpreter_of_the_next(lab5):
    # It reached the buffer its interpreter was restored from, and found it already freed
    # (host/boot.mjs); were it not, it would have been this worker's own copy.
    assert "found 1 poisoned 0" in lab5["poison_snapshot.py"].stdout
    assert lab5["after-poison.py"].passed, lab5["after-poison.py"].error


def test_output_stuffed_past_its_cap_stays_out_of_the_report(lab5):
    report = lab5["stdout_parts.py"]
    assert not report.passed and len(report.stdout) < 70_000
    assert len(report.to_json()) < 200_000


def test_array_buffers_through_the_bridge_end_the_worker_with_a_reason(lab5):
    report = lab5["array_buffers.py"]
    assert not report.passed
    assert f"went over a limit of the grading machine (used more than {MEMORY_MB} MB)" in report.error
    assert "held" not in report.stdout  # stopped before it finished allocating
    assert lab5["after-buffers.py"].passed, lab5["after-buffers.py"].error


def test_patching_math_changes_only_the_learners_own_answers(course):
    """math.tanh replaced by a function whose slope is the file's wrong local gradient: the
    checks' math is their own, so the tanh check still fails, and only that one."""
    lab = course.labs["04-value"]
    source = (SPLIT / "patched_math.py").read_text()
    (report,) = grading.grade(lab, [("patched_math.py", source)],
                              grading.make_runtime("pyodide", course.root, TIMEOUT, 1))
    failed = [c.name for c in report.checks if not c.passed]
    assert failed == ["relu, tanh and exp: values and local gradients"]
    assert "a.tanh().data" in next(c.message for c in report.checks if not c.passed)


def test_the_readme_and_the_help_say_what_the_cpython_runtime_does_not_promise():
    from tests.conftest import ROOT, run_course

    readme = (ROOT / "README.md").read_text()
    safety = readme[readme.index("## Grading safety"):readme.index("## Benchmarks")]
    assert "`--runtime python` **gives none of these guarantees, by design**" in safety
    assert "never share an interpreter with learner code" in safety
    shown = " ".join(run_course("grade", "--help").stdout.split())
    assert ("python: fast CPython, checks and file in one process, refused without --trusted."
            in shown)
    assert "required by --runtime python" in shown


def test_the_cpython_runtime_refuses_files_not_said_to_be_trusted(tmp_path):
    """By design, not by documentation alone: without --trusted nothing is graded."""
    from tests.conftest import ROOT, run_course

    stranger = tmp_path / "stranger.py"
    stranger.write_text((ROOT / "labs" / "05-backward" / "solution.py").read_text())
    refused = run_course("grade", "05-backward", str(stranger), "--runtime", "python", "--json")
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert "--runtime python runs each file and the hidden checks in one process" in refused.stderr
    assert "add --trusted" in refused.stderr
    trusted = run_course("grade", "05-backward", str(stranger), "--runtime", "python", "--trusted",
                         "--json")
    assert trusted.returncode == 0, trusted.stderr


def test_without_the_variable_a_host_may_hold_2_5_gib(monkeypatch, course):
    """README: a learner worker that takes the host past 2.5 GiB is terminated, unless
    $COURSE_GRADE_MEMORY_MB says otherwise (the test above lowers it). The figure the host
    is started with, as Node is told it."""
    from grader.runtimes import pyodide as runtime_module
    from grader.runtimes.node import host_command

    monkeypatch.delenv("COURSE_GRADE_MEMORY_MB", raising=False)
    assert runtime_module.memory_limit() == 2560
    command = host_command(course.root / "node_modules" / "pyodide", None,
                           runtime_module.memory_limit())
    assert "2560" in command
