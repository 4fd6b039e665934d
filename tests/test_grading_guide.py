"""docs/grading.md, followed to the letter: every command in it runs, in order, in a course
checkout holding a small class's exports; then the GitHub Actions workflow's steps run
locally, shard by shard, and its merged grades must equal one run over the whole class."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from junitparser import JUnitXml
from markdown_it import MarkdownIt

from tests.conftest import ROOT
from tests.exports_support import checks, make_export, solution, starter

GUIDE = ROOT / "docs" / "grading.md"
WORKFLOW = ROOT / "docs" / "github-actions-grading.yml"
VENV = Path(sys.executable).parent.parent
SLUGS = ("01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward")

pytestmark = pytest.mark.pyodide


def _commands():
    return [line for t in MarkdownIt("commonmark").parse(GUIDE.read_text())
            if t.type == "fence" and t.info.strip() == "sh" for line in t.content.splitlines()
            if line.strip()]


@pytest.fixture
def checkout(tmp_path):
    """A checkout of the course (with the installed venv as .venv) and three learners'
    exports: one solved everything, one handed in the starters, one solved lab 4 only."""
    (tmp_path / ".venv").symlink_to(VENV)
    exports = tmp_path / "exports"
    exports.mkdir()
    make_export(exports / "learner-1.zip", {slug: solution(slug) for slug in SLUGS})
    make_export(exports / "learner-2.zip", {slug: starter(slug) for slug in SLUGS[3:]})
    make_export(exports / "learner-3.zip", {"04-value": solution("04-value")})
    return tmp_path


def _sh(script: str, cwd: Path, strict: bool = False) -> subprocess.CompletedProcess:
    flags = ["--noprofile", "--norc", "-eo", "pipefail"] if strict else []
    return subprocess.run(["bash", *flags, "-c", script], cwd=cwd, capture_output=True,
                          text=True, timeout=600,
                          env={**os.environ, "PATH": f"{VENV / 'bin'}:{os.environ['PATH']}"})


def test_the_guide_is_linked_from_the_readme():
    assert "docs/grading.md" in (ROOT / "README.md").read_text()


def test_every_command_in_the_guide_runs(checkout):
    commands = _commands()
    assert len(commands) >= 14
    for command in commands:
        done = _sh(command, checkout)
        # 1 only says that some learner fails; 2 (usage) or a crash would be a broken guide.
        assert done.returncode in (0, 1), f"{command}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr, f"{command}\n{done.stderr}"
    grades = json.loads((checkout / "grades.json").read_text())  # left by the merge
    assert len(grades) == 5 + 2 + 1 and sum(r["passed"] for r in grades) == 6
    assert JUnitXml.fromfile(str(checkout / "grades.xml")).tests > 0
    regraded = json.loads((checkout / "grades-regraded.json").read_text())
    assert [(r["lab"], r["file"], r["score"]) for r in regraded] == [
        (r["lab"], r["file"], r["score"]) for r in grades]  # the same files, graded again
    gradebook = (checkout / "grades.csv").read_text(encoding="utf-8-sig").splitlines()
    assert gradebook[0] == "input,file,lab,score,max_score,passed,failed_checks,error"
    assert len(gradebook) == 1 + 5 + 2 + 1  # a row per learner and lab, as --all graded them
    gradescope = json.loads((checkout / "stand-in" / "results" / "results.json").read_text())
    assert gradescope["score"] == checks("05-backward")
    assert len(gradescope["tests"]) == checks("05-backward")
    prairielearn = json.loads((checkout / "stand-in-grade" / "results" / "results.json")
                              .read_text())
    assert prairielearn["gradable"] is True and prairielearn["score"] == 1.0


def test_the_workflow_grades_shard_by_shard_and_merges_into_one_run(checkout):
    workflow = yaml.safe_load(WORKFLOW.read_text())
    artifacts = checkout.parent / "artifacts"
    shards = workflow["jobs"]["grade"]["strategy"]["matrix"]["shard"]
    for shard in shards:
        _run_job(workflow["jobs"]["grade"], checkout, artifacts,
                 {"matrix.shard": str(shard), "strategy.job-total": str(len(shards))})
    merge_dir = checkout.parent / "merge-job"  # a fresh machine: the checkout, no shard files
    shutil.copytree(checkout, merge_dir, symlinks=True,
                    ignore=shutil.ignore_patterns("shard-*.json"))
    assert workflow["jobs"]["merge"]["needs"] == "grade"
    _run_job(workflow["jobs"]["merge"], merge_dir, artifacts, {})
    merged = json.loads((artifacts / "grades" / "grades.json").read_text())
    whole = _sh(".venv/bin/course grade --all exports/ --json", checkout)
    essentials = [(r["lab"], r["file"], r["passed"], r["score"]) for r in merged]
    assert essentials == [(r["lab"], r["file"], r["passed"], r["score"])
                          for r in json.loads(whole.stdout)]
    assert JUnitXml.fromfile(str(artifacts / "grades" / "grades.xml")).tests == \
        sum(r["max_score"] for r in merged)
    gradebook = (artifacts / "grades" / "grades.csv").read_text(encoding="utf-8-sig").splitlines()
    assert [row.split(",")[3] for row in gradebook[1:]] == [str(r["score"]) for r in merged]


def _run_job(job: dict, workdir: Path, artifacts: Path, context: dict) -> None:
    """The job's steps on this machine: actions/* stand-ins, and every `run:` for real
    (except the install step: the checkout's .venv is this test's installed course)."""
    for step in job["steps"]:
        uses = step.get("uses", "")
        if uses.startswith(("actions/checkout@", "actions/setup-python@")):
            continue
        if step.get("id") == "install":
            assert ".venv/bin/pip install -e ." in step["run"]
            continue
        if uses.startswith("actions/upload-artifact@"):
            name = _expand(step["with"]["name"], context)
            (artifacts / name).mkdir(parents=True, exist_ok=True)
            for path in _expand(step["with"]["path"], context).split():
                shutil.copy2(workdir / path, artifacts / name / path)
            continue
        if uses.startswith("actions/download-artifact@"):
            assert step["with"]["merge-multiple"] is True
            for folder in artifacts.glob(step["with"]["pattern"]):
                for path in folder.iterdir():
                    shutil.copy2(path, workdir / path.name)
            continue
        assert "run" in step and not uses, f"a step this test cannot stand in for: {step}"
        done = _sh(_expand(step["run"], context), workdir, strict=True)
        assert done.returncode == 0, f"{step.get('name')}\n{done.stdout}\n{done.stderr}"


def _expand(text: str, context: dict) -> str:
    for key, value in context.items():
        text = text.replace("${{ " + key + " }}", value)
    assert "${{" not in text, text
    return text


def test_the_readme_commands_for_grading_a_class_run(checkout):
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### Grading a class"):readme.index("## Writing lessons")]
    fences = [t.content for t in MarkdownIt("commonmark").parse(section) if t.type == "fence"]
    lines = [line for line in fences[0].splitlines() if line.strip()]
    assert len(lines) == 7
    for line in lines:
        done = _sh(line, checkout)
        assert done.returncode in (0, 1), f"{line}\n{done.stdout}\n{done.stderr}"
    assert (checkout / "autograder.zip").is_file()
    assert (checkout / "grader-image" / "entrypoint").is_file()
    merged = _sh("course merge shard-*.json --format text", checkout)
    assert merged.returncode == 1 and "6 of 8 file(s) passed." in merged.stdout
    refused = _sh("course merge shard-1.json", checkout)
    assert refused.returncode == 2 and "is missing" in refused.stderr
