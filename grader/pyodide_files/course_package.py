"""The course package: one wheel of what runs inside Pyodide, loaded the same way by every host.

The browser worker, the Node grading host and the JupyterLite kernel all call Pyodide's
`loadPackage("course-grader")` on a Pyodide lock that lists this wheel with its sha256
(browsers check it). The wheel holds `grader/core` (the checker), `grader/capstone` (lesson
5's Train it) and `course_labs/checks/<slug>.py.txt` (each lab's hidden checks, as data for
grader.core.notebook; reference solutions never enter it). It is made with the standard and
Pyodide's own tools, in this order (the order they need):

1. `python -m build --wheel` from course_package.toml (a pyproject.toml) in a staging
   folder: a py3-none-any wheel;
2. `pyodide lockfile add-wheels` enters it into a copy of Pyodide's lock (it refuses the
   cp314 wheel of step 3, so the py3 one goes in first);
3. `pyodide py-compile` on the folder, run inside Pyodide (py_compile.mjs: only Pyodide's
   Python writes bytecode Pyodide accepts), turns it into `course_grader-0.1.0-cp314-none-any.whl`
   with bytecode only and rewrites the lock's file name and sha256.

Why bytecode: every host imports the grader at each cold start before its memory snapshot;
compiled, that import skips compiling ~30 modules from source (README, Benchmarks).
Steps 1-2 run in the build tools' venv (build_tools.py, pins in requirements-lite.txt), the one the
JupyterLite build uses. Without it (no Python >= 3.13 here), `fallback_package` writes the
same files as a py3-none-any wheel with zipfile, with no lock entry: hosts then load it by
its path or URL, from source (the site build warns, and fails with --strict). The result
is cached under a key of everything it is made of.

The cache keeps the newest few builds of each kind, but never one in use: a process that takes
a build holds a shared lease on it (an flock on `<build>/.lease`) until it exits, and removing
an old build takes that lease exclusively, without waiting, or leaves the build. Several
courses (or test runs) building at once removed one another's builds while their hosts were
loading them ("Access to this API has been restricted ... pyodide-lock.json").
"""

from __future__ import annotations

import base64
import errno
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock; old builds are then removed only when old (below)
    fcntl = None

from ..core.notebook import CHECKS_SUFFIX
from .build_tools import LiteToolsError, Tools, ensure_tools, requirements_file
from .cache_lock import held

NAME = "course-grader"  # its name in the Pyodide lock, what hosts pass to loadPackage
VERSION = "0.1.0"
SOURCE_WHEEL = f"course_grader-{VERSION}-py3-none-any.whl"
PROJECT = Path(__file__).with_name("course_package.toml")
COMPILER = Path(__file__).with_name("py_compile.mjs")
GRADER = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "capstone")  # the grader's stdlib-only subpackages that run in Pyodide

# 1980-01-01, the earliest time a zip can record: every timestamp in the wheel.
EPOCH = 315532800
# What py-compile imports, besides the standard library (its command line and its logger).
COMPILER_NEEDS = ("pyodide-build", "click", "packaging", "platformdirs", "rich")
LAYOUT = "1"  # change when what is built changes in a way the key's inputs do not show
TIMEOUT = 600
LEASE = ".lease"  # in each build: held shared by every process using it (see the docstring)
# Where leases cannot be had: an old build is removed only once unused for this long (seconds).
UNLEASED_AGE = 24 * 3600
_LEASES: dict[Path, int] = {}  # this process's leases, by build folder: held until it exits


class PackageError(RuntimeError):
    """The course package could not be built; the message says why."""


@dataclass(frozen=True)
class CoursePackage:
    """The wheel, and (when pyodide-build made it) the Pyodide lock that lists it."""
    wheel: Path
    lock: Path | None

    @property
    def compiled(self) -> bool:
        return self.lock is not None

    @property
    def folder(self) -> Path:
        return self.wheel.parent

    @property
    def load(self) -> str:
        """What a host passes to loadPackage: the name in the lock, else the wheel's path."""
        return NAME if self.compiled else str(self.wheel)


def project_files(course) -> dict[str, bytes]:
    """The staging folder's files, by path: the pyproject.toml and what it packages."""
    files = {"pyproject.toml": PROJECT.read_bytes(),
             "grader/__init__.py": b'"""The course\'s grader, as it runs inside Pyodide."""\n'}
    for package in PACKAGES:
        for path in sorted((GRADER / package).glob("*.py")):
            files[f"grader/{package}/{path.name}"] = path.read_bytes()
    files["course_labs/__init__.py"] = (b'"""Data: each lab\'s hidden checks, as checks/<slug>'
                                        + CHECKS_SUFFIX.encode() + b' (read by grader.core.notebook)."""\n')
    for slug in sorted(course.labs):
        files[f"course_labs/checks/{slug}{CHECKS_SUFFIX}"] = course.labs[slug].checks_source().encode()
    return files


def build_course_package(course, pyodide: Path) -> CoursePackage:
    """The compiled wheel and its lock, made (once per set of inputs) with pyodide-build.
    Raises PackageError when the tools cannot be had or fail."""
    pyodide = Path(pyodide).resolve()
    cache = pyodide.parent / ".course-cache"
    requirements = requirements_file(course.root)
    files = project_files(course)
    key = _key(files, pyodide, [requirements.read_bytes() if requirements.is_file() else b""])
    done = cache / "course-package" / key
    wheel = done / f"course_grader-{VERSION}-cp{_python_tag(pyodide)}-none-any.whl"
    if _lease(done) and (done / ".complete").is_file() and wheel.is_file():
        return CoursePackage(wheel, done / "pyodide-lock.json")
    with held(cache):  # every removal of a build is made under it: nothing goes while held
        if not (done / ".complete").is_file():  # or another command made it while this one waited
            _make_package(files, pyodide, requirements, cache, done, wheel)
        _lease(done)
    return CoursePackage(wheel, done / "pyodide-lock.json")


def _make_package(files: dict[str, bytes], pyodide: Path, requirements: Path, cache: Path,
                  done: Path, wheel: Path) -> None:
    try:
        tools = ensure_tools(requirements, cache / "lite")
        with tempfile.TemporaryDirectory(dir=_mkdir(cache), prefix="course-package-") as tmp:
            folder = Path(tmp) / "package"
            source = build_source_wheel(files, Path(tmp), tools.python)
            _mkdir(folder)
            shutil.copy2(source, folder / SOURCE_WHEEL)
            tools.run([tools.pyodide, "lockfile", "add-wheels",
                       "--input", str(pyodide / "pyodide-lock.json"),
                       "--output", str(folder / "pyodide-lock.json"),
                       "--base-path", str(folder), SOURCE_WHEEL],
                      "pyodide lockfile add-wheels", cwd=folder)
            py_compile_folder(pyodide, folder, compiler_wheels(tools, cache))
            if wheel.name not in os.listdir(folder):
                raise PackageError(f"pyodide py-compile wrote no {wheel.name} "
                                   f"(found: {', '.join(sorted(os.listdir(folder)))})")
            (folder / ".complete").write_text("")
            _mkdir(done.parent)
            try:
                folder.rename(done)
            except OSError:  # another build finished the same package first: the same bytes
                if not (done / ".complete").is_file():
                    raise
    except LiteToolsError as error:
        raise PackageError(str(error)) from error
    _forget(done.parent, keep=done)


def fallback_package(course, pyodide: Path) -> CoursePackage:
    """The same files as a py3-none-any wheel with sources, no lock: what hosts load (by path
    or URL) when the tools cannot be had here. Written with zipfile, as the JupyterLite wheel
    was before pyodide-build: it needs no network, no pip and no Python >= 3.13."""
    pyodide = Path(pyodide).resolve()
    files = project_files(course)
    files.pop("pyproject.toml")
    cache = pyodide.parent / ".course-cache"
    done = cache / "course-package" / f"source-{_key(files, pyodide, [])}"
    if not (_lease(done) and (done / SOURCE_WHEEL).is_file()):
        with held(cache):
            if not (done / SOURCE_WHEEL).is_file():
                _mkdir(done)
                partial = done / f".{SOURCE_WHEEL}.partial"
                _write_wheel(files, partial)
                partial.rename(done / SOURCE_WHEEL)  # a reader never sees half a wheel
                _lease(done)
                _forget(done.parent, keep=done)
            _lease(done)
    return CoursePackage(done / SOURCE_WHEEL, None)


def _write_wheel(files: dict[str, bytes], target: Path) -> None:
    info = f"course_grader-{VERSION}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n"
                                 "Summary: The course's grader, for Pyodide\n").encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: autograd-course\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/top_level.txt"] = b"course_labs\ngrader\n"
    record = f"{info}/RECORD"
    lines = "".join(f"{path},sha256={_record_digest(data)},{len(data)}\n"
                    for path, data in files.items())
    files[record] = (lines + f"{record},,\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)


def _record_digest(data: bytes) -> str:
    # RECORD's form: urlsafe base64 of the sha256, without padding.
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_source_wheel(files: dict[str, bytes], tmp: Path, python: Path) -> Path:
    """Write the staging project and build its py3-none-any wheel with the standard tools."""
    project = tmp / "project"
    for path, data in files.items():
        target = project / path
        _mkdir(target.parent)
        target.write_bytes(data)
        os.chmod(target, 0o644)  # a wheel records modes: the same on every machine
    dist = tmp / "dist"
    # The tools venv has `build` (pyodide-build needs it) and the pinned setuptools: no
    # isolated environment, so nothing is downloaded here.
    command = [str(python), "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist),
               str(project)]
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(EPOCH), "PYTHONDONTWRITEBYTECODE": "1",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    _run(command, "building the course package's wheel", cwd=project, env=env)
    wheel = dist / SOURCE_WHEEL
    if not wheel.is_file():
        raise PackageError(f"building the course package wrote no {SOURCE_WHEEL}")
    return wheel


def py_compile_folder(pyodide: Path, folder: Path, tool_wheels: Path, exclude: str = "") -> None:
    """`pyodide py-compile FOLDER` inside Pyodide under Node (py_compile.mjs)."""
    from ..runtimes.node import node_binary  # finding Node is all this takes from there

    _run([node_binary(), str(COMPILER), str(pyodide), str(folder), str(tool_wheels), exclude,
          str(EPOCH)], "pyodide py-compile (inside Pyodide)")


def compiler_wheels(tools: Tools, cache: Path) -> Path:
    """py-compile's pure-Python wheels from PyPI, at the versions the tools venv pins, for
    Pyodide's Python; downloaded once per set of versions and kept."""
    versions = json.loads(tools.run(
        [str(tools.python), "-c", "import importlib.metadata as m, json, sys; "
         "print(json.dumps({n: m.version(n) for n in sys.argv[1:]}))", *COMPILER_NEEDS],
        "reading the tools' versions"))
    specs = sorted(f"{name}=={version}" for name, version in versions.items())
    folder = cache / f"py-compile-wheels-{hashlib.sha256(' '.join(specs).encode()).hexdigest()[:12]}"
    if not (folder / ".complete").is_file():
        shutil.rmtree(folder, ignore_errors=True)
        tools.run([str(tools.python), "-m", "pip", "download", "--quiet", "--no-deps",
                   "--only-binary=:all:", "--platform", "any", "--implementation", "py",
                   "--abi", "none", "--python-version", "3.14", "-d", str(folder), *specs],
                  "downloading py-compile's wheels from PyPI")
        (folder / ".complete").write_text(" ".join(specs) + "\n")
        for old in cache.glob("py-compile-wheels-*"):
            if old != folder:
                shutil.rmtree(old, ignore_errors=True)
    return folder


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _python_tag(pyodide: Path) -> str:
    # The lock's Python ("3.14.2"): py-compile tags the wheel with the interpreter it ran on.
    python = json.loads((pyodide / "pyodide-lock.json").read_text())["info"]["python"]
    return "".join(python.split(".")[:2])


def _key(files: dict[str, bytes], pyodide: Path, extra: list[bytes]) -> str:
    digest = hashlib.sha256(LAYOUT.encode())
    for name, data in sorted(files.items()):
        digest.update(name.encode() + b"\0" + data + b"\0")
    for path in (Path(__file__), COMPILER, pyodide / "package.json", pyodide / "pyodide-lock.json"):
        digest.update(path.read_bytes() + b"\0")
    for data in extra:
        digest.update(data + b"\0")
    return digest.hexdigest()[:16]


def _run(command: list[str], what: str, cwd: Path | None = None, env: dict | None = None) -> None:
    try:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as error:
        raise PackageError(f"{what} took over {TIMEOUT} s") from error
    if done.returncode != 0:
        tail = (done.stderr.strip() or done.stdout.strip())[-3000:]
        raise PackageError(f"{what} failed (exit {done.returncode}):\n{tail}")


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def _lease(build: Path) -> bool:
    """Hold a shared lease on `build` for the rest of this process; False if it is not there.
    Taken before a build is looked at, so a removal (which needs the lease exclusively) either
    fails or has already moved the build away, and the look then finds it missing."""
    build = Path(build)
    if build in _LEASES:
        if _same_lease(build, _LEASES[build]):
            return True
        os.close(_LEASES.pop(build))  # the build was removed and made again: lease the new one
    try:
        fd = os.open(build / LEASE, os.O_RDONLY | os.O_CREAT, 0o644)
    except (FileNotFoundError, NotADirectoryError):
        return False
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_SH)  # waits only while a removal holds it, a moment
        if not _same_lease(build, fd):  # a removal that held it first moved the build away
            os.close(fd)
            return False
    else:
        os.utime(build)  # no locks: its age says it is in use
    _LEASES[build] = fd
    return True


def _same_lease(build: Path, fd: int) -> bool:
    """Whether `fd` is the lease file in `build` now (not one of a build since removed)."""
    try:
        return os.stat(build / LEASE).st_ino == os.fstat(fd).st_ino
    except OSError:
        return False


def _in_use(build: Path) -> int | None:
    """The build's lease taken exclusively (its fd), or None when some process holds it."""
    try:
        fd = os.open(build / LEASE, os.O_RDONLY | os.O_CREAT, 0o644)
    except OSError:
        return None
    if fcntl is None:
        return fd
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        os.close(fd)
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return None
        raise
    return fd


def _forget(parent: Path, keep: Path, newest: int = 3) -> None:
    # Old packages are small, but one is made per change of any check or grader file; the
    # uncompiled ones (source-*) and the compiled ones are kept `newest` apiece, and any build
    # a process still uses (its lease) is kept too. Called under held(cache).
    import time

    kind = keep.name.startswith("source-")
    others = sorted((p for p in parent.iterdir()
                     if p != keep and not p.name.startswith(".")
                     and p.name.startswith("source-") == kind),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in others[newest - 1:]:
        if old in _LEASES:  # this process uses it
            continue
        if fcntl is None and time.time() - old.stat().st_mtime < UNLEASED_AGE:
            continue
        fd = _in_use(old)
        if fd is None:
            continue
        try:
            # Moved away while the lease is held exclusively: a process that then takes the
            # lease finds the build gone, and builds it again.
            trash = parent / f".removed-{old.name}-{os.getpid()}"
            os.rename(old, trash)
        except OSError:
            os.close(fd)
            continue
        os.close(fd)
        shutil.rmtree(trash, ignore_errors=True)
