"""`course check`: every lab's solution must pass, every starter must fail, and every known
mistake must fail its named check with its targeted message — graded for real.

Like a compiler, it reads everything first and reports every problem with file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import authored, lab_checks, lab_config
from .checks_loading import ChecksBroken, load_lab_checks
from .core.report import Report
from .course import Course, Lab, Problem
from .grading import submissions


@dataclass
class LabOutcome:
    lab: str
    graded: int = 0
    others: int = 0  # other labs' starting code graded against this lab's checks
    problems: list[Problem] = field(default_factory=list)
    cases: list[tuple[str, list[Problem]]] = field(default_factory=list)  # for JUnit


@dataclass
class Expectation:
    """What must happen to one graded file."""

    path: Path
    kind: str  # "solution", "alternative", "starter", "mistake", or one of CARRIED's
    fails: str = ""
    message: str = ""
    line: int = 1
    message_line: int = 1
    source: str | None = None  # graded instead of the file's text (a composed starting point)
    graded_by: str = ""        # the lab whose checks grade it, when not its own

    def describe(self) -> str:
        if self.kind == "mistake":
            return f"{self.path.name} fails {self.fails!r} with its message"
        if self.kind in CARRIED:
            return CARRIED[self.kind].format(name=self.path.name, lab=self.graded_by)
        verb = "fails" if self.kind == "starter" else "passes"
        return f"{self.kind} {self.path.name} {verb}"


# What lab.yaml's files must do (lab_config.py), graded like the rest. The first word of
# each says whether the file must pass ("passes") or fail.
CARRIED = {
    "provided": "provided {name} passes {lab}, the lab it stands in for",
    "start": "provided + extend ({name}) fails this lab: a starting point, not an answer",
    "elsewhere": "{name} fails {lab}: no page's starting code passes any lab",
}


def _silent_checks(wanted: Expectation, report: Report) -> list[Problem]:
    """A check that fails must say why: an empty message helps no learner."""
    return [Problem(wanted.path, 1, f"check {c.name!r} failed this file without a message: "
                                    "raise CheckFailed(\"what is wrong and why\")")
            for c in report.checks if not c.passed and c.message.strip() in ("", "This check failed.")]


def expectations(lab: Lab) -> list[Expectation]:
    wanted = [Expectation(lab.solution, "solution"), Expectation(lab.starter, "starter")]
    wanted += [Expectation(p, "alternative") for p in lab.alternatives]
    wanted += [Expectation(m.path, "mistake", m.fails, m.message, m.line, m.message_line) for m in lab.mistakes]
    return [w for w in wanted if w.path.is_file()]


def check_course(course: Course, runtime, only: str | None = None
                 ) -> tuple[list[LabOutcome], list[Problem]]:
    """Grade everything in one batch; return per-lab outcomes and the course's problems.
    With `only` (a lab's slug), grade that lab's files, the course's starting code against
    its checks and its starting code against the other labs', and keep only the problems in
    its folder or its lesson page; every lab's checks are still loaded, since `builds_on`
    and the starting code need them."""
    if only is not None:
        pages = {lesson.path for lesson in course.lessons if lesson.lab == only}
        folder = course.labs[only].folder
        problems = [p for p in course.problems
                    if p.path in pages or p.path == folder or folder in p.path.parents]
    else:
        problems = list(course.problems)
    plan: list[tuple[Lab, Expectation]] = []
    batch = []
    outcomes = {}
    loaded: dict[str, list] = {}  # each lab's checks, loaded once: a broken file costs its timeout once
    for lab in course.labs.values():
        outcomes[lab.slug] = LabOutcome(lab.slug)
        if not lab.checks_files():
            continue
        checks = _lab_checks(lab, outcomes[lab.slug].problems, loaded)
        if checks is None:
            continue
        if only is not None and lab.slug != only:
            continue
        names = [fn.check_name for fn in checks]
        wanted = expectations(lab)
        for w in wanted:
            if w.kind == "mistake" and w.fails not in names:
                outcomes[lab.slug].problems.append(Problem(
                    w.path, w.line, f"'# fails: {w.fails}' names no check of this lab "
                                    f"(checks: {', '.join(names)})"))
        files = [(str(w.path), authored.read(w.path)) for w in wanted]
        batch += submissions(lab, files, checks)
        plan += [(lab, w) for w in wanted]
    for lab, wanted, checks in _carried(course, outcomes, loaded, only):
        files = [(str(wanted.path), wanted.source if wanted.source is not None
                  else authored.read(wanted.path))]
        batch += submissions(lab, files, checks)
        plan.append((lab, wanted))
    reports = runtime.grade(batch) if batch else []
    for (lab, wanted), report in zip(plan, reports):
        outcome = outcomes[only or lab.slug]  # with `only`, its starter graded elsewhere too
        if wanted.kind == "elsewhere":
            outcome.others += 1
        else:
            outcome.graded += 1
        found = _judge(wanted, report) + _silent_checks(wanted, report)
        outcome.problems += found
        outcome.cases.append((wanted.describe(), found))
    if only is not None:
        return [outcomes[only]], problems
    return list(outcomes.values()), problems


def _carried(course: Course, outcomes: dict, loaded: dict[str, list], only: str | None = None):
    """(lab that grades, expectation, its checks) for lab.yaml's files and every starter
    against every other lab whose checks loaded; problems with lab.yaml itself go to the
    lab's outcome."""
    order = list(course.labs)
    for lab in course.labs.values():
        config = lab.config
        if config is None or lab.slug not in loaded:
            continue
        if only is not None and lab.slug != only:
            # Only this lab's checks grading the other labs' starting code.
            starting = [p for p in (lab.starter, config.extend) if p is not None and p.is_file()]
            if only in loaded:
                for path in starting:
                    yield (course.labs[only], Expectation(path, "elsewhere", graded_by=only),
                           loaded[only])
            continue
        names = [fn.check_name for fn in loaded[lab.slug]]
        earlier = order[:order.index(lab.slug)]
        outcomes[lab.slug].problems += [Problem(p.path, p.line, p.message)
                                        for p in lab_config.problems(config, names, earlier)]
        base = config.builds_on if config.builds_on in loaded and config.builds_on in earlier else ""
        if base and config.provided:
            yield course.labs[base], Expectation(config.provided, "provided", graded_by=base), loaded[base]
            if config.extend:
                start = (authored.read(config.provided) + "\n\n"
                         + authored.read(config.extend))
                yield lab, Expectation(config.provided, "start", source=start,
                                       graded_by=lab.slug), loaded[lab.slug]
        starting = [p for p in (lab.starter, config.extend) if p is not None and p.is_file()]
        for other in course.labs.values():
            if other.slug not in loaded or (only is not None and other.slug != only
                                            and lab.slug != only):
                continue
            for path in starting:
                if other is lab and path == lab.starter:
                    continue  # the starter's own lab is judged with the rest
                yield other, Expectation(path, "elsewhere", graded_by=other.slug), loaded[other.slug]


def _lab_checks(lab: Lab, problems: list[Problem], loaded: dict[str, list]) -> list | None:
    """The lab's checks, after making sure every check can be shown to a learner (kept in
    `loaded` whenever they load at all). Lines are the author's: a file of checks/ and its own
    line, not the joined source's."""
    source = lab.joined_checks()
    try:
        checks = loaded[lab.slug] = load_lab_checks(lab)
    except ChecksBroken as exc:
        problems.append(Problem(exc.path, exc.line, exc.message))
        return None
    if not checks:
        problems.append(Problem(lab.checks, 1, f"{lab.checks.name} defines no check: mark functions "
                                               "with @check(\"name\", \"hint\", ...)"))
        return None
    names = [fn.check_name for fn in checks]
    for fn in checks:
        path, line = source.where(fn.__code__.co_firstlineno)
        if not isinstance(fn.check_name, str) or not fn.check_name.strip():
            problems.append(Problem(path, line, f"check {fn.__name__} has no name"))
        if not fn.check_hints or not all(isinstance(h, str) and h.strip() for h in fn.check_hints):
            problems.append(Problem(path, line, f"check {fn.check_name!r} has no hint: give "
                                                "@check a name and at least one hint"))
        if names.count(fn.check_name) > 1:
            problems.append(Problem(path, line, f"two checks are named {fn.check_name!r}"))
    found = lab_checks.part_problems(source, lab.config, checks) + lab_checks.rebound_names(source)
    problems += [Problem(p.path, p.line, p.message) for p in found]
    return checks


def _judge(wanted: Expectation, report: Report) -> list[Problem]:
    where = wanted.path
    if wanted.kind in ("solution", "alternative"):
        if report.passed:
            return []
        failed = [c for c in report.checks if not c.passed]
        why = report.error or (f"{failed[0].name!r}: {failed[0].message}" if failed else "")
        return [Problem(where, 1, f"the {wanted.kind} must pass every check, but it fails: {why}")]
    if wanted.kind in CARRIED:
        must_pass = wanted.kind == "provided"
        if report.passed == must_pass:
            return []
        failed = [c for c in report.checks if not c.passed]
        why = report.error or (f"{failed[0].name!r}: {failed[0].message}" if failed else "")
        if must_pass:
            return [Problem(wanted.path, 1, f"{wanted.describe()} — but it fails: {why}")]
        return [Problem(wanted.path, 1, f"{wanted.describe()} — but it passes every check of "
                                        f"{wanted.graded_by}")]
    if wanted.kind == "starter":
        if report.passed:
            return [Problem(where, 1, "the starter already passes every check: leave the work "
                                      "for the learner (a TODO that fails)")]
        return []
    if report.passed:
        return [Problem(where, wanted.line, f"this mistake passes every check: the lab has no "
                                            f"check that catches it (expected {wanted.fails!r} "
                                            "to fail)")]
    named = [c for c in report.checks if c.name == wanted.fails]
    if report.error and not named:
        return [Problem(where, 1, f"this mistake did not run: {report.error}")]
    if not named:
        return []  # already reported: '# fails:' names no check
    result = named[0]
    if result.passed:
        failed = ", ".join(repr(c.name) for c in report.checks if not c.passed)
        return [Problem(where, wanted.line, f"expected to fail {wanted.fails!r}, which passes "
                                            f"(it fails {failed or 'nothing else'} instead)")]
    first = next(c for c in report.checks if not c.passed)
    if first is not result:
        return [Problem(where, wanted.line, f"expected {wanted.fails!r} to be the first check that "
                                            f"fails, but {first.name!r} fails before it: "
                                            f"{first.message!r}")]
    if wanted.message not in result.message:
        return [Problem(where, wanted.message_line, f"{wanted.fails!r} fails, but its message does not "
                                                f"contain {wanted.message!r}; it says: "
                                                f"{result.message!r}")]
    return []
