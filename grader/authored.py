"""An author's file as text: UTF-8, without the byte-order mark some Windows editors write.

A lesson page or a checks file saved with one failed as "the page must start with a front
matter block" or "invalid non-printable character U+FEFF", though it looked right.
"""

from __future__ import annotations

from pathlib import Path


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig")
