"""`course autograder`: a Gradescope or PrairieLearn autograder for one lab."""

from __future__ import annotations

from pathlib import Path

import click

from .options import chosen_lab, load_course, root_option


@click.command("autograder")
@click.argument("engine", type=click.Choice(["gradescope", "prairielearn"]))
@click.argument("lab")
@click.option("--out", "out", type=click.Path(), default=None,
              help="gradescope: the zip to write (autograder.zip); prairielearn: the folder "
                   "to write (autograder): a new or empty one, or one it wrote before, which it replaces "
                   "as a whole.")
@root_option
def autograder_command(engine, lab, out, root):
    """Write an autograder for LAB: for Gradescope, a zip whose setup.sh installs the course,
    Node and Pyodide pinned as here and whose run_autograder grades /autograder/submission;
    for PrairieLearn, an external-grader image folder whose entrypoint grades /grade/student.
    Exit status 0 when it is written; 2, with nothing written, when it refuses.

    \b
    Example:
        course autograder gradescope 05-backward --out autograder.zip
        course autograder prairielearn 05-backward --out grader-image
    """
    from ..autograders.bundle import BundleError
    from ..autograders.gradescope import write_gradescope
    from ..autograders.prairielearn import write_prairielearn

    course = load_course(root)
    chosen = chosen_lab(course, lab)
    from ..checks_loading import ChecksBroken, load_lab_checks

    try:  # an engine would only find out at its build, or at a student's submission
        load_lab_checks(chosen)
    except ChecksBroken as exc:
        raise click.UsageError(f"no autograder was written: {exc} (`course check --lab "
                               f"{chosen.slug}` lists every problem of the lab)") from None
    write = write_gradescope if engine == "gradescope" else write_prairielearn
    target = Path(out or ("autograder.zip" if engine == "gradescope" else "autograder"))
    suffix = target.suffix.lower()
    if engine == "gradescope" and suffix != ".zip" and not target.exists():
        # a zip named ag.tar was written as asked, and read as a tar by whoever unpacked it;
        # `--out grader` wrote a zip named grader, which Gradescope's upload does not offer
        raise click.UsageError(f"--out {out}: Gradescope takes a .zip, and this would be a zip "
                               f"named {target.name}: name it {target.stem}.zip (nothing was "
                               "written)")
    archive = suffix in (".zip", ".tar", ".gz", ".tgz")
    if engine == "prairielearn" and archive and not target.exists():
        raise click.UsageError(f"--out {out}: PrairieLearn's autograder is a folder (an "
                               "image's build context), not an archive: name a folder, like "
                               f"{target.with_suffix('')} (nothing was written)")
    # Every refusal exits 2, as a usage error: nothing was written, whatever the reason.
    try:
        written = write(course, chosen, target)
    except BundleError as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:  # no right to write there, a file where a folder should be
        raise click.UsageError(f"no autograder was written: cannot write {target} "
                               f"({exc.strerror or type(exc).__name__}"
                               f"{': ' + str(exc.filename) if exc.filename else ''})") from None
    click.echo(f"wrote {written}: the {engine} autograder of lab {chosen.slug} "
               "(see docs/grading.md)")
