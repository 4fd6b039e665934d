"""`course new`: a new lesson page and lab folder, numbered after the last one.

The files come from scaffold_templates/ and make a tiny working lab (solution passes, starter
fails, one mistake caught), so `course check` is green from the start and the instructor
changes one working thing at a time.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

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
    slug = _numbered(course, name)
    title = title.strip() or slug[3:].replace("-", " ").capitalize()
    targets = {template: course.root / pattern.format(slug=slug) for template, pattern in FILES.items()}
    taken = [p for p in targets.values() if p.exists()]
    if taken or (course.root / "labs" / slug).exists():
        raise ScaffoldError(f"{slug} already exists ({taken[0] if taken else 'labs/' + slug}); "
                            "pick another name")
    values = {"slug": slug, "title": title}
    for template, target in targets.items():
        text = Template((TEMPLATES / template).read_text(encoding="utf-8")).substitute(values)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return list(targets.values())


def _numbered(course: Course, name: str) -> str:
    name = name.strip().lower()
    if SLUG.match(name):
        return name
    if not re.match(r"^[a-z0-9]+(-[a-z0-9]+)*$", name):
        raise ScaffoldError(f"{name!r} is not a slug: use lowercase words joined by dashes, "
                            "like 'training' or 'mini-batches'")
    used = [int(p.name[:2]) for p in (course.root / "lessons").glob("*.md") if SLUG.match(p.stem)]
    used += [int(slug[:2]) for slug in course.labs]
    number = max(used, default=0) + 1
    if number > 99:
        raise ScaffoldError("lessons are numbered 01 to 99, and 99 is taken")
    return f"{number:02d}-{name}"
