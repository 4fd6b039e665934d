"""`course grade`: learners' files, folders and export zips against a lab's hidden checks."""

from __future__ import annotations

import os
import shlex
import sys

import click

from ..formats import FORMATS
from ..grading import RUNTIMES, BatchStopped, grade_inputs, make_runtime
from ..runtimes.node import SetupError
from ..runtimes.second_look import SecondLook
from .emit import emit, results_file
from .options import TIMEOUT, PathsCommand, chosen_lab, load_course, root_option


def default_jobs() -> int:
    """Every core this process may use (both, on the course's machines)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


SKIPPED_SHOWN = 10

# Memory one Pyodide lane may hold: a host is ~370 MB resident once booted and peaks at
# ~530 MB after a few files of lab 5 (VmHWM, measured 2026-12-07; it was counted as 150 MB,
# so a machine with 1.2 GB available got 4 lanes, ~2.1 GB), and a second starts while an unfit
# one is replaced. `--jobs 64` on a laptop asked for 64 of them at once, ~30 GB, with nothing
# said. tests/test_cli.py reads a real host's peak against this.
LANE_MB = 700


def available_mb() -> int | None:
    """MiB this machine can give without swapping (Linux's MemAvailable), None if unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def jobs_within_memory(jobs: int, available: int | None) -> int:
    """As many lanes as asked, but no more than the memory available holds (at least one)."""
    if available is None:
        return jobs
    return max(1, min(jobs, available // LANE_MB))


class Progress:
    """"graded 12 of 300" on stderr, rewritten in place, when stderr is a terminal (a class
    graded for minutes said nothing until its end). Elsewhere (a CI job's log) a line at each
    tenth of a batch of LOGGED files or more, and nothing for a smaller one, so its log holds
    only the document and the notes: a class of 1000 files said nothing for a quarter of an
    hour, which reads as a hang, and a CI service that ends a job silent for 10 minutes
    ended it."""

    LOGGED = 100

    def __init__(self) -> None:
        self.shown = sys.stderr.isatty()
        self.said = False
        self.tenths = 0  # of the batch, said in a log

    def __call__(self, graded: int, total: int) -> None:
        if self.shown and total > 1:
            sys.stderr.write(f"\rgraded {graded} of {total} file(s)")
            sys.stderr.flush()
            self.said = True
        elif not self.shown and total >= self.LOGGED and graded < total:
            tenths = graded * 10 // total
            if tenths > self.tenths:
                self.tenths = tenths
                sys.stderr.write(f"course grade: graded {graded} of {total} file(s)\n")
                sys.stderr.flush()

    def clear(self) -> None:
        if self.said:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.said = False


def again_command(lab: str | None, missing: list[str], runtime: str, trusted: bool,
                  timeout: float, root: str | None) -> str:
    """The `course grade` of the inputs a stopped run (or shard) did not grade, as this one
    was asked but without --shard, to paste: every input, whatever the note shows of them (a
    stop 150 files into 300 named ten "and 140 more", leaving the rest to be found by hand)."""
    words = ["course", "grade", lab or "--all", *missing, "--json"]
    if runtime != "pyodide":
        words += ["--runtime", runtime]
    if trusted:
        words.append("--trusted")
    if timeout != 10.0:
        words += ["--timeout", f"{timeout:g}"]
    if root:
        words += ["--course", root]
    return shlex.join(words) + " > rest.json"


def stopped_note(graded: int, missing: list[str], written: str, shard=None,
                 again: str = "") -> str:
    """What a Ctrl+C kept: the files graded (as in any run, where the document goes) and the
    names of those not graded, to grade again; with --shard, how they join the shards."""
    if not graded:
        return (f"course grade: stopped by Ctrl+C before any file was graded: no grade is kept "
                f"({written}); grade again to have them")
    shown = ", ".join(missing[:SKIPPED_SHOWN])
    more = f" and {len(missing) - SKIPPED_SHOWN} more" if len(missing) > SKIPPED_SHOWN else ""
    return (f"course grade: stopped by Ctrl+C: the {graded} file(s) graded are kept ({written}); "
            f"{len(missing)} file(s) were not graded and are in no report: {shown}{more}. "
            + (f"This document of shard {shard} is not the whole shard: grade those again "
               f"without --shard, by the same paths:\n    {again}\nand `course merge` the "
               "shards with rest.json; merging the shards without it is refused, as a shard "
               "is missing files."
               if shard is not None else
               f"Grade those again, by the same paths (all {len(missing)}, not only the "
               f"ones shown):\n    {again}\nand, if this run wrote --json too, `course merge` "
               "its document with rest.json: the two documents together, as one run's."))


def twice_note(graded) -> str | None:
    """One line naming the learners an LMS's download holds more than one file of, for one
    lab (a second download unzipped beside the first, a late resubmission): each file is
    graded in its own row, and the gradebook's reader must know which rows are one learner."""
    from ..intake.gather import learner_of

    files: dict[tuple[str, str, str], list[str]] = {}
    for piece in graded:
        who = learner_of(piece.input)
        if who is not None and piece.report.lab:
            named = files.setdefault((*who, piece.report.lab), [])
            if piece.input not in named:
                named.append(piece.input)
    twice = [(key, names) for key, names in files.items() if len(names) > 1]
    if not twice:
        return None
    shown = "; ".join(f"{who} ({lms}), lab {lab}: {', '.join(names)}"
                      for (who, lms, lab), names in twice[:SKIPPED_SHOWN])
    more = f"; and {len(twice) - SKIPPED_SHOWN} more" if len(twice) > SKIPPED_SHOWN else ""
    return (f"Graded, each in its row: {len(twice)} learner(s) handed in more than one file for "
            "a lab (an LMS download given twice, or a late resubmission): keep the row your "
            f"course counts. {shown}{more}.")


def checks_own_errors_note(course, graded) -> str | None:
    """One line per check that raised an error of its own while grading (no line of the
    graded file was running: its message names none), with the check's file and line: every
    learner read "Your code raised an error" and failed it, and nothing told the instructor
    that the fault was the checks'. (Not one of the labs' 480 mistakes makes a check do so:
    the checks call a learner's code through attempt(), which places its errors.)"""
    from ..lab_checks import check_lines
    from ..self_check import checks_own_error, checks_stalled

    hit: dict[tuple[str, str], list[str]] = {}
    for piece in graded:
        for c in piece.report.checks:
            error = checks_own_error(c)
            if error is not None:
                files = hit.setdefault((piece.report.lab, c.name), [])
                files.append(piece.input)
                if len(files) == 1:
                    files.insert(0, error)
    # A lab's checks that never finished: in Pyodide the checks' interpreter did not answer;
    # in CPython a check was running with no line of the file under it (as `course check`
    # tells them apart), which the learner read as "Your code ran for more than 10 s".
    stalled: dict[str, list[str]] = {}
    for piece in graded:
        report = piece.report
        if checks_stalled(report):
            stalled.setdefault(report.lab, []).append(piece.input)
    if not hit and not stalled:
        return None
    lines = [f"The checks' own fault, not the learners': the checks of lab {lab} did not finish "
             f"within the time limit in {len(files)} file(s) ({_some(files)}), which failed "
             "with \"the checks did not finish\". A check that loops? `course check --lab "
             f"{lab} --runtime python` names it; then grade them again."
             for lab, files in stalled.items()]
    for (lab, name), (error, *files) in hit.items():
        where = ""
        if lab in course.labs:
            path, line = check_lines(course.labs[lab].joined_checks()).get(name, (None, 0))
            if path is not None:
                where = f" ({_relative(path, course.root)}:{line})"
        lines.append(f"The checks' own error, not the learners': check {name!r}{where} of lab "
                     f"{lab} raised {error[:200]} with no line of the graded file running, in "
                     f"{len(files)} file(s) ({_some(files)}), which read \"Your code raised an "
                     f"error\" and failed it. Fix the check (`course check --lab {lab}` says "
                     "more) and grade them again.")
    return "\n".join(lines)


def _relative(path, root) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def skipped_note(skipped: list[str], inputs: list) -> str:
    """The lines naming the files folders held but that were not graded, so a learner who
    handed in `05-backward.py.txt` is not missing from the grades without a word. Blackboard's
    receipts (one per attempt) are counted apart, or a class's receipts hid that learner; an
    attempt with nothing but its receipt is a learner with nothing graded, named as such."""
    from ..intake.gather import blackboard_receipts

    beside, alone, rest = blackboard_receipts(skipped, inputs)
    lines = []
    if beside:
        lines.append(f"Not graded: {len(beside)} Blackboard receipt(s) (…_attempt_….txt), each "
                     "beside its attempt's own file(s).")
    if alone:
        lines.append(f"Nothing graded for {len(alone)} Blackboard attempt(s) that hold only a "
                     "receipt (no file was handed in; its Submission Field may hold their "
                     f"work): {_some(alone)}.")
    if rest:
        lines.append(f"Not graded, and in no report: {len(rest)} file(s) in the folders that "
                     f"are not .py, .zip or .ipynb: {_some(rest)}. If one is a learner's work "
                     "saved under another name, rename it and grade it.")
    return "\n".join(lines)


def _some(names: list[str]) -> str:
    more = f" and {len(names) - SKIPPED_SHOWN} more" if len(names) > SKIPPED_SHOWN else ""
    return ", ".join(names[:SKIPPED_SHOWN]) + more


@click.command("grade", cls=PathsCommand)
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
@click.option("--timeout", type=TIMEOUT, default=10.0, show_default=True,
              help="Seconds each file may run.")
@click.option("--jobs", type=click.IntRange(min=1), default=default_jobs(), show_default=True,
              help="Files graded at once, each in a fresh interpreter (default: every core).")
@click.option("--shard", "shard_text", default=None, metavar="K/N",
              help="Grade only the K-th of N stable, disjoint shares of the inputs.")
@root_option
def grade_command(args, all_labs, as_json, output_format, results_path, runtime, trusted, timeout,
                  jobs, shard_text, root):
    """Grade files, notebooks, learners' export zips and folders (every .py, .zip and .ipynb
    inside) against LAB's hidden checks; with --all, every lab each export holds.

    LAB is a slug or a lab folder. A bad input (a symlink, a FIFO, a zip without the lab, a
    file that is not UTF-8) fails on its own with the reason; the rest are graded. Exit
    status: 0 when every file passes, 1 when any fails, 2 when nothing was graded (a usage
    error, checks that cannot load, a runtime that cannot start).

    \b
    Example:
        course grade 05-backward my_value.py
        course grade 05-backward submissions/ --json > grades.json
        course grade --all exports/ --shard 2/4 --json > shard-2.json
        course grade 05-backward /autograder/submission --format gradescope \\
            --results /autograder/results/results.json
        course grade 05-backward solution.py --runtime python --trusted
    """
    from ..checks_loading import ChecksBroken
    from ..intake.gather import MissingPath, collect
    from ..shards import ShardSpec

    if as_json and output_format not in ("text", "json"):  # text is the default, not a choice
        raise click.UsageError(f"--json is --format json, and --format {output_format} asks "
                               "for another document: give one of them")
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
        # A lab among the paths, first (`--all 05-backward exports/`) or last, as a LAB typed
        # after the paths reads: it said only "no such file or folder: 05-backward".
        labs = load_course(root).labs if any(not os.path.lexists(p) for p in paths) else {}
        named = next((p for p in paths if p in labs and not os.path.lexists(p)), None)
        if named is not None:
            raise click.UsageError(f"--all grades every lab each export holds: give no LAB "
                                   f"(drop {named}, or drop --all to grade only that lab)")
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
    results_path = results_file(output_format, results_path, paths)
    course = load_course(root)
    slug = None
    if lab_name is not None:
        swapped = next((p for p in paths if p in course.labs and not os.path.lexists(p)), None)
        if swapped is not None and lab_name not in course.labs and os.path.isfile(lab_name):
            # `course grade my.py 05-backward` said only "no lab named 'my.py'"
            raise click.UsageError(f"LAB comes first, then the paths: course grade {swapped} "
                                   f"{lab_name} ... ({lab_name} is a file, {swapped} a lab)")
        slug = chosen_lab(course, lab_name).slug
    if runtime == "pyodide":
        available = available_mb()
        fitting = jobs_within_memory(jobs, available)
        if fitting < jobs:  # on stderr: every format's document stays what its reader expects
            click.echo(f"Grading {fitting} file(s) at once, not {jobs}: each Pyodide lane may "
                       f"hold ~{LANE_MB} MB and this machine has {available} MB available.",
                       err=True)
            jobs = fitting
    skipped: list[str] = []
    repeated: list[str] = []
    beside: list[str] = []  # a git repository's code beside its lab file (GitHub Classroom)
    progress = Progress()
    try:
        inputs = collect(paths, skipped, repeated, set(course.labs), beside)
        looked = SecondLook(make_runtime(runtime, course.root, timeout, jobs))
        graded = grade_inputs(course, inputs, slug, looked, runtime, shard, progress)
    except MissingPath as exc:
        raise click.UsageError(str(exc)) from None
    except (KeyboardInterrupt, BatchStopped) as exc:
        # What was graded before the stop is kept, as pytest keeps the tests it ran: written
        # where the document goes, in the inputs' order, and the files not graded are named.
        # Status 2 (stopped), never 1, which a script reads as "a file failed".
        progress.clear()
        kept = getattr(exc, "graded", [])
        if kept:
            emit(output_format, kept, results_path)
            written = f"written to {results_path}" if results_path else "on stdout"
        else:
            written = (f"{results_path} is as it was" if results_path is not None
                       else "nothing was printed")
        missing = getattr(exc, "missing", [])
        again = again_command(None if all_labs else lab_name, missing, runtime, trusted,
                              timeout, root)
        click.echo("\n" + stopped_note(len(kept), missing, written, shard, again), err=True)
        sys.exit(2)
    except ChecksBroken as exc:  # the course's fault, not a file's: nothing is graded
        raise click.UsageError(f"no file was graded: {exc} "
                               "(`course check` lists every problem of the course)") from None
    except SetupError as exc:
        raise click.UsageError(f"cannot grade in {runtime}: {exc}") from None
    except OSError as exc:
        # Inputs are read without raising (a bad one is a failed report), so this is the
        # runtime itself: Node missing or not executable, or a host that died before it took
        # its first job (a broken pipe, which Click would otherwise turn into a silent exit 1,
        # the status of "a file failed", with nothing on stdout).
        what = getattr(exc, "strerror", None) or exc.__class__.__name__
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        raise click.UsageError(
            f"cannot grade in {runtime}: its process could not be started or ended at once "
            f"({what}{where}); run `course setup`, and check COURSE_NODE if it is set") from None
    finally:
        progress.clear()  # before the document, or a usage error's line
    emit(output_format, graded, results_path)
    if skipped:  # on stderr: every format's document stays what its reader expects
        click.echo(skipped_note(skipped, inputs), err=True)
    twice = twice_note(graded)
    if twice:  # on stderr: every format's document stays what its reader expects
        click.echo(twice, err=True)
    if beside:  # on stderr: every format's document stays what its reader expects
        click.echo(f"Not graded, and in no report: {len(beside)} file(s) in git repositories "
                   f"beside a lab's file (a repository's own code: its tests, its scripts): "
                   f"{', '.join(beside[:SKIPPED_SHOWN])}"
                   f"{' and more' if len(beside) > SKIPPED_SHOWN else ''}. If one is a "
                   "learner's lab, grade it by its path.", err=True)
    note = looked.note(SKIPPED_SHOWN)
    if note:  # on stderr: every format's document stays what it was
        click.echo(note, err=True)
    own = checks_own_errors_note(course, graded)
    if own:  # on stderr: every format's document stays what its reader expects
        click.echo(own, err=True)
    if repeated:
        click.echo(f"Graded once, where first given: {len(repeated)} path(s) named a file again, "
                   f"{', '.join(repeated[:SKIPPED_SHOWN])}"
                   f"{' and more' if len(repeated) > SKIPPED_SHOWN else ''}.", err=True)
    sys.exit(0 if all(g.report.passed for g in graded) else 1)
