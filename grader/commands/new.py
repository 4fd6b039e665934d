"""`course new`: a new lesson and its lab, scaffolded with the next free number."""

from __future__ import annotations

import os
from pathlib import Path

import click

from .. import course as course_model
from .options import load_course, root_option


def course_here(root: str | None) -> str | None:
    """The course to write into: --course or $COURSE_ROOT, else the one the working directory
    is in. Grading from any folder may fall back to the course this package came from, but
    writing may not: from a fresh folder, `course new` wrote the lesson into that checkout
    (or, installed from a wheel, next to site-packages)."""
    if root or os.environ.get("COURSE_ROOT"):
        return root
    here = Path.cwd().resolve()
    found = course_model.find_root(here)
    if found != here and found not in here.parents:
        raise click.UsageError(
            f"{here} is in no course (no lessons/ and labs/ folders here or above it), and a "
            f"new lesson is written into a course: cd into your copy of the course, or name "
            f"it with --course DIR (nothing was written; it would have gone to {found})")
    return str(found)


@click.command("new")
@click.argument("slug")
@click.option("--title", default="", help="The lesson's title (default: from the slug).")
@root_option
def new_command(slug, title, root):
    """Scaffold lessons/NN-SLUG.md and labs/NN-SLUG/ with the next free number.

    \b
    Example:
        course new training --title "Training a tiny network"
    """
    from ..scaffold import ScaffoldError, scaffold

    course = load_course(course_here(root))
    try:
        created = scaffold(course, slug, title)
    except ScaffoldError as exc:
        raise click.UsageError(str(exc)) from None
    for path in created:
        click.echo(f"created {path}")
    click.echo("Next: write the lesson, the lab, then run `course check`.")
