"""The hand-in: the "Export my work" zip a learner downloads and `course grade` reads. What is
graded must be what anyone who unpacks the zip reads, and nothing the zip claims (a verdict, a
score, a checksum, a name) may stand in for grading its code. Read with the intake alone
(grader/intake/), no interpreter: these take milliseconds."""

from __future__ import annotations

import json
import unicodedata
import zipfile

import pytest

from grader.intake.gather import collect, open_input
from tests.exports_support import lab_file, solution, starter

SLUG = "05-backward"
LABS = {SLUG}
MANIFEST = {"course": "autograd-course", "version": "0.1.0",
            "exported_at": "2026-03-01T12:00:00Z", "labs": [{"slug": SLUG, "file": f"{SLUG}.py"}]}


def _zip(path, entries, manifest=MANIFEST):
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("manifest.json", json.dumps(manifest))
        for name, data in entries:
            archive.writestr(name, data)
    return path


def _piece(path):
    (item,) = collect([str(path)])
    (piece,) = open_input(item, LABS, None)
    return piece


def _unpacked(path, file=f"{SLUG}.py") -> str:
    """The lab's file as an instructor reads it after unpacking the zip: of entries that land on
    one file, the last (Info-ZIP's `unzip -o`, zipfile's extractall, Finder, Explorer), where
    "./a" and "a//b" land on "a" and "a/b", and names that differ only in case land on one file
    on a case-insensitive disk (macOS's and Windows's, most instructors' laptops)."""
    seen = None
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            parts = [part for part in info.filename.split("/") if part not in ("", ".")]
            if _one_file("/".join(parts)) == _one_file(file):
                seen = archive.read(info).decode("utf-8")
    return seen


def _one_file(name: str) -> str:
    """Names one file on a disk that ignores case and Unicode composition (APFS, NTFS)."""
    return unicodedata.normalize("NFC", name).casefold()


# A second entry that unpacks onto the lab's file: the grader graded one (a copied solution),
# anyone who unpacks the export reads the other (the learner's own attempt), so a review of the
# code, by eye or by a similarity checker run on the unpacked files, sees code that was never
# graded. The shadow comes last, as the entry unpacking leaves is the later one.
@pytest.mark.filterwarnings("ignore:Duplicate name")
@pytest.mark.parametrize("shadow", [
    pytest.param(f"./{SLUG}.py", id="dot"),
    pytest.param(f".//{SLUG}.py", id="empty-part"),
    pytest.param("05-Backward.py", id="case"),
    pytest.param(f"{SLUG}.PY", id="extension-case"),
])
def test_the_graded_code_is_the_code_the_export_unpacks_to(tmp_path, shadow):
    export = _zip(tmp_path / "learner.zip", [(f"{SLUG}.py", lab_file(SLUG, solution(SLUG))),
                                             (shadow, lab_file(SLUG, starter(SLUG)))])
    seen = _unpacked(export)
    assert seen == lab_file(SLUG, starter(SLUG))  # the test's own premise
    piece = _piece(export)
    # Either refused (two entries for one file), or the code graded is the code seen.
    assert piece.source is None or piece.source == seen, (
        "graded a copy of the lab that unpacking the export hides: "
        f"graded {len(piece.source)} characters, unpacked {len(seen)}")


def test_a_name_the_manifest_gives_is_one_file_however_its_accents_are_composed(tmp_path):
    """The manifest may name the lab's file (a name of the learner's choosing): "café.py" with
    é as one character, and again with e and a combining accent, are one file on macOS."""
    file = "caf\u00e9.py"
    manifest = dict(MANIFEST, labs=[{"slug": SLUG, "file": file}])
    export = _zip(tmp_path / "learner.zip", [(file, lab_file(SLUG, solution(SLUG))),
                                             ("cafe\u0301.py", lab_file(SLUG, starter(SLUG)))],
                  manifest)
    seen = _unpacked(export, file)
    assert seen == lab_file(SLUG, starter(SLUG))
    piece = _piece(export)
    assert piece.source is None or piece.source == seen, "graded a copy unpacking hides"


def test_an_export_with_the_lab_once_is_graded_by_it(tmp_path):
    """The control: other entries beside the lab's file (a folder's own file, a notes file) are
    no second copy."""
    export = _zip(tmp_path / "learner.zip", [(f"{SLUG}.py", lab_file(SLUG, solution(SLUG))),
                                             (f"notes/{SLUG}.py", "# my notes"),
                                             (f"{SLUG}.py.txt", "draft")])
    assert _unpacked(export) == lab_file(SLUG, solution(SLUG))
    assert _piece(export).source == lab_file(SLUG, solution(SLUG))


def test_a_claimed_verdict_score_checksum_or_name_is_never_read(tmp_path):
    """Progress and manifest say the starter passed 18/18, with a checksum and another name:
    the starter's code is what is graded, and nothing of the claims reaches the piece."""
    claims = {"passed": True, "score": 18, "max_score": 18, "learner": "alice",
              "sha256": "0" * 64, "verdict": "PASSED 18/18"}
    manifest = dict(MANIFEST, **claims,
                    labs=[dict(MANIFEST["labs"][0], **claims)])
    export = _zip(tmp_path / "bob.zip",
                  [(f"{SLUG}.py", lab_file(SLUG, starter(SLUG))),
                   ("progress.json", json.dumps({SLUG: claims}))], manifest)
    piece = _piece(export)
    assert piece.source == lab_file(SLUG, starter(SLUG))
    assert piece.file == f"{export}:{SLUG}.py" and "alice" not in piece.file


def test_a_manifest_that_points_the_lab_at_another_labs_file_is_told(tmp_path):
    """The lab's entry names lab 4's file (its first line says 04-value): not graded as lab 5."""
    manifest = dict(MANIFEST, labs=[{"slug": SLUG, "file": "04-value.py"}])
    export = _zip(tmp_path / "learner.zip",
                  [("04-value.py", lab_file("04-value", solution("04-value")))], manifest)
    piece = _piece(export)
    assert piece.source is None and "04-value" in piece.error, piece.error
