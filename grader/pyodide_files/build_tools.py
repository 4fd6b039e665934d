"""The build tools (pyodide-build, pyodide-lock, JupyterLite), in a venv of their own next to
the other build caches. The course package (course_package.py) and the JupyterLite site
(site_builder/jupyterlite.py) are made with them.

Why a second venv: pyodide-build and `pyodide lockfile` (pyodide-lock) need Python >= 3.13
and >= 3.12 and the project runs on 3.11, and jupyterlite's ~80 packages have no business in
the course's own environment. The venv is made once per `requirements-lite.txt` and Python version (the key
is in its folder name) and reused by every later build; nothing here prints on stdout.
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

MIN_PYTHON = (3, 13)
REQUIREMENTS = "requirements-lite.txt"
PIP_TIMEOUT = 900  # seconds for the one-off install; a hung registry should not hang a build


class LiteToolsError(RuntimeError):
    """The tools could not be found or installed; the message says what to do."""


@dataclass
class Tools:
    python: Path  # the venv's interpreter: runs pip and the helper scripts
    bin: Path

    @property
    def jupyter(self) -> str:
        return str(self.bin / "jupyter")

    @property
    def pyodide(self) -> str:
        return str(self.bin / "pyodide")

    def run(self, command: list[str], what: str, cwd: Path | None = None,
            timeout: float = 600) -> str:
        """Run a tool quietly; return its stdout; raise with its output when it fails."""
        env = {**os.environ, **isolated_env(self.bin.parent)}
        try:
            done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                                  timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as error:
            raise LiteToolsError(f"{what} took over {timeout:g} s") from error
        if done.returncode != 0:
            tail = (done.stderr.strip() or done.stdout.strip())[-3000:]
            raise LiteToolsError(f"{what} failed (exit {done.returncode}):\n{tail}")
        return done.stdout


def isolated_env(venv: Path) -> dict[str, str]:
    """Keep the user's own Jupyter settings and extensions out of the site: the build then
    reads the venv's data folder, where jupyterlite-pyodide-kernel put its extension."""
    home = venv / "jupyter-home"
    return {"JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_CONFIG_DIR": str(home / "config"),
            "JUPYTER_NO_CONFIG": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
            "PYTHONDONTWRITEBYTECODE": "1"}


def requirements_file(course_root: Path) -> Path:
    """The tools' pins: the course's own file, else the one of the repository this is in."""
    for root in (Path(course_root), Path(__file__).resolve().parents[2]):
        if (root / REQUIREMENTS).is_file():
            return root / REQUIREMENTS
    return Path(course_root) / REQUIREMENTS  # ensure_tools says it is missing


def ensure_tools(requirements: Path, cache: Path) -> Tools:
    """The tools venv for these pins, made (once) if it is missing."""
    if not requirements.is_file():
        raise LiteToolsError(f"{requirements} is missing: it pins the JupyterLite build tools")
    python, version = find_python()
    key = hashlib.sha256(requirements.read_bytes() + version.encode()).hexdigest()[:12]
    venv = cache / f"tools-{key}"
    bin_dir = venv / "bin"
    if (venv / ".complete").is_file():
        return Tools(bin_dir / "python", bin_dir)
    shutil.rmtree(venv, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    tools = Tools(bin_dir / "python", bin_dir)
    tools.run([python, "-m", "venv", str(venv)], "making the JupyterLite tools venv")
    tools.run([str(tools.python), "-m", "pip", "install", "--quiet", "-r", str(requirements)],
              f"pip install -r {requirements.name}", timeout=PIP_TIMEOUT)
    (venv / ".complete").write_text(version + "\n")  # last: a half-made venv is never reused
    _forget_other_venvs(cache, venv)
    return tools


def find_python() -> tuple[str, str]:
    """A Python >= 3.13 and its version: $COURSE_LITE_PYTHON, this interpreter if new enough,
    python3.13+ on PATH, then pyenv's installed versions (pyenv shims refuse versions that are
    installed but not selected, so they are tried by their real paths)."""
    candidates = [os.environ.get("COURSE_LITE_PYTHON", ""), sys.executable]
    candidates += [shutil.which(f"python3.{minor}") or "" for minor in (15, 14, 13)]
    pyenv_root = os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv"))
    candidates += sorted(glob.glob(f"{pyenv_root}/versions/3.1[3-9]*/bin/python3"), reverse=True)
    for candidate in filter(None, candidates):
        version = _version(candidate)
        if version and tuple(int(p) for p in version.split(".")[:2]) >= MIN_PYTHON:
            return candidate, version
    raise LiteToolsError("the build tools need Python >= 3.13 (for pyodide-build); "
                         "install one (e.g. `pyenv install 3.13`) or set COURSE_LITE_PYTHON")


def _version(python: str) -> str:
    try:
        done = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def _forget_other_venvs(cache: Path, keep: Path) -> None:
    # Old pins' venvs are ~150 MB each and never used again.
    for old in cache.glob("tools-*"):
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)
