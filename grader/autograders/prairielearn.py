"""`course autograder prairielearn LAB`: the folder a PrairieLearn external-grader image is
built from: `Dockerfile` (Ubuntu, then `setup.sh`), `setup.sh`, `entrypoint` (PrairieLearn
runs it per submission; it grades /grade/student) and the course in `course/`."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..course import Course, Lab
from .bundle import BundleError, course_files, template

WRITTEN = ("Dockerfile", "course", "entrypoint", "setup.sh")  # what this folder holds


def write_prairielearn(course: Course, lab: Lab, out: Path) -> Path:
    _may_replace(out)
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


def _may_replace(out: Path) -> None:
    """The folder is replaced as a whole, so only an empty one or one this command wrote: `--out
    .` in the course's clone, or a PrairieLearn question's own folder, was deleted with all it
    held (and a file given as --out ended in a traceback)."""
    if not os.path.lexists(out):
        return
    if out.is_symlink() or not out.is_dir():
        raise BundleError(f"--out {out} is a file, and an image's folder is written there: name "
                          "a new folder, like grader-image")
    held = sorted(entry.name for entry in os.scandir(out))
    others = [name for name in held if name not in WRITTEN]
    if held and (others or "entrypoint" not in held):
        shown = ", ".join(others[:5]) + (" and more" if len(others) > 5 else "")
        raise BundleError(f"--out {out} holds files this command did not write ({shown}), and "
                          "the folder would be replaced as a whole: name a new folder, like "
                          "grader-image (nothing was written or deleted)")
