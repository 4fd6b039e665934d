"""Read one regular file as a submission's bytes, and decode them as its source.

Nothing here follows a symbolic link or opens anything but a regular file: a FIFO would block,
a device (`/dev/zero`) or `/proc/self/mem` would never end or fail oddly, and a symlink may
point at a secret. The size is judged from the file's metadata before a byte is read, and
the read itself stops one byte past the limit, so a file that grows meanwhile is caught too.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
import tokenize
from pathlib import Path

MAX_SOURCE = 1 << 20  # bytes: a lab file is a few kB; a megabyte is far past any real one


class Refused(Exception):
    """This input cannot be graded; the message says why, in words for the learner."""


def kind(mode: int) -> str:
    """A file type as a person would name it."""
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return "not a regular file"


def refusal(path: Path, shown: str) -> str:
    """Why `path` cannot be read as a file ("" if it is a regular file), without following it."""
    try:
        mode = os.lstat(path).st_mode
    except OSError as exc:
        return f"{shown} cannot be read ({exc.strerror})"
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISLNK(mode):
        return f"{shown} is a symbolic link; links are not followed: hand in the file itself"
    return f"{shown} is {kind(mode)}, not a regular file"


def read_regular(path: Path, shown: str, limit: int = MAX_SOURCE) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or Refused with the reason."""
    problem = refusal(path, shown)
    if problem:
        raise Refused(problem)
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:  # swapped for a link after the look above, or unreadable
        raise Refused(f"{shown} cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused(f"{shown} is {kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise Refused(too_large(shown, info.st_size, limit))
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise Refused(too_large(shown, size, limit))
        return b"".join(chunks)
    except OSError as exc:  # /proc/self/mem and friends: regular on paper, unreadable
        raise Refused(f"{shown} cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def too_large(shown: str, size: int, limit: int) -> str:
    return (f"{shown} is too large to be a lab ({_amount(size)}; the limit is "
            f"{_amount(limit)}): hand in the lab's .py file or your course export")


def _amount(size: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} bytes"


def decode_source(data: bytes, shown: str) -> str:
    """UTF-8 text (a leading byte-order mark is allowed), or Refused saying what is wrong."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # `python` refuses it too
        raise Refused(f"{shown} is saved as UTF-16 (what Windows Notepad calls \"Unicode\"), "
                      "not UTF-8: save it again choosing UTF-8 and hand it in again")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # Its line, not its offset in bytes (which no editor shows); and what the byte is in
        # Windows' "ANSI" (cp1252), where an editor saving so turns the lab's first line's
        # dash into 0x97: the learner then knows which character to look for.
        byte = data[exc.start:exc.start + 1]
        line = data.count(b"\n", 0, exc.start) + 1
        try:
            ansi = f", which Windows' \"ANSI\" encoding reads as {byte.decode('cp1252')!r}"
        except UnicodeDecodeError:
            ansi = ""
        raise Refused(f"{shown} is not UTF-8 text (byte 0x{byte[0]:02x} in line {line}{ansi}): "
                      "save it as UTF-8 (any editor can; Windows Notepad: Save As, Encoding "
                      "UTF-8) and hand it in again") from None
    if "\x00" in text:
        raise Refused(f"{shown} holds NUL bytes, so it is not a text file: hand in the lab's "
                      ".py file")
    return text


# PEP 263's own pattern for a line that declares the file's encoding.
CODING_LINE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")


def decode_python(data: bytes, shown: str) -> str:
    """A .py file's text, decoded as Python decodes it: UTF-8 unless its first or second line
    declares another encoding (PEP 263, `# -*- coding: latin-1 -*-`), which `python file.py`
    honours and an old editor may have written; Refused when the bytes do not fit it."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:  # a coding line naming no codec, or one a BOM contradicts
        if not any(CODING_LINE.match(line) for line in data.split(b"\n", 2)[:2]):
            return decode_source(data, shown)  # no coding line: bytes that are not UTF-8
        raise Refused(f"{shown}: Python cannot read it by its coding line ({exc.msg}): save "
                      "it as UTF-8, drop that line and hand it in again") from None
    if codecs.lookup(encoding).name in ("utf-8", "utf-8-sig"):
        return decode_source(data, shown)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise Refused(f"{shown} is not {encoding} text, as its coding line says (byte "
                      f"0x{data[exc.start]:02x} in line {line}): save it as UTF-8 and hand it "
                      "in again") from None
    except LookupError:  # a text codec Python's own tokenizer would refuse
        raise Refused(f"{shown}: its coding line names {encoding!r}, which Python cannot read "
                      "source in: save it as UTF-8 and hand it in again") from None
    if "\x00" in text:
        raise Refused(f"{shown} holds NUL bytes, so it is not a text file: hand in the lab's "
                      ".py file")
    return text
