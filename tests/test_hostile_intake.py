"""A notebook handed in, innocent or hostile, as `course grade` reads it (grader/intake/):
only its `%%writefile lab.py` cell is graded, so only that cell is held to a lab file's size;
the notebook around it may carry long outputs."""

from __future__ import annotations

import json

from grader.intake.gather import collect, open_input
from grader.intake.regular import MAX_SOURCE
from tests.exports_support import solution

LABS = {"05-backward"}


def _notebook(code: str, printed: int) -> str:
    """The lab's notebook as JupyterLite saves it after a training loop printed `printed` lines."""
    log = [f"step {i} loss {0.5 / (i + 1):.6f}\n" for i in range(printed)]
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": 1,
              "source": ("%%writefile lab.py\n" + code).splitlines(True)},
             {"cell_type": "code", "metadata": {}, "execution_count": 2,
              "outputs": [{"output_type": "stream", "name": "stdout", "text": log}],
              "source": ["from lab import *\n", "train(60000)\n"]},
             {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": 3,
              "source": ["check('05-backward')\n"]}]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
                      indent=1)


def _read(path):
    (item,) = collect([str(path)])
    (piece,) = open_input(item, LABS, None)
    return piece


def test_a_notebook_with_a_long_training_log_is_graded_by_its_lab_cell(tmp_path):
    """60 000 printed steps made a correct lab's notebook 2.1 MB, and the limit for a .py
    file refused it as "too large to be a lab" before a check ran."""
    path = tmp_path / "05-backward.ipynb"
    path.write_text(_notebook(solution("05-backward"), 60_000))
    assert path.stat().st_size > 2 * MAX_SOURCE
    piece = _read(path)
    assert piece.error == "" and piece.lab == "05-backward"
    assert piece.source == solution("05-backward")


def test_a_lab_cell_past_a_lab_files_size_is_refused_as_a_py_file_would_be(tmp_path):
    path = tmp_path / "05-backward.ipynb"
    path.write_text(_notebook(solution("05-backward") + "#" + "x" * MAX_SOURCE + "\n", 0))
    piece = _read(path)
    assert piece.source is None
    assert "%%writefile lab.py cell is too large to be a lab" in piece.error, piece.error


def test_a_notebook_past_its_own_limit_is_refused_by_its_size_unread(tmp_path):
    from grader.intake.notebooks import MAX_NOTEBOOK

    path = tmp_path / "05-backward.ipynb"
    with open(path, "wb") as out:
        out.truncate(MAX_NOTEBOOK + 1)  # sparse: its size, not its bytes, refuses it
    piece = _read(path)
    assert piece.source is None and "too large to be a lab" in piece.error, piece.error
