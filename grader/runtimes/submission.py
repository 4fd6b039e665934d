"""A submission to grade, and the reports the runtimes write when the checker could not."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

from ..core.learner_errors import TIMEOUT  # noqa: F401 (the runtimes' word for it)
from ..core.report import CheckResult, Part, Report
from ..core.run import NOT_RUN

# The grader core as the sealed interpreter receives it: these files and nothing else.
CORE = Path(__file__).resolve().parent.parent / "core"


@dataclass
class Submission:
    lab: str
    file: str
    source: str
    checks_source: str
    check_names: list[str]  # read in the trusted process: a report must list exactly these
    check_hints: list[list[str]]
    parts: list[Part] = field(default_factory=list)  # lab.yaml's, read in the trusted process

    def job(self, runtime: str) -> dict:
        return {"lab": self.lab, "file": self.file, "source": self.source,
                "checks_source": self.checks_source, "runtime": runtime}

    def failed(self, error: str, runtime: str, seconds: float = 0.0) -> Report:
        """A report written by the trusted side: every check failed, with the reason."""
        checks = [CheckResult(name=n, passed=False, message="Not run: " + error, hints=list(h),
                              cause=NOT_RUN) for n, h in zip(self.check_names, self.check_hints)]
        return Report(lab=self.lab, file=self.file, checks=checks, error=error,
                      runtime=runtime, seconds=seconds, parts=self._parts())

    def accept(self, report: Report, runtime: str) -> Report:
        """Keep a report only if it is about this file and lists exactly this lab's checks."""
        names = [c.name for c in report.checks]
        if report.lab != self.lab or report.file != self.file or names != self.check_names:
            return self.failed(TAMPERED, runtime, report.seconds)
        report.parts = self._parts()  # how its checks are grouped is the lab's to say, too
        return report

    def _parts(self) -> list[Part]:
        return [Part(p.title, list(p.checks)) for p in self.parts]


TAMPERED = ("This submission tried to reach the grading machine: its report did not match "
            "the lab's checks, so it fails.")
REACHED = ("This submission tried to reach the grading machine ({detail}), so it fails. "
           "Labs need only plain Python.")
# The checks' side ends a job whose learner code runs too long (TIMEOUT, with its line); when
# the host must end one instead, the checks themselves were running: a fault of the checks
# (say, a loop in a check), which neither the learner nor `course check` should read as theirs.
CHECKS_TIMEOUT = ("Grading stopped after {timeout:g} s while the lab's checks were running, not "
                  "your code: the checks did not finish. Your file fails this time; if you think "
                  "it is right, tell whoever runs the course (the checks may need fixing).")
OVER_LIMIT = ("Your code went over a limit of the grading machine ({detail}) and was stopped; "
              "it fails. A lab needs little memory and prints little.")
CRASHED = ("The Python interpreter running your code stopped before it could report ({detail}). "
           "This happens when a submission exits the interpreter, exhausts its memory, or tries "
           "to reach the grading machine; it fails.")


def core_sources(packages: tuple[str, ...] = ("core",)) -> dict[str, str]:
    """The grader core's files (and any other stdlib-only subpackages asked for, such as the
    browser's `capstone`), keyed by their path inside a `grader` package."""
    files = {"grader/__init__.py": ""}
    for package in packages:
        for path in sorted((CORE.parent / package).glob("*.py")):
            files[f"grader/{package}/{path.name}"] = path.read_text(encoding="utf-8")
    return files


def new_token() -> str:
    return secrets.token_hex(16)
