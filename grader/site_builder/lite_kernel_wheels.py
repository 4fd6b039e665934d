"""Download the pure-Python wheels the JupyterLite kernel needs, for an offline site.

    <tools venv>/bin/python lite_kernel_wheels.py PYODIDE_LOCK DEST NAME...

The npm `pyodide` package holds only the core, so the packages the kernel installs at
start-up (micropip, IPython and what they need) are missing from it. This finds them on
PyPI: at the version Pyodide's own lock names when it names one (the versions Pyodide was
tested with), otherwise the newest the requirement allows; it follows each wheel's
dependencies with the markers evaluated for Pyodide (emscripten, the lock's Python), not
for this machine. Prints {"wheels": [file names]} as JSON.

It runs in the build tools' venv (grader/pyodide_files/build_tools.py), not the project's: it needs
`packaging` and that venv's pip, and it imports nothing from the course.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename


def pyodide_environment(lock_info: dict) -> dict[str, str]:
    """PEP 508 marker values inside Pyodide, from the lock's `info` (python "3.14.2")."""
    full = lock_info["python"]
    env = default_environment()
    env.update({"python_version": ".".join(full.split(".")[:2]), "python_full_version": full,
                "sys_platform": "emscripten", "platform_system": "Emscripten",
                "platform_machine": "wasm32", "os_name": "posix",
                "implementation_name": "cpython", "platform_python_implementation": "CPython",
                "implementation_version": full, "platform_release": "", "platform_version": ""})
    return env


def requirements_of(wheel: Path, env: dict[str, str]) -> list[Requirement]:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(name).decode("utf-8"))
    found = []
    for line in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({**env, "extra": ""}):
            found.append(requirement)
    return found


def download(specs: list[str], dest: Path, python_version: str) -> None:
    # --no-deps: dependencies are followed above, with Pyodide's markers, not pip's.
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--platform", "any", "--implementation", "py",
                    "--abi", "none", "--python-version", python_version, "-d", str(dest), *specs],
                   check=True, stdout=subprocess.DEVNULL)


def main(lock_path: str, dest_dir: str, *roots: str) -> None:
    lock = json.loads(Path(lock_path).read_text(encoding="utf-8"))
    pinned = {canonicalize_name(p["name"]): p["version"] for p in lock["packages"].values()}
    env = pyodide_environment(lock["info"])
    dest = Path(dest_dir)
    dest.mkdir(parents=True, exist_ok=True)
    wanted = [Requirement(r) for r in roots]
    have: dict[str, Path] = {}
    while wanted:  # one pip call per level of the dependency tree
        level = {}
        for requirement in wanted:
            name = canonicalize_name(requirement.name)
            if name not in have and name not in level:
                version = pinned.get(name)
                level[name] = f"{name}=={version}" if version else name + str(requirement.specifier)
        if not level:
            break
        download(sorted(level.values()), dest, env["python_version"])
        for wheel in dest.glob("*.whl"):
            name = canonicalize_name(parse_wheel_filename(wheel.name)[0])
            if name in level:
                have[name] = wheel
        missing = sorted(set(level) - set(have))
        if missing:
            raise SystemExit(f"pip downloaded no wheel for {', '.join(missing)}")
        wanted = [r for name in level for r in requirements_of(have[name], env)]
    print(json.dumps({"wheels": sorted(p.name for p in have.values())}))


if __name__ == "__main__":
    main(*sys.argv[1:])
