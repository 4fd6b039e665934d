"""`course new`: a new lesson and its lab, scaffolded with the next free number."""

from __future__ import annotations

import click

from .options import load_course, root_option


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

    course = load_course(root)
    try:
        created = scaffold(course, slug, title)
    except ScaffoldError as exc:
        raise click.UsageError(str(exc)) from None
    for path in created:
        click.echo(f"created {path}")
    click.echo("Next: write the lesson, the lab, then run `course check`.")
