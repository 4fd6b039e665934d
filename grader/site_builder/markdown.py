"""Lesson markdown to HTML: CommonMark and tables (markdown-it-py), code highlighted by
Pygments at build time, `$...$` / `$$...$$` math rendered by KaTeX at build time.

Rendering happens in two passes so that all formulas of all pages go to KaTeX in one call:
`formulas(body)` lists them, `render(body, math_html)` writes the page.
"""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonConsoleLexer, PythonLexer, TextLexer, get_lexer_by_name
from pygments.util import ClassNotFound

from .. import links

FORMATTER = HtmlFormatter(nowrap=True)


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"highlight": _highlight}).enable("table")
    dollarmath_plugin(md, allow_space=True, double_inline=True)
    return md


def _highlight(code: str, lang: str, _attrs) -> str:
    if "\n>>> " in "\n" + code:  # worked examples are written as doctests
        lexer = PythonConsoleLexer()
    elif lang in ("", "python", "py"):
        lexer = PythonLexer() if lang else TextLexer()
    else:
        try:
            lexer = get_lexer_by_name(lang)
        except ClassNotFound:
            lexer = TextLexer()
    return highlight(code, lexer, FORMATTER)


def formulas(body: str) -> list[tuple[str, bool]]:
    """Every (tex, display) pair in a page, for one batch render."""
    found = []
    for token in _parser().parse(body):
        if token.type == "math_block":
            found.append((token.content.strip(), True))
        for child in token.children or []:
            if child.type in ("math_inline", "math_inline_double"):
                found.append((child.content.strip(), child.type == "math_inline_double"))
    return found


TRAILING_PUNCTUATION = re.compile(r"[.,;:!?)\]’”'\"]*")


def render(body: str, math_html: dict[tuple[str, bool], str]) -> str:
    md = _parser()

    def inline(_renderer, tokens, idx, *_):
        token = tokens[idx]
        display = token.type == "math_inline_double"
        rendered = math_html.get((token.content.strip(), display), html.escape(token.content))
        # Punctuation right after a formula stays on its line: a browser may break between
        # KaTeX's box and the text after it, which left a lone "." at the start of a line.
        after = tokens[idx + 1] if idx + 1 < len(tokens) else None
        if after is not None and after.type == "text":
            stuck = TRAILING_PUNCTUATION.match(after.content).group()
            if stuck:
                after.content = after.content[len(stuck):]
                return f'<span class="math-and-punctuation">{rendered}{html.escape(stuck)}</span>'
        return rendered

    def block(_renderer, tokens, idx, *_):
        tex = tokens[idx].content.strip()
        return f'<div class="math-display">{math_html.get((tex, True), html.escape(tex))}</div>\n'

    def link_open(renderer, tokens, idx, options, env):
        # A lesson links another by file name; the built page lives at ../slug/index.html.
        href = tokens[idx].attrGet("href")
        if href and links.lesson_slug(href):
            tokens[idx].attrSet("href", links.page_href(href))
        return renderer.renderToken(tokens, idx, options, env)

    def table_open(renderer, tokens, idx, options, env):
        # A table wider than a narrow screen (a phone, a page zoomed to 400 %) scrolls sideways
        # inside its own box, as a code block does, instead of pushing the whole page wider.
        return '<div class="table-scroll" tabindex="0">' + renderer.renderToken(tokens, idx, options, env)

    def table_close(renderer, tokens, idx, options, env):
        return renderer.renderToken(tokens, idx, options, env) + "</div>\n"

    default_fence = md.renderer.rules["fence"]

    def fence(_renderer, tokens, idx, options, env):
        # A long line scrolls sideways inside its block (on a phone, often): tabindex lets a
        # keyboard user reach the block and scroll it with the arrow keys.
        return default_fence(tokens, idx, options, env).replace("<pre>", '<pre tabindex="0">', 1)

    md.add_render_rule("fence", fence)
    md.add_render_rule("table_open", table_open)
    md.add_render_rule("table_close", table_close)
    md.add_render_rule("link_open", link_open)
    md.add_render_rule("math_inline", inline)
    md.add_render_rule("math_inline_double", inline)
    md.add_render_rule("math_block", block)
    md.add_render_rule("math_block_label", block)
    return md.render(body)


def highlight_css() -> str:
    # markdown-it wraps highlighted code in <pre><code>, so that is where the classes live.
    return FORMATTER.get_style_defs("pre code")
