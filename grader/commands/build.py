"""`course build`: the static site, written to a folder."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..runtimes.node import SetupError
from .options import load_course, root_option


strict_option = click.option(
    "--strict/--no-strict", default=False, show_default=True,
    help="Fail, instead of warning, when a part (the JupyterLite notebooks) cannot be built.")


@click.command("build")
@click.option("--out", "out", type=click.Path(file_okay=False), default="_site", show_default=True,
              help="The folder to write the site to: new, empty, or a site built before "
                   "(replaced as a whole).")
@strict_option
@root_option
def build_command(out, strict, root):
    """Write the static site: lesson pages, labs, Pyodide and the front end.

    Deploy the folder on any static host that can send the headers in its _headers file.
    Exit status 2, with nothing built, when the course has problems (`course check` lists
    them), a step fails, or for a usage error (1 is only ever a verdict on graded files).

    \b
    Example:
        course build --out public
    """
    course = load_course(root)
    result = build_once(course, Path(out), strict)
    click.echo(f"Built {result.files} files ({result.bytes / 1e6:.1f} MB) into {result.out} "
               f"in {result.seconds:.1f} s.")


class Stopped(click.ClickException):
    """A build that stopped (the course's problems, a step that failed): status 2, as every
    command's error, since 1 means a graded file failed (`course --help` says the rule)."""

    exit_code = 2


SITE_MARKS = ("index.html", "_headers")  # in every site this command writes


def may_replace(out: Path, course_root: Path) -> None:
    """The site's folder is replaced as a whole, so it must be new, empty or a site built
    before: `--out .` in the course's clone swapped the clone (.git and all) for the site and
    deleted it, and `--out public` deleted whatever else public/ held."""
    target = out.resolve()
    here = Path.cwd().resolve()
    for kept, what in ((course_root.resolve(), "the course"), (here, "the working directory")):
        if target == kept or target in kept.parents:
            raise click.UsageError(f"--out {out} is {what}'s folder or holds it, and the site's "
                                   "folder is replaced as a whole: name a folder of its own, "
                                   "like _site (nothing was written or deleted)")
    if not target.is_dir():
        return
    held = sorted(entry.name for entry in os.scandir(target))
    if held and not all(mark in held for mark in SITE_MARKS):
        shown = ", ".join(held[:5]) + (" and more" if len(held) > 5 else "")
        raise click.UsageError(f"--out {out} holds files that are not a built site ({shown}), "
                               "and the site's folder is replaced as a whole: name a new or "
                               "empty folder, like _site (nothing was written or deleted)")


def build_once(course, out: Path, strict: bool):
    """Build the site (`course serve` too builds before serving); errors end the command."""
    from ..checks_loading import ChecksBroken
    from ..site_builder.math import MathError
    from ..site_builder.site import BuildError, build_site
    from ..runtimes.node import pyodide_dir

    may_replace(out, course.root)
    try:
        pyodide = pyodide_dir(course.root)
        result = build_site(course, out, pyodide=pyodide, node_modules=pyodide.parent,
                            strict=strict)
    except BuildError as exc:
        if isinstance(exc.__cause__, ChecksBroken):
            # The course's fault, said as `course grade` and `course autograder` say it.
            raise click.UsageError(f"no site was built: {exc.__cause__} (`course check` lists "
                                   "every problem of the course)") from None
        raise Stopped(str(exc)) from None
    except (MathError, SetupError) as exc:
        raise Stopped(str(exc)) from None
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    return result
