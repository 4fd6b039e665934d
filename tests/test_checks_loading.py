"""Loading a lab's checks in the commands' own process (grader/checks_loading.py)."""

import shutil

import pytest

from tests.conftest import run_course


@pytest.mark.parametrize("beside", ["expected.py", "checks_support/__init__.py"])
def test_a_module_beside_the_checks_is_named_with_why_it_cannot_be_imported(tmp_path, beside):
    """An author who moved helpers next to checks.py read only "No module named 'expected'",
    with the file right there in the folder."""
    (tmp_path / "lessons").mkdir()
    (tmp_path / "labs").mkdir()
    done = run_course("new", "intro", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lab = next((tmp_path / "labs").iterdir())
    top = beside.split("/")[0]
    module = top.removesuffix(".py")
    (lab / beside).parent.mkdir(parents=True, exist_ok=True)
    (lab / beside).write_text("def twice(x):\n    return 2 * x\n")
    checks = lab / "checks.py"
    checks.write_text(f"from {module} import twice\n" + checks.read_text())
    done = run_course("check", "--runtime", "python", cwd=tmp_path)
    assert done.returncode != 0
    assert (f"checks.py:1: checks.py cannot be loaded: ModuleNotFoundError: No module named "
            f"'{module}'. labs/{lab.name}/{top} is beside the checks") in done.stderr, done.stderr
    assert "`helpers:` in lab.yaml" in done.stderr, done.stderr
    # A module nowhere near the checks keeps the plain words.
    shutil.rmtree(lab / top) if (lab / top).is_dir() else (lab / top).unlink()
    done = run_course("check", "--runtime", "python", cwd=tmp_path)
    assert f"No module named '{module}'" in done.stderr, done.stderr
    assert "beside the checks" not in done.stderr, done.stderr
