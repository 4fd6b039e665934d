"""A lab's `lab.yaml`: the lab an author builds on, and the lab's ordered parts.

    builds_on: 04-value     # this lab continues the learner's own code of an earlier lab
    extend: extend.py       # appended to that code when this lab first opens
    provided: provided.py   # the course's code for the earlier lab, given only when asked
    helpers: [checks/reading.py]  # with a checks/ folder: files the parts share, run first
    parts:                  # ordered parts, each naming its checks in the checks' order
      - title: "+ and *, with their backward steps"
        file: checks/add_and_mul.py   # with a checks/ folder: the file defining these checks
        checks: ["a Value holds its number, and its grad starts at 0", ...]

Every field is optional; a lab without the file is one part with no earlier lab. What the
file says is read here; what it must agree with (the checks, the other labs) is judged by
`problems()`, with the file's own line numbers, for `course check` and the build.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from . import authored
from .frontmatter import _HINTS, yaml_slip

# What PyYAML's words for a slip mean in an author's terms (a lesson's front matter shares the
# first ones); said after them, in parentheses.
YAML_HINTS = {**_HINTS,
              "but found another document": " (a line '---' starts a second YAML document, and "
                                            "lab.yaml is one: delete that line)"}

FILE = "lab.yaml"
FIELDS = ("builds_on", "extend", "provided", "helpers", "parts")
CHECKS_FOLDER = "checks"  # a lab's checks split by part (lab_checks.py joins them)


@dataclass
class Part:
    title: str
    checks: list[str]
    line: int = 1
    file: Path | None = None  # its checks' own file in checks/, when the lab splits them


@dataclass
class LabConfig:
    path: Path
    builds_on: str = ""
    extend: Path | None = None
    provided: Path | None = None
    helpers: list[Path] = field(default_factory=list)  # checks/ files the parts share
    parts: list[Part] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)  # field -> line in lab.yaml
    # lab.yaml is there but could not be read (not UTF-8, not YAML, not a mapping): that problem
    unread: ConfigProblem | None = None


@dataclass
class ConfigProblem:
    path: Path
    line: int
    message: str


def load(folder: Path, problems: list) -> LabConfig:
    """The lab's config; a missing file is the empty config. Problems are appended as
    ConfigProblem (the course model turns them into its own)."""
    path = folder / FILE
    config = LabConfig(path=path)
    if not path.is_file():
        return config
    try:
        text = authored.read(path)
    except authored.NotText as exc:  # saved in another encoding: a problem, not a traceback
        problems.append(ConfigProblem(path, exc.line, exc.reason))
        config.unread = problems[-1]
        return config
    try:
        root = yaml.compose(text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        line, said = yaml_slip(exc, 1, YAML_HINTS)
        problems.append(ConfigProblem(path, line, f"{FILE} is not valid YAML: {said}"))
        config.unread = problems[-1]
        return config
    if data is None:
        return config
    if not isinstance(data, dict):
        problems.append(ConfigProblem(path, 1, f"{FILE} must be a mapping of {', '.join(FIELDS)}"))
        config.unread = problems[-1]
        return config
    config.lines = {key.value: key.start_mark.line + 1 for key, _ in root.value}
    seen: set = set()
    for key, _ in root.value:  # YAML keeps the last of two same keys, and drops the first unsaid
        if key.value in seen:
            problems.append(ConfigProblem(path, key.start_mark.line + 1, f"'{key.value}:' is given "
                                          "twice; YAML would keep only the last: merge them into one"))
        seen.add(key.value)
    line = lambda name: config.lines.get(name, 1)  # noqa: E731
    for name in sorted(set(data) - set(FIELDS), key=str):
        near = difflib.get_close_matches(str(name), FIELDS, n=1, cutoff=0.6)
        problems.append(ConfigProblem(path, line(name), f"unknown field '{name}' (fields: {', '.join(FIELDS)})"
                                      + (f"; did you mean '{near[0]}'?" if near else "")))
        if near and near[0] in ("parts", "helpers") and near[0] not in data:
            # Which checks/ file is which part's is this field's to say: that it is misspelt
            # is the problem, not that every file of checks/ is in no part.
            config.unread = problems[-1]
    builds_on = data.get("builds_on", "")
    if not isinstance(builds_on, str):
        problems.append(ConfigProblem(path, line("builds_on"), "'builds_on:' must name a lab, like 04-value"))
    else:
        config.builds_on = builds_on.strip()
    for name in ("extend", "provided"):
        value = data.get(name)
        if value is None:
            continue
        target = folder / value if isinstance(value, str) else None
        if target is None or "/" in value or not target.is_file():
            problems.append(ConfigProblem(path, line(name), f"'{name}:' must name a .py file in this lab's folder"))
            continue
        setattr(config, name, target)
    if (config.extend or config.provided) and not config.builds_on:
        problems.append(ConfigProblem(path, 1, "'extend:' and 'provided:' need 'builds_on:' (the lab they continue)"))
    config.helpers = _helpers(data.get("helpers"), folder, path, line("helpers"), problems)
    config.parts = _parts(data.get("parts"), root, path, problems)
    return config


def checks_file(folder: Path, value) -> Path | None:
    """The path `value` names, if it has the form `checks/NAME.py` (lab_checks.py judges
    whether it exists)."""
    if not isinstance(value, str) or not re.fullmatch(rf"{CHECKS_FOLDER}/[A-Za-z0-9_.-]+\.py", value):
        return None
    return folder / value


def _helpers(value, folder: Path, path: Path, line: int, problems: list) -> list[Path]:
    if value is None:
        return []
    values = value if isinstance(value, list) else [value]
    found = [checks_file(folder, item) for item in values]
    if not values or None in found:
        problems.append(ConfigProblem(path, line, f"'helpers:' must list .py files in this lab's "
                                                  f"{CHECKS_FOLDER}/ folder, like [{CHECKS_FOLDER}/reading.py]"))
        return [p for p in found if p is not None]
    return found


PART_FIELDS = ("title", "checks", "file")


def _meant(key: str, fields) -> str:
    """": did you mean 'x'?" for the field `key` is closest to, if one is."""
    near = difflib.get_close_matches(key, fields, 1, 0.6)
    return f": did you mean '{near[0]}'?" if near else ""


def _parts(value, root, path: Path, problems: list) -> list[Part]:
    folder = path.parent
    if value is None:
        return []
    nodes = dict((key.value, node) for key, node in root.value).get("parts")
    items = nodes.value if isinstance(value, list) else []
    if not isinstance(value, list) or not value:
        problems.append(ConfigProblem(path, 1, "'parts:' must be a list of {title, checks}"))
        return []
    parts = []
    for number, (item, node) in enumerate(zip(value, items), 1):
        line = node.start_mark.line + 1
        ok = (isinstance(item, dict) and isinstance(item.get("title"), str) and item["title"].strip()
              and isinstance(item.get("checks"), list) and item["checks"]
              and all(isinstance(c, str) for c in item["checks"]))
        if not ok:
            # `check:` for `checks:` said only that the part needs checks, beside the line that
            # gives them: name the field it took for a stranger, and the one it meant.
            # Each stray with its own closest field (the first stray was named with the
            # first match of any: `notes:` beside `titel:` was "did you mean 'title'").
            strays = sorted(str(k) for k in item if k not in PART_FIELDS) \
                if isinstance(item, dict) else []
            stray = "".join(f"; '{k}' is no field of a part{_meant(k, PART_FIELDS)}"
                            for k in strays)
            problems.append(ConfigProblem(path, line, f"part {number} needs 'title:' (text) and "
                                                      "'checks:' (a list of check names)" + stray))
            continue
        for key in sorted(str(k) for k in set(item) - set(PART_FIELDS)):
            problems.append(ConfigProblem(path, line, f"part {number}: unknown field '{key}' "
                                                      "(fields: title, file, checks)"
                                                      + _meant(key, PART_FIELDS)))
        part = Part(title=item["title"].strip(), checks=list(item["checks"]), line=line)
        if "file" in item:
            part.file = checks_file(folder, item["file"])
            if part.file is None:
                problems.append(ConfigProblem(path, line, f"part {number}: 'file:' must name a .py file "
                                                          f"in this lab's {CHECKS_FOLDER}/ folder, like "
                                                          f"{CHECKS_FOLDER}/first_part.py"))
        parts.append(part)
    return parts


def near_check(name: str, check_names: list[str], functions: dict[str, str] | None = None) -> str:
    """'; did you mean ...?' for a check named by a slip of the pen, or by the name of the
    function that defines it (`functions` maps function names to check names); else ''."""
    if functions and name in functions:
        return f"; did you mean {functions[name]!r} (the check that {name}() defines)?"
    named = [n for n in check_names if isinstance(n, str)]
    folded = {n.casefold().strip(): n for n in named}
    if name.casefold().strip() in folded:
        return f"; did you mean {folded[name.casefold().strip()]!r}?"
    near = difflib.get_close_matches(name, named, n=1, cutoff=0.75)
    return f"; did you mean {near[0]!r}?" if near else ""


def near_lab(name: str, earlier: list[str]) -> str:
    """'; did you mean ...?' for a lab named by a slip ('05-backwards', 'backward', '5') among
    `earlier` (the labs it may name); else ''."""
    bare = {slug.split("-", 1)[-1]: slug for slug in earlier}
    numbered = [slug for slug in earlier
                if name.isdigit() and slug.split("-", 1)[0].lstrip("0") == name.lstrip("0")]
    if len(numbered) > 1:  # two labs numbered 06: it offered whichever came last
        return (f"; lab number {name} is taken by {' and '.join(numbered)}: name one by its "
                "slug (and give each lab a number of its own)")
    meant = (bare.get(name) or next(iter(numbered), None)
             or next(iter(difflib.get_close_matches(name, earlier, n=1, cutoff=0.8)), None))
    return f"; did you mean {meant!r}?" if meant else ""


def problems(config: LabConfig, check_names: list[str], earlier: list[str],
             functions: dict[str, str] | None = None) -> list[ConfigProblem]:
    """What the config says that the lab's checks or the course's labs contradict.
    `earlier` are the slugs of the labs before this one, in order; `functions` (a function's
    name to its check's) lets a part that lists a check by its function be told which."""
    found = []
    if config.builds_on and config.builds_on not in earlier:
        found.append(ConfigProblem(config.path, config.lines.get("builds_on", 1),
                                   f"'builds_on: {config.builds_on}' must name an earlier lab "
                                   f"({', '.join(earlier) or 'there is none'})"
                                   + near_lab(str(config.builds_on), earlier)))
    if config.parts:
        listed = [name for part in config.parts for name in part.checks]
        for part in config.parts:
            for name in part.checks:
                if name not in check_names:
                    found.append(ConfigProblem(config.path, part.line,
                                               f"part {part.title!r} lists {name!r}, which is no check of this lab"
                                               + near_check(name, check_names, functions)))
        missing = [name for name in check_names if name not in listed]
        if missing:
            found.append(ConfigProblem(config.path, config.lines.get("parts", 1),
                                       f"every check belongs to a part; not listed: {', '.join(map(repr, missing))}"))
        twice = sorted({name for name in listed if listed.count(name) > 1})
        if twice:
            found.append(ConfigProblem(config.path, config.lines.get("parts", 1),
                                       f"a check is listed in two places: {', '.join(map(repr, twice))}"))
        known = [name for name in listed if name in check_names]  # unknown: said above
        if not missing and not twice and known != [n for n in check_names if n in listed]:
            found.append(ConfigProblem(config.path, config.lines.get("parts", 1),
                                       "the parts must list the checks in the order the checks are "
                                       "defined (in checks.py, or part by part in checks/)"))
    return found
