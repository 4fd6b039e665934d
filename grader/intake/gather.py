"""From the paths an instructor gives to the pieces to grade.

`collect` turns paths into inputs (a folder becomes every `.py`, export `.zip` and lab
notebook `.ipynb` inside it, sorted; nothing is opened yet, so `--shard` can choose among them cheaply); `open_input`
reads one input into pieces, one per lab to grade. A bad input is never an exception that
stops the batch: it becomes a piece with the reason, graded as a failure on its own.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from .exports import Export, header_lab, is_export_folder, read_export_folder, read_export_zip
from .notebooks import MAX_NOTEBOOK, notebook_code
from .regular import MAX_SOURCE, Refused, decode_python, decode_source, kind, read_regular

SKIPPED_FOLDERS = ("__pycache__", "__MACOSX", "node_modules")
# What Windows writes into folders by itself (Explorer's thumbnails, a folder's settings, as
# in a synced Drive or OneDrive folder), as macOS writes .DS_Store: never a submission.
SYSTEM_FILES = ("thumbs.db", "ehthumbs.db", "desktop.ini")
MAX_DEPTH = 16
# What a folder's files are graded as, by their extension in any case: a file saved on
# Windows or macOS as `05-backward.PY` is the learner's work all the same.
KINDS = {".py": "file", ".zip": "zip", ".ipynb": "notebook"}


class MissingPath(Exception):
    """A path that does not exist at all: a usage error, reported before anything runs."""


@dataclass(frozen=True)
class Input:
    name: str      # as shown in reports: the path given, or the folder joined with the inside
    path: Path
    kind: str      # "file", "notebook", "zip", "export" (an unpacked export folder) or "refused"
    problem: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", shown_name(self.name))
        object.__setattr__(self, "problem", shown_name(self.problem))


def shown_name(text: str) -> str:
    """A path as reports show it: a byte of a file name that is not UTF-8 (Python holds it as
    a lone surrogate) written as `\\xff`. JSON turned every such byte into U+FFFD, so
    `a\\xff.py` and `a\\xfe.py` became one name, and `course merge` refused two shards that
    each graded one of them as the same file graded twice."""
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    try:
        return os.fsencode(text).decode("utf-8", "backslashreplace")
    except UnicodeError:  # a surrogate no file name holds: left for the formats to replace
        return text


@dataclass(frozen=True)
class Piece:
    input: str          # the Input's name
    lab: str | None     # None when no lab could be told (only with --all)
    file: str           # the report's file name
    source: str | None  # None when `error` says why it is not graded
    error: str = ""


def collect(paths: list[str], skipped: list[str] | None = None,
            repeated: list[str] | None = None, labs: set[str] | None = None,
            beside: list[str] | None = None) -> list[Input]:
    """The inputs the paths stand for, each file once; the files that folders hold but that
    are not graded (a `.txt`, a `.docx`: anything but `.py`, `.zip` and `.ipynb`, hidden files
    aside) are added to `skipped`, so the instructor can be told of them, and a file reached
    again (`exports/ exports/*.zip`, `a.py ./a.py`) to `repeated`.

    Given the course's `labs`, a git repository (a folder holding `.git`: GitHub Classroom's
    repository per learner) that holds a file named for a lab has only such files (and
    exports) graded; its other code (the template's tests/, a workflow's script) is added
    to `beside`. It was graded as the learner's lab, a failing second row per learner."""
    inputs: list[Input] = []
    skipped = [] if skipped is None else skipped
    repeated = [] if repeated is None else repeated
    repos = Repos(labs, [] if beside is None else beside) if labs else None
    for given in paths:
        if not given:  # Path("") is ".": `course grade LAB "$FILE"`, unset, graded the folder
            raise MissingPath("an empty path was given (a shell variable not set?): name the "
                              "files, folders or export zips to grade, `.` for this folder")
        path = Path(given)
        if not os.path.lexists(path):
            raise MissingPath(f"no such file or folder: {given}")
        mode = os.lstat(path).st_mode
        if stat.S_ISDIR(mode):
            inputs += _folder(path, given, skipped, repos)
        elif stat.S_ISREG(mode):
            inputs.append(Input(given, path, _kind_of(given)))
        else:
            inputs.append(_refused(path, given, mode))
    return _once(inputs, repeated)


def _once(inputs: list[Input], repeated: list[str]) -> list[Input]:
    """Each file (or export folder) once, where it was first given: graded twice, it would be
    two rows of one learner in a gradebook, and two shards' copies a merge refuses. The same
    file is the same device and inode, whatever path leads to it (links are never followed)."""
    first: dict[tuple[int, int], str] = {}
    kept = []
    for item in inputs:
        try:
            info = os.lstat(item.path)
        except OSError:
            kept.append(item)
            continue
        key = (info.st_dev, info.st_ino)
        if key in first:
            repeated.append(item.name if item.name == first[key]
                            else f"{item.name} (first as {first[key]})")
            continue
        first[key] = item.name
        kept.append(item)
    return kept


def _refused(path: Path, name: str, mode: int) -> Input:
    if stat.S_ISLNK(mode):
        why = f"{name} is a symbolic link; links are not followed: hand in the file itself"
    elif stat.S_ISDIR(mode):
        why = f"{name} is a folder, not a file"
    else:
        why = f"{name} is {kind(mode)}, not a regular file"
    return Input(name, path, "refused", why)


def _folder(path: Path, name: str, skipped: list[str], repos: Repos | None = None
            ) -> list[Input]:
    if is_export_folder(path):
        return [Input(name, path, "export")]
    found: list[Input] = []
    before = len(skipped)
    _walk(path, name, found, 0, skipped, repos)
    if not found:
        return [Input(name, path, "refused", _nothing_to_grade(name, skipped[before:]))]
    return found


def _nothing_to_grade(name: str, held: list[str]) -> str:
    """Why a folder is not graded. The engines grade the learner's upload as `.`, and a
    learner read ". holds no .py file": the working folder is called the submission."""
    where = "the submission (folder .)" if os.path.normpath(name) == "." else name
    if not held:
        return (f"nothing was handed in: {where} is empty; hand in the lab's .py file, its "
                "notebook (.ipynb) or a course export (.zip)")
    return (f"{where} holds no .py file, no lab notebook and no course export, so there is "
            "nothing to grade" + _what_it_held(held, name))


HELD_SHOWN = 10  # files named in a refused folder's report


def _what_it_held(held: list[str], name: str) -> str:
    """A folder with nothing to grade names, in its own report, the files it did hold: on
    Gradescope the learner who uploaded `05-backward.py.txt` reads why, not only "nothing to
    grade" (the stderr line naming skipped files is in no report, and no learner sees it)."""
    if not held:
        return ""
    shown = ", ".join(os.path.relpath(p, name) for p in held[:HELD_SHOWN])
    more = f" and {len(held) - HELD_SHOWN} more" if len(held) > HELD_SHOWN else ""
    return (f"; it holds only {shown}{more}, and a lab file's name ends in .py (or .ipynb, or "
            ".zip for an export): rename it and hand it in again")


@dataclass
class Repos:
    """What collect() needs for git repositories: the course's lab slugs, and where to put
    the names of a repository's files that are not graded as they are beside a lab's file."""
    labs: set[str]
    beside: list[str]


def _walk(folder: Path, name: str, found: list[Input], depth: int, skipped: list[str],
          repos: Repos | None = None) -> None:
    if repos is not None and os.path.lexists(folder / ".git"):
        held: list[Input] = []
        _walk_folder(folder, name, held, depth, skipped, repos)
        kept = [item.kind in ("zip", "export") or _lab_from_name(item.name, repos.labs)
                is not None for item in held]
        if any(ok and item.kind not in ("zip", "export") for ok, item in zip(kept, held)):
            found += [item for ok, item in zip(kept, held) if ok]
            repos.beside += [item.name for ok, item in zip(kept, held) if not ok]
        else:  # no file named for a lab (the learner renamed it): graded whole, as any folder
            found += held
        return
    _walk_folder(folder, name, found, depth, skipped, repos)


def _walk_folder(folder: Path, name: str, found: list[Input], depth: int,
                 skipped: list[str], repos: Repos | None) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        found.append(Input(name, folder, "refused", f"{name} cannot be listed ({exc.strerror})"))
        return
    for entry in entries:
        shown = os.path.normpath(os.path.join(name, entry.name))
        mode = entry.stat(follow_symlinks=False).st_mode
        wanted = _extension(entry.name) in KINDS
        if stat.S_ISDIR(mode) and not wanted:
            if entry.name.startswith(".") or entry.name in SKIPPED_FOLDERS or depth >= MAX_DEPTH:
                continue
            if is_export_folder(Path(entry.path)):
                found.append(Input(shown, Path(entry.path), "export"))
            else:
                _walk(Path(entry.path), shown, found, depth + 1, skipped, repos)
        elif entry.name.startswith(".") or entry.name.lower() in SYSTEM_FILES:
            continue  # .DS_Store, an editor's swap file, Thumbs.db: never a submission
        elif wanted:
            if stat.S_ISREG(mode):
                found.append(Input(shown, Path(entry.path), _kind_of(entry.name)))
            else:
                found.append(_refused(Path(entry.path), shown, mode))
        elif not stat.S_ISDIR(mode):
            skipped.append(shown)


def open_input(item: Input, labs: set[str], lab: str | None) -> list[Piece]:
    """The pieces of one input: for `lab`, or (lab None, `--all`) every lab it holds.

    `labs` is the course's lab slugs."""
    if item.kind == "refused":
        return [Piece(item.name, lab or _lab_from_name(item.name, labs), item.name, None,
                      item.problem)]
    try:
        if item.kind in ("file", "notebook"):
            return [_file_piece(item, labs, lab)]
        export = (read_export_zip(item.path, item.name) if item.kind == "zip"
                  else read_export_folder(item.path, item.name))
        return _export_pieces(item, export, labs, lab)
    except Refused as exc:
        why = str(exc)
    except Exception as exc:  # noqa: BLE001 (reading a stranger's input went wrong)
        # What no refusal above foresaw (a manifest nested past json's recursion limit once
        # ended the whole run with a traceback): this input fails alone, the batch goes on.
        why = (f"{item.name} could not be read ({type(exc).__name__}), so it is not graded: "
               "hand in the lab's .py file or the zip that Export my work saved")
    return [Piece(item.name, lab or _lab_from_name(item.name, labs), item.name, None, why)]


def _extension(name: str) -> str:
    return os.path.splitext(name)[1].lower()


def _kind_of(name: str) -> str:
    return KINDS.get(_extension(name), "file")


def _file_piece(item: Input, labs: set[str], lab: str | None) -> Piece:
    try:
        data = read_regular(item.path, item.name,
                            limit=MAX_NOTEBOOK if item.kind == "notebook" else MAX_SOURCE)
        if item.kind == "notebook":  # its lab cell's code; the lab its check cell grades
            source, called = notebook_code(data, item.name)
        else:
            source, called = decode_python(data, item.name), None
        refuse_empty(source, item.name)
    except Refused as exc:
        return Piece(item.name, lab or _lab_from_name(item.name, labs), item.name, None, str(exc))
    named = header_lab(source)
    if lab is None:
        lab = _lab_from_name(item.name, labs) or next(
            (slug for slug in (named, called) if slug in labs), None)
        if lab is None:
            return Piece(item.name, None, item.name, None,
                         f"{item.name}: cannot tell which lab this is; name it after its lab "
                         f"(like 05-backward.py) or give the lab: course grade LAB FILE")
    if named and named != lab:
        return Piece(item.name, lab, item.name, None, wrong_lab(item.name, named, lab))
    by_name = _lab_from_name(item.name, labs)
    if by_name and by_name != lab and lab not in (named, called):
        # a learner's folder of every lab graded for one: 04-value.py failed all of lab 5's
        # checks, a row that read as that learner's lab 5
        return Piece(item.name, lab, item.name, None,
                     f"{item.name} is lab {by_name}'s file (its name says so), not lab {lab}'s: "
                     f"hand in {lab}.py (to grade each file as the lab its name says, grade "
                     "with --all instead of a lab)")
    if not named and called in labs and called != lab:
        return Piece(item.name, lab, item.name, None,
                     f"{item.name} is lab {called}'s notebook (its check cell grades {called}), "
                     f"not lab {lab}'s: hand in lab {lab}'s notebook or {lab}.py")
    return Piece(item.name, lab, item.name, source)


def _export_pieces(item: Input, export: Export, labs: set[str], lab: str | None) -> list[Piece]:
    join = ":" if item.kind == "zip" else "/"
    if lab is not None:
        chosen = export.lab(lab)
        if chosen is None:
            return [Piece(item.name, lab, item.name, None, export.missing(lab))]
        wanted = [chosen]
    else:
        wanted = export.labs
        if not wanted:
            return [Piece(item.name, None, item.name, None,
                          f"{item.name} holds no lab's work (its manifest lists none)")]
    pieces = []
    for entry in wanted:
        shown = f"{item.name}{join}{entry.file}"
        if entry.slug not in labs:
            pieces.append(Piece(item.name, None, shown, None,
                                f"{shown}: lab {entry.slug} is not in this course"))
            continue
        try:
            if entry.data is None:
                raise Refused(entry.problem)
            source = decode_source(entry.data, shown)
            refuse_empty(source, shown)
        except Refused as exc:
            pieces.append(Piece(item.name, entry.slug, shown, None, str(exc)))
            continue
        named = header_lab(source)
        if named and named != entry.slug:
            pieces.append(Piece(item.name, entry.slug, shown, None,
                                wrong_lab(shown, named, entry.slug)))
        else:
            pieces.append(Piece(item.name, entry.slug, shown, source))
    return pieces


def refuse_empty(source: str, shown: str) -> None:
    """Refused when a file holds no code: nothing, blank space, or only the header line that
    Download writes. Seven "does not define `forward`" would say nothing of the real slip (a
    save that never happened, the wrong file picked in an upload dialog)."""
    body = source
    if header_lab(source):
        body = source.split("\n", 1)[1] if "\n" in source else ""
    if body.strip():
        return
    what = ("empty" if not source else "blank: spaces and line ends only" if not source.strip()
            else "only its first line, which names the lab: no code")
    raise Refused(f"{shown} is {what}, so there is nothing in it to grade: save your work and "
                  "hand the file in again")


def wrong_lab(shown: str, named: str, lab: str) -> str:
    return (f"{shown} is lab {named}'s file (its first line says so), not lab {lab}'s: hand in "
            f"{lab}.py (Download on lab {lab}'s page)")


# What browsers add to a file's name when it is downloaded again: " (1)" (Chromium, Edge),
# "(1)" (Firefox).
SAVED_AGAIN = re.compile(r" ?\([0-9]{1,3}\)$")


# How an LMS's "download all submissions" names a file: something before the name the learner
# uploaded, ending in "_" or a space. Canvas: "doejane_LATE_12345_67890_05-backward-1.py" ("-1",
# "-2" before the extension for a resubmission); Moodle: "Jane Doe_12345_assignsubmission_file_
# 05-backward.py"; Blackboard: "HW5_jdoe_attempt_2026-03-01-12-00-00_05-backward.py";
# Brightspace: "123-456 - Jane Doe - Mar 1, 2026 1200 PM - 05-backward.py".
RESUBMITTED = re.compile(r"-[0-9]{1,3}$")


# Who handed a file in, where an LMS's download says it: Canvas names each file
# "doejane_LATE_12345_67890_..." (the learner, their user number, the file's), Moodle each
# learner's folder (or file) "Jane Doe_12345_assignsubmission_file_...".
CANVAS_LEARNER = re.compile(r"^(?P<who>[^_\s/]+)_(?:late_)?(?P<id>[0-9]{3,})_[0-9]+_", re.I)
MOODLE_LEARNER = re.compile(r"^(?P<who>.+?)_(?P<id>[0-9]+)_assignsubmission_[a-z]+_", re.I)
# Blackboard names each attempt's file "HW5_jdoe_attempt_2026-03-01-12-00-00_..." (the
# assignment and the user name, then the attempt's time); Brightspace "123-456 - Jane Doe -
# Mar 1, 2026 1200 PM - ..." (numbers of the submission, the learner's name, its time).
BLACKBOARD_LEARNER = re.compile(r"^(?P<who>.+)_attempt_[0-9]{4}(?:-[0-9]{2}){5}_")
BRIGHTSPACE_LEARNER = re.compile(r"^[0-9]+-[0-9]+ - (?P<who>.+?) - [A-Za-z]{3} [0-9]{1,2}, "
                                 r"[0-9]{4} [0-9]{3,4} [AP]M - ")


# Blackboard's download writes beside each attempt's files (`HW5_jdoe_attempt_2026-03-01-12-00-
# 00_05-backward.py`) a receipt, `HW5_jdoe_attempt_2026-03-01-12-00-00.txt`: the learner's
# name, the date, and the text typed in the attempt's Submission Field.
BLACKBOARD_RECEIPT = re.compile(r"^(?P<attempt>.+_attempt_[0-9]{4}(?:-[0-9]{2}){5})\.txt$")


def blackboard_receipts(skipped: list[str], inputs: list) -> tuple[list, list, list]:
    """The files folders held but that are not graded, split three ways: Blackboard receipts
    of an attempt with a file of its own beside them; receipts of an attempt that holds
    nothing else (the learner handed in no file: the receipt's Submission Field may hold
    their work); and the rest."""
    files = [Path(name) for name in skipped] + [i.path for i in inputs]
    beside, alone, rest = [], [], []
    for name in skipped:
        found = BLACKBOARD_RECEIPT.match(os.path.basename(name))
        if not found:
            rest.append(name)
            continue
        here, attempt = Path(name).parent, found["attempt"] + "_"
        ours = any(f.parent == here and f.name.startswith(attempt) for f in files)
        (beside if ours else alone).append(name)
    return beside, alone, rest


def learner_of(name: str) -> tuple[str, str] | None:
    """(learner, LMS) for a path an LMS's download named, like ("doejane_12345", "Canvas");
    None for any other name."""
    parts = name.replace("\\", "/").split("/")
    found = CANVAS_LEARNER.match(parts[-1])
    if found:
        return f"{found['who']}_{found['id']}", "Canvas"
    for pattern, lms in ((BLACKBOARD_LEARNER, "Blackboard"), (BRIGHTSPACE_LEARNER, "Brightspace")):
        for part in reversed(parts):
            found = pattern.match(part)
            if found:
                return found["who"], lms
    for part in reversed(parts):
        found = MOODLE_LEARNER.match(part)
        if found:
            return f"{found['who']}_{found['id']}", "Moodle"
    return None


def _lab_from_name(name: str, labs: set[str]) -> str | None:
    stem = os.path.basename(name.rstrip("/"))
    for suffix in (".py", ".ipynb"):
        stem = stem[:-len(suffix)] if stem.lower().endswith(suffix) else stem
    # "05-backward (1).py": a browser's second Download; "-1": Canvas's resubmission
    again = SAVED_AGAIN.sub("", stem)
    candidates = (stem, again, RESUBMITTED.sub("", stem), RESUBMITTED.sub("", again),
                  SAVED_AGAIN.sub("", RESUBMITTED.sub("", stem)))
    for candidate in candidates[:2]:
        if _as_slug(candidate) in labs:
            return _as_slug(candidate)
    for candidate in candidates:  # the name uploaded, after an LMS's prefix
        for slug in sorted(labs, key=len, reverse=True):
            if (_as_slug(candidate[-len(slug):]) == slug
                    and candidate[:-len(slug)][-1:] in ("_", " ")):
                return slug
    return None


def _as_slug(name: str) -> str:
    """A lab's name as a learner may have retyped it: "05_backward" (as a Python module is
    named), "05-Backward"; either said "cannot tell which lab this is" under --all, and was
    failed as another lab's file when graded for a lab."""
    return name.lower().replace("_", "-")
