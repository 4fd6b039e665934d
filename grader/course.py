"""The course model: the folders are the content.

`lessons/NN-slug.md` is a lesson page, `labs/NN-slug/` its lab; file order sets lesson order
and nothing is registered anywhere else. `load()` reads everything, and records every problem
it finds with the file and line, instead of stopping at the first.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import authored, frontmatter, lab_checks, lab_config, links
from .core.run import PARTS_NAME

SLUG = re.compile(r"^(\d\d)-[a-z0-9]+(-[a-z0-9]+)*$")
MISTAKE_FIELDS = ("mistake", "fails", "message")


@dataclass
class Problem:
    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{_shown(self.path)}:{self.line}: {self.message}"


@dataclass
class KeyTerm:
    term: str
    meaning: str


@dataclass
class Question:
    question: str
    choices: list[str]
    answer: int
    explanation: str


@dataclass
class Mistake:
    path: Path
    description: str
    fails: str    # the name of the check it must fail
    message: str  # a substring of the message that check must show
    line: int = 1          # where '# fails:' is written
    message_line: int = 1  # where '# message:' is written


@dataclass
class Lab:
    slug: str
    folder: Path
    mistakes: list[Mistake] = field(default_factory=list)
    alternatives: list[Path] = field(default_factory=list)
    config: lab_config.LabConfig | None = None  # lab.yaml: the lab it builds on, its parts

    @property
    def starter(self) -> Path:
        return self.folder / "starter.py"

    @property
    def solution(self) -> Path:
        return self.folder / "solution.py"

    @property
    def checks(self) -> Path:
        """Where the hidden checks are: checks.py, or the checks/ folder of a lab split by part."""
        split = self.folder / lab_config.CHECKS_FOLDER
        return split if split.is_dir() else self.folder / lab_checks.SINGLE

    def checks_files(self) -> list[Path]:
        """The files of the checks, in the order they are joined (see lab_checks.py)."""
        return lab_checks.layout(self.folder, self._config()).files

    def joined_checks(self) -> lab_checks.ChecksSource:
        """The checks as the one source every host runs, and where each of its lines came from."""
        # No files (missing, or lab.yaml unreadable): empty, so that packing every lab's checks
        # for Pyodide does not stop `course check` before it says why; load_lab_checks refuses it.
        source = lab_checks.join(self.folder, self.checks_files())
        parts = [(p.title, list(p.checks)) for p in self._config().parts]
        if source.text and parts:  # lab.yaml's parts, for every report to carry (run.load_checks)
            source.text += ("\n# ---- lab.yaml: the parts the reports group these checks by ----\n"
                            f"{PARTS_NAME} = {parts!r}\n")
        return source

    def checks_source(self) -> str:
        """The joined text; empty for checks not in UTF-8, which load_lab_checks (called by
        every grading) reports with its file and line, as `course check` does among the rest."""
        try:
            return self.joined_checks().text
        except authored.NotText:
            return ""

    def _config(self) -> lab_config.LabConfig:
        return self.config or lab_config.LabConfig(path=self.folder / lab_config.FILE)


@dataclass
class Lesson:
    slug: str
    path: Path
    title: str = ""
    summary: str = ""
    lab: str = ""
    key_terms: list[KeyTerm] = field(default_factory=list)
    quiz: list[Question] = field(default_factory=list)
    train: bool = False  # the lab's Value can train a small network: the page offers "Train it"
    body: str = ""
    body_line: int = 1
    lab_line: int = 2  # where 'lab:' is written

    @property
    def number(self) -> int:
        return int(self.slug[:2])


@dataclass
class Course:
    root: Path
    lessons: list[Lesson] = field(default_factory=list)
    labs: dict[str, Lab] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def lab(self, name: str) -> Lab:
        """A lab by slug (`05-backward`) or by folder path (`labs/05-backward`)."""
        if name in self.labs:
            return self.labs[name]
        folder = Path(name).resolve()
        for lab in self.labs.values():
            if lab.folder.resolve() == folder:
                return lab
        known = ", ".join(self.labs) or "none"
        raise KeyError(f"no lab named {name!r} (labs: {known})")


def find_root(start: Path | None = None) -> Path:
    """The course folder: $COURSE_ROOT, else the nearest folder up from `start` (or the
    working directory) holding lessons/ and labs/, else the repository this package is in."""
    if os.environ.get("COURSE_ROOT"):
        return Path(os.environ["COURSE_ROOT"]).resolve()
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "lessons").is_dir() and (folder / "labs").is_dir():
            return folder
    return Path(__file__).resolve().parent.parent


def load(root: Path) -> Course:
    course = Course(root=root)
    for folder in sorted(p for p in (root / "labs").glob("*") if p.is_dir()):
        if folder.name.startswith((".", "_")):
            continue
        lab = _load_lab(folder, course.problems)
        if lab:
            course.labs[lab.slug] = lab
    for path in sorted((root / "lessons").glob("*")):
        if path.suffix == ".md" and path.is_file():
            course.lessons.append(_load_lesson(path, course))
        elif re.match(r"\d\d-", path.name):
            # A folder named like a lesson (lessons/06-descent/, even 06-descent.md/) ended in
            # a traceback or was skipped without a word, as was 06-descent.MD: no page at all.
            what = "a folder" if path.is_dir() else "not a .md file"
            course.problems.append(Problem(path, 1, f"{path.name} is {what}, so no lesson: a "
                                                    "lesson is one Markdown file, like "
                                                    "lessons/06-descent.md"))
    _cross_check(course)
    return course


def _load_lab(folder: Path, problems: list[Problem]) -> Lab | None:
    if not SLUG.match(folder.name):
        problems.append(Problem(folder, 1, f"lab folder {folder.name!r} is not named NN-slug "
                                           "(two digits, a dash, lowercase words: 06-training)"))
        return None
    lab = Lab(slug=folder.name, folder=folder)
    for path in (lab.starter, lab.solution):
        if not path.is_file():
            problems.append(Problem(path, 1, f"missing {path.name}: every lab needs starter.py, "
                                             "solution.py and checks.py (or a checks/ folder)"))
    for path in sorted((folder / "mistakes").glob("*.py")):
        mistake = _read_mistake(path, problems)
        if mistake:
            lab.mistakes.append(mistake)
    lab.alternatives = sorted((folder / "alternatives").glob("*.py"))
    found: list[lab_config.ConfigProblem] = []
    lab.config = lab_config.load(folder, found)
    problems += [Problem(p.path, p.line, p.message) for p in found]
    layout = lab_checks.layout(folder, lab.config)
    problems += [Problem(p.path, p.line, p.message) for p in layout.problems]
    if not layout.files and not layout.problems and not lab.config.unread:
        problems.append(Problem(lab.checks, 1, "missing checks.py: every lab needs starter.py, "
                                               "solution.py and checks.py (or a checks/ folder)"))
    return lab


def _read_mistake(path: Path, problems: list[Problem]) -> Mistake | None:
    header: dict[str, str] = {}
    lines: dict[str, int] = {}
    try:
        text = authored.read(path)
    except authored.NotText as exc:
        problems.append(Problem(path, exc.line, exc.reason))
        return None
    others: dict[str, int] = {}  # '# fail:', '# Message:': a comment shaped like a header line
    for number, line in enumerate(text.splitlines()[:10], 1):
        match = re.match(r"#\s*(mistake|fails|message):\s*(.+?)\s*$", line)
        if match:
            header[match.group(1)] = match.group(2)
            lines[match.group(1)] = number
        elif (word := re.match(r"#\s*([A-Za-z_-]+)\s*:", line)):
            others.setdefault(word.group(1), number)
    missing = [name for name in MISTAKE_FIELDS if name not in header]
    if missing:
        said = []
        for name in missing:
            near = difflib.get_close_matches(name, [w.lower() for w in others], n=1, cutoff=0.6)
            typed = next((w for w in others if near and w.lower() == near[0]), None)
            said.append(f"{name} (line {others[typed]} says '# {typed}:')" if typed else name)
        problems.append(Problem(path, 1, "a mistake starts with three comment lines: "
                                         "'# mistake: <the misconception>', '# fails: <check name>', "
                                         f"'# message: <part of its message>'; missing: {', '.join(said)}"))
        return None
    return Mistake(path=path, description=header["mistake"], fails=header["fails"],
                   message=header["message"], line=lines["fails"], message_line=lines["message"])


def _load_lesson(path: Path, course: Course) -> Lesson:
    lesson = Lesson(slug=path.stem, path=path)
    problems = course.problems
    if not SLUG.match(path.stem):
        try:
            notes = not authored.read(path).lstrip("\ufeff").startswith("---")
        except (OSError, authored.NotText):
            notes = False
        if notes:  # a README.md beside the lessons: one problem, not also "no front matter"
            problems.append(Problem(path, 1, f"{path.name} is not a lesson (no NN-slug.md name, "
                                             "no front matter): a lesson is lessons/NN-slug.md, "
                                             "starting with '---'; keep notes outside lessons/"))
            return lesson
        problems.append(Problem(path, 1, f"lesson file {path.name!r} is not named NN-slug.md"))
    try:
        page = frontmatter.parse(authored.read(path))
    except frontmatter.FrontMatterError as exc:
        problems.append(Problem(path, exc.line, exc.message))
        return lesson
    except authored.NotText as exc:  # reported with the rest, not instead of them
        problems.append(Problem(path, exc.line, exc.reason))
        return lesson
    meta, line = page.meta, page.lines.get
    lesson.body, lesson.body_line = page.body, page.body_line

    def text(name: str) -> str:
        value = meta.get(name)
        if not isinstance(value, str) or not value.strip():
            problems.append(Problem(path, line(name, 2), f"front matter needs '{name}:' with some text"))
            return ""
        return value.strip()

    lesson.title, lesson.summary, lesson.lab = text("title"), text("summary"), text("lab")
    lesson.lab_line = line("lab", 2)
    items = page.items or {}
    lesson.key_terms = _key_terms(meta.get("key_terms"), path, line("key_terms", 2), problems,
                                  items.get("key_terms", []))
    lesson.quiz = _quiz(meta.get("quiz"), path, line("quiz", 2), problems, items.get("quiz", []))
    lesson.train = meta.get("train", False)
    if not isinstance(lesson.train, bool):
        problems.append(Problem(path, line("train", 2), "'train:' must be true or false"))
        lesson.train = False
    fields = ("title", "summary", "lab", "key_terms", "quiz", "train")
    for name in sorted(set(meta) - set(fields), key=str):
        near = difflib.get_close_matches(str(name), [f for f in fields if f not in meta], 1)
        guess = f"; did you mean '{near[0]}'?" if near else ""
        problems.append(Problem(path, line(name, 2), f"unknown front matter field '{name}' "
                                                     f"(fields: {', '.join(fields)}){guess}"))
    return lesson


def _at(where: list[dict], i: int, field: str, line: int) -> int:
    """The line of item i's field (or of the item itself), else the list's own line."""
    found = where[i - 1] if i - 1 < len(where) else {}
    return found.get(field, found.get("", line))


def _key_terms(value, path: Path, line: int, problems: list[Problem],
               where: list[dict] = ()) -> list[KeyTerm]:
    if not isinstance(value, list) or not value:
        missing = "front matter needs 'key_terms:', " if value is None else "'key_terms:' must be "
        problems.append(Problem(path, line, missing + "a list of {term, meaning}"))
        return []
    terms = []
    for i, item in enumerate(value, 1):
        if not (isinstance(item, dict) and isinstance(item.get("term"), str)
                and isinstance(item.get("meaning"), str)):
            problems.append(Problem(path, _at(list(where), i, "", line),
                                    f"key term {i} needs 'term:' and 'meaning:' texts"))
            continue
        terms.append(KeyTerm(item["term"], item["meaning"]))
    return terms


def _quiz(value, path: Path, line: int, problems: list[Problem],
          where: list[dict] = ()) -> list[Question]:
    if not isinstance(value, list) or not value:
        missing = "front matter needs 'quiz:', " if value is None else "'quiz:' must be "
        problems.append(Problem(path, line, missing + "a list with at least one question"))
        return []
    questions = []
    for i, item in enumerate(value, 1):
        ok = (isinstance(item, dict) and isinstance(item.get("question"), str)
              and isinstance(item.get("choices"), list) and len(item["choices"]) >= 2
              and all(isinstance(c, str) for c in item["choices"])
              and isinstance(item.get("explanation"), str))
        answer = item.get("answer") if isinstance(item, dict) else None
        if not ok:
            problems.append(Problem(path, _at(list(where), i, "", line),
                                    f"quiz question {i} needs 'question:', 'choices:' "
                                    "(two or more texts), 'answer:' and 'explanation:'"))
            continue
        if type(answer) is not int or not 0 <= answer < len(item["choices"]):
            said = ("has no 'answer:'; give" if "answer" not in item
                    else f"'answer: {answer!r}' must be")  # a quiz with no right answer, or off by one
            problems.append(Problem(path, _at(list(where), i, "answer", line),
                                    f"quiz question {i}: {said} the number of the right choice, "
                                    f"from 0 to {len(item['choices']) - 1}"))
            continue
        questions.append(Question(item["question"], list(item["choices"]), answer,
                                  item["explanation"]))
    return questions


def _cross_check(course: Course) -> None:
    slugs = {lesson.slug for lesson in course.lessons}
    for lesson in course.lessons:
        for link in links.relative_links(lesson.body, images=True):
            if link.image:
                course.problems.append(Problem(
                    lesson.path, lesson.body_line + link.line - 1,
                    f"the image {link.href!r} would be broken on the page: `course build` "
                    "publishes no file beside a lesson page"))
            elif links.lesson_slug(link.href) not in slugs:
                course.problems.append(Problem(
                    lesson.path, lesson.body_line + link.line - 1,
                    f"the link to {link.href!r} leads nowhere: link a lesson by its file name, "
                    f"like [the chain rule](02-chain-rule.md)"))
    for lesson in course.lessons:
        if lesson.lab and lesson.lab not in course.labs:
            course.problems.append(Problem(lesson.path, lesson.lab_line,
                                           f"lab {lesson.lab!r} does not exist: "
                                           f"add labs/{lesson.lab}/ or fix 'lab:'"
                                           + lab_config.near_lab(lesson.lab, list(course.labs))))
    first: dict[str, Lesson] = {}
    for lesson in course.lessons:
        number = lesson.slug[:2]
        if SLUG.match(lesson.slug) and number in first:
            course.problems.append(Problem(lesson.path, 1, f"lesson number {number} is taken by "
                                                           f"{first[number].path.name} too: give "
                                                           "each lesson a number of its own"))
        first.setdefault(number, lesson)
    for slug, lab in course.labs.items():
        if slug not in slugs:
            course.problems.append(Problem(lab.folder, 1, f"lab {slug} has no lesson page: add "
                                                          f"lessons/{slug}.md"))


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
