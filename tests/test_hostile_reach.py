"""A file that reaches the grader's objects in its own interpreter, and habits that only look
like it, in both runtimes.

Each file is in tests/hostile/ and says what it does. Rewriting how the agent answering for a
file reports its errors (rewritten_errors.py, huge_rewritten_errors.py) must take effect, as the
report shows, and earn nothing over the same wrong engine that does not rewrite; the report must
stay small; the correct file after it must pass. The innocent ones must pass, never accused
(print silenced through the builtins, a move to the folder the file is in already, ...); a
move elsewhere stays refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import grading

HOSTILE = Path(__file__).resolve().parent / "hostile"
TIMEOUT = 10.0
# the same wrong engine as the rewriting files, without the rewrite
TWIN = ("\n\ndef _broken(self):\n    raise ValueError(\"plain error from backward\")\n\n\n"
        "Value.backward = _broken\n")
REWRITERS = ["rewritten_errors.py", "huge_rewritten_errors.py"]
INNOCENT = ["innocent_quiet_print.py", "innocent_module_identity.py", "innocent_introspection.py",
            "innocent_surrogates.py", "innocent_chdir_here.py"]
REFUSED = {"chdir_elsewhere.py": "tried to reach the grading machine (os.chdir"}
STOPPED = "sigint_ignored.py"  # loops in the Neuron check with Ctrl-C ignored


def _grade(course, runtime: str, names: list[str]) -> tuple[dict, list[str]]:
    lab = course.labs["05-backward"]
    solution = lab.solution.read_text(encoding="utf-8")
    files = [("first.py", solution)]
    for name in names:  # each followed by a correct file: nothing of it may reach the next
        files.append((name, (HOSTILE / name).read_text(encoding="utf-8")
                      .replace("__SOLUTION__", solution)))
        files.append((f"after_{name}", solution))
    files.append(("plain_wrong.py", solution + TWIN))
    made = grading.make_runtime(runtime, course.root, TIMEOUT, 1)
    return {r.file: r for r in grading.grade(lab, files, made)}, [n for n, _ in files]


def _judged(reports: dict, order: list[str], rewrites_seen: bool) -> None:
    for name in order:
        if name == "first.py" or name.startswith("after_"):
            report = reports[name]
            assert report.passed and not report.error, (name, report.error)
    for name in INNOCENT:
        report = reports[name]
        assert report.passed and not report.error, (name, report.error)
    assert "trained: w = 0.5" in reports["innocent_quiet_print.py"].stdout
    identity = reports["innocent_module_identity.py"].stdout
    assert "identity: module=True; getmodule=True; hints=['lr', 'start', 'steps']; pickle!" \
        in identity and "deepcopy=3.0" in identity, identity
    assert "stayed: True" in reports["innocent_chdir_here.py"].stdout
    for name, words in REFUSED.items():
        assert not reports[name].passed and words in reports[name].error, reports[name].error
    assert "surrogates done" in reports["innocent_surrogates.py"].stdout
    looked = reports["innocent_introspection.py"].stdout
    assert "gc: True True True True\ncaller at load: ('<module>', True, True)" in looked, looked
    assert "by codecs: ∂L/∂w\nby TextIOWrapper: ∂L/∂b\nstreams done" in identity, identity
    twin = reports["plain_wrong.py"]
    assert not twin.passed
    for name in REWRITERS:
        report = reports[name]
        assert not report.passed and report.score <= twin.score, (name, report.score)
        earned = ({c.name for c in report.checks if c.passed}
                  - {c.name for c in twin.checks if c.passed})
        assert not earned, (name, earned)
        assert sum(len(c.message) for c in report.checks) < 30_000, name
        assert len(report.error) < 2_000, name
    if rewrites_seen:
        shown = " ".join(c.message for c in reports["rewritten_errors.py"].checks)
        assert "REWRITTEN" in shown, shown[:500]  # the rewrite took effect
        assert "link.pack_error" in reports["rewritten_errors.py"].stdout


def _stopped_in_the_neuron_check(reports: dict) -> None:
    report = reports[STOPPED]
    assert not report.passed and report.score >= 12, (report.score, report.error)  # kept
    neuron = next(c.name for c in reports["first.py"].checks if c.name.startswith("a Neuron"))
    assert f"“{neuron}”" in report.error, report.error


@pytest.mark.pyodide
def test_pyodide_a_rewritten_agent_earns_nothing_and_quiet_print_is_no_attack(course):
    reports, order = _grade(course, "pyodide", REWRITERS + INNOCENT + list(REFUSED) + [STOPPED])
    _judged(reports, order, rewrites_seen=True)
    _stopped_in_the_neuron_check(reports)
    error = reports[STOPPED].error
    if "at a line that could not be named" in error:  # else the line was named after all
        assert "signal.signal(SIGINT, ...)" in error, error


def test_cpython_a_rewritten_agent_earns_nothing_and_quiet_print_is_no_attack(course):
    # no agent here (the checks and the file share the interpreter): the same wrong engine
    reports, order = _grade(course, "python", REWRITERS + INNOCENT + list(REFUSED) + [STOPPED])
    _judged(reports, order, rewrites_seen=False)
    _stopped_in_the_neuron_check(reports)
