"""What every command shares: the --course option, and loading the course it names."""

from __future__ import annotations

from pathlib import Path

import click

from .. import course as course_model

root_option = click.option("--course", "root", type=click.Path(file_okay=False, exists=True),
                           help="The course folder (default: found from the working directory).")


def load_course(root: str | None) -> course_model.Course:
    return course_model.load(Path(root).resolve() if root else course_model.find_root())
