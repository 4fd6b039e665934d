"""Mutation testing of the hidden checks (grader/mutants.py): every lab's checks must kill at
least 98 % of the first-order mutants of its solution and alternatives that are not reviewed
as equivalent. Graded in CPython, in one batch."""

import pytest

from grader import mutants
from grader.grading import make_runtime
from tests.conftest import run_course

SLUGS = ["01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward"]


@pytest.fixture(scope="module")
def scores(course):
    runtime = make_runtime("python", course.root, 10.0)
    return {s.lab: s for s in mutants.score_labs(list(course.labs.values()), runtime)}


@pytest.mark.parametrize("slug", SLUGS)
def test_each_lab_kills_98_percent_of_its_mutants(scores, slug):
    score = scores[slug]
    shown = "\n".join(mutants.describe(score))
    assert score.mutants >= 25, shown
    assert score.score >= mutants.THRESHOLD, shown
    assert score.stale == [], shown


def test_mutants_cover_each_kind_of_slip():
    source = ("def f(a, b, seen):\n"
              "    g = 0.0\n"
              "    g += a * b\n"
              "    if a > 0 and b not in seen:\n"
              "        g = g - 1\n"
              "    return list(reversed(seen)), g\n")
    afters = {m.after.strip() for m in mutants.mutants_of(source, "f.py")}
    assert "g = a * b" in afters                      # += becomes =
    assert "g -= a * b" in afters                     # an operator swapped
    assert "g += a" in afters and "g += b" in afters  # a factor dropped
    assert "g = 1.0" in afters                        # a number nudged
    assert "if a >= 0 and b not in seen:" in afters   # a comparison flipped
    assert "if a > 0 or b not in seen:" in afters
    assert "if a > 0 and b in seen:" in afters
    assert "return (list(seen), g)" in afters         # a call unwrapped
    assert "pass" in afters                           # a statement removed
    for m in mutants.mutants_of(source, "f.py"):
        compile(m.source, "f.py", "exec")
        assert m.diff.startswith("--- a/f.py")


def test_equivalent_mutants_are_read_with_their_reasons(tmp_path):
    (tmp_path / mutants.EQUIVALENTS).write_text(
        "# comment\n[solution.py] L = c + a  ->  pass\n    why: nothing reads L.\n")
    assert mutants.read_equivalents(tmp_path) == {("solution.py", "L = c + a", "pass"):
                                                  "nothing reads L."}


def test_a_listed_mutant_that_is_killed_is_reported(course, tmp_path):
    import shutil

    root = tmp_path / "course"
    shutil.copytree(course.root / "labs", root / "labs")
    shutil.copytree(course.root / "lessons", root / "lessons")
    lab_folder = root / "labs" / "02-chain-rule"
    (lab_folder / mutants.EQUIVALENTS).write_text(
        (lab_folder / mutants.EQUIVALENTS).read_text()
        + "[solution.py] return (f(x + h) - f(x - h)) / (2 * h)  ->  "
          "return (f(x + h) - f(x - h)) / (3 * h)\n    why: not true at all.\n")
    done = run_course("check", "--mutants", "02-chain-rule", "--runtime", "python",
                      "--course", str(root), cwd=root)
    assert done.returncode == 1, done.stdout
    assert "listed as equivalent in equivalent-mutants.txt but killed" in done.stdout
    assert "02-chain-rule: 100.0% of 27 mutants killed" in done.stdout


def test_check_mutants_prints_survivors_as_diffs(tmp_path):
    import shutil

    from tests.conftest import ROOT

    root = tmp_path / "course"
    shutil.copytree(ROOT / "labs", root / "labs")
    shutil.copytree(ROOT / "lessons", root / "lessons")
    (root / "labs" / "02-chain-rule" / mutants.EQUIVALENTS).unlink()
    done = run_course("check", "--mutants", "02-chain-rule", "--runtime", "python",
                      "--course", str(root), cwd=root)
    assert done.returncode == 1
    assert "02-chain-rule: 93.3% of 30 mutants killed (30 made, 0 reviewed as equivalent, " \
           "2 survive)" in done.stdout
    assert "each lab needs 98%" in done.stdout  # the README's bar for CI
    assert "-    return local['dy/dx'] * local['dz/dy'] * local['dL/dz']" in done.stdout
    assert "+    return local['dy/dx'] * local['dz/dy']" in done.stdout


class _Recording:
    """A runtime that records the time limit each batch was graded under; every reference
    file took `reference_seconds`, and every report fails (no mutant survives)."""

    def __init__(self, timeout, reference_seconds):
        self.timeout, self.reference_seconds, self.batches = timeout, reference_seconds, []

    def grade(self, batch):
        from grader.core.report import Report

        self.batches.append((len(batch), self.timeout))
        return [Report(lab=s.lab, file=s.file, error="x", seconds=self.reference_seconds)
                for s in batch]


@pytest.mark.parametrize("reference_seconds, limit", [(0.01, mutants.LOOP_FLOOR), (0.2, 4.0),
                                                      (3.0, 10.0)])
def test_a_mutant_may_run_a_multiple_of_its_references_time_not_the_whole_limit(
        course, reference_seconds, limit):
    """A mutant that loops for ever is stopped at LOOP_FACTOR times the slowest reference
    file's time (at least LOOP_FLOOR, at most the run's own limit), and the run's limit is
    the runtime's again afterwards."""
    lab = course.labs["01-graphs"]
    runtime = _Recording(10.0, reference_seconds)
    mutants.score_labs([lab], runtime)
    references, mutated = runtime.batches
    assert references == (1 + len(lab.alternatives), 10.0)
    assert mutated == (len(mutants.lab_mutants(lab)), pytest.approx(limit))
    assert runtime.timeout == 10.0



def test_mutants_of_a_lab_whose_checks_cannot_load_are_a_usage_error_not_a_traceback(
        course, tmp_path):
    import shutil

    root = tmp_path / "course"
    shutil.copytree(course.root / "labs", root / "labs")
    shutil.copytree(course.root / "lessons", root / "lessons")
    checks_file = root / "labs" / "02-chain-rule" / "checks.py"
    lines = checks_file.read_text(encoding="utf-8").count("\n")
    checks_file.write_text(checks_file.read_text(encoding="utf-8") + "\ndef half(:\n",
                           encoding="utf-8")
    done = run_course("check", "--mutants", "02-chain-rule", "--runtime", "python",
                      "--course", str(root), cwd=root)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert (f"no mutant was graded: {checks_file}:{lines + 2}: checks.py cannot be loaded: "
            "SyntaxError") in done.stderr


def test_a_reference_that_fails_its_checks_fails_the_mutant_score(course, tmp_path):
    """A reference file that fails (a check that rejects everything, or the wrong file saved
    as solution.py) "kills" every mutant: the lab read 100 % and `--mutants` exited 0."""
    import shutil

    root = tmp_path / "course"
    shutil.copytree(course.root / "labs", root / "labs")
    shutil.copytree(course.root / "lessons", root / "lessons")
    lab_folder = root / "labs" / "02-chain-rule"
    shutil.copy(lab_folder / "starter.py", lab_folder / "solution.py")
    done = run_course("check", "--mutants", "02-chain-rule", "--runtime", "python",
                      "--course", str(root), cwd=root)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "  the reference solution.py: " in done.stdout
    assert ("a reference that fails kills every mutant, so this score means nothing (`course "
            "check --lab 02-chain-rule` says why)") in done.stdout
