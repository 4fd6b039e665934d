"""`course autograder prairielearn LAB`: the folder a PrairieLearn external-grader image is
built from: `Dockerfile` (Ubuntu, then `setup.sh`), `setup.sh`, `entrypoint` (PrairieLearn
runs it per submission; it grades /grade/student) and the course in `course/`."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..course import Course, Lab
from .bundle import course_files, template


def write_prairielearn(course: Course, lab: Lab, out: Path) -> Path:
    files = course_files(course, lab)
    if out.exists():
        shutil.rmtree(out)
    for name, data in files.items():
        target = out / "course" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    for name in ("setup.sh", "entrypoint", "Dockerfile"):
        target = out / name
        target.write_text(template(name, lab), encoding="utf-8")
        target.chmod(0o755 if name != "Dockerfile" else 0o644)
    return out
