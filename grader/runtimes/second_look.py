"""A runtime whose doubtful verdicts are given again, each file alone: `course grade` and
`course check` grade through it, so neither blames a file for what a loaded machine did."""

from __future__ import annotations


class SecondLook:
    """A runtime whose files were stopped by the time limit, or whose grading process ended or
    went silent under them, are graded again, one at a time.

    The limit is time on the clock, so files graded side by side share the cores: with
    `--jobs 8` on two cores, 8 copies of lab 5's solution all failed "Your code ran for more
    than 2 s and was stopped. Look for a loop that never ends" (each ran in 0.3-0.8 s alone).
    A host can also go quiet past its limit, or end, on a machine loaded past its cores: an
    innocent file was once "stopped before it could report (the grading process ended)" at
    load 12. A file is only judged so once it has had the machine to itself (as far as this
    command decides), and a host that failed is never trusted to have been the file's doing
    without a second, fresh one; the second verdict stands, whatever it is."""

    def __init__(self, runtime) -> None:
        self.runtime = runtime
        self.again: list[str] = []  # stopped by the limit and graded again, for stderr
        self.hosts: list[str] = []  # their host failed and graded again, for stderr

    def grade(self, submissions: list, done=None) -> list:
        """As the runtime's grade; `done` hears of a report the time limit stopped (or whose
        host failed) only once its second verdict is in (a Ctrl+C between the two leaves that
        file not graded)."""
        beside = len(submissions) > 1 and self.runtime.workers > 1  # else alone already

        def looked_again(report) -> bool:
            return report.host_failed or (beside and report.interrupted)

        def first(index: int, report) -> None:
            if done is not None and not looked_again(report):
                done(index, report)

        reports = self.runtime.grade(submissions, done=first)
        stopped = [n for n, report in enumerate(reports) if looked_again(report)]
        if not stopped:
            return reports
        workers = self.runtime.workers
        self.runtime.workers = 1

        def second(index: int, report) -> None:
            if done is not None:
                done(stopped[index], report)

        try:  # one batch in one lane: a host per call would make each a cold start
            redone = self.runtime.grade([submissions[n] for n in stopped], done=second)
            for n, report in zip(stopped, redone):
                (self.hosts if reports[n].host_failed else self.again).append(submissions[n].file)
                reports[n] = report
        finally:
            self.runtime.workers = workers
        return reports

    def note(self, shown: int = 10) -> str | None:
        """The one line on stderr that names the files graded again and why (None if none
        were): `course grade` and `course check` both say it, in these words."""
        causes = []
        for files, why in ((self.again, "the time limit stopped while other files ran beside "
                                        "them"),
                           (self.hosts, "whose grading process ended or went silent, in a new one")):
            if files:
                more = " and more" if len(files) > shown else ""
                causes.append(f"{len(files)} file(s) {why} ({', '.join(files[:shown])}{more})")
        if not causes:
            return None
        return ("Graded again alone, and that verdict stands: "
                + "; ".join(causes) + ".")
