"""The site's Pyodide: npm's files, with the course's bytecode standard library and the
grading host's linking and sparse restore, in a folder named by what it holds.

The linking is grader/runtimes/host/got.mjs, the same rewrite every `course grade` host uses:
Emscripten's start-up gives each of Pyodide's ~8,500 exports a global-offset entry and each
exported function a slot in the table, for side modules the course never loads; the rewrite
fills only the ~280 the wasm imports (and compiles the wasm wrapper of a JavaScript
function once per signature). In a browser's module worker that part of every boot
(`updateGOT` in a CPU profile of the worker) took 30-40 ms, and every Check boots a worker of
its own (benchmarks/browser_startup.py has the figures).

The sparse restore is grader/runtimes/host/sparse.mjs, also the host's: a snapshot is handed
from worker to worker without its pages of zeros, and restored without writing them.

Beside the factory, the same file under another name with V8's compile hint for a whole file
(`//# allFunctionsCalledOnLoad`): Chromium keeps compiled code for a script beside its copy in
Cache Storage once it has run from there, but only the functions compiled by then, and
Pyodide's factory compiles nearly all its functions later, while it boots. With the hint, the
code kept is every function's (1.6 MB), and a return visit compiles none of them; a first
visit would compile all of them before Python starts, so it boots from the plain factory, and
the page has the hinted one compiled once the service worker keeps the course
(site/js/compiled-code.js).

A snapshot's function pointers are table indices, so a snapshot restores only by the linking
that made it: the build's is made from this folder (snapshot.mjs imports it), and the folder's
name is part of the snapshot key. The name is a hash of the files because hosts serve them as
immutable (headers.py): a rebuild that changes any of them (another stdlib zip, another
linking) must have another address, or a browser would keep the old file beside a new one.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

from ..runtimes.node import HOST, node_binary

FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
         "pyodide-lock.json")
FACTORY = "pyodide.asm.mjs"
COMPILED_FACTORY = "pyodide.asm.compiled.mjs"
COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"
# got.mjs and sparse.mjs applied to a file in place; what does not apply (another Pyodide's
# start-up or restore) is left as it was: its stock linking then makes the snapshot too, and
# its own restore copies the whole snapshot. Prints {"linked": bool, "sparse": bool}.
LINK = ("import { readFileSync, writeFileSync } from 'node:fs';"
        "const { link } = await import(process.argv[1]);"
        "const { restoreSparsely } = await import(process.argv[2]);"
        "const file = process.argv[3];"
        "const text = readFileSync(file, 'utf8');"
        "const linked = link(text);"
        "const sparse = restoreSparsely(linked);"
        "if (sparse !== text) writeFileSync(file, sparse);"
        "console.log(JSON.stringify({ linked: linked !== text, sparse: sparse !== linked }));")


class LinkingError(RuntimeError):
    pass


class Written(NamedTuple):
    folder: str    # relative to the site, ending in "/"
    linked: bool   # got.mjs's rewrite applied
    sparse: bool   # sparse.mjs's rewrite applied: its restore takes a packed snapshot


def write_pyodide(out: Path, pyodide: Path, stdlib: Path | None) -> Written:
    """Copy Pyodide (`stdlib` instead of its own zip when given) into `out`/pyodide/, and link
    it and make its restore sparse where those rewrites apply."""
    version = json.loads((pyodide / "package.json").read_text())["version"]
    staging = out / "pyodide" / ".staging"
    staging.mkdir(parents=True)
    for name in FILES:
        shutil.copy2(pyodide / name, staging / name)
    if stdlib:
        shutil.copy2(stdlib, staging / "python_stdlib.zip")
    linked, sparse = link_factory(staging / FACTORY)
    factory = (staging / FACTORY).read_text(encoding="utf-8")
    (staging / COMPILED_FACTORY).write_text(COMPILE_HINT + factory, encoding="utf-8")
    digest = hashlib.sha256()
    for name in FILES:
        file_hash = hashlib.sha256((staging / name).read_bytes()).digest()
        digest.update(name.encode() + b"\0" + file_hash)
    folder = f"pyodide/{version}-{digest.hexdigest()[:10]}/"
    staging.rename(out / folder)
    return Written(folder, linked, sparse)


def link_factory(factory: Path) -> tuple[bool, bool]:
    """Rewrite Pyodide's factory in place by got.mjs's `link` (only what the wasm imports, and
    one compiled wrapper per signature) and sparse.mjs's `restoreSparsely`; whether each
    applied."""
    command = [node_binary(), "--input-type=module", "-e", LINK,
               (HOST.parent / "got.mjs").as_uri(), (HOST.parent / "sparse.mjs").as_uri(),
               str(factory)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired as error:
        raise LinkingError("linking Pyodide's factory took over 60 s") from error
    try:
        said = json.loads(done.stdout) if done.returncode == 0 else None
    except ValueError:
        said = None
    if not isinstance(said, dict):
        raise LinkingError(f"linking Pyodide's factory failed: {done.stderr.strip()[-1000:]}")
    return said.get("linked") is True, said.get("sparse") is True
