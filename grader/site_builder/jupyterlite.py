"""The course as a JupyterLite site: every lab a notebook, checked by the same grader.

`build_jupyterlite(course, out, pyodide=...)` writes a static JupyterLite (jupyterlite-core
with the Pyodide kernel) into `out`; `notebook_url(slug)` is where a lab's notebook opens,
relative to `out`. The site works offline: the kernel loads everything from the site itself.

- Pyodide is the course's own npm copy (`static/pyodide/`), which has only the core, so the
  kernel's pure-Python wheels (micropip, IPython, ...; lite_kernel_wheels.py) are fetched from
  PyPI at build time and put beside it. `pyodide lockfile add-wheels` writes them into the
  site's `pyodide-lock.json` with their own sha256 (browsers check it; PyPI's bytes differ
  from Pyodide's builds). `comm`, which Pyodide's lock lacks, goes to piplite's index (`pypi/`).
- The course package (pyodide_files/course_package.py: grader core and hidden checks) is the
  very wheel the lesson pages and the Node grader load, and its lock entry is the one
  pyodide-build wrote for it (name, sha256 of the bytecode wheel), carried into this lock.
- `disablePyPIFallback` stops piplite from ever asking PyPI, and the kernel starts with
  the course's wheel loaded, so a check cell only imports.

The slow parts run only when needed: the tools venv (pyodide_files/build_tools.py) once per pin set, the
PyPI downloads once per Pyodide lock, `jupyter lite build` (~4 s, offline) when an input
changed. The finished site is kept under a key of everything it is made from, so a repeated
build only copies it (~0.1 s). Nothing is printed: the CLI owns stdout.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path

from ..course import Course
from ..pyodide_files import course_package
from ..pyodide_files.course_package import CoursePackage, PackageError
from . import lite_notebooks
from ..pyodide_files.build_tools import LiteToolsError, Tools, ensure_tools, requirements_file
from ..pyodide_files.cache_lock import held

APPS = ("notebooks", "lab", "tree")  # the notebook view, and the two it links to
# What the kernel installs as it starts (besides its own piplite wheels), see the worker's
# initPackageManager/initKernel: micropip first, then ipykernel's needs, comm, jedi, ipython.
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "comm")
NOT_IN_LOCK = ("comm",)  # Pyodide's lock has no comm: piplite finds it in <site>/pypi/
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Reports name lines of the learner's file: code cells show their line numbers (off by
# default), so line N of lab.py is found as line N + 1 of its cell (lite_notebooks.HOW_TO).
# A learner's edits are saved every few seconds: with JupyterLab's own default nothing typed
# came back after a reload, even 130 s later (measured in Chromium); with this, 30 s later it
# did. Ctrl+S still saves at once.
SETTINGS_OVERRIDES = {"@jupyterlab/notebook-extension:tracker":
                      {"codeCellConfig": {"lineNumbers": True}},
                      "@jupyterlab/docmanager-extension:plugin":
                      {"autosave": True, "autosaveInterval": 5}}
LAYOUT = "2"  # change when what is built changes in a way the inputs below do not show
KEEP_SITES = 2  # finished sites kept in the cache (~40 MB each)

__all__ = ["build_jupyterlite", "notebook_url", "LiteBuildError"]


class LiteBuildError(RuntimeError):
    pass


def notebook_url(slug: str) -> str:
    """The URL, relative to the JupyterLite folder, that opens lab `slug`'s notebook."""
    return f"notebooks/index.html?path={lite_notebooks.notebook_name(slug)}"


def build_jupyterlite(course: Course, out: Path, *, pyodide: Path,
                      package: CoursePackage | None = None) -> Path:
    """Write the JupyterLite site into `out` (replacing it) and return `out`. `package` is
    the course package the site's pages load (built here when not given)."""
    if course.problems:
        raise LiteBuildError("the course has problems; fix them first:\n"
                             + "\n".join(f"  {p}" for p in course.problems))
    pyodide, out = Path(pyodide).resolve(), Path(out).resolve()
    if package is None:
        try:
            package = course_package.build_course_package(course, pyodide)
        except PackageError as error:
            raise LiteBuildError(f"the course package could not be built: {error}") from error
    cache = pyodide.parent / ".course-cache" / "lite"
    cache.mkdir(parents=True, exist_ok=True)
    requirements = requirements_file(course.root)
    with tempfile.TemporaryDirectory(dir=cache, prefix="staging-") as tmp:
        lite = Path(tmp) / "lite"
        _write_inputs(course, lite, package)
        key = _key(lite, pyodide, requirements)
        site = cache / f"site-{key}"
        if not (site / ".complete").is_file():
            with held(cache.parent):  # the whole cache's lock: the tools venv is shared
                if not (site / ".complete").is_file():
                    _build_site(requirements, pyodide, lite, cache, package, site, Path(tmp) / "built")
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site, out, ignore=shutil.ignore_patterns(".complete"))
    return out


def _build_site(requirements: Path, pyodide: Path, lite: Path, cache: Path,
                package: CoursePackage, site: Path, built: Path) -> None:
    try:
        tools = ensure_tools(requirements, cache)
        _add_pyodide(tools, pyodide, lite, cache, package)
        _lite_build(tools, lite, site, built)
    except LiteToolsError as error:
        raise LiteBuildError(f"the JupyterLite site could not be built: {error}") from error


def _write_inputs(course: Course, lite: Path, package: CoursePackage) -> None:
    """What the site is made of that comes from the course: notebooks, wheel, settings."""
    files = lite / "files"
    files.mkdir(parents=True)
    for name, text in lite_notebooks.notebooks(course).items():
        (files / name).write_text(text, encoding="utf-8")
    (lite / "static" / "pyodide").mkdir(parents=True)
    shutil.copy2(package.wheel, lite / "static" / "pyodide" / package.wheel.name)
    settings = {"disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": [course_package.NAME]}}
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "Build autograd from scratch",
                                      "litePluginSettings": {KERNEL_PLUGIN: settings},
                                      "settingsOverrides": SETTINGS_OVERRIDES}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")


def _key(lite: Path, pyodide: Path, requirements: Path) -> str:
    digest = hashlib.sha256(LAYOUT.encode())
    sources = [Path(__file__)] + sorted(Path(__file__).parent.glob("lite_*.py"))
    inputs = [p for p in sorted(lite.rglob("*")) if p.is_file()]
    pyodide_inputs = [pyodide / name for name in (*PYODIDE_FILES, "pyodide-lock.json")]
    for path in [*sources, requirements, *pyodide_inputs, *inputs]:
        name = path.relative_to(lite).as_posix() if path.is_relative_to(lite) else path.name
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _add_pyodide(tools: Tools, pyodide: Path, lite: Path, cache: Path,
                 package: CoursePackage) -> None:
    """Pyodide's core, the kernel's wheels and a lock that lists them with their hashes."""
    target = lite / "static" / "pyodide"
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, target / name)
    (lite / "pypi").mkdir()
    for wheel in _kernel_wheels(tools, pyodide, cache):
        name = wheel.name.split("-")[0].lower()
        shutil.copy2(wheel, (lite / "pypi" if name in NOT_IN_LOCK else target) / wheel.name)
    # The compiled course package is entered already (add-wheels refuses its cp314 tag).
    wheels = sorted(p.name for p in target.glob("*.whl")
                    if not (package.compiled and p.name == package.wheel.name))
    stock_lock = pyodide / "pyodide-lock.json"
    lock_path = target / "pyodide-lock.json"
    tools.run([tools.pyodide, "lockfile", "add-wheels", "--input", str(stock_lock),
               "--output", str(lock_path), "--base-path", str(target), *wheels],
              "pyodide lockfile add-wheels", cwd=target)
    if package.compiled:
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
        entry = json.loads(package.lock.read_text(encoding="utf-8"))["packages"][course_package.NAME]
        lock["packages"][course_package.NAME] = entry
        lock_path.write_text(json.dumps(lock), encoding="utf-8")


def _kernel_wheels(tools: Tools, pyodide: Path, cache: Path) -> list[Path]:
    """The kernel's wheels from PyPI, downloaded once per Pyodide lock and kept."""
    lock = pyodide / "pyodide-lock.json"
    script = Path(__file__).with_name("lite_kernel_wheels.py")
    key = hashlib.sha256(lock.read_bytes() + script.read_bytes()
                         + " ".join(KERNEL_NEEDS).encode()).hexdigest()[:12]
    folder = cache / f"wheels-{key}"
    manifest = folder / "wheels.json"
    if not manifest.is_file():
        shutil.rmtree(folder, ignore_errors=True)
        # -I: the script's own folder (grader/site_builder, with its math.py) stays off sys.path.
        listing = tools.run([str(tools.python), "-I", str(script), str(lock), str(folder),
                             *KERNEL_NEEDS], "downloading the kernel's wheels from PyPI")
        manifest.write_text(listing)  # last: a download that died is never taken as done
        _forget(cache.glob("wheels-*"), keep={folder})
    return [folder / name for name in json.loads(manifest.read_text())["wheels"]]


def _lite_build(tools: Tools, lite: Path, site: Path, built: Path) -> None:
    apps = [arg for app in APPS for arg in ("--apps", app)]
    tools.run([tools.jupyter, "lite", "build", "--lite-dir", str(lite), "--output-dir", str(built),
               "--contents", str(lite / "files"), "--no-sourcemaps", "--no-unused-shared-packages",
               *apps], "jupyter lite build", cwd=lite)
    notebooks = [f"files/{p.name}" for p in (lite / "files").iterdir()]
    for needed in ("jupyter-lite.json", "static/pyodide/pyodide-lock.json", *notebooks):
        if not (built / needed).is_file():
            raise LiteBuildError(f"jupyter lite build wrote no {needed}")
    (built / ".complete").write_text("")
    try:
        built.rename(site)
    except OSError:  # another build finished the same site first: theirs is as good
        if not (site / ".complete").is_file():
            raise
    _forget(site.parent.glob("site-*"), keep={site}, newest=KEEP_SITES)


def _forget(paths, keep: set[Path], newest: int = 0) -> None:
    """Remove old cache entries but `keep`, keeping `newest` entries in all (keep included)."""
    others = sorted((p for p in paths if p not in keep), key=lambda p: p.stat().st_mtime,
                    reverse=True)
    for old in others[max(newest - len(keep), 0):]:
        shutil.rmtree(old, ignore_errors=True)
