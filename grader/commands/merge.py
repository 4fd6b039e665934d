"""`course merge`: the --json outputs of several `course grade` runs joined into one document."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..formats import FORMATS
from .emit import emit, results_file
from .options import PathsCommand


@click.command("merge", cls=PathsCommand)
@click.argument("documents", nargs=-1, required=True,
                type=click.Path(dir_okay=False, exists=True))
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="json",
              show_default=True, help="The document to write from the merged reports.")
@click.option("--json", "as_json", is_flag=True,
              help="--format json (the default), as `course grade --json` says it.")
@click.option("--results", "results_path", type=click.Path(dir_okay=False), default=None,
              help="Write the document to this file, not stdout.")
@click.option("--regraded", "regraded", multiple=True,
              type=click.Path(dir_okay=False, exists=True),
              help="A later `course grade --json` of some of the files: its reports replace "
                   "theirs (repeatable).")
def merge_command(documents, output_format, as_json, results_path, regraded):
    """Join the --json outputs of `course grade` runs (the shards of a class) into one.

    Refuses, with the reason, a file graded twice and a missing shard. --regraded puts a
    later grading of some files in the place of theirs, and refuses one that matches no file
    of the class. Exit status: 0 when every file passes, 1 when any fails, 2 when the
    documents cannot be merged.

    \b
    Example:
        course merge shard-*.json > grades.json
        course merge shard-*.json --format junit --results grades.xml
        course merge grades.json --regraded bob.json > grades-2.json
    """
    from ..merge import MergeError, merge, read_document, regrade

    if as_json and output_format != "json":  # `course merge a.json b.json --json` was refused
        raise click.UsageError(f"--json is --format json, and --format {output_format} asks "
                               "for another document: give one of them")
    results_path = results_file(output_format, results_path, (*documents, *regraded))
    try:
        graded = merge([read_document(Path(path)) for path in documents])
        if regraded:
            graded = regrade(graded, [read_document(Path(path)) for path in regraded])
    except MergeError as exc:
        raise click.UsageError(str(exc)) from None
    emit(output_format, graded, results_path)
    sys.exit(0 if all(g.report.passed for g in graded) else 1)
