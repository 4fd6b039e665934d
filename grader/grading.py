"""Library entry point for grading: files in, reports out (the CLI is a thin layer on this)."""

from __future__ import annotations

from pathlib import Path

from .core.report import Report
from .core.run import load_checks
from .course import Lab
from .runtimes.submission import Submission

RUNTIMES = ("pyodide", "python")


def submissions(lab: Lab, files: list[tuple[str, str]], checks: list | None = None
                ) -> list[Submission]:
    """(shown name, source) pairs as submissions to `lab`.

    The checks are loaded here (unless the caller has them), in this trusted process, only to
    learn their names and hints: a report from a sandbox must list exactly these.
    """
    checks_source = lab.checks_source()
    if checks is None:
        checks, _ = load_checks(checks_source, lab.slug)
    names = [fn.check_name for fn in checks]
    hints = [list(fn.check_hints) for fn in checks]
    return [Submission(lab=lab.slug, file=name, source=source, checks_source=checks_source,
                       check_names=names, check_hints=hints) for name, source in files]


def make_runtime(name: str, root: Path, timeout: float, workers: int = 2):
    if name == "python":
        from .runtimes.python import PythonRuntime

        return PythonRuntime(timeout=timeout, workers=workers)
    if name == "pyodide":
        from .runtimes.pyodide import PyodideRuntime

        return PyodideRuntime(root, timeout=timeout, workers=workers)
    raise ValueError(f"unknown runtime {name!r} (runtimes: {', '.join(RUNTIMES)})")


def grade(lab: Lab, files: list[tuple[str, str]], runtime) -> list[Report]:
    return runtime.grade(submissions(lab, files))
