"""The course's own wheel for the JupyterLite kernel: the grader core and the labs' checks.

It holds `grader/core` (the same files the browser worker and the Node host receive, see
runtimes/submission.core_sources) and `course_labs/checks/<slug>.py`, each lab's hidden
checks as data for grader.core.notebook. Only `checks.py` of each lab is read: reference
solutions never enter it. A wheel is a zip with a `.dist-info` folder, so it is written
here with zipfile, with fixed timestamps: the same inputs give the same bytes, hence the
same sha256, which the Pyodide lock records and the browser checks.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

from ..course import Course
from ..runtimes.submission import core_sources

DISTRIBUTION = "course-grader"
VERSION = "0.1.0"
FILE_NAME = f"course_grader-{VERSION}-py3-none-any.whl"
PACKAGE_NAME = "course-grader"  # its name in the Pyodide lock (loadPyodide's `packages`)
_EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold
_LABS_INIT = ('"""Data: each lab\'s hidden checks, as checks/<slug>.py '
              '(read by grader.core.notebook)."""\n')


def wheel_files(course: Course) -> dict[str, bytes]:
    """Every file of the wheel but its RECORD, by path inside the wheel."""
    files = {path: text.encode("utf-8") for path, text in core_sources().items()}
    files["course_labs/__init__.py"] = _LABS_INIT.encode()
    for slug in sorted(course.labs):
        files[f"course_labs/checks/{slug}.py"] = course.labs[slug].checks_source().encode("utf-8")
    info = f"course_grader-{VERSION}.dist-info"
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\n"
                                 f"Version: {VERSION}\nSummary: The course's checker core and "
                                 "hidden checks, for its JupyterLite notebooks\n").encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: autograd-course\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/top_level.txt"] = b"course_labs\ngrader\n"
    return files


def build_wheel(course: Course, folder: Path) -> Path:
    """Write the wheel into `folder`; return its path."""
    files = wheel_files(course)
    record_name = f"course_grader-{VERSION}.dist-info/RECORD"
    record = "".join(f"{path},sha256={_digest(data)},{len(data)}\n" for path, data in files.items())
    files[record_name] = (record + f"{record_name},,\n").encode()
    target = folder / FILE_NAME
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=_EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return target


def _digest(data: bytes) -> str:
    # RECORD's form: urlsafe base64 of the sha256, without padding.
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
