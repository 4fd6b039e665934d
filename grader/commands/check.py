"""`course check`: every lab's solution, starter and mistakes graded for real, or
(--mutants) how many slips in a solution the checks catch."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import authored
from ..grading import RUNTIMES, make_runtime
from ..runtimes.node import SetupError
from ..runtimes.second_look import SecondLook
from .emit import check_results_path
from .options import TIMEOUT, load_course, root_option


@click.command("check")
@click.option("--runtime", type=click.Choice(RUNTIMES), default="pyodide", show_default=True)
@click.option("--timeout", type=TIMEOUT, default=10.0, show_default=True)
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the results as JUnit XML to this file, for CI systems.")
@click.option("--mutants", "mutants", is_flag=False, flag_value="all", default=None,
              metavar="[LAB]", help="Mutation-test the hidden checks of every lab (or LAB, its "
                                    "number, slug or folder): score and surviving mutants.")
@click.option("--lab", "only", default=None, metavar="LAB",
              help="Check only this lab (its number, slug or folder) and its lesson page.")
@root_option
def check_command(runtime, timeout, junit_path, mutants, only, root):
    """Grade every lab's solution (must pass), starter (must fail) and mistakes (must fail
    their named check first, with their message). Exit status 1 on any surprise; 2 when a
    lab file is not readable text, or for a usage error.

    \b
    Example:
        course check
        course check --runtime python --junit check-results.xml
        course check --lab 6 --runtime python
        course check --mutants 05-backward --runtime python
    """
    import time

    from ..self_check import check_course

    started = time.perf_counter()
    check_results_path(junit_path, "--junit")  # before minutes of grading, not after
    _not_replacing_other_files(junit_path)
    course = load_course(root)
    if mutants not in (None, "all"):
        mutants = _lab_slug(course, mutants, "--mutants")  # a number too, as --lab takes
    if only is not None:
        only = _lab_slug(course, only)
        if mutants == "all":  # `--lab 6 --mutants`: that lab's mutants, not every lab's
            mutants = only
        elif mutants is not None and mutants != only:  # one of them was quietly dropped
            raise click.UsageError(f"--lab {only} and --mutants {mutants} name two labs: give "
                                   f"one (course check --mutants {mutants})")
    if mutants is not None:
        from ..checks_loading import ChecksBroken
        from ..mutants import check_mutants

        try:
            lines, ok = check_mutants(course, mutants, make_runtime(runtime, course.root, timeout))
        except KeyError as exc:
            raise click.UsageError(str(exc.args[0])) from None
        except SetupError as exc:
            raise click.UsageError(f"cannot grade in {runtime}: {exc}") from None
        except ChecksBroken as exc:  # it ended in a traceback
            raise click.UsageError(f"no mutant was graded: {exc} (`course check` lists every "
                                   "problem of the course)") from None
        click.echo("\n".join(lines))
        sys.exit(0 if ok else 1)
    try:
        # Through a second look, as `course grade`: a right file stopped by the time limit beside
        # others, or under a grading process that failed, is no problem of the course.
        looked = SecondLook(make_runtime(runtime, course.root, timeout))
        outcomes, problems = check_course(course, looked, only)
    except SetupError as exc:
        raise click.UsageError(f"cannot grade in {runtime}: {exc}") from None
    note = looked.note()
    if note:  # their second verdicts are the ones judged
        click.echo(note, err=True)
    if junit_path:
        from ..junit import write_junit

        write_junit(Path(junit_path), outcomes, list(problems), time.perf_counter() - started)
    content_problems = list(problems)
    for outcome in outcomes:
        folder = course.labs[outcome.lab].folder
        broken = outcome.problems or any(folder in p.path.parents or p.path == folder
                                         for p in content_problems)
        mark = click.style("FAIL", fg="red") if broken else click.style("ok", fg="green")
        others = f" (and {outcome.others} other labs' starting code)" if outcome.others else ""
        click.echo(f"{mark:>4}  {outcome.lab}: {outcome.graded} files graded in {runtime}{others}")
        problems += outcome.problems
    for problem in problems:
        click.echo(f"{problem}", err=True)
    if only is not None:
        click.echo(f"{only}: {len(problems)} problem(s) (only this lab was checked).")
    else:
        lessons = len(course.lessons)
        click.echo(f"{lessons} lessons, {len(course.labs)} labs, {len(problems)} problem(s).")
    # A file that could not be read was graded nowhere: 2, as `course grade` and `course build`
    # exit for it, though every other problem is said too.
    unreadable = any(p.message.startswith(authored.NOT_TEXT) for p in problems)
    sys.exit(2 if unreadable else 1 if problems else 0)


def _not_replacing_other_files(junit_path: str | None) -> None:
    """`--junit labs/01-graphs/solution.py` (a slip of tab completion) replaced the reference
    solution with XML: a file already there is replaced only when it is a JUnit report."""
    if junit_path is None or not Path(junit_path).is_file():
        return
    with open(junit_path, "rb") as handle:
        start = handle.read(512).lstrip(b"\xef\xbb\xbf \t\r\n")
    if start and not start.startswith((b"<?xml", b"<testsuites", b"<testsuite")):
        raise click.UsageError(f"--junit {junit_path} holds something other than a JUnit "
                               "report, and writing would replace it: name a new file, like "
                               "check-results.xml (nothing was graded or written)")


def _lab_slug(course, name: str, option: str = "--lab") -> str:
    """--lab's (or --mutants') lab: a number (6 or 06), a slug or a lab folder."""
    if name.isdigit():
        found = [slug for slug in course.labs if slug.split("-", 1)[0].lstrip("0") == name.lstrip("0")]
        if len(found) == 1:
            return found[0]
        if found:  # it said "no lab named '6'", listing both labs that have number 6
            raise click.BadParameter(
                f"lab number {name} is taken by {' and '.join(found)}: name one by its slug "
                "(and give each lab a number of its own)", param_hint=f"'{option}'")
    try:
        return course.lab(name).slug
    except KeyError as exc:
        raise click.BadParameter(str(exc.args[0]), param_hint=f"'{option}'") from None
