"""The yardsticks for browser_startup.py: the plainest page that grades the same Value.

A page and a module worker that load Pyodide, run lab 5's reference Value, check one
gradient and post the verdict: no editor, no snapshot, no service worker. Two copies: one on
npm's stock Pyodide files, one on the course's own (its bytecode stdlib). Both are served
from the same server as the course, gzipped like the course's files, so only the page differs.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

PAGE = """<!doctype html>
<meta charset="utf-8"><title>plain</title>
<script type="module">
  const worker = new Worker("./worker.mjs", { type: "module" });
  worker.onmessage = ({ data }) => {
    performance.mark("course:first-result");
    document.title = data;
  };
</script>
"""

WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
py.runPython(SOURCE);
self.postMessage(py.runPython(`
a, b = Value(2.0), Value(3.0)
L = a * b + a
L.backward()
"passed" if (a.grad, b.grad) == (4.0, 2.0) else "failed"
`));
"""

FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
         "pyodide-lock.json")


def write_plain_page(folder: Path, pyodide: Path, value_source: str) -> None:
    """A plain page in `folder`, on the Pyodide files in `pyodide`."""
    (folder / "pyodide").mkdir(parents=True)
    for name in FILES:
        shutil.copy2(pyodide / name, folder / "pyodide" / name)
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "worker.mjs").write_text(
        WORKER.replace("SOURCE", json.dumps(value_source)), encoding="utf-8")
    for path in folder.rglob("*"):
        if path.is_file() and path.suffix in (".mjs", ".wasm", ".json", ".html"):
            path.with_name(path.name + ".gz").write_bytes(
                gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
