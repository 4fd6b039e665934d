"""The authoring guide, followed to the letter: its commands and snippets add a sixth lesson
to a copy of the course, which must then pass `course check` (in Pyodide) and build."""

import shlex
import shutil
from tempfile import TemporaryDirectory

import pytest
from markdown_it import MarkdownIt

from tests.conftest import ROOT, run_course

GUIDE = ROOT / "docs" / "authoring.md"


def _blocks():
    """(info, content) of every fenced block in the guide, in order."""
    return [(t.info.strip(), t.content) for t in MarkdownIt("commonmark").parse(GUIDE.read_text())
            if t.type == "fence"]


def test_the_guide_is_linked_from_the_readme():
    assert "docs/authoring.md" in (ROOT / "README.md").read_text()


@pytest.mark.pyodide
def test_following_the_guide_adds_a_sixth_lesson_that_checks_and_builds(tmp_path):
    for name in ("lessons", "labs"):
        shutil.copytree(ROOT / name, tmp_path / name)
    env = {"COURSE_PYODIDE_DIR": str(ROOT / "node_modules" / "pyodide")}
    written = []
    for info, content in _blocks():
        words = info.split()
        target = next((w[5:] for w in words if w.startswith("file=")), None)
        if target:
            path = tmp_path / target
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content)
            written.append(target)
            continue
        if words[:1] == ["python"]:  # a pattern to read, not a file of the new lab
            continue
        for line in content.splitlines():
            command = shlex.split(line.split("#")[0])
            if command[:2] == ["course", "new"]:
                done = run_course(*command[1:], cwd=tmp_path, env=env)
                assert done.returncode == 0, done.stderr
            elif command[:1] == ["rm"]:
                (tmp_path / command[1]).unlink()
    assert "lessons/06-descent.md" in written and "labs/06-descent/checks.py" in written
    assert "labs/06-descent/checks/step.py" in written  # then split by part, as the guide shows
    assert not (tmp_path / "labs" / "06-descent" / "checks.py").exists()
    assert len([w for w in written if "/mistakes/" in w]) >= 2

    check = run_course("check", cwd=tmp_path, env=env)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "ok  06-descent: 4 files graded in pyodide" in check.stdout
    assert "6 lessons, 6 labs, 0 problem(s)." in check.stdout

    build = run_course("build", "--out", str(tmp_path / "site"), cwd=tmp_path, env=env)
    assert build.returncode == 0, build.stderr
    page = (tmp_path / "site" / "lessons" / "06-descent" / "index.html").read_text()
    assert "Gradient descent" in page and 'href="../05-backward/index.html"' in page
    # A lesson with no picture module keeps its figure empty and hidden (pictures/index.js).
    assert ('<figure class="picture" data-picture="06-descent" data-testid="picture" hidden>'
            '</figure>') in page
    assert "06-descent" in (tmp_path / "site" / "index.html").read_text()


@pytest.mark.parametrize("front, line, says", [
    ("title: Gradient descent\nsummary: Descent: one step at a time\n", 3,
     "a text holding ': ' must be quoted"),
    ("title: Gradient descent\nquiz:\n  - question: Which way?\n    choices: [up, down]\n"
     "   answer: 1\n", 6, "indented differently from the lines of its list or field above"),
    ("title: Gradient descent\n\tlab: 06-descent\n", 3, "indent with spaces, not tabs"),
])
def test_a_yaml_slip_in_front_matter_is_said_in_an_authors_words(front, line, says):
    """The guide promises the file and line of a mistyped field; PyYAML's own words ("mapping
    values are not allowed here") do not say what to change, so the usual slips get a hint."""
    from grader import frontmatter

    with pytest.raises(frontmatter.FrontMatterError) as caught:
        frontmatter.parse(f"---\n{front}---\n\nBody.\n")
    assert caught.value.line == line and says in caught.value.message


def test_a_quiz_or_key_term_slip_points_at_its_own_line_not_at_the_list(tmp_path):
    """A page with three questions: 'answer:' off by one, or missing (a question with no right
    answer), is reported on that question's lines, the way the guide promises 'the file and line'."""
    from grader import course as course_model

    for name in ("lessons", "labs"):
        shutil.copytree(ROOT / name, tmp_path / name)
    page = tmp_path / "lessons" / "02-chain-rule.md"
    lines = page.read_text().splitlines(keepends=True)
    answers = [i for i, line in enumerate(lines) if line.lstrip().startswith("answer:")]
    meanings = [i for i, line in enumerate(lines) if line.lstrip().startswith("meaning:")]
    assert len(answers) >= 2 and len(meanings) >= 2
    lines[answers[-1]] = lines[answers[-1]].split("answer:")[0] + "answer: 9\n"
    lines[meanings[1]] = lines[meanings[1]].replace("meaning:", "meanin:", 1)
    question = max(i for i in range(answers[0]) if lines[i].lstrip().startswith("- question:"))
    del lines[answers[0]]
    page.write_text("".join(lines))
    found = {f"{p.path.name}:{p.line}: {p.message}" for p in course_model.load(tmp_path).problems}
    assert any(f.startswith(f"02-chain-rule.md:{question + 1}: quiz question 1: has no "
                            "'answer:'; give the number of the right choice") for f in found), found
    assert any(f.startswith(f"02-chain-rule.md:{answers[-1]}: quiz question {len(answers)}: "
                            "'answer: 9' must be") for f in found), found
    assert f"02-chain-rule.md:{meanings[1]}: key term 2 needs 'term:' and 'meaning:' texts" in found


def test_a_misspelt_field_is_named_missing_and_its_likely_spelling_offered():
    from pathlib import Path

    from grader import course as course_model

    with TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "labs").mkdir()
        (root / "lessons").mkdir()
        (root / "lessons" / "06-descent.md").write_text(
            "---\ntitle: Gradient descent\nlab: 06-descent\nsummary: Downhill.\n"
            "key_term:\n  - term: step\n    meaning: One move.\nquizz: []\n---\n\nBody.\n")
        found = [f"{p.line}: {p.message}" for p in course_model.load(root).problems]
    assert "2: front matter needs 'key_terms:', a list of {term, meaning}" in found
    assert "2: front matter needs 'quiz:', a list with at least one question" in found
    assert any(f.startswith("5: unknown front matter field 'key_term'") and
               f.endswith("did you mean 'key_terms'?") for f in found), found
    assert any(f.startswith("8: unknown front matter field 'quizz'") and
               f.endswith("did you mean 'quiz'?") for f in found), found

