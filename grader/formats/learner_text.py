"""Text a submission can influence (its file name, messages that quote its values, what it
printed), made safe for a document someone else reads.

`clean` writes every control character but newline and tab as an escape, so no printed text
can move a terminal's cursor, recolour a FAILED report as PASSED or reverse a line (bidi
controls); lone surrogates, which are not Unicode and which a UTF-8 writer refuses (a
grading engine storing results.json, say), are escaped too. `indented` also keeps every
later line of a text off the left margin, where it could pass for another file's verdict.
`valid` only replaces lone surrogates, for JSON whose strings must stay the learner's own.
`uncommanded` keeps a whole document from holding a line a CI runner would obey.
"""

from __future__ import annotations

import re

_VISIBLE = {"\n", "\t"}
# Characters that reorder the text around them: a line could show "FAILED" as "DELIAF".
_BIDI = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def clean(text: str) -> str:
    """`text` with every control character but newline and tab written as an escape."""
    return "".join(ch if ch in _VISIBLE or not _is_control(ch) else _escape(ch) for ch in text)


def line(text: str) -> str:
    """`text` on one line: its line breaks escaped too."""
    return clean(text).replace("\n", "\\n")


def indented(text: str, indent: str) -> str:
    """`text` with each of its lines after the first indented by `indent`."""
    return clean(text).replace("\n", "\n" + indent)


def valid(value):
    """`value` (JSON-like) with every lone surrogate in its strings replaced by U+FFFD."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace") \
            if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value) else value
    if isinstance(value, list):
        return [valid(item) for item in value]
    if isinstance(value, dict):
        return {valid(key): valid(item) for key, item in value.items()}
    return value


# What CI runners read in a log as a command to themselves, not as text: GitHub Actions'
# "::name::data" at a line's start, after any whitespace (its runner trims the line first: an
# indented line of a learner's output is no safer), and its older "##[name]data" anywhere in a
# line, like Azure Pipelines' "##vso[...]" and TeamCity's "##teamcity[...]". A submission that
# printed "::add-mask::FAILED" hid every later FAILED in the log of a grading job.
_AT_LINE_START = re.compile(r"^([^\S\n]*):(?=:)", re.M)
_ANYWHERE = re.compile(r"#(?=#[A-Za-z]*\[)")
# How each format writes the one character that starts such a command, as the same character
# for its reader: an escape like clean's in text, a character reference in XML, a JSON escape
# (JSON holds "::" only inside a string, never at a line's start).
_DEFUSE = {"text": ("\\x3a", "\\x23"), "junit": ("&#58;", "&#35;"),
           "json": (None, "\\u0023")}


def uncommanded(document: str, kind: str) -> str:
    """`document` (text, junit or json) with no line that a CI runner reads as a command.
    Trusted text never looks like one, so only text a submission put there changes."""
    colon, hash_ = _DEFUSE[kind]
    if colon is not None:
        document = _AT_LINE_START.sub(lambda m: m.group(1) + colon, document)
    return _ANYWHERE.sub(lambda m: hash_, document)


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029) or \
        0xD800 <= code <= 0xDFFF or code in _BIDI


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"
