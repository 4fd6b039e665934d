"""Text a submission can influence (its file name, messages that quote its values, what it
printed), made safe for a document someone else reads.

`clean` writes every control character but newline and tab as an escape, so no printed text
can move a terminal's cursor, recolour a FAILED report as PASSED or reverse a line (bidi
controls); lone surrogates, which are not Unicode and which a UTF-8 writer refuses (a
grading engine storing results.json, say), are escaped too. `indented` also keeps every
later line of a text off the left margin, where it could pass for another file's verdict.
`valid` only replaces lone surrogates, for JSON whose strings must stay the learner's own.
"""

from __future__ import annotations

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


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029) or \
        0xD800 <= code <= 0xDFFF or code in _BIDI


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"
