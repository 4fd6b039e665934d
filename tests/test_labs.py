"""Every lab's content, graded in CPython in-process (fast); `course check` repeats it in
Pyodide (test_cli.py). Solutions pass, starters fail, each mistake fails as it says."""

import pytest

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
def test_each_mistake_fails_its_check_with_its_message(course, slug):
    lab = course.labs[slug]
    assert len(lab.mistakes) >= 3
    for mistake in lab.mistakes:
        report = _grade(course, slug, mistake.path)
        named = {c.name: c for c in report.checks}
        assert mistake.fails in named, f"{mistake.path.name}: no check named {mistake.fails!r}"
        assert not named[mistake.fails].passed, f"{mistake.path.name} passes {mistake.fails!r}"
        assert mistake.message in named[mistake.fails].message, mistake.path.name


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
    message = {c.name: c for c in report.checks}["a value used twice adds both paths (+=)"].message
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
