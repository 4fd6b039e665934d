"""Each lesson's picture, drawn once per build by its own module under Node (pictures.mjs).

The page then ships the picture in its HTML, with its real size from the first paint; the
picture's chunk only makes it live. A lesson without a picture module gets no entry."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from ..runtimes.node import node_binary

SCRIPT = Path(__file__).resolve().parent / "pictures.mjs"
PICTURES = Path(__file__).resolve().parents[2] / "site" / "js" / "pictures" / "index.js"
TIMEOUT = 120


class PictureError(RuntimeError):
    pass


class Drawing:
    """The pictures being drawn in a Node process of their own (about 2 s: one jsdom per
    lesson) while the build goes on; `result()` waits for them. As a context manager, a build
    that fails before it asks leaves no process behind."""

    def __init__(self, slugs: list[str], node_modules: Path, pictures: Path = PICTURES):
        self._process = subprocess.Popen(
            [node_binary(), "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(SCRIPT),
             str(node_modules), str(pictures)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self._input = json.dumps(slugs)

    def __enter__(self) -> "Drawing":
        return self

    def __exit__(self, *exc) -> None:
        if self._process.poll() is None:
            self._process.kill()
            self._process.communicate()

    def result(self) -> tuple[dict[str, str], dict[str, str]]:
        """(HTML of each lesson's drawn picture, the error of each that failed to draw)."""
        try:
            out, err = self._process.communicate(self._input, timeout=TIMEOUT)
        except subprocess.TimeoutExpired as error:
            self._process.kill()
            self._process.communicate()
            raise PictureError(f"drawing the pictures took over {TIMEOUT} s") from error
        if self._process.returncode != 0:
            raise PictureError(f"drawing the pictures failed: {err.strip()[-1000:]}")
        result = json.loads(out)
        return result["drawn"], result["failed"]
