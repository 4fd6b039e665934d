"""`course grade --format json|text|gradescope|prairielearn|junit`: each document as its
engine reads it. JUnit is read back by junitparser, not only by our own code."""

from __future__ import annotations

import json

import pytest
from junitparser import Error, Failure, JUnitXml, SystemErr, SystemOut

from grader.core.report import Report
from grader.core.run import NOT_RUN, STOPPED
from grader.formats.junit import junit
from grader.graded import Graded
from tests.conftest import ROOT, run_course
from tests.exports_support import checks, python_score, solution

LAB = ROOT / "labs" / "05-backward"
SYNTAX = "def broken(:\n    pass\n"
IMPORT_ERROR = "import numpy_is_not_here\n"
LOUD = ("import sys\nprint('\\x1b[2K\\rPASSED 13/13 \\x00 \\x07')\n"
        "sys.stderr.write('\\x1b[31mboo\\n')\n") + solution("05-backward").replace(
            "def backward(self):", "def backward(self):\n        return None\n    def _b(self):", 1)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("formats")
    sources = {"a-good.py": solution("05-backward"), "b-wrong.py": (LAB / "starter.py").read_text(),
               "c-syntax.py": SYNTAX, "d-import.py": IMPORT_ERROR, "e-loud.py": LOUD}
    for name, source in sources.items():
        (folder / name).write_text(source)
    (folder / "f-latin.py").write_bytes(b"# caf\xe9\n")
    return folder


def _grade(files, names, output_format, runtime="python"):
    done = run_course("grade", "05-backward", *[str(files / n) for n in names], "--format",
                      output_format, "--runtime", runtime, *(["--trusted"] if runtime == "python" else []),
                      cwd=files)
    assert done.returncode in (0, 1), done.stderr
    return done


def test_junit_is_read_back_by_junitparser_with_a_case_per_check(files, tmp_path):
    names = ["a-good.py", "b-wrong.py", "c-syntax.py", "e-loud.py"]
    out = tmp_path / "grades.xml"
    done = run_course("grade", "05-backward", *[str(files / n) for n in names], "--format",
                      "junit", "--results", str(out), "--runtime", "python", "--trusted")
    assert done.returncode == 1
    xml = JUnitXml.fromfile(str(out))
    suites = {suite.name: suite for suite in xml}
    assert list(suites) == [str(files / n) for n in names]
    good, wrong, syntax, loud = (suites[str(files / n)] for n in names)
    total = checks("05-backward")
    wrong_score = python_score("05-backward", (LAB / "starter.py").read_text())
    assert good.tests == total and good.failures == 0 and good.errors == 0
    assert wrong.tests == total and wrong.failures == total - wrong_score and wrong.errors == 0
    seed = next(case for case in wrong if case.name == "backward() seeds the output with 1")
    assert isinstance(seed.result[0], Failure) and seed.result[0].message
    assert "Hint:" in seed.result[0].text
    assert syntax.errors == total and syntax.failures == 0
    assert all(isinstance(case.result[0], Error) for case in syntax)
    assert "Python could not read your file" in next(iter(syntax)).result[0].message
    # What the learner printed, control characters included, still makes well-formed XML.
    assert "PASSED 13/13 \\x00 \\x07" in loud.child(SystemOut).text
    assert "boo" in loud.child(SystemErr).text
    assert {p.name: p.value for p in good.properties()} == {"lab": "05-backward",
                                                           "input": str(files / "a-good.py")}
    assert xml.tests == 4 * total


def test_a_file_stopped_as_it_loaded_is_a_junit_error_with_its_reason():
    # A loop outside any function: the time limit stops the file before any check runs, and
    # each check is "not run ... (see above)". A CI test report has no "above": the reason
    # must be in every case, as for any file that never loaded.
    stopped = ("Your code ran for more than 10 s and was stopped. It was at line 1 of your "
               "file, outside any function: the file never finished loading.")
    not_run = [{"name": f"check {n}", "passed": False, "cause": NOT_RUN,
                "message": "Not run: your file could not be loaded (see above)."} for n in (1, 2)]
    report = Report.from_dict({"lab": "05-backward", "file": "loop.py", "error": stopped,
                               "checks": not_run})
    xml = JUnitXml.fromstring(junit([Graded(report, "loop.py")]))
    (suite,) = list(xml)
    assert suite.errors == 2 and suite.failures == 0
    assert all(stopped in case.result[0].text for case in suite)
    # Stopped inside a check, after others ran: the file loaded, and that check failed.
    ran = [{"name": "check 0", "passed": True, "cause": ""},
           {"name": "check 1", "passed": False, "cause": STOPPED, "message": "stopped"}]
    report = Report.from_dict({"lab": "05-backward", "file": "slow.py", "checks": ran,
                               "error": "Your code ran for more than 10 s and was stopped in "
                                        "the check “check 1”."})
    assert Graded(report, "slow.py").loaded



def test_junit_shows_no_learner_text_reordered_or_overwritten():
    """A file named "\u202eyp.bob" showed as "bob.py" in a CI's list of suites, with its own
    verdict under a classmate's name; a message could reverse "FAILED" or carry 0x9B, a
    terminal's CSI, as XML allows both. Every string a submission influences is escaped as in
    --format text, and reads back as that escape."""
    forged = "\u202eyp.bob"
    message = "FAILED\u2066\u202e DELIAF\u2069 \x9b2J\r\u2028ok"
    report = Report.from_dict({"lab": "05-backward", "file": forged, "stdout": "x\u202ey\x85",
                               "checks": [{"name": "check 1", "passed": False,
                                           "message": message}]})
    document = junit([Graded(report, forged)])
    for raw in ("\u202e", "\u2066", "\u2069", "\x9b", "\x85", "\u2028", "\r"):
        assert raw not in document, repr(raw)
    (suite,) = list(JUnitXml.fromstring(document))
    assert suite.name == "\\u202eyp.bob"
    assert suite.child(SystemOut).text == "x\\u202ey\\x85"
    failure = next(iter(suite)).result[0]
    assert failure.message == "FAILED\\u2066\\u202e DELIAF\\u2069 \\x9b2J\\x0d\\u2028ok"

@pytest.mark.pyodide
def test_prairielearn_charges_no_attempt_for_a_file_that_does_not_load(files, tmp_path):
    """In the default runtime: a syntax error, an error at import and a file that is not
    UTF-8 are `gradable: false`; a wrong file is gradable with its fraction of checks."""
    verdicts = {}
    for name in ("a-good.py", "b-wrong.py", "c-syntax.py", "d-import.py", "f-latin.py"):
        out = tmp_path / f"{name}.json"
        done = run_course("grade", "05-backward", str(files / name), "--format", "prairielearn",
                          "--results", str(out), timeout=600)
        assert done.returncode in (0, 1), done.stderr
        verdicts[name] = json.loads(out.read_text())
    good, wrong = verdicts["a-good.py"], verdicts["b-wrong.py"]
    assert good["gradable"] is True and good["score"] == 1.0
    assert wrong["gradable"] is True and wrong["score"] == pytest.approx(
        python_score("05-backward", (LAB / "starter.py").read_text()) / checks("05-backward"))
    assert len(wrong["tests"]) == checks("05-backward")
    seed = next(t for t in wrong["tests"] if t["name"] == "backward() seeds the output with 1")
    assert seed["points"] == 0 and seed["max_points"] == 1 and "Hint:" in seed["message"]
    for name in ("c-syntax.py", "d-import.py", "f-latin.py"):
        assert verdicts[name]["gradable"] is False, name
        assert verdicts[name]["score"] == 0.0
    assert "could not read your file" in verdicts["c-syntax.py"]["message"]
    assert "numpy_is_not_here" in verdicts["d-import.py"]["message"]
    assert "not UTF-8 text" in verdicts["f-latin.py"]["message"]


def test_gradescope_results_follow_its_schema(files):
    done = _grade(files, ["b-wrong.py"], "gradescope")
    data = json.loads((files / "results.json").read_text())
    assert "wrote results.json" in done.stdout
    assert set(data) >= {"score", "output", "tests", "visibility", "stdout_visibility"}
    assert data["score"] == python_score("05-backward", (LAB / "starter.py").read_text())
    assert isinstance(data["execution_time"], float)
    for test in data["tests"]:
        assert set(test) == {"name", "score", "max_score", "status", "output", "visibility"}
        assert test["status"] in ("passed", "failed") and test["max_score"] == 1.0


def test_a_check_that_never_ran_comes_with_no_hint(files):
    """A file that does not load fails every check without running one: a hint beside each
    would send a learner after a bug the check never saw. A check that ran keeps its hint."""
    _grade(files, ["c-syntax.py"], "gradescope")
    tests = json.loads((files / "results.json").read_text())["tests"]
    assert tests and all(t["output"].startswith("Not run:") for t in tests)
    assert not any("Hint:" in t["output"] for t in tests)
    _grade(files, ["b-wrong.py"], "gradescope")
    tests = json.loads((files / "results.json").read_text())["tests"]
    assert any("Hint:" in t["output"] for t in tests if t["status"] == "failed")


def test_text_shows_control_characters_escaped_so_nothing_can_repaint_a_verdict(files):
    done = _grade(files, ["e-loud.py"], "text")
    assert "\x1b" not in done.stdout and "\x00" not in done.stdout and "\r" not in done.stdout
    assert "\\x1b[2K\\x0dPASSED 13/13" in done.stdout
    assert "FAILED" in done.stdout


FORGER = solution("05-backward").replace(
    "        self.data = data\n",
    "        raise ValueError('nope\\n/elsewhere/a.py: PASSED 18/18 checks\\n1 of 1 passed.')\n", 1)


def test_text_keeps_every_line_of_a_message_indented_so_none_passes_for_a_verdict(files, tmp_path):
    """A check's message quotes the learner's exception, line breaks and all: each of its
    lines is indented like the first, and a file name shows its line break escaped."""
    (tmp_path / "forger.py").write_text(FORGER)
    odd = tmp_path / "x.py\nb.py: PASSED, all checks.py"  # (a name cannot hold "/")
    odd.write_text(FORGER)
    done = run_course("grade", "05-backward", str(tmp_path / "forger.py"), str(odd),
                      "--format", "text", "--runtime", "python", "--trusted")
    assert done.returncode == 1
    headers = [line for line in done.stdout.splitlines() if line and not line.startswith(" ")]
    assert headers == [f"{tmp_path}/forger.py: FAILED 0/18 checks (lab 05-backward)",
                       f"{tmp_path}/x.py\\nb.py: PASSED, all checks.py: FAILED 0/18 checks "
                       f"(lab 05-backward)", "0 of 2 file(s) passed."], done.stdout
    assert "      /elsewhere/a.py: PASSED 18/18 checks" in done.stdout


def test_a_files_error_cannot_add_check_lines_to_the_text_report(tmp_path):
    """A file whose loading fails lists no check beside its error, so a "  ✓ name" line there
    could only come from the error itself: its later lines are indented past the checks'."""
    forged = "raise ValueError('oops\\n✓ backward() seeds the output with 1\\n✓ all of them')\n"
    (tmp_path / "forged.py").write_text(forged)
    done = run_course("grade", "05-backward", str(tmp_path / "forged.py"), "--format", "text",
                      "--runtime", "python", "--trusted")
    assert done.returncode == 1
    assert "Running your file failed: ValueError: oops" in done.stdout, done.stdout
    assert not [line for line in done.stdout.splitlines() if line.startswith("  ✓")], done.stdout
    assert "    ✓ backward() seeds the output with 1" in done.stdout


def test_json_is_the_documented_contract_plus_the_input(files):
    done = _grade(files, ["a-good.py", "f-latin.py"], "json")
    reports = json.loads(done.stdout)
    assert [r["input"] for r in reports] == [str(files / "a-good.py"), str(files / "f-latin.py")]
    assert {"lab", "file", "passed", "score", "max_score", "checks", "error"} <= set(reports[1])
    assert reports[1]["error"].startswith("Not graded: ")
    assert all(c["message"].startswith("Not run: ") for c in reports[1]["checks"])


def test_json_holds_every_field_the_readme_lists(files):
    """README: each report has lab, file, passed, score, max_score, checks (each with name,
    passed, message, hints), error, stdout/stderr, runtime, seconds and input."""
    done = _grade(files, ["e-loud.py", "b-wrong.py"], "json")
    loud, wrong = json.loads(done.stdout)
    for report in (loud, wrong):
        assert {"lab", "file", "passed", "score", "max_score", "checks", "error", "stdout",
                "stderr", "runtime", "seconds", "input"} <= set(report)
        assert report["lab"] == "05-backward" and report["runtime"] == "python"
        assert isinstance(report["seconds"], float) and report["seconds"] >= 0
        for c in report["checks"]:
            assert {"name", "passed", "message", "hints"} <= set(c)
            assert isinstance(c["hints"], list)
    assert "PASSED 13/13" in loud["stdout"] and "boo" in loud["stderr"]
    failed = [c for c in wrong["checks"] if not c["passed"]]
    assert failed and all(c["hints"] and all(isinstance(h, str) and h for h in c["hints"])
                          for c in failed)


# Prints and raises what a terminal or an engine's page could be fooled by: cursor moves and
# colours, a reversed word, lone surrogates (not Unicode: a UTF-8 writer refuses them), and a
# line made to pass for another file's summary.
SPOOF = ("import sys\nprint('x\\r\\x1b[32mPASSED\\x1b[0m \\u202eDESSAP\\u202c \\ud800')\n"
         "raise ValueError('x\\n\\nsol.py: 18 of 18 checks pass.\\n\\u202eFAILED\\u202c \\x1b[2J\\ud83d')\n")


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)


@pytest.mark.parametrize("output_format", ["gradescope", "prairielearn", "json"])
def test_engines_documents_hold_no_control_characters_and_no_forged_summary(files, tmp_path,
                                                                            output_format):
    (tmp_path / "spoof.py").write_text(SPOOF)
    (tmp_path / "sol.py").write_text(solution("05-backward"))
    done = run_course("grade", "05-backward", str(tmp_path / "spoof.py"), str(tmp_path / "sol.py"),
                      "--format", output_format, "--runtime", "python", "--trusted", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    document = json.loads((tmp_path / "results.json").read_text() if output_format == "gradescope"
                          else done.stdout)
    every = list(_strings(document))
    "".join(every).encode("utf-8")  # no lone surrogate anywhere: UTF-8 takes it all
    if output_format == "json":
        return  # the learner's own text, kept as it is but for invalid Unicode
    for text in every:
        assert not any(ch in text for ch in "\x1b\r\u202e\u202c"), text
    summary = document["output" if output_format == "gradescope" else "message"]
    verdicts = [line for line in summary.splitlines() if line.endswith("checks pass.")
                and not line.startswith(" ")]
    assert verdicts == [f"{tmp_path}/spoof.py: 0 of 18 checks pass.",
                        f"{tmp_path}/sol.py: 18 of 18 checks pass."], summary


def _engine_document(folder, output_format):
    """The document an engine reads for a submission folder, graded as its script grades it."""
    results = folder.parent / f"{folder.name}-{output_format}.json"
    done = run_course("grade", "05-backward", ".", "--format", output_format, "--results",
                      str(results), "--runtime", "python", "--trusted", cwd=folder)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(results.read_text())


@pytest.mark.parametrize("output_format", ["gradescope", "prairielearn"])
def test_a_file_handed_in_twice_scores_once(tmp_path, output_format):
    """One submission is worth one lab's points: the same solution under two names scored
    36 of 18 on Gradescope. Only the best file of the lab counts; the summary names both."""
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "05-backward.py").write_text(solution("05-backward"))
    (folder / "05-backward copy.py").write_text(solution("05-backward"))
    document = _engine_document(folder, output_format)
    total = checks("05-backward")
    if output_format == "gradescope":
        assert document["score"] == total
        assert sum(t["score"] for t in document["tests"]) == total
        summary = document["output"]
    else:
        assert document["score"] == 1.0 and document["gradable"] is True
        summary = document["message"]
    assert len(document["tests"]) == total
    assert not any(":" in t["name"].split(" ")[0] for t in document["tests"])  # no file prefix
    assert "05-backward.py: 18 of 18 checks pass." in summary
    assert "05-backward copy.py: 18 of 18 checks pass." in summary
    assert "only the best of them counts" in summary


@pytest.mark.parametrize("output_format", ["gradescope", "prairielearn"])
def test_a_stray_file_beside_the_lab_file_costs_nothing(tmp_path, output_format):
    """A repository handed in whole: the lab's file, another lab's file and a scratch file
    with a syntax error, and the starter. PrairieLearn called it ungradable (score 0) and
    Gradescope listed 72 tests; the lab's file alone is scored."""
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "01-graphs.py").write_text("# 01-graphs — autograd course 0.1.0\nx = 1\n")
    (folder / "05-backward.py").write_text(solution("05-backward"))
    (folder / "scratch.py").write_text(SYNTAX)
    (folder / "start.py").write_text((LAB / "starter.py").read_text())
    document = _engine_document(folder, output_format)
    total = checks("05-backward")
    if output_format == "gradescope":
        assert document["score"] == total
    else:
        assert document["gradable"] is True and document["score"] == 1.0
    assert len(document["tests"]) == total
    assert all(t.get("status", "passed") == "passed" for t in document["tests"])


def test_the_best_file_counts_and_a_lone_broken_file_is_still_ungradable(tmp_path):
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "a.py").write_text((LAB / "starter.py").read_text())
    (folder / "b.py").write_text(SYNTAX)
    document = _engine_document(folder, "prairielearn")
    assert document["gradable"] is True  # the starter loads: it is the best file
    assert document["score"] == pytest.approx(python_score("05-backward",
                                                           (LAB / "starter.py").read_text())
                                              / checks("05-backward"))
    (folder / "a.py").unlink()
    document = _engine_document(folder, "prairielearn")
    assert document["gradable"] is False and document["score"] == 0.0
    # PrairieLearn shows an ungradable submission with its format_errors, not its message
    (reason,) = document["format_errors"]
    assert reason.startswith("b.py: ") and "could not read your file" in reason


def test_an_ungradable_prairielearn_document_says_why_in_format_errors(tmp_path):
    """PrairieLearn marks `gradable: false` "invalid, not gradable" and shows `format_errors`
    beside it; the document had none, so the student read no reason."""
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "05-backward.py").write_text((LAB / "starter.py").read_text())
    assert "format_errors" not in _engine_document(folder, "prairielearn")
    (folder / "05-backward.py").write_text(IMPORT_ERROR)
    document = _engine_document(folder, "prairielearn")
    assert document["gradable"] is False
    (reason,) = document["format_errors"]
    assert reason.startswith("05-backward.py: ") and "numpy_is_not_here" in reason
    (folder / "05-backward.py").unlink()
    (folder / "notes.txt").write_text("my answer is in the other file")
    document = _engine_document(folder, "prairielearn")
    assert document["gradable"] is False
    assert "notes.txt" in document["format_errors"][0]


def test_text_says_when_it_cuts_what_a_file_printed(tmp_path):
    (tmp_path / "chatty.py").write_text("for i in range(300):\n    print(f'line {i}')\n"
                                        + solution("05-backward"))
    done = run_course("grade", "05-backward", str(tmp_path / "chatty.py"), "--runtime", "python",
                      "--trusted", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    printed = "\n".join(f"line {i}" for i in range(300))
    assert f"    … and {len(printed) - 800} more characters (--json keeps more)" in done.stdout
    assert "line 299" not in done.stdout


def test_csv_is_one_row_per_file_for_a_gradebook_and_runs_no_formula(files, tmp_path):
    import csv

    (tmp_path / "=1+1.py").write_text(solution("05-backward"))
    (tmp_path / "wrong.py").write_text((LAB / "starter.py").read_text())
    (tmp_path / "syntax.py").write_text(SYNTAX)
    done = run_course("grade", "05-backward", "=1+1.py", "wrong.py", "syntax.py", "--format", "csv",
                      "--runtime", "python", "--trusted", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    rows = list(csv.DictReader(_rows(done.stdout)))
    assert [(r["input"], r["lab"], r["score"], r["max_score"], r["passed"]) for r in rows] == [
        ("'=1+1.py", "05-backward", "18", "18", "true"), ("wrong.py", "05-backward", "0", "18", "false"),
        ("syntax.py", "05-backward", "0", "18", "false")]
    assert rows[1]["failed_checks"].startswith("a Value holds its data") and not rows[1]["error"]
    assert rows[2]["error"].startswith("Python could not read your file") and "\n" not in rows[2]["error"]
    merged = run_course("grade", "05-backward", "wrong.py", "--json", "--runtime", "python",
                        "--trusted", cwd=tmp_path)
    (tmp_path / "one.json").write_text(merged.stdout)
    again = run_course("merge", "one.json", "--format", "csv", cwd=tmp_path)
    assert again.returncode == 1 and again.stdout.splitlines()[1].startswith("wrong.py,")
    assert again.stdout.startswith("\ufeffinput,file,lab,")  # merge writes the same document


def _rows(document: str) -> list[str]:
    """A CSV document's lines as Python reads the file (utf-8-sig: no byte-order mark)."""
    assert document.startswith("\ufeff"), document[:20]
    return document.removeprefix("\ufeff").splitlines()


def test_csv_runs_no_formula_in_a_spreadsheet_that_splits_cells_at_semicolons(tmp_path):
    """Excel opens a .csv with the system's list separator, which is ";" where the decimal
    comma is used (Germany, France, ...). A learner's file `x;=1+1;.py` was one quoted-or-not
    cell to a comma reader but, split at its ";", a cell `=1+1` to those: a formula, though
    a cell that starts with one had its apostrophe. Read either way, no cell is a formula,
    and with commas each name is still one cell."""
    import csv

    names = ["x;=1+1;.py", "y;=HYPERLINK(A1);.py", 'z;"=1+1";.py', "w; -2+3;.py", "v;@SUM(A1);.py"]
    for name in names:
        (tmp_path / name).write_text(solution("05-backward"))
    done = run_course("grade", "05-backward", *names, "--format", "csv", "--runtime", "python",
                      "--trusted", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for separator in (",", ";"):
        for row in csv.reader(_rows(done.stdout), delimiter=separator):
            formulas = [cell for cell in row if cell.lstrip(" ")[:1] in ("=", "+", "-", "@")
                        and cell.strip(" ")]
            assert not formulas, (separator, row)
    rows = list(csv.DictReader(_rows(done.stdout)))
    assert len(rows) == len(names) and all(r["passed"] == "true" for r in rows), rows
    assert [r["input"].replace("'", "") for r in rows] == names


def test_text_says_an_error_that_fails_several_checks_once(tmp_path):
    """As the page does: "does not define `Value`" on every check was one line a check,
    the same words again and again; each check now points to it by number."""
    (tmp_path / "nothing.py").write_text("x = 1\n")
    done = run_course("grade", "05-backward", str(tmp_path / "nothing.py"), "--runtime", "python",
                      "--trusted", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stdout.count("Your file does not define `Value`.") == 1, done.stdout
    pointers = done.stdout.count("      (error 1 above)")
    assert pointers > 1
    assert f"  error 1 fails {pointers} checks: Your file does not define `Value`." in done.stdout


def test_gradescope_without_results_keeps_a_results_json_that_is_not_gradescopes(tmp_path):
    """`--format gradescope` writes results.json in the working folder when --results is not
    given, and replaced whatever results.json was there (an instructor's own JSON) unasked."""
    (tmp_path / "sol.py").write_text(solution("05-backward"))
    (tmp_path / "results.json").write_text('{"mine": 1}\n')
    args = ("grade", "05-backward", "sol.py", "--format", "gradescope", "--runtime", "python",
            "--trusted")
    done = run_course(*args, cwd=tmp_path)
    assert done.returncode == 2 and "name the file with --results" in done.stderr, done.stderr
    assert (tmp_path / "results.json").read_text() == '{"mine": 1}\n'
    (tmp_path / "results.json").unlink()
    for _ in range(2):  # a results.json it wrote before is Gradescope's: replaced
        done = run_course(*args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "results.json").read_text())["score"] == 18.0


def test_junit_classes_tell_learners_apart_as_jenkins_and_gitlab_list_them():
    """Every test case's classname was the lab, so Jenkins (which builds its tree and its
    "failed tests" list from classname: package before the last dot, class after it) and
    GitLab (whose test report shows classname as each case's suite) listed every learner's
    "double(x) ..." under one class "05-backward": 30 failures of one name, no learner named.
    The class is the lab and the file: package 05-backward, class the file (its dots _)."""
    from grader.core.report import CheckResult

    graded = [Graded(Report(lab="05-backward", file=name, checks=[CheckResult(
        name="double(x) returns twice x", passed=False, message="wrong")]), name)
        for name in ("sub/amy.py", "other/amy.py", "bob.py")]
    xml = JUnitXml.fromstring(junit(graded))
    classes = [case.classname for suite in xml for case in suite]
    assert len(set(classes)) == 3, classes
    split = [name.rsplit(".", 1) for name in classes]  # as Jenkins reads a classname
    assert [package for package, _ in split] == ["05-backward"] * 3
    assert [cls for _, cls in split] == ["sub/amy_py", "other/amy_py", "bob_py"]


def test_csv_names_in_any_script_survive_excel_opening_the_file(tmp_path):
    """Excel opens a .csv (a double-click) as UTF-8 only when it starts with a byte-order
    mark, and otherwise in the system's code page: "Zoë Müller" read "ZoÃ« MÃ¼ller", and a
    name in Greek or Chinese worse. The CSV starts with one, as Excel's own "CSV UTF-8" does,
    on stdout (`> grades.csv`) and in --results alike; Python's utf-8-sig reads it back."""
    import csv

    names = ["Zoë Müller_05-backward.py", "Δήμητρα_05-backward.py", "李雷_05-backward.py"]
    for name in names:
        (tmp_path / name).write_text(solution("05-backward"))
    done = run_course("grade", "05-backward", *names, "--format", "csv", "--runtime", "python",
                      "--trusted", "--results", "grades.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    printed = run_course("grade", "05-backward", *names, "--format", "csv", "--runtime",
                         "python", "--trusted", cwd=tmp_path)
    for document in ((tmp_path / "grades.csv").read_bytes(), printed.stdout.encode("utf-8")):
        # how Excel decides: a UTF-8 byte-order mark, or else the system's code page
        excel = (document[3:].decode("utf-8") if document.startswith(b"\xef\xbb\xbf")
                 else document.decode("cp1252", errors="replace"))
        assert [r["input"] for r in csv.DictReader(excel.splitlines())] == names, excel
    with open(tmp_path / "grades.csv", encoding="utf-8-sig", newline="") as handle:
        assert [r["input"] for r in csv.DictReader(handle)] == names
