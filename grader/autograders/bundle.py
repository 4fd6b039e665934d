"""The files every autograder carries: the course's grader package and one lab, pinned.

`course/` holds what `pip install` needs (pyproject.toml, README.md, the `grader` package),
the lab's hidden checks and starter (never its solution or mistakes), `constraints.txt`
(every Python package at the version installed here, where this course was tested) and a
`package.json` with the part of this repository's `package-lock.json` that Pyodide needs,
so `npm ci` installs exactly the Pyodide this repository grades with.
"""

from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

from ..course import Course, Lab

PACKAGE = Path(__file__).resolve().parents[1]  # grader/
SOURCE = PACKAGE.parent                        # the checkout holding pyproject.toml
TEMPLATES = Path(__file__).resolve().parent / "templates"
DISTRIBUTION = "autograd-course"


class BundleError(RuntimeError):
    """The autograder cannot be written from here; the message says why."""


def template(name: str, lab: Lab) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8").replace("__LAB__", lab.slug)


def course_files(course: Course, lab: Lab) -> dict[str, bytes]:
    """Relative path → bytes of everything under `course/` in an autograder."""
    for needed in ("pyproject.toml", "README.md", "package-lock.json"):
        if not (SOURCE / needed).is_file():
            raise BundleError(f"an autograder is made from the course's source checkout, and "
                              f"{SOURCE / needed} is missing")
    files = {name: (SOURCE / name).read_bytes() for name in ("pyproject.toml", "README.md")}
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files[f"grader/{path.relative_to(PACKAGE).as_posix()}"] = path.read_bytes()
    # The checks as the one source every host runs: a lab split by part (checks/) needs no
    # lab.yaml in the bundle, where its parts are never shown.
    files[f"labs/{lab.slug}/checks.py"] = lab.checks_source().encode("utf-8")
    files[f"labs/{lab.slug}/starter.py"] = lab.starter.read_bytes()
    lesson = course.root / "lessons" / f"{lab.slug}.md"
    if lesson.is_file():
        files[f"lessons/{lab.slug}.md"] = lesson.read_bytes()
    lock = json.loads((SOURCE / "package-lock.json").read_text(encoding="utf-8"))
    package, trimmed = pyodide_lock(lock)
    files["package.json"] = (json.dumps(package, indent=2) + "\n").encode()
    files["package-lock.json"] = (json.dumps(trimmed, indent=2) + "\n").encode()
    files["constraints.txt"] = constraints().encode()
    return files


def pyodide_lock(lock: dict) -> tuple[dict, dict]:
    """package.json and package-lock.json that install only Pyodide and what it needs,
    exactly as this repository's lock pins them."""
    packages = lock.get("packages", {})
    version = packages.get("node_modules/pyodide", {}).get("version")
    if not version:
        raise BundleError("package-lock.json pins no pyodide: run npm install pyodide first")
    kept: dict[str, dict] = {}
    todo = ["pyodide"]
    while todo:
        name = todo.pop()
        key = f"node_modules/{name}"
        if key in kept or key not in packages:
            continue  # an optional dependency this lock never installed
        kept[key] = packages[key]
        todo += list(packages[key].get("dependencies", {}))
    root = {"name": "autograd-course-grader", "private": True,
            "dependencies": {"pyodide": version}}
    trimmed = {"name": root["name"], "lockfileVersion": lock.get("lockfileVersion", 3),
               "requires": True, "packages": {"": {"name": root["name"],
                                                   "dependencies": root["dependencies"]},
                                              **dict(sorted(kept.items()))}}
    return root, trimmed


def constraints() -> str:
    """name==version for the course's Python dependencies, all the way down, as installed."""
    lines, seen, todo = [], set(), [DISTRIBUTION]
    while todo:
        name = _normal(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        if name != _normal(DISTRIBUTION):
            lines.append(f"{dist.metadata['Name']}=={dist.version}")
        for requirement in dist.requires or []:
            if "extra ==" in requirement:
                continue
            todo.append(re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0])
    header = "# Every Python package the course's grader installs, at the version it was tested with.\n"
    return header + "\n".join(sorted(lines, key=str.lower)) + "\n"


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()
