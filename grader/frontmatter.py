"""Front matter: the YAML block between `---` lines at the top of a lesson page.

Parsed here and nowhere else. Errors carry the file's own line numbers, because an
instructor fixing a lesson needs `lessons/03-branching.md:7`, not "invalid YAML".
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml


# What PyYAML's words mean for an author, for the slips a lesson page's front matter sees most.
_HINTS = {
    "mapping values are not allowed here": " (a text holding ': ' must be quoted: "
                                           "summary: \"Rates: they multiply\")",
    "expected <block end>, but found '<block mapping start>'": " (this line is indented "
                                                               "differently from the lines of "
                                                               "its list or field above)",
    "found character '\\t' that cannot start any token": " (indent with spaces, not tabs)",
}


# What an unclosed quote or bracket is said as, by the YAML context it leaves open: PyYAML
# places the slip where the text ran out (the block's end, or a later field), and said only
# "found unexpected end of stream" at a line after the one to fix.
_OPENED = {"while scanning a quoted scalar": "a quote",
           "while parsing a flow sequence": "a '['",
           "while parsing a flow mapping": "a '{'"}


def yaml_slip(exc: yaml.YAMLError, first_line: int, hints: dict = _HINTS) -> tuple[int, str]:
    """The line (the block's first line is `first_line`) and the author's words for a YAML
    error: a quote or bracket never closed at the line that opened it, the rest where PyYAML
    found them, with a hint for the usual slips."""
    problem = getattr(exc, "problem", None) or str(exc)
    opened, begun = _OPENED.get(getattr(exc, "context", None)), getattr(exc, "context_mark", None)
    mark = getattr(exc, "problem_mark", None)
    if opened and begun is not None and (mark is None or mark.line != begun.line):
        return begun.line + first_line, (f"{opened} opened on this line is never closed "
                                          f"(YAML: {problem})")
    mark = mark or begun
    return (mark.line + first_line if mark else first_line), problem + hints.get(problem, "")


class FrontMatterError(ValueError):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass
class Page:
    meta: dict
    body: str
    body_line: int  # the file line on which the body starts
    lines: dict     # top-level key -> file line, for pointing at a field
    items: dict = None  # top-level key of a list -> per item, {"": its line, field: line}


def parse(text: str) -> Page:
    """Split a page into its front matter (a mapping) and its markdown body."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise FrontMatterError(1, "the page must start with a front matter block: a line '---', "
                                  "the YAML fields, and another line '---'")
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        raise FrontMatterError(1, "the front matter block is never closed: add a line '---' "
                                  "after the last field")
    block = "".join(lines[1:end])
    try:
        node = yaml.compose(block, Loader=yaml.SafeLoader)
        meta = yaml.safe_load(block)
    except yaml.MarkedYAMLError as exc:
        line, said = yaml_slip(exc, 2)
        raise FrontMatterError(line, f"the front matter is not valid YAML: {said}") from None
    if not isinstance(meta, dict):
        raise FrontMatterError(2, "the front matter must be a mapping of fields (title: ..., lab: ...)")
    where, items = {}, {}
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(value_node, yaml.SequenceNode):
                items[str(key_node.value)] = [_item_lines(item) for item in value_node.value]
            line = key_node.start_mark.line + 2
            if str(key_node.value) in where:  # YAML keeps the last one and drops the first unsaid
                raise FrontMatterError(line, f"'{key_node.value}:' is given twice (first on line "
                                             f"{where[str(key_node.value)]}): keep one")
            where[str(key_node.value)] = line
    return Page(meta=meta, body="".join(lines[end + 1:]), body_line=end + 2, lines=where,
                items=items)


def _item_lines(item) -> dict:
    """A list item's file line (key ""), and its fields' lines when it is a mapping."""
    found = {"": item.start_mark.line + 2}
    if isinstance(item, yaml.MappingNode):
        found.update((str(k.value), k.start_mark.line + 2) for k, _ in item.value)
    return found
