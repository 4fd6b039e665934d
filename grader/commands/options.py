"""What every command shares: the --course option, and loading the course it names."""

from __future__ import annotations

import os
from pathlib import Path

import click

from .. import course as course_model

root_option = click.option("--course", "root", type=click.Path(file_okay=False, exists=True),
                           help="The course folder (default: found from the working directory).")


class Seconds(click.FloatRange):
    """A time limit in seconds, from 0.1 to a day. `--timeout nan` passed a plain FloatRange and
    failed every file, a right one too, as "said nothing within its time limit"; `--timeout inf`
    ended in a traceback from the thread that waits for a file."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0.1, max=24 * 3600)

    def convert(self, value, param, ctx):
        seconds = super().convert(value, param, ctx)
        if seconds != seconds:  # NaN: no comparison with the bounds fails for it
            self.fail(f"{value!r} is not a number of seconds (give one from 0.1 to 86400)",
                      param, ctx)
        return seconds


TIMEOUT = Seconds()


def load_course(root: str | None) -> course_model.Course:
    return course_model.load(Path(root).resolve() if root else course_model.find_root())


def chosen_lab(course: course_model.Course, name: str) -> course_model.Lab:
    """LAB as given (a slug or a lab folder), or a usage error offering the lab a number or a
    bare name meant: `course grade 5 …` said only "no lab named '5'"."""
    from ..lab_config import near_lab

    try:
        return course.lab(name)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0]) + near_lab(name, list(course.labs))) from None


class PathsCommand(click.Command):
    """A command whose arguments are paths: a learner's file named like an option (`-x.py`,
    `--json.py`, as a glob like `*.py` can hand it over) is told how to be given, not only
    "No such option '-x'", which reads as the instructor's slip."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        given_args = list(args)  # the parser consumes the list it is given
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            given = next((arg for arg in given_args if arg.startswith(exc.option_name)
                          and arg.startswith("-") and os.path.lexists(arg)), None)
            if given is None:
                raise
            raise click.UsageError(
                f"{given} is a file, but its name reads as an option: write it as ./{given} "
                f"(and a glob as ./*.py), or put -- after the options, before the paths "
                f"(`course {self.name} ... -- {given}`)",
                ctx) from None
