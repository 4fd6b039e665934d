"""Claims of README.md that no other test held to its words: each test quotes the sentence it
guards and fails the day that sentence stops being true. Fast on purpose (CPython, no
Pyodide, no browser): the rest of the README's claims have tests of their own elsewhere."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path

from grader.intake.gather import collect, open_input
from tests.conftest import ROOT, run_course
from tests.exports_support import solution

README = (ROOT / "README.md").read_text(encoding="utf-8")

# Backticked words that look like paths but are examples, MIME types or what a build makes,
# not files of this repository.
NOT_REPOSITORY_FILES = {
    "a.py", "./a.py", "bob.py", "lab.py", "NN-slug.py", "manifest.json", "_site/", "lite/",
    "node_modules/.course-cache/", "application/wasm", "K/N", "../",
    "doejane_123_456_05-backward-1.py", "04-value.py", "./-x.py", "05_Backward.py",  # learners' files
    "Doe_123_assignsubmission_file_05-backward.py",  # Moodle's example name, after its space
    "./05-backward.py", "05-backward.py",  # an export's entries
    "rest.json",  # what a stopped `course grade` tells the instructor to write
}
# Pyodide's own files, which the README names: they come from npm, not from this repository.
PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs"}
PATHLIKE = re.compile(r"[\w.\-/*]*(?:/[\w.\-*]*|\.(?:py|mjs|js|toml|txt|md|json|yaml|png))")


def _named_files(text: str) -> set[str]:
    """Every path the README writes in backticks or links to."""
    named = {m.group(1) for m in re.finditer(r"\]\(([^)\s]+)\)", text)
             if not m.group(1).startswith(("http:", "https:", "#"))}
    for code in re.findall(r"`([^`\n]+)`", text):
        named.update(word for word in code.split() if PATHLIKE.fullmatch(word))
    return {name for name in named
            if name not in NOT_REPOSITORY_FILES and "<" not in name
            and not name.startswith(("-", "/"))  # an option, or a path of the machine
            and not re.fullmatch(r"\.\w+", name)}  # an extension (`.wasm`)


def _unfound(names: set[str], files: list[str]) -> list[str]:
    """The names no file of `files` (repository paths) answers to. A name with a folder is a
    path from the top or the end of one (`host/worker.mjs`); a bare name is a file anywhere;
    `NN-slug` and `*` stand for any name."""
    missing = []
    for name in sorted(names):
        pattern = re.escape(name.rstrip("/")).replace(r"\*", "[^/]*").replace("NN\\-slug", "[^/]+")
        found = re.compile(rf"(?:^|/){pattern}(?:/|$)")
        if not any(found.search(path) for path in files):
            missing.append(name)
    return missing


def _repository_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.splitlines()
    return listed + [f"node_modules/pyodide/{name}" for name in PYODIDE_FILES
                     if (ROOT / "node_modules" / "pyodide" / name).exists()]


def test_every_file_and_folder_the_readme_names_is_in_the_repository():
    """README, throughout: the files it names for a reader to open (`grader/core/seal.py`,
    `host/worker.mjs`, `tests/hostile/innocent_*.py`, `docs/grading.md`, the screenshots,
    `benchmarks/*.py`, ...). A file renamed or removed leaves a README that sends readers
    nowhere."""
    names = _named_files(README)
    assert len(names) > 60, sorted(names)  # the parse still finds the README's paths
    assert {"grader/core/seal.py", "host/worker.mjs", "docs/screenshots/lab.png",
            "tests/hostile/innocent_*.py", "innocent_glob.py"} <= names
    files = _repository_files()
    assert _unfound(names, files) == []
    # The matching itself can fail: a name no file has is found missing.
    assert _unfound({"grader/core/sealed.py", "host/workers.mjs", "innocent_nothing_*.py"},
                    files) == ["grader/core/sealed.py", "host/workers.mjs",
                               "innocent_nothing_*.py"]


def _notebook_of_size(code: str, size: int) -> bytes:
    """A lab notebook of exactly `size` bytes: its lab cell, then a long printed log."""
    def make(padding: int) -> bytes:
        cells = [{"cell_type": "code", "metadata": {}, "execution_count": 1, "outputs": [],
                  "source": ("%%writefile lab.py\n" + code).splitlines(True)},
                 {"cell_type": "code", "metadata": {}, "execution_count": 2, "source": ["train()\n"],
                  "outputs": [{"output_type": "stream", "name": "stdout", "text": "x" * padding}]}]
        return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                           "nbformat_minor": 5}).encode()
    data = make(0)
    return make(size - len(data))


def test_a_notebook_may_be_up_to_16_mb_and_one_byte_more_is_refused_by_its_size():
    """README, Inputs: "a notebook may be up to 16 MB, for its outputs, that cell like a `.py`
    file up to 1 MB"; Bad input: "a notebook over 16 MB; refused by its size, unread"."""
    import tempfile

    limit = 16 << 20
    with tempfile.TemporaryDirectory() as folder:
        at = Path(folder) / "05-backward.ipynb"
        at.write_bytes(_notebook_of_size(solution("05-backward"), limit))
        assert at.stat().st_size == limit
        (piece,) = open_input(collect([str(at)])[0], {"05-backward"}, "05-backward")
        assert piece.error == "" and piece.source == solution("05-backward")

        over = Path(folder) / "over" / "05-backward.ipynb"
        over.parent.mkdir()
        with open(over, "wb") as out:
            out.truncate(limit + 1)  # sparse, all zeros: read, it would not even be JSON
        (piece,) = open_input(collect([str(over)])[0], {"05-backward"}, "05-backward")
        assert piece.source is None
        assert "too large to be a lab (16.0 MB; the limit is 16.0 MB)" in piece.error, piece.error


def test_the_install_line_names_an_extra_and_a_command_the_project_has():
    """README, first line: `.venv/bin/pip install -e '.[test]' && .venv/bin/course setup &&
    .venv/bin/course serve`, then `.venv/bin/python -m pytest`: the extra holds the test
    tools, the console script is `course`, and `setup` and `serve` are its commands."""
    assert ".venv/bin/pip install -e '.[test]'" in README
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    tools = {re.split(r"[<>=!~ \[]", need)[0].lower() for need in
             project["optional-dependencies"]["test"]}
    assert {"pytest", "playwright", "junitparser"} <= tools  # what tests/ imports beyond the rest
    assert project["scripts"]["course"] == "grader.cli:main"
    for command in ("setup", "serve", "build"):
        done = run_course(command, "--help")
        assert done.returncode == 0 and f"course {command}" in done.stdout, done.stderr


def test_the_formats_the_readme_lists_are_the_ones_grade_and_merge_take():
    """README, Formats: "`--format text|json|junit|gradescope|prairielearn|csv`"; and
    "`course merge REPORT.json... [--format F]`" writes the same documents."""
    listed = re.search(r"`--format ([a-z]+(?:\|[a-z]+)+)`", README).group(1).split("|")
    assert len(listed) == 6
    for command in ("grade", "merge"):
        done = run_course(command, "--help")
        offered = re.search(r"--format \[([a-z|]+)\]", done.stdout).group(1).split("|")
        assert sorted(offered) == sorted(listed), (command, offered)


def test_train_it_minimises_the_mean_hinge_loss_over_all_60_points():
    """README, Train it: "a 2-12-1 tanh network learns 60 two-moons points ... (full-batch
    hinge loss, Adam steps)". The first step's loss is the mean of max(0, 1 - label·score)
    over every point, with the untrained network's scores."""
    from grader.capstone import tape
    from grader.capstone.mlp import MLP
    from grader.capstone.moons import two_moons
    from grader.capstone.train import SIZES, Settings, train

    points = two_moons()
    assert len(points) == 60
    model = MLP(tape.Value, SIZES, seed=1)
    hinge = sum(max(0.0, 1 - p.label * model.score(p.x, p.y)) for p in points) / len(points)
    first = train(tape.Value, lambda step: None, Settings(steps=1, seed=1))
    assert abs(first.loss - hinge) < 1e-9, (first.loss, hinge)
    squared = sum((1 - p.label * model.score(p.x, p.y)) ** 2 for p in points) / len(points)
    assert abs(squared - hinge) > 1e-3  # the check tells hinge from another loss here


def test_front_matter_and_lab_yaml_take_the_fields_the_layout_lists(tmp_path):
    """README, Layout: "lessons/NN-slug.md ... front matter (title, lab, summary, key_terms,
    quiz, train)" and "lab.yaml (optional: builds_on, extend, provided, helpers, parts)". An
    unknown field is a problem that lists the fields there are: they are the README's."""
    from types import SimpleNamespace

    from grader import course as course_model
    from grader import lab_config

    said = re.search(r"front matter \(([a-z_, ]+)\)", README).group(1).split(", ")
    page = tmp_path / "lessons" / "01-graphs.md"
    page.parent.mkdir()
    page.write_text("---\ntitle: T\nsummary: S\nlab: 01-graphs\ncolour: red\n---\nBody.\n")
    found = SimpleNamespace(problems=[])
    course_model._load_lesson(page, found)
    (unknown,) = [p.message for p in found.problems if "colour" in p.message]
    fields = re.search(r"\(fields: ([a-z_, ]+)\)", unknown).group(1).split(", ")
    assert sorted(fields) == sorted(said), (fields, said)

    said = re.search(r"lab\.yaml \(optional: ([a-z_, ]+)\)", README).group(1).split(", ")
    folder = tmp_path / "labs" / "01-graphs"
    folder.mkdir(parents=True)
    (folder / "lab.yaml").write_text("colour: red\n")
    problems = []
    lab_config.load(folder, problems)
    (unknown,) = [p.message for p in problems if "colour" in p.message]
    fields = re.search(r"\(fields: ([a-z_, ]+)\)", unknown).group(1).split(", ")
    assert sorted(fields) == sorted(said), (fields, said)


def test_labs_four_and_five_come_in_the_parts_the_table_says(course):
    """README, the lessons' table: lab 4 "in three parts: `+ *` ..., then `** relu tanh exp`,
    then `- /` and reflected ops"; lab 5 "continues your lab-4 `Value`: `backward()`, then a
    training step ... and micrograd's Neuron, Layer and MLP"; "Labs 4 and 5 come in parts"."""
    labs = {slug: course.lab(slug) for slug in course.labs}
    for slug in ("01-graphs", "02-chain-rule", "03-branching"):
        assert not (labs[slug].config and labs[slug].config.parts), slug
    four = [part.title for part in labs["04-value"].config.parts]
    assert len(four) == 3, four
    for words, title in zip((("+", "*"), ("**", "relu", "tanh", "exp"), ("reflected",)), four):
        assert all(word in title for word in words), (words, title)
    five = labs["05-backward"].config
    assert five.builds_on == "04-value"
    titles = " | ".join(part.title for part in five.parts)
    assert titles.startswith("backward()") and "training step" in titles and "MLP" in titles


def test_the_cli_gives_up_on_a_host_that_keeps_writing_past_its_time(monkeypatch):
    """README, Limits: "the CLI's frame reader is linear, holds at most 8 MiB and gives up on
    a host that keeps writing past its time. A file that goes over a limit fails with a
    message that says which." A stand-in host boots, then writes lines and never a frame."""
    import sys
    import time
    from types import SimpleNamespace

    from grader.runtimes import pyodide
    from grader.runtimes.submission import Submission

    # It stops by itself after 10 s, so a CLI that never gave up fails here instead of hanging.
    chatter = ("import os, sys, threading, time\n"
               "threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()\n"
               "sys.stdout.write('\\nREADY 1\\n'); sys.stdout.flush()\n"
               "end = time.time() + 10\n"
               "while time.time() < end:\n"
               "    sys.stdout.write('ok ' * 300 + '\\n'); sys.stdout.flush(); time.sleep(0.002)\n")
    monkeypatch.setattr(pyodide, "host_command", lambda *a: [sys.executable, "-c", chatter])
    monkeypatch.setattr(pyodide, "GRACE", 0.5)
    package = SimpleNamespace(compiled=False, lock=None, load="", folder=None)
    host = pyodide.NodeHost(Path("."), package=package)
    try:
        submission = Submission("05-backward", "a.py", "x = 1\n", "", ["one", "two"], [[], []])
        started = time.perf_counter()
        report, fit = host.grade(submission, timeout=0.3)
        assert time.perf_counter() - started < 5  # 0.3 s + the 0.5 s grace, not for ever
    finally:
        host.close()
    assert not fit and not report.passed  # the host is replaced, the file fails
    assert "stopped before it could report" in report.error, report.error
    assert "kept writing past its time limit" in report.error, report.error  # not "ended"
    assert [c.message.startswith("Not run: ") for c in report.checks] == [True, True]
