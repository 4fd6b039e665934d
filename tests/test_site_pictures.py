"""The build draws each lesson's picture with the picture's own module (pictures.mjs, under
Node with jsdom), and the lesson page ships it, inert until its chunk makes it live."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from grader.runtimes.node import pyodide_dir
from grader.site_builder import pictures
from grader.site_builder.site import BuildError, _pictures

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def node_modules():
    return pyodide_dir(ROOT).parent


VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Figure(HTMLParser):
    """The lesson page's picture figure: its attributes, and the tags and ids inside it."""

    def __init__(self):
        super().__init__()
        self.attrs, self.depth, self.tags, self.ids = None, 0, [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "figure" and "data-picture" in attrs:
            self.attrs, self.depth = attrs, 1
        elif self.depth:
            self.tags.append(tag)
            if "id" in attrs:
                self.ids.append(attrs["id"])
            if tag not in VOID:
                self.depth += 1

    def handle_endtag(self, tag):
        if self.depth and tag not in VOID:
            self.depth -= 1


def test_every_lesson_picture_is_drawn_the_same_way_each_build(course, node_modules):
    slugs = [lesson.slug for lesson in course.lessons]
    with pictures.Drawing(slugs, node_modules) as drawing:
        drawn, failed = drawing.result()
    assert failed == {}
    assert sorted(drawn) == sorted(slugs)
    for slug, html in drawn.items():
        assert "<figcaption>" in html and "<svg" in html and 'type="range"' in html, slug
        ids = re.findall(r' id="([^"]+)"', html)
        assert len(ids) == len(set(ids)), slug  # one page, one picture: no id twice
    with pictures.Drawing(slugs, node_modules) as again:
        assert again.result() == (drawn, {})


def test_a_picture_that_cannot_be_drawn_is_reported_and_the_others_are_drawn(tmp_path, node_modules):
    (tmp_path / "index.js").write_text(
        'export const PICTURES = {\n'
        '  good: async () => (figure) => { const p = document.createElement("p");'
        ' p.textContent = "drawn <here>"; figure.append(p); },\n'
        '  broken: async () => (figure) => { throw new Error("no such node: L"); },\n'
        '  browserOnly: async () => (figure) => { figure.append(window.innerWidth); },\n'
        '  never: () => new Promise(() => {}),\n'
        '};\n', encoding="utf-8")
    with pictures.Drawing(["good", "broken", "browserOnly", "never", "none"], node_modules,
                          tmp_path / "index.js") as drawing:
        drawn, failed = drawing.result()
    assert drawn == {"good": "<p>drawn &lt;here&gt;</p>"}
    assert sorted(failed) == ["broken", "browserOnly", "never"]
    assert "never finished drawing" in failed["never"]
    assert "no such node: L" in failed["broken"]
    assert "window is not defined" in failed["browserOnly"]


def test_the_build_fails_on_a_picture_it_cannot_draw_only_when_strict(tmp_path, node_modules):
    (tmp_path / "index.js").write_text(
        'export const PICTURES = { "01-graphs": async () => () => { throw new Error("bad"); } };\n',
        encoding="utf-8")

    def drawing():
        return pictures.Drawing(["01-graphs"], node_modules, tmp_path / "index.js")

    with drawing() as d, pytest.raises(BuildError, match="01-graphs: Error: bad"):
        _pictures(d, True, [])
    warnings = []
    with drawing() as d:
        assert _pictures(d, False, warnings) == {}
    assert len(warnings) == 1 and "drawn only in the browser" in warnings[0]


def test_a_drawing_abandoned_by_a_failed_build_leaves_no_process(node_modules):
    with pytest.raises(RuntimeError, match="the build failed"):
        with pictures.Drawing(["01-graphs"], node_modules) as drawing:
            raise RuntimeError("the build failed")
    assert drawing._process.poll() is not None


def test_each_lesson_page_ships_its_picture_inert(course, site):
    for lesson in course.lessons:
        page = (site["out"] / "lessons" / lesson.slug / "index.html").read_text(encoding="utf-8")
        figure = Figure()
        figure.feed(page)
        assert figure.attrs is not None, lesson.slug
        assert "inert" in figure.attrs and "hidden" not in figure.attrs, lesson.slug
        assert {"figcaption", "svg", "input", "button"} <= set(figure.tags), lesson.slug
        assert len(figure.ids) == len(set(figure.ids)), lesson.slug


def test_the_authoring_guide_says_how_a_lesson_gets_a_picture_as_the_site_does_it():
    """docs/authoring.md walked an instructor through a sixth lesson without a word on its
    picture and film: the new page simply had none, and nothing said where one is registered.
    The guide now names the map and the folder; both are checked against the code here."""
    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    index = (ROOT / "site" / "js" / "pictures" / "index.js").read_text(encoding="utf-8")
    assert "export const PICTURES = {" in index
    slugs = re.findall(r'^\s+"([0-9]{2}-[a-z-]+)": \(\) => import\("\./([a-z-]+\.js)"\)', index, re.M)
    assert len(slugs) == 5 and all((ROOT / "site" / "js" / "pictures" / module).is_file() for _, module in slugs)
    assert "`PICTURES`" in guide and "site/js/pictures/index.js" in guide
    assert "--strict" in guide and "jsdom" in guide
