"""`course merge`: shards' --json outputs joined into what one run would have printed, and
refused, with the reason, when a shard is missing, doubled or from another run."""

from __future__ import annotations

import json

from tests.conftest import run_course
from tests.exports_support import checks, make_export, solution, starter

N = 3


def _class(folder, learners=7):
    """Exports for a small class: even learners pass lab 5, odd ones hand in the starter."""
    folder.mkdir()
    for number in range(learners):
        code = solution("05-backward") if number % 2 == 0 else starter("05-backward")
        make_export(folder / f"learner{number:02}.zip", {"04-value": solution("04-value"),
                                                         "05-backward": code})
    return folder


def _shards(tmp_path, exports, count=N, *extra):
    paths = []
    for index in range(1, count + 1):
        done = run_course("grade", "--all", exports.name, "--shard", f"{index}/{count}",
                          "--json", "--runtime", "python", "--trusted", *extra, cwd=tmp_path)
        assert done.returncode in (0, 1), done.stderr
        path = tmp_path / f"shard-{index}.json"
        path.write_text(done.stdout)
        paths.append(str(path))
    return paths


def _essentials(reports):
    return [(r["lab"], r["file"], r["passed"], r["score"], r["input"]) for r in reports]


def test_merged_shards_equal_one_run_over_the_whole_class(tmp_path):
    exports = _class(tmp_path / "exports")
    whole = run_course("grade", "--all", "exports", "--json", "--runtime", "python", "--trusted",
                       cwd=tmp_path)
    shards = _shards(tmp_path, exports)
    merged = run_course("merge", *shards)
    assert merged.returncode == 1, merged.stderr  # some learners fail lab 5
    assert _essentials(json.loads(merged.stdout)) == _essentials(json.loads(whole.stdout))
    assert len(json.loads(merged.stdout)) == 14


def test_merge_refuses_a_missing_shard_and_names_it(tmp_path):
    exports = _class(tmp_path / "exports")
    shards = [p for p in _shards(tmp_path, exports) if json.loads(open(p).read())]
    assert len(shards) >= 2
    kept = shards[:1] + shards[2:]
    missing = json.loads(open(shards[1]).read())[0]["shard"]["index"]
    done = run_course("merge", *kept)
    assert done.returncode == 2 and done.stdout == ""
    assert f"shard {missing}/{N} is missing" in done.stderr
    assert "the run has 7 input(s)" in done.stderr


def test_merge_refuses_a_file_graded_twice(tmp_path):
    exports = _class(tmp_path / "exports")
    shards = _shards(tmp_path, exports)
    done = run_course("merge", *shards, shards[0])
    assert done.returncode == 2 and "was graded twice in" in done.stderr
    (tmp_path / "copy.json").write_text((tmp_path / shards[0]).read_text())
    done = run_course("merge", *shards, str(tmp_path / "copy.json"))
    assert done.returncode == 2 and f"in {shards[0]} and in {tmp_path / 'copy.json'}" in done.stderr


def test_merge_refuses_shards_of_different_runs(tmp_path):
    exports = _class(tmp_path / "exports")
    shards = _shards(tmp_path, exports)
    other = tmp_path / "other"
    other.mkdir()
    _class(other / "exports")
    _shards(other, other / "exports", 2)
    done = run_course("merge", shards[0], str(other / "shard-2.json"))
    assert done.returncode == 2 and "different runs" in done.stderr


def test_an_empty_shard_merges_and_a_non_report_is_refused(tmp_path):
    only = tmp_path / "one.py"
    only.write_text(solution("05-backward"))
    shards = []
    for index in (1, 2, 3, 4):
        done = run_course("grade", "05-backward", str(only), "--shard", f"{index}/4", "--json",
                          "--runtime", "python", "--trusted")
        assert done.returncode == 0
        shards.append(tmp_path / f"s{index}.json")
        shards[-1].write_text(done.stdout)
    assert sorted(len(json.loads(p.read_text())) for p in shards) == [0, 0, 0, 1]
    merged = run_course("merge", *map(str, shards))
    assert merged.returncode == 0 and len(json.loads(merged.stdout)) == 1
    # only the empty shards (the one that graded the file lost): an empty gradebook, exit 0
    empty = [str(p) for p in shards if json.loads(p.read_text()) == []]
    for given in (empty, empty[:1]):
        done = run_course("merge", *given, "--format", "csv")
        assert done.returncode == 2 and done.stdout == "", done.stdout
        assert "the shards that graded the class are missing" in done.stderr
    (tmp_path / "bad.json").write_text('{"not": "a list"}')
    done = run_course("merge", str(tmp_path / "bad.json"))
    assert done.returncode == 2 and "is not a list of reports" in done.stderr


def test_merge_writes_every_format(tmp_path):
    exports = _class(tmp_path / "exports", learners=2)
    shards = _shards(tmp_path, exports, 2)
    for name in ("text", "gradescope", "prairielearn", "junit"):
        target = tmp_path / f"merged.{name}"
        done = run_course("merge", *shards, "--format", name, "--results", str(target))
        assert done.returncode == 1 and "3 of 4 file(s) passed" in done.stdout
        assert target.stat().st_size > 0
    assert "3 of 4 file(s) passed." in (tmp_path / "merged.text").read_text()
    # Gradescope's document is one submission, worth one lab's points per lab: the best file
    # of each lab counts (formats.counted), here learner 0's, and every file is named.
    gradescope = json.loads((tmp_path / "merged.gradescope").read_text())
    assert gradescope["score"] == checks("04-value") + checks("05-backward")
    assert "learner01.zip:05-backward.py: " in gradescope["output"]
    assert "exports/learner01.zip:05-backward.py" in (tmp_path / "merged.junit").read_text()


def test_merge_refuses_shards_graded_against_different_labs(tmp_path):
    """The same class split in two, one half graded against lab 5 and the other against
    lab 4 (a typo in one matrix job): the inputs match, so merge took it for one run."""
    exports = _class(tmp_path / "exports")
    halves = []
    for index, lab in ((1, "05-backward"), (2, "04-value")):
        done = run_course("grade", lab, exports.name, "--shard", f"{index}/2", "--json",
                          "--runtime", "python", "--trusted", cwd=tmp_path)
        assert done.returncode in (0, 1), done.stderr
        halves.append(tmp_path / f"half-{index}.json")
        halves[-1].write_text(done.stdout)
    assert all(json.loads(p.read_text()) for p in halves)  # both halves hold learners
    done = run_course("merge", *map(str, halves))
    assert done.returncode == 2 and "different runs" in done.stderr, done.stdout
    same = tmp_path / "half-2-again.json"
    done = run_course("grade", "05-backward", exports.name, "--shard", "2/2", "--json",
                      "--runtime", "python", "--trusted", cwd=tmp_path)
    same.write_text(done.stdout)
    assert run_course("merge", str(halves[0]), str(same)).returncode in (0, 1)


def test_a_missing_shard_beside_empty_ones_is_counted_not_pinned_on_the_empty_ones(tmp_path):
    """Given shards 1 to 3 of 6 with 1 and 3 empty, merge said "shard 1/6, 3/6, ... is
    missing", naming shards just given: an empty shard's `[]` cannot say which it was."""
    exports = _class(tmp_path / "exports", learners=3)
    shards = _shards(tmp_path, exports, 6)
    full = [p for p in shards if json.loads(open(p).read())]
    empty = [p for p in shards if not json.loads(open(p).read())]
    assert len(full) >= 2 and empty
    done = run_course("merge", full[0], *empty)
    assert done.returncode == 2 and done.stdout == ""
    absent = 6 - 1 - len(empty)
    assert (f"{absent} of shards " in done.stderr
            and f"({len(empty)} of the documents given hold no report" in done.stderr), done.stderr
    done = run_course("merge", *full[1:])
    index = json.loads(open(full[0]).read())[0]["shard"]["index"]
    assert done.returncode == 2
    assert f"{index}/6" in done.stderr and "missing:" in done.stderr


def test_files_whose_names_are_not_utf8_stay_apart_in_json_and_merge(tmp_path):
    """Two learners' files named `a\\xff.py` and `a\\xfe.py` (bytes that are not UTF-8, as an
    old zip tool leaves them) were both "a\ufffd.py" in JSON: merging the shards that graded
    them refused them as one file graded twice. Each byte is now written as its escape."""
    import os

    folder = tmp_path / "class"
    folder.mkdir()
    for raw in (b"a\xff.py", b"a\xfe.py"):
        with open(os.fsencode(folder) + b"/" + raw, "w") as handle:
            handle.write(solution("01-graphs"))
    paths = []
    for index in (1, 2):
        done = run_course("grade", "01-graphs", "class", "--shard", f"{index}/2", "--json",
                          "--runtime", "python", "--trusted", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        paths.append(tmp_path / f"shard-{index}.json")
        paths[-1].write_text(done.stdout)
    merged = run_course("merge", *map(str, paths), "--format", "json", cwd=tmp_path)
    assert merged.returncode == 0, merged.stderr
    files = sorted(r["file"] for r in json.loads(merged.stdout))
    assert files == [os.path.join("class", "a\\xfe.py"), os.path.join("class", "a\\xff.py")]


def test_a_shard_saved_by_windows_powershell_as_utf16_merges(tmp_path):
    """Windows PowerShell's `course grade ... --json > shard-1.json` writes UTF-16 with a
    byte-order mark: merge refused it as "not JSON", which reads as a broken grading run."""
    exports = _class(tmp_path / "exports", learners=3)
    paths = _shards(tmp_path, exports, 2)
    first = tmp_path / "shard-1.json"
    first.write_bytes(first.read_text(encoding="utf-8").encode("utf-16"))  # BOM, then LE
    merged = run_course("merge", *paths, "--format", "json", cwd=tmp_path)
    assert merged.returncode in (0, 1), merged.stderr
    whole = run_course("grade", "--all", exports.name, "--json", "--runtime", "python",
                       "--trusted", cwd=tmp_path)
    assert _essentials(json.loads(merged.stdout)) == _essentials(json.loads(whole.stdout))


def test_an_empty_document_is_named_as_empty_with_the_usual_cause(tmp_path):
    """`course merge *.json > grades.json`, run again, merges the grades.json the shell has
    just emptied: it was refused as "not JSON (Expecting value: line 1 column 1)"."""
    exports = _class(tmp_path / "exports", learners=2)
    paths = _shards(tmp_path, exports, 1)
    (tmp_path / "grades.json").write_text("")
    done = run_course("merge", *paths, str(tmp_path / "grades.json"), cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert (f"{tmp_path / 'grades.json'}: is empty, not the output of course grade --json (a "
            "shell's `> grades.json` empties a file before the command runs") in done.stderr
    # the other way a shard's `> shard-2.json` is empty: Ctrl+C before a file was graded
    assert "or its course grade stopped (Ctrl+C, an error) before it graded a file: grade " \
           "that shard again" in done.stderr


def test_a_regraded_file_replaces_its_grade_in_place_and_an_unknown_one_is_refused(tmp_path):
    """Regrading one learner after the class was merged (a regrade request, a fixed check) had
    no way in: merging the new --json beside the shards was refused as "graded twice", and the
    merged grades.json itself as "holds reports of several shards". --regraded puts the new
    report in the old one's place; one that matches no file of the class is refused, since
    silently adding or dropping a grade is the one thing a merge must not do."""
    exports = _class(tmp_path / "exports", learners=4)
    shards = _shards(tmp_path, exports, 2)
    merged = run_course("merge", *shards, "--results", str(tmp_path / "grades.json"))
    assert merged.returncode == 1, merged.stderr
    before = json.loads((tmp_path / "grades.json").read_text())
    make_export(exports / "learner01.zip", {"04-value": solution("04-value"),
                                            "05-backward": solution("05-backward")})
    again = run_course("grade", "05-backward", "exports/learner01.zip", "--json", "--runtime",
                       "python", "--trusted", cwd=tmp_path)
    (tmp_path / "learner01.json").write_text(again.stdout)
    for given in ([str(tmp_path / "grades.json")], shards):
        done = run_course("merge", *given, "--regraded", str(tmp_path / "learner01.json"))
        assert done.returncode == 1, done.stderr  # learner03 still hands in the starter
        after = json.loads(done.stdout)
        assert _essentials(after)[:1] == _essentials(before)[:1]
        changed = [n for n, (old, new) in enumerate(zip(before, after)) if old != new]
        assert [after[n]["file"] for n in changed] == ["exports/learner01.zip:05-backward.py"]
        assert after[changed[0]]["passed"] is True and before[changed[0]]["passed"] is False
        assert len(after) == len(before)
    stranger = run_course("grade", "05-backward", "learner01.zip", "--json", "--runtime",
                          "python", "--trusted", cwd=exports)
    (tmp_path / "stranger.json").write_text(stranger.stdout)
    done = run_course("merge", str(tmp_path / "grades.json"), "--regraded",
                      str(tmp_path / "stranger.json"))
    assert done.returncode == 2 and done.stdout == ""
    assert "learner01.zip:05-backward.py (lab 05-backward) is in none of the documents" in done.stderr
    assert "did you mean exports/learner01.zip:05-backward.py?" in done.stderr


def test_what_a_ctrl_c_kept_and_the_files_graded_after_merge_into_one_document(tmp_path):
    """Ctrl+C tells the instructor to grade the files it did not reach and to merge the two
    --json documents (grade.py's stopped note): two runs without shards merge, each file once.
    `course merge ... --json`, as `course grade --json` is typed, was "No such option"."""
    (tmp_path / "amy.py").write_text(solution("05-backward"))
    (tmp_path / "bob.py").write_text(starter("05-backward"))
    documents = []
    for name in ("amy.py", "bob.py"):
        done = run_course("grade", "05-backward", name, "--json", "--runtime", "python",
                          "--trusted", cwd=tmp_path)
        (tmp_path / f"{name}.json").write_text(done.stdout)
        documents.append(f"{name}.json")
    done = run_course("merge", *documents, "--json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert [(r["file"], r["passed"]) for r in json.loads(done.stdout)] == [
        ("amy.py", True), ("bob.py", False)]


def test_a_shard_a_ctrl_c_cut_short_is_refused_alone_and_completed_by_its_missing_files(tmp_path):
    """A shard stopped by Ctrl+C holds only the inputs graded before it. Grading the rest
    again (without --shard, as the stop says) had no way in: "some reports come from a
    sharded run and some do not"; with the same --shard, "different runs". Now those reports
    fill the places the shards lack, checked against the run's fingerprint, so the result is
    what one run over the class prints; another file or one too few is refused, and so are
    unsharded reports beside shards that lack nothing."""
    exports = _class(tmp_path / "exports")
    _class(tmp_path / "other", learners=1)  # a learner of another class
    whole = run_course("grade", "--all", "exports", "--json", "--runtime", "python", "--trusted",
                       cwd=tmp_path)
    shards = _shards(tmp_path, exports)
    # what a Ctrl+C leaves of the fullest shard: its first input, graded whole (both labs)
    fullest = max(shards, key=lambda p: len(json.loads(open(p).read())))
    complete = open(fullest).read()
    reports = json.loads(complete)
    cut = [r for r in reports if r["input"] == reports[0]["input"]]
    lacking = list(dict.fromkeys(r["input"] for r in reports if r not in cut))
    assert len(lacking) >= 2, reports
    open(fullest, "w").write(json.dumps(cut))
    alone = run_course("merge", *shards)
    assert alone.returncode == 2 and alone.stdout == "", alone.stderr
    assert "a shard stopped by Ctrl+C holds only the files graded before it" in alone.stderr

    def rest(names, document="rest.json"):
        done = run_course("grade", "--all", *names, "--json", "--runtime", "python",
                          "--trusted", cwd=tmp_path)
        assert done.returncode in (0, 1), done.stderr
        (tmp_path / document).write_text(done.stdout)
        return document

    for order in (lacking, lacking[::-1]):  # as the stop named them, or as a glob lists them
        done = run_course("merge", *shards, rest(order), cwd=tmp_path)
        assert done.returncode == 1, done.stderr  # some learners fail lab 5
        assert _essentials(json.loads(done.stdout)) == _essentials(json.loads(whole.stdout))
    (tmp_path / "merged.json").write_text(done.stdout)
    # the completed document is a whole run: it takes --regraded like any merged one
    done = run_course("merge", "merged.json", "--regraded", rest(lacking[:1], "one.json"),
                      cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert _essentials(json.loads(done.stdout)) == _essentials(json.loads(whole.stdout))
    for why, names in {"one too few": lacking[:-1],
                       "another file": [*lacking[:-1], "other/learner00.zip"]}.items():
        done = run_course("merge", *shards, rest(names), cwd=tmp_path)
        assert done.returncode == 2 and done.stdout == "", (why, done.stderr)
        assert f"are not the {len(lacking)} they lack" in done.stderr, (why, done.stderr)
    open(fullest, "w").write(complete)
    done = run_course("merge", *shards, rest(["other/learner00.zip"]), cwd=tmp_path)
    assert done.returncode == 2 and "the shards already hold every input" in done.stderr


def test_a_stopped_shard_of_one_lab_is_not_completed_by_files_graded_for_another(tmp_path):
    """Shards graded for lab 5 and a stopped one's files graded again for lab 4 named the
    same inputs, so the run's fingerprint matched: the merged class would have been lab 5
    for some learners and lab 4 for others. Refused, naming the lab to grade them for."""
    for name in ("amy", "bob", "cal", "dee"):
        (tmp_path / f"{name}.py").write_text(solution("05-backward"))
    names = ["amy.py", "bob.py", "cal.py", "dee.py"]
    shards = []
    for index in (1, 2):
        done = run_course("grade", "05-backward", *names, "--shard", f"{index}/2", "--json",
                          "--runtime", "python", "--trusted", cwd=tmp_path)
        shards.append(json.loads(done.stdout))
    fullest = max(shards, key=len)
    lacking = [r["input"] for r in fullest[1:]]
    del fullest[1:]
    for index, reports in enumerate(shards, 1):
        (tmp_path / f"shard-{index}.json").write_text(json.dumps(reports))
    for lab, status in (("04-value", 2), ("05-backward", 0)):
        done = run_course("grade", lab, *lacking, "--json", "--runtime", "python", "--trusted",
                          cwd=tmp_path)
        (tmp_path / "rest.json").write_text(done.stdout)
        done = run_course("merge", "shard-1.json", "shard-2.json", "rest.json", cwd=tmp_path)
        assert done.returncode == status, done.stderr
    assert [r["input"] for r in json.loads(done.stdout)] == names
    done = run_course("grade", "04-value", *lacking, "--json", "--runtime", "python",
                      "--trusted", cwd=tmp_path)
    (tmp_path / "rest.json").write_text(done.stdout)
    done = run_course("merge", "shard-1.json", "shard-2.json", "rest.json", cwd=tmp_path)
    assert "the shards graded lab 05-backward, and the files graded without --shard were " \
           "graded for 04-value: grade them for lab 05-backward" in done.stderr, done.stderr
