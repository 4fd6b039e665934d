"""The grade report: what a check run found, as dataclasses with JSON.

This is the only thing the browser worker, the Node host and the CLI exchange with the
checker. `to_json` uses its own small encoder built from functions captured at import time,
because the report is written after learner code has run in the same interpreter and
learner code can rebind module attributes such as `json.dumps` or `json._default_encoder`.
"""

from __future__ import annotations

import json
from _json import encode_basestring_ascii as _quote  # C function: cannot be rebound
from dataclasses import dataclass, field

_repr_float = float.__repr__
_isfinite = __import__("math").isfinite


@dataclass
class CheckResult:
    """One hidden check: its learner-facing name, verdict, message and hints."""

    name: str
    passed: bool
    message: str = ""
    hints: list[str] = field(default_factory=list)
    # What made it fail, when one thing can fail several checks: the learner's error
    # ("NotImplementedError: … (line 40 of your file)"), "stopped" or "not run"; else "".
    cause: str = ""

    def to_dict(self) -> dict:
        return {"name": self.name, "passed": self.passed, "message": self.message,
                "hints": list(self.hints), "cause": self.cause}


@dataclass
class Part:
    """One of a lab's parts, as its lab.yaml orders them: a title and its checks' names."""

    title: str
    checks: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"title": self.title, "checks": list(self.checks)}


@dataclass
class Report:
    """The verdict on one submission.

    `error` explains a submission that could not be checked at all (syntax error, time limit,
    a blocked attempt to reach the grading machine); `stdout`/`stderr` hold what the learner's
    code printed, kept apart from the verdict and truncated.
    """

    lab: str
    file: str
    checks: list[CheckResult] = field(default_factory=list)
    error: str = ""
    stdout: str = ""
    stderr: str = ""
    runtime: str = ""
    seconds: float = 0.0
    interrupted: bool = False  # Stop or a time limit ended the run before every check ran
    # Said by the trusted side only, never read from a report's JSON nor written to it: the
    # grading process ended or went silent while this file was graded, which a loaded machine
    # can do to any file (`course grade` and `course check` grade it again alone:
    # runtimes/second_look.py).
    host_failed: bool = field(default=False, compare=False, repr=False)
    # The lab's parts (lab.yaml), which the page and the notebooks group the checks by.
    # Empty for a lab in one piece.
    parts: list[Part] = field(default_factory=list)

    @property
    def max_score(self) -> int:
        return len(self.checks)

    @property
    def score(self) -> int:
        return sum(1 for c in self.checks if c.passed is True)

    @property
    def passed(self) -> bool:
        # Derived, never stored: nothing can set a report to passed except its checks.
        return not self.error and bool(self.checks) and self.score == self.max_score

    @property
    def open_part(self) -> int:
        """The index of the first part with a check that does not pass, where the learner
        is; -1 when every part passes or the lab has none. Derived, like `passed`."""
        passed = {c.name for c in self.checks if c.passed is True}
        return next((index for index, part in enumerate(self.parts)
                     if any(name not in passed for name in part.checks)), -1)

    def to_dict(self) -> dict:
        return {
            "lab": self.lab,
            "file": self.file,
            "passed": self.passed,
            "score": self.score,
            "max_score": self.max_score,
            "checks": [c.to_dict() for c in self.checks],
            "error": self.error,
            "stdout": self.stdout,
            "stderr": self.stderr,
            "runtime": self.runtime,
            "seconds": round(self.seconds, 4),
            "interrupted": self.interrupted,
            "parts": [p.to_dict() for p in self.parts],
            "open_part": self.open_part,
        }

    def to_json(self) -> str:
        return encode(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict) -> Report:
        checks = [
            CheckResult(name=str(c["name"]), passed=c["passed"] is True,
                        message=str(c.get("message", "")),
                        hints=[str(h) for h in c.get("hints", [])],
                        cause=str(c.get("cause", "")))
            for c in data.get("checks", [])
        ]
        return cls(lab=str(data["lab"]), file=str(data["file"]), checks=checks,
                   error=str(data.get("error", "")), stdout=str(data.get("stdout", "")),
                   stderr=str(data.get("stderr", "")), runtime=str(data.get("runtime", "")),
                   seconds=float(data.get("seconds", 0.0)),
                   interrupted=data.get("interrupted") is True,
                   parts=_parts(data.get("parts")))

    @classmethod
    def from_json(cls, text: str) -> Report:
        return cls.from_dict(json.loads(text))


def _parts(value) -> list[Part]:
    """Parts read back from JSON; anything not shaped like them reads as none."""
    if type(value) is not list:
        return []
    parts = []
    for item in value:
        if (type(item) is not dict or type(item.get("title")) is not str
                or type(item.get("checks")) is not list
                or any(type(name) is not str for name in item["checks"])):
            return []
        parts.append(Part(item["title"], list(item["checks"])))
    return parts


def encode(value) -> str:
    """JSON for the plain data of a report (dict, list, str, int, float, bool, None)."""
    kind = type(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        return _repr_float(value) if _isfinite(value) else "null"
    if kind is str:
        return _quote(value)
    if kind is list or kind is tuple:
        return "[" + ", ".join([encode(v) for v in value]) + "]"
    if kind is dict:
        return "{" + ", ".join([_quote(str(k)) + ": " + encode(v) for k, v in value.items()]) + "}"
    raise TypeError(f"cannot encode {kind.__name__} in a report")
