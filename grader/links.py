"""Links between lesson pages, written the way an author writes them in markdown.

A lesson links another by its file name, `[the chain rule](02-chain-rule.md)`, optionally
with an anchor; the build turns that into the page's URL. A relative link to anything that
is not a lesson page links nowhere, and `course check` says so with the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from markdown_it import MarkdownIt


@dataclass
class Link:
    href: str
    line: int  # within the body, counted from 1
    image: bool = False  # ![alt](src): a file the page would load, not a page to go to


def relative_links(body: str, images: bool = False) -> list[Link]:
    """Links in a markdown body that point inside the course (no scheme, not an anchor), at
    their own line (a paragraph's third line, not its first); with `images`, images too."""
    found = []
    for token in MarkdownIt("commonmark").parse(body):
        line = (token.map[0] + 1) if token.map else 1
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type in ("text", "code_inline", "html_inline"):
                line += child.content.count("\n")
            href = (child.attrGet("href") if child.type == "link_open"
                    else child.attrGet("src") if child.type == "image" and images else None)
            if href and not urlsplit(href).scheme and not href.startswith(("#", "//")):
                found.append(Link(href, line, child.type == "image"))
    return found


def lesson_slug(href: str) -> str | None:
    """The lesson a link names (`02-chain-rule.md#nudge` -> `02-chain-rule`), else None."""
    path = urlsplit(href).path
    if "/" in path or not path.endswith(".md"):
        return None
    return path[:-3]


def page_href(href: str) -> str:
    """The built page's URL for a lesson link, from another lesson page."""
    parts = urlsplit(href)
    anchor = f"#{parts.fragment}" if parts.fragment else ""
    return f"../{parts.path[:-3]}/index.html{anchor}"
