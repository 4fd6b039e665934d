"""Every lab's content, graded in CPython in-process (fast); `course check` repeats it in
Pyodide (test_cli.py). Solutions pass, starters fail, each mistake fails as it says."""

import pytest

from grader.core.checks import use_seed
from grader.core.run import grade, load_checks
from tests.conftest import ROOT

SLUGS = ["01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward"]


def _grade(course, slug, path):
    lab = course.labs[slug]
    checks, _ = load_checks(lab.checks_source(), slug)
    return grade(slug, checks, path.read_text(encoding="utf-8"), str(path))


def test_the_five_labs_exist(course):
    assert sorted(course.labs) == SLUGS
    assert [str(p) for p in course.problems] == []


@pytest.mark.parametrize("slug", SLUGS)
def test_solution_and_alternatives_pass(course, slug):
    lab = course.labs[slug]
    for path in [lab.solution, *lab.alternatives]:
        report = _grade(course, slug, path)
        assert report.passed, [(c.name, c.message) for c in report.checks if not c.passed]


@pytest.mark.parametrize("slug", SLUGS)
def test_starter_fails(course, slug):
    report = _grade(course, slug, course.labs[slug].starter)
    assert not report.passed and not report.error, "a starter fails checks; it does not crash"


@pytest.mark.parametrize("slug", SLUGS)
def test_each_mistake_fails_its_check_first_with_its_message(course, slug):
    lab = course.labs[slug]
    assert len(lab.mistakes) >= 3
    for mistake in lab.mistakes:
        report = _grade(course, slug, mistake.path)
        first = next(c for c in report.checks if not c.passed)
        assert first.name == mistake.fails, (mistake.path.name, first.name, first.message)
        assert mistake.message in first.message, (mistake.path.name, first.message)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_verdict_is_the_same_for_twenty_seeds(course, slug):
    """Inputs change with the seed (and memory addresses, so set order, change between
    gradings); which check fails first, and its advice, must not."""
    lab = course.labs[slug]
    checks, _ = load_checks(lab.checks_source(), slug)
    files = [(p, "") for p in (lab.solution, *lab.alternatives)]
    files += [(m.path, m.message) for m in lab.mistakes]
    for path, words in files:
        source, verdicts = path.read_text(encoding="utf-8"), set()
        for seed in range(20):
            use_seed(seed * 7919 + 1)
            report = grade(slug, checks, source, str(path))
            first = next((c for c in report.checks if not c.passed), None)
            verdicts.add((report.passed, first and first.name, first and words in first.message))
        use_seed(0)
        assert len(verdicts) == 1, (path.name, verdicts)


def test_the_seed_changes_the_numbers_a_check_uses(course):
    lab = course.labs["05-backward"]
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    mistake = (lab.folder / "mistakes" / "power_rule_wrong.py").read_text()
    shown = set()
    for seed in (1, 2, 3):
        use_seed(seed)
        shown.add(grade(lab.slug, checks, mistake, "m.py").checks[5].message)
    use_seed(0)
    assert len(shown) == 3


def test_backward_lab_accepts_both_value_designs(course):
    lab = course.labs["05-backward"]
    sources = [lab.solution.read_text(), *(p.read_text() for p in lab.alternatives)]
    assert any("_backward" in s for s in sources) and any("_local_grads" in s for s in sources)


def test_backward_lab_grades_the_lessons_worked_example(course):
    lab = course.labs["05-backward"]
    # Overwrite instead of accumulate in multiplication: a = 2, b = 3, L = a*b + a.
    broken = lab.solution.read_text().replace("self.grad += other.data * out.grad",
                                              "self.grad = other.data * out.grad")
    checks, _ = load_checks(lab.checks_source(), lab.slug)
    report = grade(lab.slug, checks, broken, "broken.py")
    message = {c.name: c for c in report.checks}["multiplication gives each factor the other factor"].message
    assert "should be 4" in message


def test_checks_import_only_the_standard_library_and_the_core():
    import ast
    import sys

    for path in sorted(ROOT.glob("labs/*/checks.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert name.startswith("grader.core") or top in sys.stdlib_module_names, (path, name)
