"""`course new`: a new lesson page and lab folder, numbered after the last one.

The files come from scaffold_templates/ and make a tiny working lab (solution passes, starter
fails, one mistake caught), so `course check` is green from the start and the instructor
changes one working thing at a time.
"""

from __future__ import annotations

import json
import re
import shlex
import unicodedata
from pathlib import Path
from string import Template

import yaml

from .course import SLUG, Course

TEMPLATES = Path(__file__).resolve().parent / "scaffold_templates"
FILES = {  # template -> path inside the course, with {slug}
    "lesson.md": "lessons/{slug}.md",
    "starter.py": "labs/{slug}/starter.py",
    "solution.py": "labs/{slug}/solution.py",
    "checks.py": "labs/{slug}/checks.py",
    "mistake.py": "labs/{slug}/mistakes/returns_input.py",
}


class ScaffoldError(ValueError):
    pass


def scaffold(course: Course, name: str, title: str = "") -> list[Path]:
    slug = _numbered(course, name, title)
    title = _one_line(title) or slug[3:].replace("-", " ").capitalize()
    targets = {template: course.root / pattern.format(slug=slug) for template, pattern in FILES.items()}
    taken = [p for p in targets.values() if p.exists()]
    if taken or (course.root / "labs" / slug).exists():
        raise ScaffoldError(f"{slug} already exists ({taken[0] if taken else 'labs/' + slug}); "
                            "pick another name")
    values = {"slug": slug, "title": _yaml_scalar(title), "docstring_title": _docstring_text(title)}
    for template, target in targets.items():
        text = Template((TEMPLATES / template).read_text(encoding="utf-8")).substitute(values)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return list(targets.values())


def _one_line(title: str) -> str:
    title = title.strip()
    if any(ch in title for ch in "\r\n\x0b\x0c\x85\u2028\u2029"):
        raise ScaffoldError("a title is one line: write the lesson's title without line breaks")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in title):
        raise ScaffoldError("a title cannot hold control characters (tabs, escapes): "
                            "write it as plain text")
    return title


def _yaml_scalar(title: str) -> str:
    """The title as front matter reads it back exactly: plain when YAML would keep it as it is
    ('Training a tiny network'), quoted when it would not ('x: y', '"quoted"', 'yes', '123')."""
    try:
        if yaml.safe_load(f"title: {title}") == {"title": title}:
            return title
    except yaml.YAMLError:
        pass
    return json.dumps(title, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


def _docstring_text(title: str) -> str:
    # The starter's docstring is a triple-quoted string: a backslash or a closing quote in the
    # title must not end or change it.
    return title.replace("\\", "\\\\").replace('"', '\\"')


def _numbered(course: Course, name: str, title: str = "") -> str:
    given, name = name, name.strip().lower()
    used = [int(p.name[:2]) for p in (course.root / "lessons").glob("*.md") if SLUG.match(p.stem)]
    used += [int(slug[:2]) for slug in course.labs]
    if SLUG.match(name):
        holder = sorted({p.stem for p in (course.root / "lessons").glob("*.md")
                         if SLUG.match(p.stem) and p.stem[:2] == name[:2]}
                        | {slug for slug in course.labs if slug[:2] == name[:2]})
        if holder and name not in holder:  # two lessons 05 break the course's order
            raise ScaffoldError(f"number {name[:2]} is taken by {holder[0]}: leave the number "
                                f"out (course new {name[3:]} takes the next free one, "
                                f"{max(used) + 1:02d}) or pick one no lesson has")
        return name
    if name.isascii() and name.isdigit():  # `course new 07` made a lesson 07-07 titled "07"
        raise ScaffoldError(f"{given.strip()!r} is only a number: give the lesson a name, like "
                            f"course new descent (numbered {max(used, default=0) + 1:02d}, the "
                            f"next free one) or course new {int(name):02d}-descent to choose the "
                            "number")
    if not re.match(r"^[a-z0-9]+(-[a-z0-9]+)*$", name):
        # 'déscent' -> 'descent': accents taken off, not the letters that bear them
        plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        dashed = "-".join(re.findall(r"[a-z0-9]+", plain))
        # the --title given, if any, is the one to keep (it offered the slug as the title)
        maybe = (f"; for this one: course new {dashed} "
                 f"--title {shlex.quote(title.strip() or given.strip())}"
                 if dashed and not dashed.isdigit() else "")
        raise ScaffoldError(f"{given!r} is not a slug: use lowercase words joined by dashes, "
                            f"like 'training' or 'mini-batches', and give the title with "
                            f"--title{maybe}")
    same = sorted({p.stem for p in (course.root / "lessons").glob("*.md")
                   if SLUG.match(p.stem) and p.stem[3:] == name} |
                  {slug for slug in course.labs if slug[3:] == name})
    if same:
        raise ScaffoldError(f"a lesson named {name!r} already exists ({same[0]}); pick another name")
    number = max(used, default=0) + 1
    if number > 99:
        raise ScaffoldError("lessons are numbered 01 to 99, and 99 is taken")
    return f"{number:02d}-{name}"
