"""lab.yaml: a lab's parts and the earlier lab it builds on, as `course check` judges them."""

from __future__ import annotations

import shutil
import textwrap

import pytest

from grader import course as course_model
from grader import lab_config
from tests.conftest import ROOT, run_course

CHECKS = ["first", "second", "third"]


def _config(tmp_path, text: str):
    (tmp_path / "lab.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    (tmp_path / "extend.py").write_text("# more\n", encoding="utf-8")
    found = []
    config = lab_config.load(tmp_path, found)
    return config, found


def test_parts_read_in_order_with_their_lines(tmp_path):
    config, found = _config(tmp_path, """\
        parts:
          - title: One
            checks: [first]
          - title: Two
            checks: [second, third]
        """)
    assert found == []
    assert [(p.title, p.checks, p.line) for p in config.parts] == [
        ("One", ["first"], 2), ("Two", ["second", "third"], 4)]
    assert lab_config.problems(config, CHECKS, []) == []
    assert next(p.title for p in config.parts if "third" in p.checks) == "Two"


@pytest.mark.parametrize("parts, says", [
    ("[{title: A, checks: [first, second]}]", "not listed: 'third'"),
    ("[{title: A, checks: [first, second, third, fourth]}]", "'fourth', which is no check"),
    ("[{title: A, checks: [first, second]}, {title: B, checks: [second, third]}]", "listed in two places"),
    ("[{title: A, checks: [second, first, third]}]", "in the order the checks are defined"),
])
def test_parts_that_contradict_the_checks_are_problems(tmp_path, parts, says):
    config, found = _config(tmp_path, f"parts: {parts}\n")
    assert found == []
    messages = [p.message for p in lab_config.problems(config, CHECKS, [])]
    assert any(says in m for m in messages), messages


def test_builds_on_must_name_an_earlier_lab(tmp_path):
    config, found = _config(tmp_path, "builds_on: 07-later\nextend: extend.py\n")
    assert found == [] and config.extend == tmp_path / "extend.py"
    problem, = lab_config.problems(config, CHECKS, ["01-graphs"])
    assert "must name an earlier lab (01-graphs)" in problem.message and problem.line == 1


def test_a_broken_lab_yaml_says_where(tmp_path):
    _, found = _config(tmp_path, "builds_on: 04-value\nparts: [oops\n")
    assert found and "not valid YAML" in found[0].message and found[0].line >= 2
    _, found = _config(tmp_path, "builds_on: 04-value\nprovided: nowhere.py\ncolour: blue\n")
    assert {(p.line, p.message.split(" (")[0]) for p in found} == {
        (2, "'provided:' must name a .py file in this lab's folder"), (3, "unknown field 'colour'")}


def test_a_broken_lab_yaml_is_one_problem_not_a_cascade_nor_a_crash(tmp_path):
    """Lab 4 keeps its checks in checks/, one file per part of lab.yaml. With lab.yaml not
    YAML, `course check` went on to say checks/ needed a lab.yaml with parts and that every
    file was in no part; `course check` in Pyodide crashed with a FileNotFoundError traceback
    (packing 'a lab with no checks'); `course grade` blamed its runtime ("could not be
    started"). Now the YAML error is said, alone, and grading refuses with it."""
    for folder in ("lessons", "labs"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    config = tmp_path / "labs" / "04-value" / "lab.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("title: ", 'title: "', 1),
                      encoding="utf-8")
    found = [p for p in course_model.load(tmp_path).problems if "04-value" in str(p.path)]
    assert [(p.path.name, p.message.split(":")[0]) for p in found] == [
        ("lab.yaml", "lab.yaml is not valid YAML")], found
    done = run_course("check", "--lab", "4", "--course", str(tmp_path))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "labs/04-value/lab.yaml:" in done.stderr and "04-value: 1 problem(s)" in done.stdout
    solution = tmp_path / "labs" / "04-value" / "solution.py"
    done = run_course("grade", "04-value", str(solution), "--runtime", "python", "--trusted",
                      "--course", str(tmp_path))
    assert done.returncode == 2
    assert "no file was graded: " in done.stderr and "lab.yaml is not valid YAML" in done.stderr


def test_a_misspelt_parts_field_is_offered_its_spelling_and_not_followed_by_a_cascade(tmp_path):
    """'part:' for 'parts:' in lab 4 (checks split by part) said "unknown field 'part'", then
    that checks/ needed a lab.yaml with parts and that each of its files was in no part."""
    for folder in ("lessons", "labs"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    config = tmp_path / "labs" / "04-value" / "lab.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("\nparts:", "\npart:", 1), encoding="utf-8")
    found = [p for p in course_model.load(tmp_path).problems if "04-value" in str(p.path)]
    line = text.splitlines().index("parts:") + 1
    assert [(p.path.name, p.line, p.message.split(" (")[0], p.message.split(";")[-1]) for p in found] == [
        ("lab.yaml", line, "unknown field 'part'", " did you mean 'parts'?")], found


def test_course_check_refuses_a_starter_that_passes_another_lab(tmp_path):
    # Lab 5's starter carrying lab 4's answer is exactly what the course must never ship.
    for folder in ("lessons", "labs"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    answer = (ROOT / "labs" / "04-value" / "solution.py").read_text(encoding="utf-8")
    (tmp_path / "labs" / "05-backward" / "starter.py").write_text(answer, encoding="utf-8")
    done = run_course("check", "--runtime", "python", "--course", str(tmp_path))
    assert done.returncode != 0
    assert "starter.py fails 04-value: no page's starting code passes any lab" in done.stderr


def test_the_courses_own_lab_yaml_files_agree_with_their_labs():
    course = course_model.load(ROOT)
    assert course.problems == []
    order = list(course.labs)
    from grader.core.run import load_checks

    for slug, lab in course.labs.items():
        names = [fn.check_name for fn in load_checks(lab.checks_source(), slug)[0]]
        assert lab_config.problems(lab.config, names, order[:order.index(slug)]) == []


def test_a_lab_yaml_in_another_encoding_or_with_a_key_twice_is_a_problem_with_its_line(tmp_path):
    (tmp_path / "lab.yaml").write_bytes("parts:\n  - title: \"Caf\u00e9\"\n".encode("latin-1"))
    found = []
    lab_config.load(tmp_path, found)  # was a UnicodeDecodeError traceback out of `course check`
    assert [(p.line, p.message) for p in found] == [
        (2, "this file is not UTF-8 text (byte 0xe9 on this line): save it as UTF-8")]
    _, found = _config(tmp_path, "\ufeffbuilds_on: 04-value\nextend: extend.py\nbuilds_on: 03-branching\n")
    assert [(p.line, p.message.split(";")[0]) for p in found] == [(3, "'builds_on:' is given twice")]
    _, found = _config(tmp_path, "parts:\n  - title: one\n   checks: [first]\n")
    assert [p.line for p in found] == [3] and "<unicode string>" not in found[0].message


@pytest.mark.parametrize("text, line, says", [
    ("builds_on: 04-value\nparts:\n\t- title: One\n", 3, "(indent with spaces, not tabs)"),
    ("---\nbuilds_on: 04-value\n---\nparts: []\n", 3,
     "but found another document (a line '---' starts a second YAML document, and lab.yaml "
     "is one: delete that line)"),
    ("parts:\n  - title: Rates: they multiply\n    checks: [first]\n", 2,
     "mapping values are not allowed here (a text holding ': ' must be quoted"),
])
def test_a_yaml_slip_in_lab_yaml_is_said_in_an_authors_words_at_its_line(tmp_path, text, line, says):
    """PyYAML's own words ('found character that cannot start any token', 'but found another
    document') name no fix; the lesson pages' front matter already said what to do."""
    _, found = _config(tmp_path, text)
    assert [(p.line, says in p.message) for p in found] == [(line, True)], found


def test_a_part_listing_a_misspelt_check_is_offered_the_check_it_meant(tmp_path):
    """A part that listed 'secnd' said only that it is no check of this lab, and the author
    had to compare it with every name by eye; now the near name is offered, as for fields."""
    config, found = _config(tmp_path, "parts: [{title: A, checks: [first, secnd, Third]}]\n")
    assert found == []
    messages = [p.message for p in lab_config.problems(config, CHECKS, [])]
    assert any("'secnd', which is no check of this lab; did you mean 'second'?" in m
               for m in messages), messages
    assert any("'Third', which is no check of this lab; did you mean 'third'?" in m
               for m in messages), messages
    far = [p.message for p in lab_config.problems(
        _config(tmp_path, "parts: [{title: A, checks: [first, second, third, zzz]}]\n")[0], CHECKS, [])]
    assert any(m.endswith("'zzz', which is no check of this lab") for m in far), far


def test_builds_on_a_slip_is_offered_the_earlier_lab_it_meant(tmp_path):
    """'builds_on: 05-backwards' listed every earlier lab and left the author to find the
    slip; a near slug, a bare name or a number is now offered the lab it meant."""
    earlier = ["01-graphs", "02-chain-rule", "05-backward"]
    for written in ("05-backwards", "backward", "5", "05-Backward"):
        config, found = _config(tmp_path, f"builds_on: '{written}'\n")
        assert found == []
        problem, = lab_config.problems(config, CHECKS, earlier)
        assert problem.message.endswith("; did you mean '05-backward'?"), problem.message
    config, _ = _config(tmp_path, "builds_on: 06-descent\n")
    problem, = lab_config.problems(config, CHECKS, earlier)
    assert problem.message.endswith("(01-graphs, 02-chain-rule, 05-backward)"), problem.message


def test_a_part_listing_a_check_by_its_function_is_told_which_check(tmp_path):
    config, _ = _config(tmp_path, "parts: [{title: A, checks: [first, second, third_fn]}]\n")
    messages = [p.message for p in lab_config.problems(config, CHECKS, [],
                                                       {"third_fn": "third"})]
    assert any("'third_fn', which is no check of this lab; did you mean 'third' (the check "
               "that third_fn() defines)?" in m for m in messages), messages


def test_near_check_offers_the_check_a_function_name_defines():
    assert lab_config.near_check("doubles", ["double(x) returns twice x"],
                                 {"doubles": "double(x) returns twice x"}) == (
        "; did you mean 'double(x) returns twice x' (the check that doubles() defines)?")
    assert lab_config.near_check("nothing", ["double(x) returns twice x"], {"doubles": "x"}) == ""


def test_course_check_of_one_lab_names_its_pages_slip_and_a_part_listing_a_function(tmp_path):
    """`course check --lab 04-value` where the lab's page misspells `lab:` and lab.yaml lists a
    check by its function: the page's problem is shown (the page is the lab's by its file
    name), offered the lab it meant, and the part is told which check the function defines."""
    for folder in ("lessons", "labs"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    page = tmp_path / "lessons" / "04-value.md"
    page.write_text(page.read_text(encoding="utf-8").replace("lab: 04-value", "lab: 04-valeu", 1),
                    encoding="utf-8")
    yaml_path = tmp_path / "labs" / "04-value" / "lab.yaml"
    yaml_path.write_text(yaml_path.read_text(encoding="utf-8").replace(
        '"a Value holds its number, and its grad starts at 0"', "holds_data", 1), encoding="utf-8")
    done = run_course("check", "--lab", "04-value", "--runtime", "python",
                      "--course", str(tmp_path))
    said = done.stdout + done.stderr
    assert done.returncode != 0
    assert "lab '04-valeu' does not exist" in said and "did you mean '04-value'?" in said, said
    assert ("did you mean 'a Value holds its number, and its grad starts at 0' (the check that "
            "holds_data() defines)?") in said, said


def test_a_part_with_check_for_checks_is_told_the_field_it_meant(tmp_path):
    """`check: [...]` in a part said only "part 2 needs 'title:' and 'checks:'", beside the
    very line that lists them."""
    config, found = _config(tmp_path, """\
        parts:
          - title: One
            checks: [first]
          - title: Two
            check: [second, third]
        """)
    (problem,) = found
    assert problem.line == 4
    assert problem.message == ("part 2 needs 'title:' (text) and 'checks:' (a list of check "
                               "names); 'check' is no field of a part: did you mean 'checks'?")


def test_every_stray_field_of_a_part_is_named_with_its_own_closest_field(tmp_path):
    """Only the first stray field (sorted) was named, with the first close match of any of
    them: `notes:` and `titel:` read "'notes' is no field of a part: did you mean 'title'?"."""
    config, found = _config(tmp_path, """\
        parts:
          - titel: One
            notes: about it
            checks: [first]
          - title: Two
            checks: [second]
            fille: checks/two.py
        """)
    said = {problem.line: problem.message for problem in found}
    assert said[2] == ("part 1 needs 'title:' (text) and 'checks:' (a list of check names); "
                       "'notes' is no field of a part; 'titel' is no field of a part: did you "
                       "mean 'title'?"), said
    assert said[5] == ("part 2: unknown field 'fille' (fields: title, file, checks): did you "
                       "mean 'file'?"), said


def test_a_part_listing_an_unknown_check_is_one_problem_not_also_an_order_problem(tmp_path):
    """A part naming a check that does not exist (yet) was reported twice: as no check of
    the lab, and as 'the parts must list the checks in the order the checks are defined',
    though the checks it did list were in order. A real order slip beside it is still said."""
    config, found = _config(tmp_path, "parts: [{title: A, checks: [first, second, third]},"
                                      " {title: B, checks: [more]}]\n")
    assert found == []
    messages = [p.message for p in lab_config.problems(config, CHECKS, [])]
    assert messages == ["part 'B' lists 'more', which is no check of this lab"], messages
    swapped = _config(tmp_path, "parts: [{title: A, checks: [second, first, third, more]}]\n")[0]
    assert any("in the order the checks are defined" in p.message
               for p in lab_config.problems(swapped, CHECKS, []))


@pytest.mark.parametrize("text, line, opened", [
    ('parts:\n  - title: "One step\n    checks: [first]\n', 2, "a quote"),
    ("parts:\n  - title: One\n    checks: [first, second\n  - title: Two\n", 3, "a '['"),
])
def test_a_quote_or_bracket_never_closed_is_said_at_the_line_that_opened_it(tmp_path, text, line,
                                                                           opened):
    """`title: "One step` (no closing quote) in lab.yaml or a page's front matter was said as
    "found unexpected end of stream" at the block's end (the page's closing '---', line 16
    for a slip on line 2), naming neither the quote nor its line."""
    from grader import frontmatter

    _, found = _config(tmp_path, text)
    assert [p.line for p in found] == [line], found
    assert f"{opened} opened on this line is never closed (YAML: " in found[0].message, found
    page = "---\ntitle: Gradient descent\nlab: 06-descent\n" + text + "---\n\nBody.\n"
    with pytest.raises(frontmatter.FrontMatterError) as raised:
        frontmatter.parse(page)
    assert raised.value.line == line + 3, raised.value.message  # after '---', title and lab
    assert raised.value.message.startswith(
        f"the front matter is not valid YAML: {opened} opened on this line is never closed")
