__SOLUTION__

# Hostile (output): every addition prints 100 kB to both streams, text made to break the
# documents a report is written into (XML's CDATA end and tags, a spreadsheet formula, a
# right-to-left override, a terminal's clear-screen, NUL), and relu is wrong. The report's
# output stays bounded, and every format is still one well-formed document.
import sys

_BLOB = ("\u202e<failure message=\"x\">]]>\n=cmd|' /C calc'!A0,\"\x1b[2J\x00;\r\n" * 1600)
_add = Value.__add__


def _noisy_add(self, other):
    print(_BLOB)
    print(_BLOB, file=sys.stderr)
    return _add(self, other)


Value.__add__ = _noisy_add
Value.__radd__ = lambda self, other: _noisy_add(self, other)
Value.relu = lambda self: Value(0.0)
