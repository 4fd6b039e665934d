"""Lesson pages: valid front matter, and every number the text quotes computed by code.

The worked examples in a page are doctests; they run here, so a page cannot quote a number its
own code does not produce.
"""

import doctest
import re

import pytest

from grader import frontmatter
from tests.conftest import ROOT

LESSONS = sorted((ROOT / "lessons").glob("*.md"))
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w])")
FENCE = re.compile(r"```.*?```", re.S)


def test_there_are_five_lessons_in_order():
    assert [p.stem for p in LESSONS] == ["01-graphs", "02-chain-rule", "03-branching",
                                         "04-value", "05-backward"]


def test_every_lesson_has_valid_front_matter(course):
    lesson_problems = [str(p) for p in course.problems if p.path.suffix == ".md"]
    assert lesson_problems == []
    for lesson in course.lessons:
        assert lesson.lab == lesson.slug
        assert lesson.key_terms and lesson.quiz and lesson.title and lesson.summary


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_worked_examples_run(path):
    text = path.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, path.stem, str(path), 0)
    assert len(test.examples) >= 5, "every lesson works its numbers out in doctest examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=lambda s: None)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} worked example(s) in {path.name} are wrong"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_number_in_the_text_is_computed_by_its_examples(path):
    page = frontmatter.parse(path.read_text(encoding="utf-8"))
    examples = doctest.DocTestParser().get_examples(page.body)
    computed = {abs(float(n)) for ex in examples for n in NUMBER.findall(ex.source + ex.want)}
    prose = FENCE.sub(" ", page.body)
    prose = re.sub(r"^#+ .*$", " ", prose, flags=re.M)  # headings: "## 1. ..." is not a value
    quoted = {abs(float(n)) for n in NUMBER.findall(prose)}  # "drops by 0.024" is -0.024
    missing = sorted(quoted - computed)
    assert missing == [], f"{path.name} quotes numbers no example computes: {missing}"


def test_lesson_three_works_the_branching_example():
    text = (ROOT / "lessons" / "03-branching.md").read_text(encoding="utf-8")
    globs: dict = {}
    test = doctest.DocTestParser().get_doctest(text, globs, "03", "03", 0)
    doctest.DocTestRunner().run(test, out=lambda s: None)
    wants = " ".join(ex.want for ex in test.examples)
    assert re.search(r"\b4(\.0)?\b", wants) and re.search(r"\b2(\.0)?\b", wants)
    assert "+=" in text
