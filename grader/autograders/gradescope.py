"""`course autograder gradescope LAB`: the autograder zip Gradescope builds its image from.

At the zip's top: `setup.sh` (Gradescope runs it once, as root, in /autograder/source) and
`run_autograder` (run for every submission, from /autograder); the course is in `course/`.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from ..course import Course, Lab
from .bundle import BundleError, course_files, template

EXECUTABLE = 0o100755 << 16
PLAIN = 0o100644 << 16
FIXED_TIME = (2024, 1, 1, 0, 0, 0)  # the same zip from the same sources


def write_gradescope(course: Course, lab: Lab, out: Path) -> Path:
    files = {"setup.sh": (template("setup.sh", lab).encode(), EXECUTABLE),
             "run_autograder": (template("run_autograder", lab).encode(), EXECUTABLE)}
    for name, data in course_files(course, lab).items():
        files[f"course/{name}"] = (data, PLAIN)
    if out.is_dir():
        raise BundleError(f"--out {out} is a folder, and Gradescope takes one zip: name the zip "
                          f"to write, like {out / 'autograder.zip'}")
    if out.is_file() and not zipfile.is_zipfile(out):  # `--out solution.py` overwrote it
        raise BundleError(f"--out {out} is a file that is not a zip, and it would be "
                          "overwritten: name the zip to write, like autograder.zip (nothing "
                          "was written)")
    if out.is_file() and not _autograder_zip(out):  # `--out exports/amy.zip` replaced her export
        raise BundleError(f"--out {out} is a zip this command did not write (it holds no "
                          "setup.sh and run_autograder), and it would be overwritten: name a "
                          "new zip, like autograder.zip (nothing was written)")
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, (data, mode) in files.items():
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.external_attr = mode
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return out


def _autograder_zip(path: Path) -> bool:
    """Whether the zip is an autograder (one this command wrote before, to be replaced)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return {"setup.sh", "run_autograder"} <= set(archive.namelist())
    except (OSError, zipfile.BadZipFile):
        return False
