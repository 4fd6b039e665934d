"""Writing a graded document (`course grade`, `course merge`): to stdout, or to a file with
one line about it on stdout."""

from __future__ import annotations

from pathlib import Path

import click


def emit(output_format: str, graded: list, results_path: str | None) -> None:
    """Write the document to stdout, or to a file with one line about it on stdout."""
    from ..formats import render

    document = render(output_format, graded)
    if results_path is None and output_format == "gradescope":
        results_path = "results.json"  # where Gradescope's autograder reads it, relative
    if results_path is None:
        click.echo(document, nl=False)
        return
    target = Path(results_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(document, encoding="utf-8")
    passed = sum(g.report.passed for g in graded)
    click.echo(f"{passed} of {len(graded)} file(s) passed; wrote {results_path}")
