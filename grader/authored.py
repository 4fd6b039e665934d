"""An author's file as text: UTF-8, without the byte-order mark some Windows editors write.

A lesson page or a checks file saved with one failed as "the page must start with a front
matter block" or "invalid non-printable character U+FEFF", though it looked right. A file
in another encoding is NotText with the line of its first bad byte, not a traceback.
"""

from __future__ import annotations

from pathlib import Path


NOT_TEXT = "this file is not UTF-8 text"  # how every NotText reason starts


class NotText(ValueError):
    def __init__(self, path: Path, line: int, byte: int):
        # `reason` without the place, for a problem list that names the file and line itself
        self.reason = f"{NOT_TEXT} (byte 0x{byte:02x} on this line): save it as UTF-8"
        super().__init__(f"{path}:{line}: {self.reason}")
        self.path, self.line = path, line


def read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        data = path.read_bytes()
        try:
            data.decode("utf-8")  # where, counted in the file's own bytes
        except UnicodeDecodeError as exc:
            raise NotText(path, data[:exc.start].count(b"\n") + 1, data[exc.start]) from None
        raise
