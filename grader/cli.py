"""The `course` command: a thin layer over the library (grading, self_check, scaffold).

Each command lives in its own module of grader/commands/; this group only names them.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import threading
import traceback
from contextlib import contextmanager

import click

from .authored import NotText
from .commands import autograder, build, check, grade, merge, new, serve, setup


EXIT_STATUS = """\b
Exit status, the same for every command:
  0  done, and whatever it judged passed
  1  a verdict: a graded file failed (grade, merge) or the course did (check)
  2  stopped: a usage error, a course it cannot use, a tool that failed, or Ctrl+C
     (`course grade` keeps what it graded before Ctrl+C, and names the rest)"""


class CourseCommands(click.Group):
    """Status 1 is only ever a verdict, which a command gives by exiting 1 itself (see
    EXIT_STATUS): every error that stops a command exits 2. A CI step that grades or checks
    can then tell "a file failed" from "nothing was graded" (`course build` exited 1 for a
    missing solution and 2 for checks that cannot load)."""

    def invoke(self, ctx):
        with one_ctrl_c():
            return self._invoke(ctx)

    def _invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except NotText as exc:  # a lesson, lab or checks file in another encoding
            error = click.ClickException(str(exc))
            error.exit_code = 2
            raise error from None
        except click.ClickException as exc:
            exc.exit_code = 2  # Click's own default is 1, which reads as a verdict
            raise
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise  # --help, and an end of input at a prompt: Click's own ways to end
        except KeyboardInterrupt:
            interrupted()
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # `course grade ... | head`: Click's quiet ending
                raise
            stopped()
        except Exception:
            stopped()


STOPPING = ("\ncourse: stopping already; one Ctrl+C is enough (`course grade` keeps the "
            "files it graded), and Ctrl+\\ ends it now, keeping nothing")


@contextmanager
def one_ctrl_c():
    """The first Ctrl+C stops the command (KeyboardInterrupt, as ever); any later one while it
    stops is said once and let be. A second press used to land in the stop itself: in the wait
    for grading lanes to end (Python's "Exception ignored ... threading" traceback, hosts left
    to end on their own) or while `course grade` wrote the files it had graded (all lost, and
    only "stopped by Ctrl+C before it finished"). Ctrl+\\ (SIGQUIT) still ends it at once."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield  # not the main thread, or Ctrl+C is already someone else's (a test's runner)
        return
    pressed = [0]

    def ctrl_c(signum, frame):
        pressed[0] += 1
        if pressed[0] == 1:
            raise KeyboardInterrupt
        if pressed[0] == 2:  # os.write: a buffered stream may be mid-write under this handler
            try:
                os.write(2, (STOPPING + "\n").encode())
            except OSError:
                pass

    signal.signal(signal.SIGINT, ctrl_c)
    try:
        yield
    finally:
        # Once stopped, the command is done and Python exits: a press now is let be (with a
        # handler of Python's own, one during Python's exit was a death by SIGINT, status 130).
        signal.signal(signal.SIGINT, signal.SIG_IGN if pressed[0] else signal.default_int_handler)


def interrupted() -> None:
    """Ctrl+C ended the command in Click's "Aborted!" and status 1, which a CI step or a
    script reads as "a graded file failed": a class stopped halfway read as a verdict. It
    is a stop (status 2), said as one; `course grade` says what of its batch is kept."""
    click.echo("\ncourse: stopped by Ctrl+C before it finished, so this is no verdict on "
               "any file (status 2)", err=True)
    sys.exit(2)


def stopped() -> None:
    """An error of the tool itself ended in a traceback and Python's status 1, which a CI
    step reads as "a graded file failed": the traceback stays (to report), the status is 2."""
    traceback.print_exc()
    click.echo("course: stopped by an error of its own (above), which is no verdict on any "
               "file: please report it with the traceback", err=True)
    sys.exit(2)


@click.group(cls=CourseCommands,
             commands=[grade.grade_command, merge.merge_command, autograder.autograder_command,
                       check.check_command, new.new_command, build.build_command,
                       serve.serve_command, setup.setup_command])
@click.version_option(package_name="autograd-course")
def main() -> None:
    """Build autograd from scratch: grade labs, check the course, scaffold lessons."""


main.help = f"{main.help}\n\n{EXIT_STATUS}"


if __name__ == "__main__":
    main()
