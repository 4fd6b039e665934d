"""A graded piece of a class's work: the checker's Report, plus where it came from.

This is what the output formats read and what `course merge` reads back from `--json`: the
report's own fields, `input` (the path or export it came from) and, in a sharded run,
`shard`. Whether the file loaded at all is derived from the error the trusted side wrote:
it decides PrairieLearn's `gradable` and JUnit's error-versus-failure.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core.report import Report
from .core.run import NOT_RUN
from .shards import Shard

# The openings of the errors for a file that never loaded: the grader's own refusals (see
# grader/intake) and the checker's syntax and import-time errors (grader/core/run.py).
NOT_LOADED = ("Not graded: ", "Python could not read your file", "Your file could not be read",
              "Running your file failed")
REFUSED = "Not graded: "


@dataclass
class Graded:
    report: Report
    input: str
    shard: Shard | None = None

    @property
    def loaded(self) -> bool:
        """Whether the file loaded: no error, or one that came after a check had run. A file
        its time limit stopped as it loaded (a loop outside any function) says so in words a
        stop inside a check shares, and every check of it is "not run": JUnit showed seven
        failures reading "your file could not be loaded (see above)", with no above there."""
        report = self.report
        if not report.error:
            return True
        if report.error.startswith(NOT_LOADED):
            return False
        return any(c.cause != NOT_RUN for c in report.checks)

    def to_dict(self) -> dict:
        data = self.report.to_dict()
        data["input"] = self.input
        if self.shard is not None:
            data["shard"] = self.shard.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Graded:
        """Raises KeyError, TypeError or ValueError for a document that is not a report."""
        if not isinstance(data, dict) or not isinstance(data.get("checks", []), list):
            raise TypeError("not a report")
        shard = data.get("shard")
        return cls(report=Report.from_dict(data), input=str(data.get("input", data["file"])),
                   shard=Shard.from_dict(shard) if shard is not None else None)
