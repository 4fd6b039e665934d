"""The `course` command: a thin layer over the library (grading, self_check, scaffold).

Each command lives in its own module of grader/commands/; this group only names them.
"""

from __future__ import annotations

import click

from .authored import NotText
from .commands import autograder, build, check, grade, merge, new, serve, setup


class CourseCommands(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except NotText as exc:  # a lesson, lab or checks file in another encoding
            error = click.ClickException(str(exc))
            error.exit_code = 2  # as a usage error: 1 means "a graded file failed"
            raise error from None


@click.group(cls=CourseCommands,
             commands=[grade.grade_command, merge.merge_command, autograder.autograder_command,
                       check.check_command, new.new_command, build.build_command,
                       serve.serve_command, setup.setup_command])
@click.version_option(package_name="autograd-course")
def main() -> None:
    """Build autograd from scratch: grade labs, check the course, scaffold lessons."""


if __name__ == "__main__":
    main()
