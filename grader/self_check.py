"""`course check`: every lab's solution must pass, every starter must fail, and every known
mistake must fail its named check with its targeted message — graded for real.

Like a compiler, it reads everything first and reports every problem with file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import authored, lab_checks, lab_config
from .checks_loading import ChecksBroken, load_lab_checks
from .core.learner_errors import TIMEOUT, UNPLACED
from .core.report import Report
from .core.run import stopped_check
from .course import Course, Lab, Problem
from .grading import submissions
from .runtimes.submission import CHECKS_TIMEOUT


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


RAISED = "Your code raised an error during this check: "


def checks_own_error(c) -> str | None:
    """The error a failed check raised itself, no line of the graded file running (its
    message places none), which a learner reads as "Your code raised an error"; else None.
    `course check` says it at the check's line, `course grade` to the instructor."""
    if c.passed or not c.message.startswith(RAISED) or "of your file)" in c.message:
        return None
    return c.message[len(RAISED):]


def _check_slips(wanted: Expectation, report: Report, where: dict, seen: set) -> list[Problem]:
    """What a check did wrong while grading this file, each said once per check, at the
    check's own line: failing without a message (an empty message helps no learner), and
    raising an error of its own (no line of the graded file was running, yet the learner
    would read "Your code raised an error")."""
    found = []
    for c in report.checks:
        if c.passed or c.name not in where:
            continue
        path, line = where[c.name]
        if c.message.strip() in ("", "This check failed.") and ("silent", c.name) not in seen:
            seen.add(("silent", c.name))
            found.append(Problem(path, line, f"check {c.name!r} failed {wanted.path.name} without "
                                             "a message: raise CheckFailed(\"what is wrong and why\")"))
        said = checks_own_error(c)
        if said is not None and ("raised", c.name) not in seen:
            seen.add(("raised", c.name))
            # "raised TypeError: ...", but a SystemExit is said in a learner's words ("your
            # code exited: ..."), and "raised your code exited" read as a broken sentence
            if not re.match(r"[A-Za-z_][\w.]*(: |$)", said):
                said = f"an error that a learner reads as \"{said}\""
            # pytest's habit: an `assert` in a check is the check's own error, not a failure
            instead = (": an assert in a check is an error of the check's own; to fail, raise "
                       "CheckFailed(\"what is wrong and why\")"
                       if said.startswith("AssertionError") else "")
            found.append(Problem(path, line, (
                f"check {c.name!r} raised {said} itself while grading "
                f"{wanted.path.name}, with no line of that file running: a bug in the check, "
                f"which a learner would read as \"Your code raised an error\"{instead}")))
    return found


def _pattern(template: str) -> re.Pattern:
    return re.compile(re.escape(template).replace(re.escape("{timeout:g}"), r"[0-9.e+-]+")
                      .replace(re.escape("{check}"), ".+"))


# A time limit that ended the checks' own code, not the graded file's: in Pyodide the checks'
# interpreter did not answer (the host ended it); in CPython the file's code was not running
# (a stop inside the file says its line), or the child was ended from outside in a check,
# where the checks and the file share one interpreter and no one can tell whose code it was
# (UNPLACED; in Pyodide those words mean the file's own side did not answer: the file's fault).
CHECKS_STALLED = _pattern(CHECKS_TIMEOUT)
OUTSIDE_THE_FILE = _pattern(TIMEOUT)
ENDED_IN_A_CHECK = _pattern(UNPLACED)


def _outside_the_file(report: Report) -> bool:
    return bool(OUTSIDE_THE_FILE.fullmatch(report.error) or (
        report.runtime == "python" and ENDED_IN_A_CHECK.fullmatch(report.error)))


def checks_stalled(report: Report) -> bool:
    """Whether a time limit ended the checks' own code, not the graded file's (see above)."""
    return bool(CHECKS_STALLED.fullmatch(report.error)) or (
        _outside_the_file(report) and stopped_check(report) is not None)


def _stalled_checks(lab: Lab, wanted: Expectation, report: Report, where: dict,
                    seen: set) -> list[Problem] | None:
    """The problem, said once per lab at the checks' own line, when a time limit ended the
    checks' own code while grading `wanted` (None when it did not): such a file was not
    graded, so nothing else is said of it. A check that loops forever was blamed on
    solution.py:1 ("the solution must pass every check"), and on every mistake's message."""
    if CHECKS_STALLED.fullmatch(report.error):
        # checks.py, or the checks/ folder: not its first file (a helpers file, say)
        files = lab.checks_files()
        stopped, (path, line) = None, (files[0] if len(files) == 1 else lab.checks, 1)
    elif _outside_the_file(report) and stopped_check(report) in where:
        stopped = stopped_check(report)
        path, line = where[stopped]
    elif _outside_the_file(report) and wanted.kind in ("solution", "alternative"):
        # Ended from outside before it could say where: the file or a check, no one can tell.
        # "Your code ran for more than 1 s" told the author the solution loops.
        seconds = report.error.split(" s ", 1)[0].rsplit(" ", 1)[-1]
        return [Problem(wanted.path, 1, (
            f"the {wanted.kind} must pass every check, but grading it was stopped after "
            f"{seconds} s before it could say where: a loop in {wanted.path.name} or in a "
            "check never ends"))]
    else:
        return None
    if ("stalled", stopped) in seen:
        return []
    seen.add(("stalled", stopped))
    seconds = report.error.split(" s ", 1)[0].rsplit(" ", 1)[-1]
    if stopped is None:
        return [Problem(path, line, (
            f"the lab's checks did not finish within {seconds} s while grading "
            f"{wanted.path.name}, and no line of that file was running: a check loops forever "
            f"or waits; `course check --lab {lab.slug} --runtime python` names the check"))]
    return [Problem(path, line, (
        f"check {stopped!r} was stopped after {seconds} s while grading {wanted.path.name}, and "
        "no line of that file was running: a loop in the check that never ends"))]


def _unfailed(lab: Lab, where: dict, judged: list[tuple[Expectation, Report]]) -> list[Problem]:
    """A check that the starter and every mistake pass: nothing shows it can fail."""
    wrong = [report for wanted, report in judged if wanted.kind in ("starter", "mistake")
             and not report.error]
    if not wrong:
        return []
    failed = {c.name for report in wrong for c in report.checks if not c.passed}
    return [Problem(path, line, f"check {name!r} passes the starter and every mistake: nothing "
                                "shows it can fail; add a mistake it must catch (mistakes/*.py), "
                                "or leave the starter failing it")
            for name, (path, line) in where.items() if name not in failed]


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
        # The lab's page names it in `lab:`, or by its own file name when that is misspelt.
        pages = {lesson.path for lesson in course.lessons
                 if lesson.lab == only or lesson.path.stem == only}
        folder = course.labs[only].folder
        problems = [p for p in course.problems
                    if p.path in pages or p.path == folder or folder in p.path.parents]
    else:
        problems = list(course.problems)
    plan: list[tuple[Lab, Expectation]] = []
    batch = []
    outcomes = {}
    loaded: dict[str, list] = {}  # each lab's checks, loaded once: a broken file costs its timeout once
    where: dict[str, dict] = {}  # each lab's checks by name: the file and line that define them
    unreadable: set[Path] = set()  # files not in UTF-8, each said once and graded nowhere
    for lab in course.labs.values():
        outcomes[lab.slug] = LabOutcome(lab.slug)
        if not lab.checks_files():
            continue
        checks = _lab_checks(lab, outcomes[lab.slug].problems, loaded)
        if checks is None:
            continue
        source = lab.joined_checks()
        where[lab.slug] = {fn.check_name: source.where(fn.__code__.co_firstlineno) for fn in checks
                           if isinstance(fn.check_name, str) and fn.check_name.strip()}
        if only is not None and lab.slug != only:
            continue
        names = [fn.check_name for fn in checks]
        wanted = expectations(lab)
        functions = {fn.__name__: fn.check_name for fn in checks}  # '# fails: doubles' means its check
        for w in wanted:
            if w.kind == "mistake" and w.fails not in names:
                outcomes[lab.slug].problems.append(Problem(
                    w.path, w.line, f"'# fails: {w.fails}' names no check of this lab "
                                    f"(checks: {', '.join(names)})"
                                    + lab_config.near_check(w.fails, names, functions)))
        readable = [(w, _text(w, outcomes[lab.slug].problems, unreadable)) for w in wanted]
        readable = [(w, text) for w, text in readable if text is not None]
        batch += submissions(lab, [(str(w.path), text) for w, text in readable], checks)
        plan += [(lab, w) for w, _ in readable]
    for lab, wanted, checks in _carried(course, outcomes, loaded, only, unreadable):
        text = _text(wanted, outcomes[only or lab.slug].problems, unreadable)
        if text is None:
            continue
        batch += submissions(lab, [(str(wanted.path), text)], checks)
        plan.append((lab, wanted))
    reports = runtime.grade(batch) if batch else []
    seen: dict[str, set] = {}
    judged: dict[str, list] = {}
    for (lab, wanted), report in zip(plan, reports):
        outcome = outcomes[only or lab.slug]  # with `only`, its starter graded elsewhere too
        if wanted.kind == "elsewhere":
            outcome.others += 1
        else:
            outcome.graded += 1
        stalled = _stalled_checks(lab, wanted, report, where.get(lab.slug, {}),
                                  seen.setdefault(lab.slug, set()))
        found = stalled if stalled is not None else (
            _judge(wanted, report) + _check_slips(wanted, report, where.get(lab.slug, {}),
                                                  seen[lab.slug]))
        outcome.problems += found
        # A file the stalled checks did not judge is no passing case in JUnit, though its
        # problem is said once, at the checks.
        unjudged = [Problem(wanted.path, 1, "not judged: the lab's checks did not finish "
                                            "grading it (see the problem at the checks)")]
        outcome.cases.append((wanted.describe(), unjudged if stalled == [] else found))
        judged.setdefault(lab.slug, []).append((wanted, report))
    for slug, pairs in judged.items():
        if only is None or slug == only:
            outcomes[slug].problems += _unfailed(course.labs[slug], where.get(slug, {}), pairs)
    if only is not None:
        return [outcomes[only]], problems
    return list(outcomes.values()), problems


def _text(wanted: Expectation, problems: list[Problem], unreadable: set[Path]) -> str | None:
    """The text to grade for `wanted`, or None for a file not in UTF-8: one problem among the
    rest (said once, however many labs would grade it), not a stop with exit status 2."""
    if wanted.source is not None:
        return wanted.source
    if wanted.path in unreadable:
        return None
    try:
        return authored.read(wanted.path)
    except authored.NotText as exc:
        unreadable.add(wanted.path)
        problems.append(Problem(exc.path, exc.line, exc.reason))
        return None


def _carried(course: Course, outcomes: dict, loaded: dict[str, list], only: str | None = None,
             unreadable: set[Path] | None = None):
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
                                        for p in lab_config.problems(
                                            config, names, earlier,
                                            {fn.__name__: fn.check_name for fn in loaded[lab.slug]})]
        base = config.builds_on if config.builds_on in loaded and config.builds_on in earlier else ""
        if base and config.provided:
            yield course.labs[base], Expectation(config.provided, "provided", graded_by=base), loaded[base]
            if config.extend:
                try:
                    start = (authored.read(config.provided) + "\n\n"
                             + authored.read(config.extend))
                except authored.NotText as exc:
                    start = None
                    if unreadable is not None and exc.path not in unreadable:
                        unreadable.add(exc.path)
                        outcomes[lab.slug].problems.append(Problem(exc.path, exc.line, exc.reason))
                if start is not None:
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
    try:
        source = lab.joined_checks()
        checks = loaded[lab.slug] = load_lab_checks(lab)
    except ChecksBroken as exc:
        problems.append(Problem(exc.path, exc.line, exc.message))
        return None
    except authored.NotText as exc:
        problems.append(Problem(exc.path, exc.line, exc.reason))
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
    found = (lab_checks.part_problems(source, lab.config, checks) + lab_checks.rebound_names(source)
             + lab_checks.slips(source))
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
