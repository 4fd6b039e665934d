"""A lab's checks loaded in this process (course check, grade, build), bounded in time.

The commands load the instructor's checks here to learn their names and hints. Nothing else
bounds this process: a checks file whose top level loops (a `while` that never ends while
building test data) hung `course check` with no word. Here it ends, after LOAD_SECONDS, in
ChecksTooSlow raised inside the loop, so the traceback names the checks file's line.
In Pyodide and in grading runtimes the job's own time limit covers the same code.
"""

from __future__ import annotations

import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from . import authored
from .core.run import load_checks

if TYPE_CHECKING:
    from .course import Lab

LOAD_SECONDS = 10.0


class ChecksTooSlow(Exception):
    pass


def load_on_host(source: str, slug: str) -> tuple[list, dict]:
    """load_checks(source, slug), stopped after LOAD_SECONDS where a timer can interrupt it."""
    seconds = LOAD_SECONDS
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        return load_checks(source, slug)  # no timer here (a thread, Windows): as before

    def stop(signum, frame):
        raise ChecksTooSlow(f"loading the checks took more than {seconds:g} s: look for a loop "
                            "that never ends at the top level of a checks file")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return load_checks(source, slug)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class ChecksBroken(Exception):
    """A lab's checks cannot be loaded: the author's file and line, and what went wrong."""

    def __init__(self, path: Path, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


def load_lab_checks(lab: Lab) -> list:
    """The lab's checks in order, or ChecksBroken at the line of the author's file (a file of
    checks/ and its own line, not the joined source's)."""
    if not lab.checks_files():
        unread = lab.config.unread if lab.config is not None else None
        if unread is not None:  # checks/ in an order lab.yaml cannot give
            raise ChecksBroken(unread.path, unread.line, unread.message)
        raise ChecksBroken(lab.checks, 1, f"lab {lab.slug} has no checks: add checks.py (or a "
                                          "checks/ folder)")
    source = lab.joined_checks()
    for piece in source.pieces:  # a syntax error is its own file's, even at a file's end
        try:
            compile(authored.read(piece.path), str(piece.path), "exec")
        except SyntaxError as exc:
            raise ChecksBroken(piece.path, exc.lineno or 1, f"{piece.path.name} cannot be "
                                                            f"loaded: SyntaxError: {exc.msg}") from exc
    try:
        return load_on_host(source.text, lab.slug)[0]
    except Exception as exc:  # an instructor's checks: say where, do not crash
        line = (exc.lineno if isinstance(exc, SyntaxError) else None) or _checks_line(exc, lab.slug)
        path, line = source.where(line or 1)
        raise ChecksBroken(path, line, f"{path.name} cannot be loaded: "
                                       f"{type(exc).__name__}: {exc}"
                                       + _beside_the_checks(exc, lab)) from exc


def _beside_the_checks(exc: Exception, lab: Lab) -> str:
    """Why a module the author sees right beside the checks cannot be imported, or "".

    The checks run as one source in every host (the page, course grade, the notebooks, the
    autograders), with no folder of the lab on the import path: an author who moved helpers
    into expected.py read only "No module named 'expected'" next to the file."""
    if not isinstance(exc, ModuleNotFoundError) or not exc.name:
        return ""
    top = exc.name.split(".")[0]
    for folder in (lab.folder, lab.folder / "checks"):
        for there in (folder / f"{top}.py", folder / top):
            if there.exists():
                shown = there.relative_to(lab.folder.parent.parent).as_posix()
                return (f". {shown} is beside the checks, but the checks run as one file in "
                        "every host (the page, course grade, the notebooks, the autograders), "
                        "where no other file of the lab can be imported: put its code in the "
                        "checks, or split them into a checks/ folder and list shared files under "
                        "`helpers:` in lab.yaml (docs/authoring.md)")
    return ""


def _checks_line(exc: BaseException, slug: str) -> int | None:
    """The last line of the joined checks the traceback passed through."""
    tb, line = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == f"<checks of {slug}>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
