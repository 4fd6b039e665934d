"""Writing a graded document (`course grade`, `course merge`): to stdout, or to a file with
one line about it on stdout."""

from __future__ import annotations

import os
from pathlib import Path

import click


GRADED_SUFFIXES = (".py", ".zip", ".ipynb")  # what a folder given to `course grade` holds for it


def check_results_path(results_path: str | None, option: str = "--results",
                       inputs: tuple[str, ...] | list[str] = ()) -> None:
    """Refuse, before anything is graded, a --results file that cannot be written (its folder
    is a file, or read-only): a class graded for minutes ended in a traceback, its grades lost.
    Refuse too one of the inputs, or a file a folder among them would hand in: `--results
    good.py` replaced a learner's file with the grades."""
    if results_path is None:
        return
    target = Path(results_path).absolute()
    for given in inputs:
        if os.path.lexists(target) and os.path.exists(given) and os.path.samefile(target, given):
            raise click.UsageError(f"{option} {results_path} is one of the inputs ({given}): "
                                   "writing there would replace it; name a new file")
        if (target.suffix.lower() in GRADED_SUFFIXES and os.path.isdir(given)
                and target.resolve().is_relative_to(Path(given).resolve())):
            raise click.UsageError(f"{option} {results_path} is inside {given}, among the files "
                                   "it hands in to grade: writing there could replace a "
                                   "learner's file; name a file outside it, or one not ending "
                                   f"in {', '.join(GRADED_SUFFIXES)}")
    like = "check-results.xml" if option == "--junit" else "grades.json"
    if target.suffix.lower() in GRADED_SUFFIXES and os.path.lexists(target):
        # no document is a .py, .zip or .ipynb: `--results labs/05-backward/solution.py`
        # replaced the lab's reference solution with the grades
        raise click.UsageError(f"{option} {results_path} is a {target.suffix} file already, and "
                               "writing there would replace it with the grades: name a new "
                               f"file, like {like} (nothing was graded or written)")
    folder = target.parent
    while not os.path.lexists(folder):
        folder = folder.parent
    if not folder.is_dir():
        raise click.UsageError(f"{option} {results_path} cannot be written: {folder} is a "
                               "file, not a folder")
    if not os.access(target if target.exists() else folder, os.W_OK):
        raise click.UsageError(f"{option} {results_path} cannot be written: no permission "
                               f"to write {target if target.exists() else folder}")


GRADESCOPE_DEFAULT = "results.json"  # where Gradescope's autograder reads it, relative


def results_file(output_format: str, results_path: str | None,
                 inputs: tuple[str, ...] | list[str] = ()) -> str | None:
    """--results, or the file a format is written to without it (gradescope: results.json in
    the working folder), checked before anything is graded. That unnamed file replaced any
    results.json there, a JSON of the instructor's own say: one that is not Gradescope's
    results is kept, and the command refused."""
    if results_path is None and output_format == "gradescope":
        target = Path(GRADESCOPE_DEFAULT)
        if os.path.lexists(target) and not _gradescope_results(target):
            raise click.UsageError(f"--format gradescope writes {GRADESCOPE_DEFAULT} in the "
                                   "working folder without --results, and the one there is not "
                                   "Gradescope's results (it would be replaced): name the file "
                                   "with --results (nothing was graded or written)")
        results_path = GRADESCOPE_DEFAULT
    check_results_path(results_path, inputs=inputs)
    _matching_suffix(output_format, results_path)
    return results_path


# The documents a --results file's name promises, and the option that writes the first.
SUFFIX_FORMATS = {".csv": ("csv",), ".json": ("json", "gradescope", "prairielearn"),
                  ".xml": ("junit",)}
FORMAT_OPTION = {"csv": "--format csv", "json": "--json", "junit": "--format junit"}


def _matching_suffix(output_format: str, results_path: str | None) -> None:
    """`--results grades.csv` without --format wrote the text report there, said "wrote
    grades.csv", and exited 0: refused before grading, with the option that writes it."""
    suffix = Path(results_path).suffix.lower() if results_path else ""
    formats = SUFFIX_FORMATS.get(suffix)
    if formats is None or output_format in formats:
        return
    raise click.UsageError(f"--results {results_path} names a {suffix[1:]} file, but the "
                           f"document is {output_format}: give {FORMAT_OPTION[formats[0]]} "
                           "to write it, or name a file for this document (nothing was "
                           "graded or written)")


def _gradescope_results(path: Path) -> bool:
    import json

    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(document, dict) and "tests" in document and "score" in document


def emit(output_format: str, graded: list, results_path: str | None) -> None:
    """Write the document to stdout, or to a file with one line about it on stdout."""
    from ..formats import render

    document = render(output_format, graded)
    if results_path is None and output_format == "gradescope":
        results_path = GRADESCOPE_DEFAULT
    if results_path is None:
        click.echo(document, nl=False)
        return
    target = Path(results_path)
    # The text format's PASSED and FAILED are coloured for a terminal, where click.echo
    # strips the colours when stdout is not one; a file is never one, so they go here too.
    # (A learner's own control characters are escapes in the text by now, so only these go.)
    document = click.unstyle(document)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(document, encoding="utf-8")
    except OSError as exc:  # what check_results_path could not foresee (a full disk)
        click.echo(document, nl=False)
        click.echo(f"Error: --results {results_path} could not be written "
                   f"({exc.strerror or type(exc).__name__}); the document is on stdout "
                   "instead, so nothing graded is lost", err=True)
        raise SystemExit(2) from None
    passed = sum(g.report.passed for g in graded)
    click.echo(f"{passed} of {len(graded)} file(s) passed; wrote {results_path}")
