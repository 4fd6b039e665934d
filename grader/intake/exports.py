"""The learner's export: one zip of every lab's code and the progress record (the contract is
in docs/grading.md). This module reads one, zipped or unpacked, refusing what a hand-made zip
could smuggle in: `../` and absolute names, links, folders posing as files, duplicate names,
and more bytes than a course's labs could ever hold (zip bombs) — judged from the archive's
directory, and enforced again while reading, since a directory can lie. An export unpacked
and zipped again as a folder (its entries all inside one folder) is read the same way.
"""

from __future__ import annotations

import io
import json
import os
import re
import reprlib
import stat
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .regular import MAX_SOURCE, Refused, decode_source, read_regular, too_large

COURSE = "autograd-course"
MANIFEST = "manifest.json"
PROGRESS = "progress.json"
MAX_ZIP = 16 << 20       # bytes of the zip file itself
MAX_MEMBERS = 256        # entries in the zip
MAX_UNPACKED = 64 << 20  # bytes all entries claim when unpacked
MAX_RATIO = 200          # unpacked / packed, for entries over 1 MB
MAX_MANIFEST = 64 << 10
SLUG = re.compile(r"^\d\d-[a-z0-9]+(-[a-z0-9]+)*$")
HEADER = re.compile(r"^# (\d\d-[a-z0-9]+(?:-[a-z0-9]+)*) — autograd course (\S+)\s*$")


def header(slug: str, version: str) -> str:
    """The first line of every lab file the course writes (Download, Export)."""
    return f"# {slug} — autograd course {version}"


def header_lab(source: str) -> str | None:
    """The lab a file's first line names, if it is the course's header line."""
    match = HEADER.match(source.split("\n", 1)[0].rstrip("\r"))
    return match.group(1) if match else None


@dataclass
class ExportedLab:
    slug: str
    file: str             # the member's name, as the manifest gives it
    data: bytes | None    # None when `problem` says why it could not be read
    problem: str = ""


@dataclass
class Export:
    shown: str
    version: str
    exported_at: str
    labs: list[ExportedLab] = field(default_factory=list)

    def lab(self, slug: str) -> ExportedLab | None:
        return next((lab for lab in self.labs if lab.slug == slug), None)

    def missing(self, slug: str) -> str:
        held = ", ".join(lab.slug for lab in self.labs) or "no lab at all"
        return (f"{self.shown} holds no work for lab {slug} (it holds {held}): open lab {slug} "
                "in the course, then export again")


def is_export_folder(folder: Path) -> bool:
    """An unpacked export (say, a zip a grading engine unpacked): a folder with the manifest."""
    return (folder / MANIFEST).is_file() and not (folder / MANIFEST).is_symlink()


def read_export_zip(path: Path, shown: str) -> Export:
    data = read_regular(path, shown, limit=MAX_ZIP)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError):
        # NotImplementedError: a directory entry claiming a zip version from the future
        raise Refused(f"{shown} is not a zip archive: hand in the zip that Export my work "
                      "saved, unchanged") from None
    with archive:
        members = _members(archive, shown)
        top = _top_folder(members)
        manifest_info = members.get(top + MANIFEST)
        if manifest_info is None or manifest_info.is_dir():
            raise Refused(f"{shown} has no {MANIFEST}, so it is not a course export: hand in "
                          "the zip that Export my work saved" + _class_zip(members))
        export = _manifest(_read_member(archive, manifest_info, shown, MAX_MANIFEST), shown)
        for lab in export.labs:
            info = members.get(top + lab.file)
            try:
                if info is None:
                    raise Refused(f"{shown} lists {lab.file} in its manifest but does not hold it")
                if info.is_dir():
                    raise Refused(f"{shown}: {lab.file} is a folder in the zip, not a file")
                lab.data = _read_member(archive, info, f"{shown}:{lab.file}", MAX_SOURCE)
            except Refused as exc:
                lab.problem = str(exc)
    return export


def _class_zip(members: dict[str, zipfile.ZipInfo]) -> str:
    """A word for the instructor when a zip without a manifest holds several submissions,
    as an LMS's "download all submissions" does: that zip is a folder to unpack, not an
    export (nothing in it is read here, so a zip bomb costs nothing)."""
    found = [name for name in members if not name.startswith("__MACOSX/")
             and os.path.splitext(name)[1].lower() in (".py", ".zip", ".ipynb")]
    if len(found) == 1:  # a lab's file zipped, or the export zipped again (macOS's Compress)
        what = "the export" if found[0].lower().endswith(".zip") else "the lab's file"
        return (f" (it holds one file, {found[0]}: if that is {what}, hand it in itself, "
                "not zipped)")
    if len(found) < 2:
        return ""
    return (f" (it holds {len(found)} .py, .zip or .ipynb files: if it is a class's "
            "submissions downloaded from an LMS, unzip it and grade the folder)")


def read_export_folder(folder: Path, shown: str) -> Export:
    raw = read_regular(folder / MANIFEST, f"{shown}/{MANIFEST}", limit=MAX_MANIFEST)
    export = _manifest(raw, shown)
    for lab in export.labs:
        try:
            lab.data = read_regular(folder / lab.file, f"{shown}/{lab.file}")
        except Refused as exc:
            lab.problem = str(exc)
    return export


def _members(archive: zipfile.ZipFile, shown: str) -> dict[str, zipfile.ZipInfo]:
    infos = archive.infolist()
    if len(infos) > MAX_MEMBERS:
        raise Refused(f"{shown} holds {len(infos)} entries; an export holds a few (the limit is "
                      f"{MAX_MEMBERS}), so it is refused")
    members: dict[str, zipfile.ZipInfo] = {}
    on_disk: dict[str, str] = {}  # the file each entry unpacks to (see below), to its name
    total = 0
    for info in infos:
        # Windows PowerShell's Compress-Archive (5.1) writes "\\" between a name's folders:
        # read as the separator it was meant as, as Info-ZIP's unzip does ("..\\x" is "../x")
        name = info.filename.replace("\\", "/")
        if not _safe_name(name):
            raise Refused(f"{shown} holds an entry named {info.filename!r}, which points "
                          "outside the export (absolute, '..' or a drive name), so the zip is "
                          "refused")
        if stat.S_ISLNK(info.external_attr >> 16):
            raise Refused(f"{shown} holds a symbolic link ({name}); links are not followed, so "
                          "the zip is refused")
        # Keyed by the file it unpacks to: "./a.py", ".//a.py" and "a.py" are one file, and
        # on a disk that ignores case (macOS's, Windows's) so are "A.py" and "a.PY". Two such
        # entries: the grader read one, unpacking leaves the other, so whoever reviews the
        # unpacked exports (by eye, or a similarity checker) read code that was never graded.
        key = "/".join(part for part in name.split("/") if part not in ("", "."))
        disk = unicodedata.normalize("NFC", key).casefold()
        if disk in on_disk:
            raise Refused(f"{shown} holds two entries, {on_disk[disk]!r} and {info.filename!r}, "
                          "which unpack to one file, so the zip is refused")
        on_disk[disk] = info.filename
        members[key] = info
        total += info.file_size
        if (total > MAX_UNPACKED or (info.file_size > (1 << 20)
                                     and info.file_size > MAX_RATIO * max(info.compress_size, 1))):
            raise Refused(f"{shown} would unpack to far more than an export holds "
                          f"({total >> 20} MB and more), so it is refused as a zip bomb")
    return members


def _top_folder(members: dict[str, zipfile.ZipInfo]) -> str:
    """"" for an export as the browser writes it; "NAME/" for one unpacked and zipped again
    (a browser that unpacks downloads, then Compress on the folder): every entry inside one
    folder that holds the manifest, besides the `__MACOSX/` copies macOS adds."""
    if MANIFEST in members:
        return ""
    folders = {key.split("/", 1)[0] for key in members if not key.startswith("__MACOSX")}
    if len(folders) != 1:
        return ""
    top = folders.pop() + "/"
    inside = members.get(top + MANIFEST)
    return top if inside is not None and not inside.is_dir() else ""


def _safe_name(name: str) -> bool:
    if not name or "\\" in name or "\x00" in name or name.startswith("/") or ":" in name:
        return False
    parts = PurePosixPath(name.rstrip("/")).parts
    return bool(parts) and all(part not in ("..", ".", "") for part in parts)


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, shown: str, limit: int) -> bytes:
    if info.file_size > limit:
        raise Refused(too_large(shown, info.file_size, limit))
    try:
        with archive.open(info) as stream:
            data = stream.read(limit + 1)  # the directory may lie: never read past the limit
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError, EOFError,
            ValueError, zlib.error) as exc:
        # zlib.error: a damaged deflate stream (it once ended the whole run); ValueError: a
        # member whose offset points before the archive's start ("negative seek value")
        raise Refused(f"{shown} cannot be unpacked ({str(exc)[:200]})") from None
    if len(data) > limit:
        raise Refused(too_large(shown, len(data), limit))
    return data


def _manifest(raw: bytes, shown: str) -> Export:
    try:
        data = json.loads(decode_source(raw, f"{shown}: {MANIFEST}"))
    except (ValueError, RecursionError):
        # RecursionError: arrays nested thousands deep (a few kB of "["), which json reads by
        # recursion; it once ended the whole `course grade` run with a traceback.
        raise Refused(f"{shown}: {MANIFEST} is not valid JSON, so this is not a course export "
                      "Export my work saved") from None
    if not isinstance(data, dict) or data.get("course") != COURSE:
        raise Refused(f"{shown} is not an export of this course: its {MANIFEST} must say "
                      f'"course": "{COURSE}"')
    labs = data.get("labs")
    if not isinstance(labs, list):
        raise Refused(f'{shown}: {MANIFEST} needs "labs", a list of {{"slug", "file"}}')
    export = Export(shown=shown, version=_said(data.get("version", "")),
                    exported_at=_said(data.get("exported_at", "")))
    for entry in labs:
        slug = entry.get("slug") if isinstance(entry, dict) else None
        file = entry.get("file") if isinstance(entry, dict) else None
        if (not isinstance(slug, str) or not SLUG.fullmatch(slug) or not isinstance(file, str)
                or "/" in file or not _safe_name(file) or not file.endswith(".py")):
            raise Refused(f"{shown}: {MANIFEST} lists a lab as {_said(entry)}; each must "
                          'be {"slug": "NN-slug", "file": "NN-slug.py"}')
        if export.lab(slug):
            raise Refused(f"{shown}: {MANIFEST} lists lab {slug} twice")
        export.labs.append(ExportedLab(slug=slug, file=file, data=None))
    return export


def _said(value) -> str:
    """A manifest's value as text, short: reprlib stops a few levels down, where str() of
    lists nested a thousand deep would recurse past Python's limit."""
    return value if isinstance(value, str) else reprlib.repr(value)
