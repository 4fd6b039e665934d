"""Library entry point for grading: files in, reports out (the CLI is a thin layer on this)."""

from __future__ import annotations

import threading
from pathlib import Path

from .checks_loading import load_lab_checks
from .core.report import Report
from .core.run import parts_of
from .course import Course, Lab
from .graded import REFUSED, Graded
from .intake.gather import Input, Piece, open_input
from .runtimes.submission import Submission
from .shards import Shard, ShardSpec, inputs_digest

RUNTIMES = ("pyodide", "python")


def submissions(lab: Lab, files: list[tuple[str, str]], checks: list | None = None
                ) -> list[Submission]:
    """(shown name, source) pairs as submissions to `lab`.

    The checks are loaded here (unless the caller has them), in this trusted process, only to
    learn their names and hints: a report from a sandbox must list exactly these.
    """
    checks_source = lab.checks_source()
    if checks is None:
        checks = load_lab_checks(lab)
    names = [fn.check_name for fn in checks]
    hints = [list(fn.check_hints) for fn in checks]
    parts = parts_of(checks)
    return [Submission(lab=lab.slug, file=name, source=source, checks_source=checks_source,
                       check_names=names, check_hints=hints, parts=parts)
            for name, source in files]


def make_runtime(name: str, root: Path, timeout: float, workers: int = 2):
    if name == "python":
        from .runtimes.python import PythonRuntime

        return PythonRuntime(timeout=timeout, workers=workers)
    if name == "pyodide":
        from .runtimes.pyodide import PyodideRuntime

        return PyodideRuntime(root, timeout=timeout, workers=workers)
    raise ValueError(f"unknown runtime {name!r} (runtimes: {', '.join(RUNTIMES)})")


def grade(lab: Lab, files: list[tuple[str, str]], runtime) -> list[Report]:
    return runtime.grade(submissions(lab, files))


class BatchStopped(Exception):
    """Ctrl+C stopped a batch: `graded` holds every piece graded before it (in the inputs'
    order, only inputs graded whole), `missing` the names of the inputs that were not, as
    given (to grade again)."""

    def __init__(self, graded: list[Graded], missing: list[str]):
        super().__init__(f"stopped with {len(missing)} file(s) not graded")
        self.graded = graded
        self.missing = missing


def grade_inputs(course: Course, inputs: list[Input], lab: str | None, runtime, runtime_name: str,
                 shard: ShardSpec | None = None, progress=None) -> list[Graded]:
    """Grade every input (or, with `shard`, only its share), in order, in one batch.

    `lab` None grades every lab each input holds (`--all`). A piece that cannot be graded
    fails on its own, with its reason; every other piece is graded all the same.
    `progress(graded, total)` is called (from any thread) as each piece's report comes.
    Ctrl+C (KeyboardInterrupt) raises BatchStopped with the pieces graded by then.
    """
    names = [item.name for item in inputs]
    chosen = [(position, item) for position, item in enumerate(inputs)
              if shard is None or shard.holds(item.name)]
    pieces: list[tuple[int, Piece]] = []
    reports: list[Report | None] = []
    digest = inputs_digest(names, lab) if shard else ""

    def kept(whole_only: bool = False) -> list[Graded]:
        # After a stop, only inputs every piece of which was graded: an export graded for two
        # of its three labs (--all) counted as graded, so a stopped shard's document passed
        # `course merge`'s count as complete, and grading that export again was "graded twice".
        cut = {position for (position, _), report in zip(pieces, reports) if report is None}
        return [Graded(report, piece.input,
                       Shard(shard.index, shard.count, len(names), digest, position)
                       if shard else None)
                for (position, piece), report in zip(pieces, reports)
                if report is not None and not (whole_only and position in cut)]

    try:
        for position, item in chosen:
            pieces += [(position, piece) for piece in open_input(item, set(course.labs), lab)]
        reports += [None] * len(pieces)
        _grade_pieces(course, [piece for _, piece in pieces], runtime, runtime_name, reports,
                      progress)
    except KeyboardInterrupt:
        # Named as given to `course grade` (an input, not a piece of one), once each, in the
        # run's order: what to grade again, and what `course merge` fills a shard's gaps with.
        graded = {position for (position, _), report in zip(pieces, reports)
                  if report is not None}
        cut = {position for (position, _), report in zip(pieces, reports) if report is None}
        missing = [item.name for position, item in chosen
                   if position in cut or position not in graded]
        raise BatchStopped(kept(whole_only=True), missing) from None
    return kept()


def _grade_pieces(course: Course, pieces: list[Piece], runtime, runtime_name: str,
                  reports: list[Report | None], progress=None) -> None:
    """Each piece's report into `reports`, in order, as it comes; the gradable pieces share
    one runtime batch."""
    templates: dict[str, Submission] = {}  # a lab's checks, loaded once

    def submission(slug: str, piece: Piece) -> Submission:
        if slug not in templates:
            templates[slug] = submissions(course.labs[slug], [("", "")])[0]
        template = templates[slug]
        return Submission(lab=slug, file=piece.file, source=piece.source or "",
                          checks_source=template.checks_source,
                          check_names=template.check_names, check_hints=template.check_hints,
                          parts=template.parts)

    count = [0]
    lock = threading.Lock()  # reports come from the runtime's lanes

    def came(index: int, report: Report) -> None:
        with lock:
            reports[index] = report
            count[0] += 1
            if progress is not None:
                progress(count[0], len(pieces))

    batch: list[tuple[int, Submission]] = []
    for index, piece in enumerate(pieces):
        if piece.lab is None:  # no lab to list checks for: a report with none, failed
            came(index, Report(lab="", file=piece.file, error=REFUSED + piece.error,
                               runtime=runtime_name))
        elif piece.source is None:
            report = submission(piece.lab, piece).failed(piece.error, runtime_name)
            report.error = REFUSED + piece.error  # the checks say "Not run: <why>"
            came(index, report)
        else:
            batch.append((index, submission(piece.lab, piece)))
    if batch:
        everything = runtime.grade([s for _, s in batch],
                                   done=lambda n, report: came(batch[n][0], report))
        for (index, _), report in zip(batch, everything):
            reports[index] = report  # the same report, unless a runtime had no `done` to call
