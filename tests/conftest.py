"""Shared fixtures: the real course in this repository, and ways to run the real CLI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader import course as course_model

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def course():
    return course_model.load(ROOT)


def course_command() -> list[str]:
    """The installed `course` console script (the contract), next to this Python."""
    script = Path(sys.executable).parent / "course"
    if script.exists():
        return [str(script)]
    found = shutil.which("course")
    return [found] if found else [sys.executable, "-m", "grader.cli"]


def run_course(*args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 600):
    return subprocess.run(course_command() + list(args), cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})
