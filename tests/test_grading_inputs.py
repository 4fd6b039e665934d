"""What `course grade` accepts: files, folders, export zips (and unpacked exports), `--all`,
and bad input, each bad entry failing alone with its reason while the rest are graded."""

from __future__ import annotations

import json
import os
import zipfile

import pytest

from tests.conftest import ROOT, run_course
from tests.exports_support import checks, lab_file, make_export, python_score, solution, starter

LAB = ROOT / "labs" / "05-backward"
SECRET = "COURSE_TEST_SECRET=7f3a-not-for-reports"


def grade(*args, cwd=None):
    """`course grade ... --json --runtime python`: (exit status, reports by file, stderr)."""
    done = run_course("grade", *args, "--json", "--runtime", "python", "--trusted", cwd=cwd or ROOT,
                      timeout=300)
    reports = json.loads(done.stdout) if done.stdout else []
    return done.returncode, {r["file"]: r for r in reports}, done.stderr, reports


def test_a_folder_grades_every_py_inside_sorted_and_skips_the_rest(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "zoe.py").write_text(solution("05-backward"))
    (tmp_path / "amy.py").write_text(starter("05-backward"))
    (tmp_path / "notes.txt").write_text("not a submission")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.py").write_text("")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / ".ipynb_checkpoints" / "amy-checkpoint.py").write_text("")
    status, by_file, _, reports = grade("05-backward", str(tmp_path))
    names = [os.path.relpath(r["file"], tmp_path) for r in reports]
    assert names == ["amy.py", os.path.join("b", "zoe.py")]
    assert status == 1 and [r["passed"] for r in reports] == [False, True]


def _notebook(slug: str, code: str | None) -> str:
    """The course's own notebook for a lab (as the JupyterLite site ships it), its
    `%%writefile lab.py` cell holding `code` (None: the cell taken out)."""
    from grader import course as course_model
    from grader.site_builder import lite_notebooks

    notebook = json.loads(lite_notebooks.notebooks(course_model.load(ROOT))[f"{slug}.ipynb"])
    cells = notebook["cells"]
    at = next(i for i, c in enumerate(cells) if "".join(c["source"]).startswith("%%writefile lab.py"))
    if code is None:
        del cells[at]
    else:
        cells[at]["source"] = ("%%writefile lab.py\n" + code).splitlines(keepends=True)
    return json.dumps(notebook)


def test_a_labs_notebook_is_graded_by_the_code_of_its_writefile_cell(tmp_path):
    """A learner who worked in the lab's JupyterLite notebook hands in the .ipynb: it is
    graded as the lab.py its cell writes (it once ran as Python: "name 'null' is not
    defined"; in a folder it was skipped without a word)."""
    (tmp_path / "amy").mkdir()
    (tmp_path / "amy" / "04-value.ipynb").write_text(_notebook("04-value", solution("04-value")))
    (tmp_path / "bob.ipynb").write_text(_notebook("04-value", starter("04-value")))
    (tmp_path / "cal.ipynb").write_text(_notebook("04-value", None))
    (tmp_path / "dan.ipynb").write_text("{not json")
    status, by_file, _, reports = grade("04-value", str(tmp_path))
    names = [os.path.relpath(r["file"], tmp_path) for r in reports]
    assert names == [os.path.join("amy", "04-value.ipynb"), "bob.ipynb", "cal.ipynb", "dan.ipynb"]
    amy, bob, cal, dan = reports
    assert amy["passed"] is True and amy["score"] == amy["max_score"] == checks("04-value")
    assert bob["passed"] is False
    assert bob["score"] == python_score("04-value", starter("04-value"))
    assert "no cell that starts with %%writefile lab.py" in cal["error"], cal["error"]
    assert "is not a notebook (it is not JSON)" in dan["error"], dan["error"]
    # IPython drops a cell's blank first lines before it looks for the magic: a stray Enter
    # above it still writes lab.py, so the cell is the lab's (it was "no cell that starts").
    blank = json.loads(_notebook("04-value", solution("04-value")))
    cell = next(c for c in blank["cells"] if "".join(c["source"]).startswith("%%writefile"))
    cell["source"] = ["\n", "  \n"] + cell["source"]
    (tmp_path / "blank").mkdir()
    (tmp_path / "blank" / "04-value.ipynb").write_text(json.dumps(blank))
    _, by_file, _, _ = grade("04-value", str(tmp_path / "blank" / "04-value.ipynb"))
    assert by_file[str(tmp_path / "blank" / "04-value.ipynb")]["passed"] is True
    # Lines are the ones of the lab.py the notebook wrote: a slip on line 3 of the code is
    # line 3, not line 4 of the cell.
    slip = "class Value:\n    pass\nraise ValueError('here')\n"
    (tmp_path / "eve.ipynb").write_text(_notebook("04-value", slip))
    _, by_file, _, _ = grade("04-value", str(tmp_path / "eve.ipynb"))
    assert "(line 3 of your file)" in by_file[str(tmp_path / "eve.ipynb")]["error"]
    # With --all, a notebook named anything is graded for the lab its check cell grades.
    (tmp_path / "homework.ipynb").write_text(_notebook("03-branching", solution("03-branching")))
    status, by_file, _, _ = grade("--all", str(tmp_path / "homework.ipynb"))
    report = by_file[str(tmp_path / "homework.ipynb")]
    assert report["lab"] == "03-branching" and report["passed"] is True, report
    # Given another lab, it is not graded against that lab's checks ("does not define
    # `Value`" for every check): it says whose notebook it is, as a file's first line would.
    status, by_file, _, _ = grade("04-value", str(tmp_path / "homework.ipynb"))
    report = by_file[str(tmp_path / "homework.ipynb")]
    assert ("homework.ipynb is lab 03-branching's notebook (its check cell grades 03-branching), "
            "not lab 04-value's") in report["error"], report["error"]


def test_an_export_zip_grades_that_labs_file(tmp_path):
    export = make_export(tmp_path / "alice.zip", {
        "04-value": starter("04-value"), "05-backward": solution("05-backward")})
    status, by_file, _, reports = grade("05-backward", str(export))
    assert status == 0 and len(reports) == 1
    report = by_file[f"{export}:05-backward.py"]
    assert report["passed"] is True and report["input"] == str(export)


def test_all_grades_every_lab_in_each_export_one_report_per_learner_and_lab(tmp_path):
    make_export(tmp_path / "alice.zip", {"04-value": solution("04-value"),
                                         "05-backward": starter("05-backward")})
    make_export(tmp_path / "bob.zip", {"05-backward": solution("05-backward")})
    (tmp_path / "03-branching.py").write_text(solution("03-branching"))
    status, by_file, _, reports = grade("--all", str(tmp_path))
    got = {(os.path.relpath(r["file"], tmp_path), r["lab"], r["passed"]) for r in reports}
    assert got == {("alice.zip:04-value.py", "04-value", True),
                   ("alice.zip:05-backward.py", "05-backward", False),
                   ("bob.zip:05-backward.py", "05-backward", True),
                   ("03-branching.py", "03-branching", True)}
    assert status == 1


def test_all_grades_a_second_download_by_the_name_the_browser_gave_it(tmp_path):
    """Downloading a lab twice saves `03-branching (1).py` (Chromium) or `03-branching(1).py`
    (Firefox); --all refused both ("cannot tell which lab this is") when the file's first line
    had been edited away, though the guide says a loose file is graded as the lab its name
    names."""
    (tmp_path / "03-branching (1).py").write_text(solution("03-branching"))
    (tmp_path / "02-chain-rule(2).py").write_text(starter("02-chain-rule"))
    (tmp_path / "03-branching (x).py").write_text(solution("03-branching"))
    status, by_file, _, reports = grade("--all", str(tmp_path))
    got = {os.path.relpath(r["file"], tmp_path): (r["lab"], r["passed"]) for r in reports}
    assert got["03-branching (1).py"] == ("03-branching", True)
    assert got["02-chain-rule(2).py"] == ("02-chain-rule", False)
    assert "cannot tell which lab" in by_file[str(tmp_path / "03-branching (x).py")]["error"]
    assert status == 1


def test_an_unpacked_export_is_graded_like_its_zip(tmp_path):
    export = make_export(tmp_path / "alice.zip", {"04-value": solution("04-value"),
                                                  "05-backward": solution("05-backward")})
    folder = tmp_path / "unpacked"
    with zipfile.ZipFile(export) as archive:
        archive.extractall(folder)
    status, by_file, _, reports = grade("05-backward", str(folder))
    assert status == 0 and list(by_file) == [f"{folder}/05-backward.py"]


def test_an_export_without_the_lab_fails_alone_and_names_what_it_holds(tmp_path):
    wrong = make_export(tmp_path / "a-wrong-lab.zip", {"04-value": solution("04-value")})
    (tmp_path / "b-good.py").write_text(solution("05-backward"))
    status, by_file, _, _ = grade("05-backward", str(tmp_path))
    assert status == 1
    assert by_file[str(tmp_path / "b-good.py")]["passed"] is True
    failed = by_file[str(wrong)]
    assert failed["passed"] is False and failed["score"] == 0 and failed["max_score"] == checks("05-backward")
    assert "holds no work for lab 05-backward (it holds 04-value)" in failed["error"]


def test_a_file_whose_first_line_names_another_lab_fails_with_that_name(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(lab_file("04-value", solution("05-backward")))
    status, by_file, _, _ = grade("05-backward", str(path))
    assert status == 1
    assert "is lab 04-value's file (its first line says so), not lab 05-backward's" in \
        by_file[str(path)]["error"]


def _zip(path, entries, attrs=None):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name)
            if attrs and name in attrs:
                info.external_attr = attrs[name]
            archive.writestr(info, data)
    return path


@pytest.mark.filterwarnings("ignore:Duplicate name")  # the zip below is meant to be bad
@pytest.mark.parametrize("entries, attrs, words", [
    ([], None, "has no manifest.json, so it is not a course export"),
    ([("manifest.json", "{}"), ("../../etc/cron.d/x.py", "x")], None, "points outside the export"),
    ([("manifest.json", "{}"), ("/abs.py", "x")], None, "points outside the export"),
    ([("manifest.json", "{}"), ("05-backward.py", "/etc/passwd")],
     {"05-backward.py": 0o120777 << 16}, "holds a symbolic link (05-backward.py)"),
    ([("manifest.json", "{}"), ("a.py", "1"), ("a.py", "2")], None,
     "two entries, 'a.py' and 'a.py', which unpack to one file"),
    ([("manifest.json", "not json")], None, "manifest.json is not valid JSON"),
    ([("manifest.json", '{"course": "another-course", "labs": []}')], None,
     "is not an export of this course"),
    # 50 kB of "[": json reads arrays by recursion, and its RecursionError (not a ValueError)
    # once ended the whole run with a traceback, nothing graded.
    ([("manifest.json", "[" * 50_000)], None, "manifest.json is not valid JSON"),
    # Nested just short of that limit: read, then shown in a few characters, not 1 800.
    ([("manifest.json", '{"course": "autograd-course", "labs": [%s%s]}' % ("[" * 900, "]" * 900))],
     None, "manifest.json lists a lab as [[[[[[[...]]]]]]]; each must be"),
])
def test_a_bad_zip_fails_alone_with_the_reason(tmp_path, entries, attrs, words):
    bad = _zip(tmp_path / "bad.zip", entries, attrs)
    good = tmp_path / "good.py"
    good.write_text(solution("05-backward"))
    status, by_file, _, _ = grade("05-backward", str(bad), str(good))
    assert status == 1 and by_file[str(good)]["passed"] is True
    assert words in by_file[str(bad)]["error"], by_file[str(bad)]["error"]


def test_an_input_that_fails_to_read_in_an_unforeseen_way_fails_alone(tmp_path, monkeypatch):
    """Reading a stranger's zip can go wrong in ways no refusal names (a manifest nested past
    json's recursion limit did): that input fails with the reason, never the whole run."""
    from grader.intake import gather

    def unforeseen(path, shown):
        raise OverflowError("a number too large for the zip's directory")

    bad = _zip(tmp_path / "odd.zip", [("manifest.json", "{}")])
    monkeypatch.setattr(gather, "read_export_zip", unforeseen)
    (piece,) = gather.open_input(gather.Input(str(bad), bad, "zip"), {"05-backward"},
                                 "05-backward")
    assert piece.source is None and piece.lab == "05-backward"
    assert piece.error.startswith(f"{bad} could not be read (OverflowError), so it is not graded")


def test_a_damaged_zip_fails_alone_with_the_reason(tmp_path):
    """Bytes a zip's directory does not vouch for: a lab file whose deflate stream is broken
    (zlib.error, which ended the whole run) and a directory claiming a zip version from the
    future (NotImplementedError, the same). Each fails alone; the good file is graded."""
    broken = make_export(tmp_path / "broken.zip", {"05-backward": solution("05-backward")})
    data = bytearray(broken.read_bytes())
    with zipfile.ZipFile(broken) as archive:
        member = archive.getinfo("05-backward.py")
    start = member.header_offset + 30 + len(member.filename.encode()) + len(member.extra)
    data[start] = 0xFF  # a final block of type 3, which deflate does not have
    broken.write_bytes(bytes(data))
    future = make_export(tmp_path / "future.zip", {"05-backward": solution("05-backward")})
    data = bytearray(future.read_bytes())
    at = data.index(b"PK\x01\x02")
    data[at + 6:at + 8] = (99).to_bytes(2, "little")  # needs zip version 9.9 to extract
    future.write_bytes(bytes(data))
    good = tmp_path / "good.py"
    good.write_text(solution("05-backward"))
    status, by_file, stderr, _ = grade("05-backward", str(broken), str(future), str(good))
    assert status == 1 and by_file[str(good)]["passed"] is True, stderr
    assert ("cannot be unpacked (Error -3 while decompressing data"
            in by_file[f"{broken}:05-backward.py"]["error"])
    assert "is not a zip archive" in by_file[str(future)]["error"]


def test_a_lab_entry_that_is_a_folder_in_the_zip_fails_alone(tmp_path):
    manifest = json.dumps({"course": "autograd-course", "version": "0.1.0", "exported_at": "",
                           "labs": [{"slug": "05-backward", "file": "05-backward.py"}]})
    bad = _zip(tmp_path / "bad.zip", [("manifest.json", manifest), ("05-backward.py/", "")])
    status, by_file, _, _ = grade("05-backward", str(bad))
    assert "05-backward.py is a folder in the zip, not a file" in \
        by_file[f"{bad}:05-backward.py"]["error"]


def test_a_zip_bomb_is_refused_from_its_directory_without_unpacking(tmp_path):
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", "{}")
        with archive.open("zeros.bin", "w", force_zip64=True) as stream:
            chunk = bytes(1 << 20)
            for _ in range(100):  # 100 MB of zeros, about 100 kB packed
                stream.write(chunk)
    assert bomb.stat().st_size < 1 << 20
    status, by_file, _, _ = grade("05-backward", str(bomb))
    assert "refused as a zip bomb" in by_file[str(bomb)]["error"]


def test_a_1_gb_file_is_refused_by_its_size_without_being_read(tmp_path):
    for name in ("big.py", "big.zip"):
        with open(tmp_path / name, "wb") as sparse:
            sparse.truncate(1 << 30)  # a sparse file: 1 GB on paper, nothing on disk
    status, by_file, _, _ = grade("05-backward", str(tmp_path / "big.py"),
                                  str(tmp_path / "big.zip"))
    assert status == 1
    for name in ("big.py", "big.zip"):
        # "1.0 GB" comes from the file's metadata: a read would have stopped at the limit.
        assert "is too large to be a lab (1.0 GB" in by_file[str(tmp_path / name)]["error"]


def test_a_file_of_1_mb_is_graded_and_one_byte_more_is_refused(tmp_path):
    """README: a file over 1 MB is refused by its size. Exactly 1 MiB is still a lab."""
    source = solution("05-backward").encode()
    padding = (1 << 20) - len(source) - 2
    (tmp_path / "at.py").write_bytes(b"#" + b"x" * padding + b"\n" + source)
    (tmp_path / "over.py").write_bytes(b"#" + b"x" * (padding + 1) + b"\n" + source)
    assert (tmp_path / "at.py").stat().st_size == 1 << 20
    status, by_file, _, _ = grade("05-backward", str(tmp_path / "at.py"), str(tmp_path / "over.py"))
    assert status == 1
    assert by_file[str(tmp_path / "at.py")]["passed"] is True
    assert ("is too large to be a lab (1.0 MB; the limit is 1.0 MB)"
            in by_file[str(tmp_path / "over.py")]["error"])


def test_a_symlink_is_not_followed_and_its_target_never_reaches_a_report(tmp_path):
    secret = tmp_path / "secret.env"
    secret.write_text(SECRET + "\n")
    submissions = tmp_path / "class"
    submissions.mkdir()
    (submissions / "evil.py").symlink_to(secret)
    (submissions / "good.py").write_text(solution("05-backward"))
    (submissions / "dangling.py").symlink_to(tmp_path / "nowhere")
    given = tmp_path / "given.py"  # a link given by name, not found in a folder
    given.symlink_to(secret)
    status, by_file, err, reports = grade("05-backward", str(submissions), str(given))
    assert status == 1 and len(reports) == 4
    assert by_file[str(submissions / "good.py")]["passed"] is True
    for path in (submissions / "evil.py", submissions / "dangling.py", given):
        assert "is a symbolic link; links are not followed" in by_file[str(path)]["error"]
    assert "7f3a" not in json.dumps(reports) and "7f3a" not in err


def test_a_folder_given_among_files_is_graded_and_one_named_like_a_file_fails_alone(tmp_path):
    (tmp_path / "folder.py").mkdir()
    (tmp_path / "good.py").write_text(solution("05-backward"))
    status, by_file, _, _ = grade("05-backward", str(tmp_path))
    assert by_file[str(tmp_path / "good.py")]["passed"] is True
    assert "folder.py is a folder, not a file" in by_file[str(tmp_path / "folder.py")]["error"]
    empty = tmp_path / "empty"
    empty.mkdir()
    status, by_file, _, _ = grade("05-backward", str(empty), str(tmp_path / "good.py"))
    assert status == 1 and (f"Not graded: nothing was handed in: {empty} is empty; hand in the "
                            "lab's .py file") in by_file[str(empty)]["error"]


def test_a_fifo_a_device_and_proc_self_mem_fail_alone_without_hanging(tmp_path):
    os.mkfifo(tmp_path / "pipe.py")  # opening it for reading would block forever
    good = tmp_path / "good.py"
    good.write_text(solution("05-backward"))
    status, by_file, _, reports = grade("05-backward", str(tmp_path / "pipe.py"), "/dev/zero",
                                        "/proc/self/mem", str(good))
    assert [r["file"] for r in reports] == [str(tmp_path / "pipe.py"), "/dev/zero",
                                            "/proc/self/mem", str(good)]
    assert "is a FIFO (named pipe), not a regular file" in reports[0]["error"]
    assert "is a character device, not a regular file" in reports[1]["error"]
    assert "/proc/self/mem cannot be read" in reports[2]["error"]
    assert reports[3]["passed"] is True and status == 1


def test_a_utf8_file_with_a_byte_order_mark_is_graded(tmp_path):
    path = tmp_path / "notepad.py"
    path.write_bytes(b"\xef\xbb\xbf" + lab_file("05-backward", solution("05-backward")).encode())
    status, by_file, _, _ = grade("05-backward", str(path))
    assert status == 0 and by_file[str(path)]["passed"] is True


def test_a_file_that_is_not_utf8_fails_alone_with_a_clear_message(tmp_path):
    latin = tmp_path / "latin1.py"
    latin.write_bytes("# café\n".encode("latin-1") + solution("05-backward").encode())
    binary = tmp_path / "binary.py"
    binary.write_bytes(b"print(1)\x00\x00")
    # The lab's file, its first line's dash and all, saved by an editor in Windows' "ANSI"
    # (cp1252): it was "byte 0x97 at position 14", a count of bytes no editor shows, and far
    # into a file a number of thousands. The line is named, and what the byte is in ANSI.
    ansi = tmp_path / "ansi.py"
    ansi.write_bytes(("x = 1\r\n" + lab_file("05-backward", "y = 2\n")).encode("cp1252"))
    status, by_file, _, _ = grade("05-backward", str(latin), str(binary), str(ansi))
    assert ("is not UTF-8 text (byte 0xe9 in line 1, which Windows' \"ANSI\" encoding reads as "
            "'é')") in by_file[str(latin)]["error"]
    assert "holds NUL bytes, so it is not a text file" in by_file[str(binary)]["error"]
    said = by_file[str(ansi)]["error"]
    assert ("is not UTF-8 text (byte 0x97 in line 2, which Windows' \"ANSI\" encoding reads as "
            "'—'): save it as UTF-8") in said, said


def test_a_file_declaring_its_encoding_is_read_as_python_reads_it(tmp_path):
    """`python file.py` honours a `# -*- coding: latin-1 -*-` line (PEP 263), which older
    editors write; the grader refused the file as "not UTF-8". A coding line Python cannot use,
    or bytes its encoding cannot hold, still fail alone, saying so."""
    declared = tmp_path / "declared.py"
    declared.write_bytes("# -*- coding: latin-1 -*-\n# café\n".encode("latin-1")
                         + solution("05-backward").encode() + "\nprint('é')\n".encode("latin-1"))
    unknown = tmp_path / "unknown.py"
    unknown.write_bytes(b"# coding: no-such-codec\n" + solution("05-backward").encode())
    ascii_only = tmp_path / "ascii.py"
    ascii_only.write_bytes(b"# coding: ascii\n# caf\xc3\xa9\n" + solution("05-backward").encode())
    notepad = tmp_path / "notepad-unicode.py"
    notepad.write_bytes(solution("05-backward").encode("utf-16"))  # with its byte-order mark
    status, by_file, _, _ = grade("05-backward", str(declared), str(unknown), str(ascii_only),
                                  str(notepad))
    assert ("notepad-unicode.py is saved as UTF-16 (what Windows Notepad calls \"Unicode\"), "
            "not UTF-8: save it again choosing UTF-8") in by_file[str(notepad)]["error"]
    assert by_file[str(declared)]["passed"] is True, by_file[str(declared)]["error"]
    assert by_file[str(declared)]["stdout"].endswith("é\n")
    assert ("unknown.py: Python cannot read it by its coding line (unknown encoding: "
            "no-such-codec)") in by_file[str(unknown)]["error"]
    assert ("ascii.py is not ascii text, as its coding line says (byte 0xc3 in line 2)"
            in by_file[str(ascii_only)]["error"])
    assert status == 1


@pytest.mark.parametrize("shard, words", [
    ("0/4", "K must be between 1 and N (4)"), ("5/4", "K must be between 1 and N (4)"),
    ("1/0", "N must be between 1 and"), ("two", "--shard takes K/N"), ("1/", "--shard takes K/N"),
])
def test_a_shard_out_of_range_is_a_usage_error_before_anything_runs(tmp_path, shard, words):
    done = run_course("grade", "05-backward", str(LAB / "solution.py"), "--shard", shard,
                      "--json", "--runtime", "python", "--trusted")
    assert done.returncode == 2 and words in done.stderr and done.stdout == ""


def test_shards_are_disjoint_and_together_hold_every_input(tmp_path):
    for number in range(12):
        (tmp_path / f"learner{number:02}.py").write_text(starter("05-backward"))
    _, everything, _, _ = grade("05-backward", str(tmp_path))
    seen = []
    for index in (1, 2, 3):
        _, by_file, _, reports = grade("05-backward", str(tmp_path), "--shard", f"{index}/3")
        assert all(r["shard"]["index"] == index and r["shard"]["inputs"] == 12 for r in reports)
        again = grade("05-backward", str(tmp_path), "--shard", f"{index}/3")[1]
        assert list(again) == list(by_file)  # stable: the same share every time
        seen += list(by_file)
    assert sorted(seen) == sorted(everything) and len(seen) == len(set(seen)) == 12


def test_jobs_grades_the_same_whatever_the_number(tmp_path):
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.py").write_text(solution("05-backward") if name != "b"
                                             else starter("05-backward"))
    one = grade("05-backward", str(tmp_path), "--jobs", "1")[3]
    three = grade("05-backward", str(tmp_path), "--jobs", "3")[3]
    assert [(r["file"], r["score"]) for r in one] == [(r["file"], r["score"]) for r in three]
    assert [r["passed"] for r in one] == [True, False, True]
    bad = run_course("grade", "05-backward", str(tmp_path), "--jobs", "0")
    assert bad.returncode == 2


@pytest.mark.pyodide
def test_in_pyodide_a_batch_with_bad_entries_grades_the_rest(tmp_path):
    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "link.py").symlink_to(LAB / "solution.py")
    make_export(tmp_path / "alice.zip", {"05-backward": solution("05-backward")})
    (tmp_path / "wrong.py").write_text(starter("05-backward"))
    done = run_course("grade", "05-backward", str(tmp_path), "--json", timeout=600)
    reports = {os.path.relpath(r["file"], tmp_path): r for r in json.loads(done.stdout)}
    assert done.returncode == 1 and set(reports) == {"alice.zip:05-backward.py", "link.py",
                                                     "pipe.py", "wrong.py"}
    assert reports["alice.zip:05-backward.py"]["passed"] is True
    assert reports["alice.zip:05-backward.py"]["runtime"] == "pyodide"
    assert reports["wrong.py"]["passed"] is False and reports["wrong.py"]["error"] == ""
    assert "symbolic link" in reports["link.py"]["error"]
    assert "FIFO" in reports["pipe.py"]["error"]


def test_an_export_unpacked_and_zipped_again_as_a_folder_is_read(tmp_path):
    """A browser that unpacks downloads (Safari does) leaves a folder; Compress on it makes a
    zip whose every entry is inside that folder, with macOS's __MACOSX/ copies beside it.
    It was refused as "not a course export"; it is the learner's export all the same."""
    export = make_export(tmp_path / "export.zip", {"05-backward": solution("05-backward")})
    top = "autograd-course-work-2026-03-01/"
    with zipfile.ZipFile(export) as original:
        entries = [(top, "")] + [(top + info.filename, original.read(info))
                                 for info in original.infolist()]
    entries += [(f"__MACOSX/{top}._{name[len(top):]}", b"\0\5\26\7") for name, _ in entries[1:]]
    again = _zip(tmp_path / "again.zip", entries)
    status, by_file, _, _ = grade("05-backward", str(again))
    assert status == 0 and by_file[f"{again}:05-backward.py"]["passed"] is True
    # Only one folder, holding the manifest: two learners' folders in one zip are not one export.
    two = _zip(tmp_path / "two.zip", entries + [("other/manifest.json", "{}")])
    status, by_file, _, _ = grade("05-backward", str(two))
    assert status == 1 and "has no manifest.json" in by_file[str(two)]["error"]


def test_an_export_zipped_again_on_windows_with_backslashes_is_read(tmp_path):
    """Windows PowerShell's Compress-Archive (5.1, what Windows 10 ships) writes a zip's names
    with backslashes, `autograd-course-work\\manifest.json`: an export unpacked and zipped
    again so was refused as "an entry ... which points outside the export (absolute, '..' or
    a drive name)", none of which it is. A backslash is read as the separator it was meant
    as (Info-ZIP's unzip does so too); a name that then points outside is still refused."""
    export = make_export(tmp_path / "export.zip", {"05-backward": solution("05-backward")})
    top = "autograd-course-work-2026-03-01\\"
    with zipfile.ZipFile(export) as original:
        entries = [(top + info.filename, original.read(info)) for info in original.infolist()]
    again = _zip(tmp_path / "again.zip", entries)
    status, by_file, _, _ = grade("05-backward", str(again))
    assert status == 0 and by_file[f"{again}:05-backward.py"]["passed"] is True, by_file
    evil = [_zip(tmp_path / f"evil-{n}.zip", entries + [(bad, "x")])
            for n, bad in enumerate(("..\\..\\x.py", "\\x.py", "C:\\x.py"))]
    status, by_file, _, _ = grade("05-backward", *map(str, evil))
    assert status == 1 and all("points outside the export" in by_file[str(zip_)]["error"]
                               for zip_ in evil), by_file


def test_a_folder_grades_an_extension_in_capitals_and_names_on_stderr_what_it_skips(tmp_path):
    """A file saved as `05-backward.PY` (Windows, macOS) is the learner's work; a `.txt` copy is
    not graded and has no row in any document, but one stderr line names it, so that learner
    is not silently missing from the grades."""
    (tmp_path / "amy.PY").write_text(solution("05-backward"))
    (tmp_path / "bob.Zip").write_bytes((make_export(tmp_path / "x.zip", {
        "05-backward": solution("05-backward")})).read_bytes())
    (tmp_path / "x.zip").unlink()
    (tmp_path / "cid.py.txt").write_text(solution("05-backward"))
    (tmp_path / ".DS_Store").write_bytes(b"\0\1")
    # what Windows writes by itself (a synced Drive or OneDrive folder has desktop.ini) was
    # named as files that might be a learner's work, with the advice to rename them
    for junk in ("Thumbs.db", "desktop.ini", "ehthumbs.db"):
        (tmp_path / junk).write_bytes(b"\0\1")
    status, by_file, stderr, reports = grade("05-backward", str(tmp_path))
    assert [os.path.basename(r["file"]) for r in reports] == ["amy.PY", "bob.Zip:05-backward.py"]
    assert status == 0 and all(r["passed"] for r in reports)
    assert "1 file(s) in the folders that are not .py, .zip or .ipynb" in stderr, stderr
    assert str(tmp_path / "cid.py.txt") in stderr and ".DS_Store" not in stderr


def test_all_tells_the_lab_of_a_file_named_in_capitals(tmp_path):
    (tmp_path / "05-backward.PY").write_text(solution("05-backward"))
    status, by_file, stderr, reports = grade("--all", str(tmp_path))
    assert status == 0 and [r["lab"] for r in reports] == ["05-backward"], reports
    assert "Not graded" not in stderr


def test_a_class_zip_from_an_lms_is_told_to_be_unzipped(tmp_path):
    """Canvas's "Download Submissions" is a zip of every learner's file, with no manifest: the
    instructor, not a learner, reads why it is not graded, and what to do."""
    canvas = _zip(tmp_path / "submissions.zip", [
        ("doeja_12345_67890_05-backward.py", solution("05-backward")),
        ("smithbo_LATE_22345_67891_05-backward-1.py", starter("05-backward"))])
    status, by_file, _, _ = grade("05-backward", str(canvas))
    assert status == 1
    assert "it holds 2 .py, .zip or .ipynb files: if it is a class's submissions downloaded " \
           "from an LMS, unzip it and grade the folder" in by_file[str(canvas)]["error"]


def test_an_empty_or_blank_file_fails_alone_saying_so_not_with_every_missing_name(tmp_path):
    """A save that never happened, or the wrong file picked in an upload dialog: one line
    saying the file is empty, not a `does not define` for every check; in an export too (where
    Download's header line is all the file holds). A file of comments alone is graded."""
    (tmp_path / "a-empty.py").write_bytes(b"")
    (tmp_path / "b-blank.py").write_bytes(b"\xef\xbb\xbf\n  \r\n\t\n")
    export = make_export(tmp_path / "c-export.zip", {"05-backward": ""})
    (tmp_path / "d-good.py").write_text(solution("05-backward"))
    (tmp_path / "e-comment.py").write_text("# I could not do it\n")
    status, by_file, _, _ = grade("05-backward", str(tmp_path))
    assert "does not define" in str(by_file[str(tmp_path / "e-comment.py")]["checks"])
    assert status == 1 and by_file[str(tmp_path / "d-good.py")]["passed"] is True
    empty = by_file[str(tmp_path / "a-empty.py")]
    assert "a-empty.py is empty, so there is nothing in it to grade" in empty["error"]
    assert empty["score"] == 0 and empty["max_score"] == checks("05-backward")
    assert "is blank: spaces and line ends only" in by_file[str(tmp_path / "b-blank.py")]["error"]
    inside = by_file[f"{export}:05-backward.py"]["error"]
    assert "is only its first line, which names the lab: no code" in inside, inside


def test_a_file_given_twice_is_graded_once_and_its_shards_merge(tmp_path):
    """`course grade LAB exports/ exports/*.zip`, or `a.py ./a.py`: each file once, where it
    was first given, with a line on stderr. Graded twice it was two rows of one learner, and
    split between two shards a merge refused it as 'graded twice ... merge each shard once'."""
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "amy.py").write_text(solution("05-backward"))
    (folder / "bob.py").write_text(starter("05-backward"))
    again = [str(folder), str(folder / "amy.py"), os.path.join(str(folder), ".", "bob.py"),
             str(folder)]
    status, _, stderr, reports = grade("05-backward", *again)
    assert [os.path.basename(r["file"]) for r in reports] == ["amy.py", "bob.py"]
    assert "Graded once, where first given: 4 path(s) named a file again" in stderr
    assert f"{again[2]} (first as {folder / 'bob.py'})" in stderr
    shards = []
    for k in (1, 2):
        done = run_course("grade", "05-backward", *again, "--shard", f"{k}/2", "--json",
                          "--runtime", "python", "--trusted", cwd=ROOT, timeout=300)
        shards.append(tmp_path / f"shard-{k}.json")
        shards[-1].write_text(done.stdout)
    merged = run_course("merge", *map(str, shards), cwd=ROOT)
    assert merged.returncode == 1, merged.stderr  # bob's starter fails; nothing refused
    assert sorted(os.path.basename(r["file"]) for r in json.loads(merged.stdout)) == \
        ["amy.py", "bob.py"]


def test_all_grades_a_canvas_download_by_the_name_the_learner_uploaded(tmp_path):
    """Canvas's "Download Submissions" puts the learner's name and two numbers before the
    name they uploaded, and "-1" before the extension for a resubmission: --all said "cannot
    tell which lab this is" for each file whose first line had been edited away."""
    (tmp_path / "doejane_12345_67890_03-branching.py").write_text(solution("03-branching"))
    (tmp_path / "roebob_LATE_22345_67891_02-chain-rule-1.py").write_text(starter("02-chain-rule"))
    (tmp_path / "zedann_32345_67892_my_work.py").write_text(solution("03-branching"))
    # a browser's second Download ("(1)"), then uploaded: Canvas's prefix around it
    (tmp_path / "lowkim_42345_67893_02-chain-rule (1).py").write_text(solution("02-chain-rule"))
    status, by_file, _, reports = grade("--all", str(tmp_path))
    got = {os.path.relpath(r["file"], tmp_path): (r["lab"], r["passed"]) for r in reports}
    assert got["doejane_12345_67890_03-branching.py"] == ("03-branching", True)
    assert got["roebob_LATE_22345_67891_02-chain-rule-1.py"] == ("02-chain-rule", False)
    assert got["lowkim_42345_67893_02-chain-rule (1).py"] == ("02-chain-rule", True)
    assert "cannot tell which lab" in by_file[str(tmp_path / "zedann_32345_67892_my_work.py")]["error"]
    assert status == 1


def test_all_grades_moodle_blackboard_and_brightspace_downloads_by_the_name_uploaded(tmp_path):
    """Moodle, Blackboard and Brightspace put other prefixes than Canvas's before the name the
    learner uploaded: --all said "cannot tell which lab this is" for every one of them."""
    names = {"Jane Doe_12345_assignsubmission_file_03-branching.py": "03-branching",
             "HW2_jdoe_attempt_2026-03-01-12-00-00_02-chain-rule.py": "02-chain-rule",
             "123-456 - Jane Doe - Mar 1, 2026 1200 PM - 03-branching (1).py": "03-branching",
             "doejane_12345_67890_02-chain-rule (1)-1.py": "02-chain-rule"}
    for name, slug in names.items():
        (tmp_path / name).write_text(solution(slug))
    (tmp_path / "Ann Lee_12346_assignsubmission_file_x03-branching.py").write_text(
        solution("03-branching"))
    status, by_file, _, reports = grade("--all", str(tmp_path))
    got = {os.path.relpath(r["file"], tmp_path): (r["lab"], r["passed"]) for r in reports}
    for name, slug in names.items():
        assert got[name] == (slug, True), (name, by_file[str(tmp_path / name)]["error"])
    # a slug glued to other letters is not its lab's name
    assert "cannot tell which lab" in by_file[
        str(tmp_path / "Ann Lee_12346_assignsubmission_file_x03-branching.py")]["error"]
    assert status == 1


def test_a_file_named_after_another_lab_is_not_graded_as_this_one(tmp_path):
    """A folder of learners' folders, each with every lab, graded for lab 5: amy's 04-value.py
    (no first line: edited away) failed 17 of lab 5's checks, a row that read as her lab 5."""
    (tmp_path / "amy").mkdir()
    (tmp_path / "amy" / "04-value.py").write_text(solution("04-value"))
    (tmp_path / "amy" / "05-backward.py").write_text(solution("05-backward"))
    # named after lab 4, but its first line says lab 5: the first line wins
    (tmp_path / "amy" / "04-value (1).py").write_text(lab_file("05-backward",
                                                               solution("05-backward")))
    status, by_file, _, reports = grade("05-backward", str(tmp_path))
    error = by_file[str(tmp_path / "amy" / "04-value.py")]["error"]
    assert error.startswith(f"Not graded: {tmp_path / 'amy' / '04-value.py'} is lab 04-value's "
                            "file (its name says so), not lab 05-backward's"), error
    assert "--all" in error
    assert by_file[str(tmp_path / "amy" / "05-backward.py")]["passed"]
    assert by_file[str(tmp_path / "amy" / "04-value (1).py")]["passed"]
    assert status == 1


def test_a_folder_with_nothing_to_grade_names_in_its_report_the_files_it_held(tmp_path):
    """On Gradescope the learner's upload is graded as `.` from inside its folder: one who
    uploaded `05-backward.py.txt` read only ". holds no .py file … nothing to grade", while the
    line naming their file went to stderr, which no report holds and no learner sees."""
    upload = tmp_path / "submission"
    upload.mkdir()
    (upload / "05-backward.py.txt").write_text(solution("05-backward"))
    (upload / ".DS_Store").write_bytes(b"\0")
    done = run_course("grade", "05-backward", ".", "--course", str(ROOT), "--format", "gradescope",
                      "--results", str(tmp_path / "results.json"), "--runtime", "python",
                      "--trusted", cwd=upload, timeout=300)
    assert done.returncode == 1, done.stderr
    said = json.loads((tmp_path / "results.json").read_text())["output"]
    assert (f"Your submission: 0 of {checks('05-backward')} checks pass.\n  Not graded: the "
            "submission (folder .) holds no .py file, no lab notebook and no course export, so "
            "there is nothing to grade; it holds only 05-backward.py.txt, and a lab file's name "
            "ends in .py") in said, said
    assert ".DS_Store" not in said
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.docx").write_text("x")
    code, by_file, err, _ = grade("05-backward", str(upload), str(tmp_path / "other"), cwd=tmp_path)
    assert code == 1
    assert by_file[str(upload)]["error"].endswith(
        "it holds only 05-backward.py.txt, and a lab file's name ends in .py (or .ipynb, or .zip "
        "for an export): rename it and hand it in again"), by_file
    assert "it holds only notes.docx," in by_file[str(tmp_path / "other")]["error"]
    assert "05-backward.py.txt" in err  # the stderr line is still there for the instructor


def test_an_empty_path_is_a_usage_error_not_the_working_folder(tmp_path):
    """`course grade LAB "$FILE"` with FILE unset graded every file of the working folder:
    Path("") is "."."""
    (tmp_path / "amy.py").write_text(solution("05-backward"))
    status, by_file, stderr, reports = grade("05-backward", "", cwd=tmp_path)
    assert status == 2 and reports == []
    assert "an empty path was given" in stderr
    status, _, _, reports = grade("05-backward", ".", cwd=tmp_path)
    assert status == 0 and len(reports) == 1


def test_a_lab_file_renamed_with_underscores_or_capitals_is_still_its_labs(tmp_path):
    """`05_backward.py` (as a Python module is named) or `03-Branching.py`, its first line
    gone: --all said "cannot tell which lab this is", and graded for lab 3, a learner's
    `02_chain_rule.py` beside their lab 3 was failed as if it were their lab 3."""
    names = {"05_backward.py": "05-backward", "03-Branching.py": "03-branching",
             "doejane_12345_67890_02_Chain_Rule-1.py": "02-chain-rule"}
    for name, slug in names.items():
        (tmp_path / name).write_text(solution(slug))
    status, by_file, _, reports = grade("--all", str(tmp_path))
    got = {os.path.relpath(r["file"], tmp_path): (r["lab"], r["passed"]) for r in reports}
    assert status == 0 and got == {name: (slug, True) for name, slug in names.items()}, got
    status, by_file, _, _ = grade("03-branching", str(tmp_path))
    said = by_file[str(tmp_path / "05_backward.py")]["error"]
    assert status == 1 and "05-backward" in said and "Not graded" in said, said


def test_a_zip_holding_one_lab_file_or_one_export_says_to_hand_that_in_itself(tmp_path):
    """A learner who zipped their 05-backward.py, or compressed their export again (macOS's
    Compress), read only "hand in the zip that Export my work saved", which they had."""
    export = make_export(tmp_path / "export.zip", {"05-backward": solution("05-backward")})
    again = _zip(tmp_path / "again.zip", [("export.zip", export.read_bytes())])
    zipped = _zip(tmp_path / "zipped.zip", [("05-backward.py", solution("05-backward"))])
    status, by_file, _, _ = grade("05-backward", str(again), str(zipped))
    assert status == 1
    assert by_file[str(again)]["error"].endswith(
        "(it holds one file, export.zip: if that is the export, hand it in itself, not zipped)")
    assert by_file[str(zipped)]["error"].endswith(
        "(it holds one file, 05-backward.py: if that is the lab's file, hand it in itself, "
        "not zipped)")


def test_a_notebook_cell_that_appends_to_lab_py_is_graded_as_the_kernel_wrote_it(tmp_path):
    """A learner who went on in a second cell with `%%writefile -a lab.py` (IPython's append)
    had that cell's code dropped: the lab.py graded was the first cell's alone, so a solution
    split over two cells failed as if half of it were never written. An append cell above
    the lab's cell is what running the notebook from the top writes over, so it is not read."""
    code = solution("04-value")
    lines = code.splitlines(keepends=True)
    half = len(lines) // 2
    notebook = json.loads(_notebook("04-value", "".join(lines[:half])))
    at = next(n for n, c in enumerate(notebook["cells"])
              if "".join(c["source"]).startswith("%%writefile"))
    def cell(source):
        return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                "source": source}
    notebook["cells"][at + 1:at + 1] = [cell(["%%writefile -a lab.py\n", *lines[half:]])]
    notebook["cells"][at:at] = [cell("%%writefile --append lab.py\nraise SystemExit('over')\n")]
    (tmp_path / "amy.ipynb").write_text(json.dumps(notebook))
    _, by_file, _, _ = grade("04-value", str(tmp_path / "amy.ipynb"))
    report = by_file[str(tmp_path / "amy.ipynb")]
    assert report["passed"] is True, report["error"] or report["checks"]


def test_a_github_classroom_repo_per_learner_grades_the_lab_file_not_the_repo_s_other_code(
        tmp_path):
    """GitHub Classroom gives a repository per learner: the lab's file, and the template's
    tests/ and workflow. Every .py in it was graded as the learner's lab: each learner had a
    second row, tests/test_lab.py "FAILED 0/18", so a class of passing learners exited 1.
    In a git repository that holds a file named for a lab, only such files (and exports)
    are graded; its other code is named on stderr. A repository with no file named for a
    lab (renamed by the learner) is graded whole, as any folder is."""
    classroom = tmp_path / "classroom"
    for learner, name in (("amy", "05-backward.py"), ("bob", "05_Backward.py"),
                          ("cal", "my work.py")):
        repo = classroom / f"05-backward-{learner}"
        (repo / ".git").mkdir(parents=True)
        (repo / "tests").mkdir()
        (repo / name).write_text(solution("05-backward"))
        (repo / "tests" / "test_lab.py").write_text("def test_it():\n    pass\n")
        (repo / "README.md").write_text("# Lab 5\n")
    for args in (["05-backward"], ["--all"]):
        done = run_course("grade", *args, "classroom", "--json", "--runtime", "python",
                          "--trusted", cwd=tmp_path)
        reports = json.loads(done.stdout)
        assert [r["file"] for r in reports] == [
            "classroom/05-backward-amy/05-backward.py", "classroom/05-backward-bob/05_Backward.py",
            "classroom/05-backward-cal/my work.py", "classroom/05-backward-cal/tests/test_lab.py"]
        assert "Not graded, and in no report: 2 file(s) in git repositories beside a lab's file" \
               in done.stderr and "classroom/05-backward-amy/tests/test_lab.py" in done.stderr
    # one repository given as the path, as a CI job checks a learner's repository out
    done = run_course("grade", "05-backward", "classroom/05-backward-amy", "--json", "--runtime",
                      "python", "--trusted", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [r["file"] for r in json.loads(done.stdout)] == ["classroom/05-backward-amy/05-backward.py"]


def test_two_files_of_one_learner_from_lms_downloads_are_both_graded_and_said(tmp_path):
    """A second "download all submissions" unzipped beside the first (late resubmissions
    came in) holds a learner twice: Canvas's `doejane_12345_67890_05-backward.py` and
    `doejane_LATE_12345_67999_05-backward-1.py`, Moodle's `Jane Doe_12345_assignsubmission_
    file_` folders. Both were graded, two rows of one learner for one lab, and nothing said
    which the gradebook holds. Both are still graded (no grade dropped unseen), and stderr
    names each learner's files, in the order graded; different learners are not paired."""
    canvas = tmp_path / "canvas"
    canvas.mkdir()
    for name in ("doejane_12345_67890_05-backward.py", "doejane_LATE_12345_67999_05-backward-1.py",
                 "doejohn_12346_67891_05-backward.py", "doejane_12345_67890_04-value.py"):
        (canvas / name).write_text(solution("05-backward" if "05" in name else "04-value"))
    moodle = tmp_path / "moodle"
    for folder in ("Jane Doe_12345_assignsubmission_file_", "Jane Doe_12345_assignsubmission_file_ (2)",
                   "John Doe_12346_assignsubmission_file_"):
        (moodle / folder).mkdir(parents=True)
        (moodle / folder / "05-backward.py").write_text(solution("05-backward"))
    status, _, stderr, reports = grade("--all", "canvas", "moodle", cwd=tmp_path)
    assert status == 0 and len(reports) == 7, stderr
    said = " ".join(stderr.split())
    assert ("Graded, each in its row: 2 learner(s) handed in more than one file for a lab "
            "(an LMS download given twice, or a late resubmission): keep the row your course "
            "counts.") in said, said
    assert ("doejane_12345 (Canvas), lab 05-backward: canvas/doejane_12345_67890_05-backward.py, "
            "canvas/doejane_LATE_12345_67999_05-backward-1.py") in said, said
    assert ("Jane Doe_12345 (Moodle), lab 05-backward: moodle/Jane Doe_12345_assignsubmission_file_/"
            "05-backward.py, moodle/Jane Doe_12345_assignsubmission_file_ (2)/05-backward.py") in said
    assert "doejohn" not in said and "John Doe" not in said and "04-value:" not in said


def test_blackboard_receipts_are_told_apart_from_a_learner_who_handed_in_only_a_receipt(tmp_path):
    """Blackboard's "download assignment" writes beside each attempt's files a receipt,
    `HW5_jdoe_attempt_2026-03-01-12-00-00.txt` (name, date, the text typed in its Submission
    Field). Every receipt was in the one "not graded ... if one is a learner's work saved
    under another name" list, so a class of 40 listed 40 of them, and a learner who handed
    in no file (their code pasted into the Submission Field) was one name among them, likely
    past the ten shown. Receipts of an attempt graded beside them are counted apart; a
    receipt whose attempt holds no file is named as a learner with nothing graded."""
    folder = tmp_path / "bb"
    folder.mkdir()
    for user in [f"user{n:02}" for n in range(12)]:
        attempt = f"HW5_{user}_attempt_2026-03-01-12-00-00"
        (folder / f"{attempt}_05-backward.py").write_text("x = 1\n")  # what it scores is not the point
        (folder / f"{attempt}.txt").write_text(f"Name: {user}\nSubmission Field:\n")
    (folder / "HW5_zlee_attempt_2026-03-02-09-30-00.txt").write_text(
        "Name: Z Lee (zlee)\nSubmission Field:\nclass Value: ...\n")
    (folder / "05-backward.py.txt").write_text(solution("05-backward"))  # work, misnamed
    status, _, stderr, reports = grade("05-backward", "bb", cwd=tmp_path)
    assert status == 1 and len(reports) == 12, stderr
    said = " ".join(stderr.split())
    assert ("Not graded: 12 Blackboard receipt(s) (…_attempt_….txt), each beside its attempt's "
            "own file(s).") in said, said
    assert ("Nothing graded for 1 Blackboard attempt(s) that hold only a receipt (no file was "
            "handed in; its Submission Field may hold their work): "
            "bb/HW5_zlee_attempt_2026-03-02-09-30-00.txt.") in said, said
    assert ("Not graded, and in no report: 1 file(s) in the folders that are not .py, .zip or "
            ".ipynb: bb/05-backward.py.txt.") in said, said
    # an attempt whose file is not graded (a .docx) has its receipt beside it: not "only a
    # receipt"; the .docx is named as any file not graded
    (folder / "HW5_zlee_attempt_2026-03-02-09-30-00_notes.docx").write_bytes(b"PK\x03\x04")
    status, _, stderr, reports = grade("05-backward", "bb", cwd=tmp_path)
    said = " ".join(stderr.split())
    assert "Not graded: 13 Blackboard receipt(s)" in said and "only a receipt" not in said, said
    assert "2 file(s) in the folders that are not .py, .zip or .ipynb: bb/05-backward.py.txt, " \
           "bb/HW5_zlee_attempt_2026-03-02-09-30-00_notes.docx." in said, said


def test_two_attempts_of_one_learner_on_blackboard_or_brightspace_are_said_as_canvas_ones_are(tmp_path):
    """Blackboard's download of every attempt (`HW5_jdoe_attempt_<date>_05-backward.py`, two
    dates) and Brightspace's of every submission (`123-456 - Jane Doe - <date> - ...`) hold
    a learner's file twice: both graded, and nothing said, where Canvas's and Moodle's were
    named (keep the row your course counts). Named now; different learners are not paired."""
    for name in ("HW5_jdoe_attempt_2026-03-01-12-00-00_05-backward.py",
                 "HW5_jdoe_attempt_2026-03-03-09-00-00_05-backward.py",
                 "HW5_asmith_attempt_2026-03-01-12-00-00_05-backward.py",
                 "123-456 - Jane Doe - Mar 1, 2026 1200 PM - 05-backward.py",
                 "123-789 - Jane Doe - Mar 3, 2026 905 AM - 05-backward.py",
                 "124-456 - Amy Smith - Mar 1, 2026 1200 PM - 05-backward.py"):
        (tmp_path / name).write_text("x = 1\n")  # what it scores is not the point
    status, _, stderr, reports = grade("05-backward", ".", cwd=tmp_path)
    assert status == 1 and len(reports) == 6, stderr
    said = " ".join(stderr.split())
    assert "Graded, each in its row: 2 learner(s) handed in more than one file" in said, said
    assert ("HW5_jdoe (Blackboard), lab 05-backward: HW5_jdoe_attempt_2026-03-01-12-00-00_"
            "05-backward.py, HW5_jdoe_attempt_2026-03-03-09-00-00_05-backward.py") in said, said
    assert ("Jane Doe (Brightspace), lab 05-backward: 123-456 - Jane Doe - Mar 1, 2026 1200 PM - "
            "05-backward.py, 123-789 - Jane Doe - Mar 3, 2026 905 AM - 05-backward.py") in said
    assert "asmith" not in said and "Amy Smith" not in said
