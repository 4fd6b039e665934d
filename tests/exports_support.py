"""Learners' exports as the browser writes them (the contract in docs/grading.md), for tests."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from tests.conftest import ROOT

VERSION = "0.1.0"


def lab_file(slug: str, source: str, version: str = VERSION) -> str:
    """A lab's code as Download and Export write it: a first line naming the lab."""
    return f"# {slug} — autograd course {version}\n{source}"


def solution(slug: str) -> str:
    return (ROOT / "labs" / slug / "solution.py").read_text(encoding="utf-8")


def starter(slug: str) -> str:
    return (ROOT / "labs" / slug / "starter.py").read_text(encoding="utf-8")


def make_export(path: Path, labs: dict[str, str], version: str = VERSION, extra=()) -> Path:
    """A zip with manifest.json, one NN-slug.py per lab and a progress record."""
    manifest = {"course": "autograd-course", "version": version,
                "exported_at": "2026-03-01T12:00:00Z",
                "labs": [{"slug": slug, "file": f"{slug}.py"} for slug in labs],
                "written_by": "tests"}  # a field the grader does not know: ignored
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest, indent=2))
        for slug, source in labs.items():
            archive.writestr(f"{slug}.py", lab_file(slug, source, version))
        archive.writestr("progress.json", json.dumps(
            {slug: {"passed": False, "score": 0, "max_score": 0, "checked_at": None} for slug in labs}))
        for name, data in extra:
            archive.writestr(name, data)
    return path


def checks(slug: str) -> int:
    """How many hidden checks the lab has (labs grow; tests should not hard-code it)."""
    from grader import course as course_model
    from grader.grading import submissions

    lab = course_model.load(ROOT).lab(slug)
    return len(submissions(lab, [("", "")])[0].check_names)


def python_score(slug: str, source: str) -> int:
    """The score CPython's runtime gives `source`: what every other path must agree with."""
    from grader import course as course_model
    from grader.grading import grade
    from grader.runtimes.python import PythonRuntime

    lab = course_model.load(ROOT).lab(slug)
    return grade(lab, [("x.py", source)], PythonRuntime(timeout=30))[0].score
