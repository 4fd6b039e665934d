"""A lab's checks split by part into checks/: joined into one source in lab.yaml's order,
judged by `course check`, and every error still names the author's own file and line."""

from __future__ import annotations

import shutil
import textwrap

import pytest

from grader import course as course_model
from grader import checks_loading, lab_checks
from grader.core.run import load_checks
from tests.conftest import ROOT, run_course

SLUG = "01-split"
LAB_YAML = """\
    helpers: [checks/shared.py]
    parts:
      - title: Doubling
        file: checks/doubling.py
        checks: ["double(x) returns twice x"]
      - title: Tripling
        file: checks/tripling.py
        checks: ["triple(x) returns three times x", "triple(0) is 0"]
    """
FILES = {
    "checks/shared.py": '''\
        """What both parts use."""

        from grader.core.checks import attempt, close, need


        def twice_or_thrice(learner, name, factor, x):
            fn = need(learner, name)
            close(attempt(f"{name}({x})", fn, x), factor * x, f"{name}({x})")
        ''',
    "checks/doubling.py": '''\
        """Part 1."""

        from grader.core.checks import check


        @check("double(x) returns twice x", "Multiply by two.")
        def doubles(learner):
            for x in (1.5, -2.0):
                twice_or_thrice(learner, "double", 2, x)
        ''',
    "checks/tripling.py": '''\
        """Part 2."""

        from grader.core.checks import check


        @check("triple(x) returns three times x", "Multiply by three.")
        def triples(learner):
            twice_or_thrice(learner, "triple", 3, 2.5)


        @check("triple(0) is 0", "Zero times anything is zero.")
        def triples_zero(learner):
            twice_or_thrice(learner, "triple", 3, 0)
        ''',
    "solution.py": "def double(x):\n    return 2 * x\n\n\ndef triple(x):\n    return 3 * x\n",
    "starter.py": "def double(x):\n    return x\n\n\ndef triple(x):\n    return x\n",
    "mistakes/adds_three.py": ("# mistake: adds three instead of multiplying by three\n"
                               "# fails: triple(x) returns three times x\n"
                               "# message: should be 7.5\n"
                               "def double(x):\n    return 2 * x\n\n\ndef triple(x):\n    return x + 3\n"),
}


@pytest.fixture
def split_course(tmp_path):
    """A course of one lesson whose lab keeps its checks in checks/, one file per part."""
    (tmp_path / "lessons").mkdir()
    (tmp_path / "labs").mkdir()
    done = run_course("new", "split", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lab = tmp_path / "labs" / SLUG
    (lab / "checks.py").unlink()
    (lab / "mistakes" / "returns_input.py").unlink()
    write(lab, "lab.yaml", LAB_YAML)
    for name, text in FILES.items():
        write(lab, name, text)
    return tmp_path


def write(lab, name: str, text: str) -> None:
    path = lab / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def lab_of(root):
    course = course_model.load(root)
    return course, course.labs[SLUG]


def test_a_split_lab_is_one_source_in_lab_yamls_order_and_checks_clean(split_course):
    course, lab = lab_of(split_course)
    assert course.problems == []
    assert [p.relative_to(lab.folder).as_posix() for p in lab.checks_files()] == [
        "checks/shared.py", "checks/doubling.py", "checks/tripling.py"]
    text = lab.checks_source()
    assert text.index("def twice_or_thrice") < text.index("def doubles") < text.index("def triples")
    names = [fn.check_name for fn in load_checks(text, SLUG)[0]]
    assert names == ["double(x) returns twice x", "triple(x) returns three times x", "triple(0) is 0"]
    done = run_course("check", "--runtime", "python", "--course", str(split_course))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"ok  {SLUG}: 3 files graded in python" in done.stdout


def test_a_single_checks_py_is_its_own_text():
    lab = course_model.load(ROOT).labs["02-chain-rule"]
    assert lab.checks_files() == [lab.folder / "checks.py"]
    assert lab.checks_source() == (lab.folder / "checks.py").read_text(encoding="utf-8")


def test_every_line_of_the_joined_source_maps_back_to_its_file(split_course):
    _, lab = lab_of(split_course)
    source = lab.joined_checks()
    joined = source.text.splitlines()
    for piece in source.pieces:
        own = piece.path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(own, 1):
            at = piece.first + number - 1
            assert joined[at - 1] == line and source.where(at) == (piece.path, number)


def test_an_error_a_check_raises_while_running_points_to_its_file(split_course):
    lab = split_course / "labs" / SLUG
    text = (lab / "checks" / "tripling.py").read_text().replace(
        'twice_or_thrice(learner, "triple", 3, 0)', "1 / 0")
    (lab / "checks" / "tripling.py").write_text(text)
    _, model = lab_of(split_course)
    source = model.joined_checks()
    checks, _ = load_checks(source.text, SLUG)
    with pytest.raises(ZeroDivisionError) as caught:
        checks[2](None)
    tb = caught.value.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    assert source.where(tb.tb_lineno) == (lab / "checks" / "tripling.py",
                                          text.splitlines().index("    1 / 0") + 1)


@pytest.mark.parametrize("file, old, new, says", [
    ("checks/tripling.py", '"""Part 2."""', '"""Part 2."""\nsurely_defined_somewhere()',
     "checks/tripling.py:2: tripling.py cannot be loaded: NameError"),
    ("checks/doubling.py", "for x in (1.5, -2.0):", "for x in (1.5, -2.0)",
     "checks/doubling.py:8: doubling.py cannot be loaded: SyntaxError"),
    ("checks/tripling.py", '"Zero times anything is zero."', "",
     "checks/tripling.py:11: check 'triple(0) is 0' has no hint"),
    ("checks/tripling.py", "def triples(learner):", "def twice_or_thrice(learner):",
     "checks/tripling.py:7: `twice_or_thrice` is already defined in shared.py"),
    ("checks/shared.py", '"""What both parts use."""', '"""What both parts use."""\n'
     'from grader.core.checks import check\n@check("sneaky", "hint")\ndef sneaky(learner):\n    pass\n',
     "checks/shared.py:3: check 'sneaky' is in a helpers file"),
])
def test_course_check_names_the_file_and_line_in_checks(split_course, file, old, new, says):
    path = split_course / "labs" / SLUG / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    done = run_course("check", "--runtime", "python", "--course", str(split_course))
    assert done.returncode != 0
    assert f"labs/{SLUG}/{says}" in done.stderr, done.stderr


def test_a_loop_at_a_checks_files_top_level_is_stopped_at_its_line(split_course, monkeypatch):
    """course check, grade and build load the checks in their own process, where nothing else
    bounds them: such a loop once hung `course check` without a word."""
    path = split_course / "labs" / SLUG / "checks" / "tripling.py"
    text = path.read_text().replace('"""Part 2."""', '"""Part 2."""\nwhile True:\n    pass', 1)
    path.write_text(text)
    monkeypatch.setattr(checks_loading, "LOAD_SECONDS", 0.3)
    _, lab = lab_of(split_course)
    with pytest.raises(checks_loading.ChecksBroken) as caught:
        checks_loading.load_lab_checks(lab)
    assert (caught.value.path, caught.value.line) == (path, 2)  # the `while`
    assert "took more than 0.3 s: look for a loop that never ends" in caught.value.message


def test_course_check_loads_a_labs_checks_once(split_course, monkeypatch):
    """A looping checks file costs its LOAD_SECONDS each time it is loaded: course check
    loaded every lab twice (its own files, then other labs' starters), 20 s to say so."""
    from grader import self_check
    from grader.runtimes.python import PythonRuntime

    path = split_course / "labs" / SLUG / "checks" / "tripling.py"
    path.write_text(path.read_text().replace('"""Part 2."""', '"""Part 2."""\nundefined_helper()', 1))
    loads = []

    def counted(lab):
        loads.append(lab.slug)
        return checks_loading.load_lab_checks(lab)

    monkeypatch.setattr(self_check, "load_lab_checks", counted)
    outcomes, _ = self_check.check_course(course_model.load(split_course), PythonRuntime(timeout=5))
    assert loads == [SLUG]
    assert any("tripling.py cannot be loaded: NameError" in p.message for p in outcomes[0].problems)


def test_course_grade_says_the_checks_are_broken_and_grades_nothing(split_course):
    path = split_course / "labs" / SLUG / "checks" / "tripling.py"
    path.write_text(path.read_text().replace('"""Part 2."""', '"""Part 2."""\nundefined_helper()', 1))
    solution = split_course / "labs" / SLUG / "solution.py"
    done = run_course("grade", SLUG, str(solution), "--runtime", "python", "--trusted",
                      "--course", str(split_course))
    assert done.returncode == 2 and done.stdout == ""
    assert (f"no file was graded: {path}:2: tripling.py cannot be loaded: NameError"
            in done.stderr), done.stderr


def test_files_saved_with_a_bom_and_crlf_are_read_as_written(split_course):
    """Some Windows editors save UTF-8 with a byte-order mark: a lesson so saved failed as
    "must start with a front matter block", a checks file as "invalid ... U+FEFF"."""
    saved = [path for path in split_course.rglob("*") if path.suffix in (".md", ".py", ".yaml")]
    assert {p.suffix for p in saved} == {".md", ".py", ".yaml"}
    for path in saved:
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    done = run_course("check", "--runtime", "python", "--course", str(split_course))
    assert done.returncode == 0 and "0 problem(s)" in done.stdout + done.stderr, done.stderr


def test_a_file_in_another_encoding_is_named_with_its_line(split_course):
    path = split_course / "labs" / SLUG / "checks" / "tripling.py"
    path.write_bytes(path.read_text().replace("Part 2.", "Partie deux, \u00e9t\u00e9.").encode("latin-1"))
    for command in (["check", "--runtime", "python"], ["grade", SLUG, str(path), "--runtime",
                                                        "python", "--trusted"]):
        done = run_course(*command, "--course", str(split_course))
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert f"{path}:1: this file is not UTF-8 text (byte 0xe9 on this line)" in done.stderr


def test_a_check_in_another_parts_file_is_a_problem(split_course):
    lab = split_course / "labs" / SLUG
    doubling, tripling = lab / "checks" / "doubling.py", lab / "checks" / "tripling.py"
    moved = tripling.read_text().split("\n\n\n")[-1]  # the last check, 'triple(0) is 0'
    tripling.write_text(tripling.read_text().replace(moved, "").rstrip() + "\n")
    doubling.write_text(doubling.read_text() + "\n\n" + moved)
    done = run_course("check", "--runtime", "python", "--course", str(split_course))
    assert done.returncode != 0
    assert (f"labs/{SLUG}/checks/doubling.py:12: check 'triple(0) is 0' is defined in part "
            "'Doubling''s file, but lab.yaml does not list it in that part") in done.stderr
    assert "part 'Tripling' lists 'triple(0) is 0', which is not defined in its file" in done.stderr


@pytest.mark.parametrize("change, says", [
    (lambda lab: (lab / "checks" / "stray.py").write_text("X = 1\n"),
     "checks/stray.py:1: checks/stray.py is in no part"),
    (lambda lab: (lab / "checks.py").write_text("X = 1\n"),
     "checks.py:1: a lab keeps its checks in checks.py or in checks/, not both"),
    (lambda lab: write(lab, "lab.yaml", LAB_YAML.replace("        file: checks/tripling.py\n", "")),
     "lab.yaml:6: part 'Tripling' has no checks file"),
    (lambda lab: (lab / "checks" / "tripling.py").unlink(),
     "lab.yaml:6: checks/tripling.py does not exist"),
    (lambda lab: write(lab, "lab.yaml", LAB_YAML.replace("file: checks/tripling.py", "file: ../tripling.py")),
     "lab.yaml:6: part 2: 'file:' must name a .py file in this lab's checks/ folder"),
    (lambda lab: (lab / "lab.yaml").unlink(),
     "checks:1: checks/ holds checks part by part: give the lab a lab.yaml"),
    (lambda lab: shutil.rmtree(lab / "checks"),
     "lab.yaml:1: lab.yaml names files in checks/, but this lab has no checks/ folder"),
])
def test_the_layout_of_checks_is_judged_with_file_and_line(split_course, change, says):
    lab = split_course / "labs" / SLUG
    change(lab)
    course, _ = lab_of(split_course)
    shown = [f"{p.path.relative_to(lab).as_posix()}:{p.line}: {p.message}" for p in course.problems]
    assert any(line.startswith(says) for line in shown), shown


def test_the_real_split_labs_define_each_parts_checks_in_its_file(course):
    for slug in ("04-value", "05-backward"):
        lab = course.labs[slug]
        assert (lab.folder / "checks").is_dir() and not (lab.folder / "checks.py").exists()
        source = lab.joined_checks()
        checks, _ = load_checks(source.text, slug)
        assert lab_checks.part_problems(source, lab.config, checks) == []
        assert lab_checks.rebound_names(source) == []
        assert all(part.file is not None for part in lab.config.parts)
