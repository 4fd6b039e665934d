"""Build Pyodide's stdlib zip with bytecode next to the sources (see compile_stdlib.mjs).

The stock `python_stdlib.zip` holds only `.py`, so Pyodide compiles about 125 modules at
every start-up; pointing loadPyodide's `stdLibURL` at this zip instead skips that work.
The compiling itself happens in Node, inside Pyodide, because only Pyodide's own Python
writes bytecode that Pyodide accepts (the magic number is per Python version).

Why not pyodide-build's `pyodide py-compile`, which compiles the course package
(course_package.py) and also takes zips: run on the stock zip (inside Pyodide, with
py_compile.mjs), it compiles *every* module and drops *every* source. Measured here: 4.5 MB
(4.46 MB gzipped) against this browser zip's 2.7 MB (2.66 MB), so the page's first download
would grow by 1.8 MB (≈ 0.7 s at 20 Mbit/s) for modules the course never imports; its
start-up under Node was 2.8x faster than stock where this zip's was 2.2x (two adjacent
5-run medians on a loaded machine, stock 10.9 s and 12.2 s: compare as ratios). And what
it cannot do at all: keep the `.py` beside the `.pyc` (the command-line zip keeps them, so
tracebacks through the standard library show their lines: tests/test_stdlib_zip.py), name
code objects by their run-time path (it uses the archive-relative `json/__init__.py`, not
`/lib/python314.zip/json/__init__.py`, so tracebacks and inspect point at no file), or leave
members out (its --exclude skips whole archives, not the browser's unusable packages). So
the stdlib zip keeps its own compiler, compile_stdlib.mjs.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

from .cache_lock import held

SCRIPT = Path(__file__).resolve().parent / "compile_stdlib.mjs"
# What the course imports besides Pyodide's start-up: the grader core and what labs use.
# Only these get bytecode (see compile_stdlib.mjs); anything else still imports from source.
# Also what Pyodide's loadPackage imports to unpack the course package (course_package.py)
# before every host's snapshot: from source, tarfile alone took 0.6 s of a cold boot here
# (cp437 is how zip member names are read).
COURSE_IMPORTS = ("dataclasses", "json", "math", "random", "linecache", "traceback",
                  "contextlib", "types", "gc", "secrets", "typing", "functools", "itertools",
                  "collections", "string", "copy", "inspect",
                  "tarfile", "importlib.metadata", "hashlib", "encodings.cp437")
# Left out of the browser's zip: what cannot work in a web worker (processes, a terminal,
# mail and other network protocols) and has no place in an autograd lab. The command-line
# grader keeps the whole standard library. `email` stays: importlib.metadata, which
# loadPackage imports, parses package metadata with it (compile_stdlib.mjs refuses to leave
# out anything start-up imports).
BROWSER_EXCLUDE = ("multiprocessing/", "_pyrepl/", "concurrent/futures/process.py",
                   "xml/", "xmlrpc/", "wsgiref/", "mailbox.py", "imaplib.py", "smtplib.py",
                   "ftplib.py", "poplib.py",
                   # Modules that import at their top one left out above: the asyncio REPL
                   # (the terminal's console), and plistlib (xml's parser).
                   "asyncio/__main__.py", "plistlib.py")
# Kept although their package is left out above, because a module the zip keeps imports them
# at its top (tests/test_stdlib_zip.py checks every kept module): pydoc's pager (help(len) in
# a Run failed with "No module named '_pyrepl.pager'") and pdb's helpers, and what they
# import. They need no terminal until called.
BROWSER_KEEP = ("_pyrepl/__init__.py", "_pyrepl/pager.py", "_pyrepl/utils.py", "_pyrepl/trace.py",
                "_pyrepl/types.py")
TIMEOUT = 600  # seconds; a build takes ~6 s here, so this only catches a hung Node


def build_stdlib_zip(pyodide_dir: Path, out_zip: Path, node: str | None = None,
                     imports: tuple[str, ...] | None = COURSE_IMPORTS,
                     browser: bool = False) -> Path:
    """Write the bytecode zip for the Pyodide in `pyodide_dir` to `out_zip` and return it.

    Skipped when `out_zip` is already there and its sidecar `<out_zip>.key` matches the
    current inputs, so callers may run this on every build. `imports=None` compiles the
    whole standard library. `browser=True` makes the smaller zip for the site: compiled
    modules without their sources, and no packages that cannot run in a browser.
    """
    pyodide_dir, out_zip = Path(pyodide_dir).resolve(), Path(out_zip).resolve()
    options = {"imports": None if imports is None else list(imports),
               "drop_compiled_sources": browser,
               "exclude": _excluded(pyodide_dir) if browser else []}
    key = cache_key(pyodide_dir, options)
    key_file = out_zip.with_name(out_zip.name + ".key")
    if _made(out_zip, key_file, key):
        return out_zip
    with held(out_zip.parent):
        if _made(out_zip, key_file, key):  # another command made it while this one waited
            return out_zip
        return _compile(pyodide_dir, out_zip, key_file, key, options, node)


def _excluded(pyodide_dir: Path) -> list[str]:
    """BROWSER_EXCLUDE as the prefixes compile_stdlib.mjs leaves out, less BROWSER_KEEP: a
    folder that holds a kept file is left out file by file."""
    import zipfile
    with zipfile.ZipFile(pyodide_dir / "python_stdlib.zip") as stock:
        members = [name for name in stock.namelist() if not name.endswith("/")]
    excluded = []
    for prefix in BROWSER_EXCLUDE:
        if any(kept.startswith(prefix) for kept in BROWSER_KEEP):
            excluded += [name for name in members
                         if name.startswith(prefix) and name not in BROWSER_KEEP]
        else:
            excluded.append(prefix)
    return excluded


def _made(out_zip: Path, key_file: Path, key: str) -> bool:
    return out_zip.is_file() and key_file.is_file() and key_file.read_text() == key


def _compile(pyodide_dir: Path, out_zip: Path, key_file: Path, key: str, options: dict,
             node: str | None) -> Path:
    if node is None:
        # Imported here so the cache hit above needs no Node at all.
        from grader.runtimes.node import node_binary
        node = node_binary()
    out_zip.parent.mkdir(parents=True, exist_ok=True)
    # The key goes first-out, last-in: a build that dies halfway never leaves a key that
    # vouches for an old or partial zip.
    key_file.unlink(missing_ok=True)
    listing = out_zip.with_name(out_zip.name + ".options.json")
    listing.write_text(json.dumps(options))
    command = [node, str(SCRIPT), str(pyodide_dir), str(out_zip), str(listing)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as error:
        raise RuntimeError(f"compiling the Pyodide stdlib took over {TIMEOUT} s:\n"
                           f"{_text(error.stderr)}") from error
    if done.returncode != 0:
        raise RuntimeError(f"compiling the Pyodide stdlib failed (exit {done.returncode}):\n"
                           f"{done.stderr.strip()}")
    if not out_zip.is_file():
        raise RuntimeError(f"compile_stdlib.mjs reported success but wrote no {out_zip}\n"
                           f"{done.stderr.strip()}")
    key_file.write_text(key)
    return out_zip


def cache_key(pyodide_dir: Path, options: dict) -> str:
    """Everything the output depends on: the Pyodide (its version and its stock zip, which
    also pins the interpreter doing the compiling), the build script and the options."""
    version = json.loads((pyodide_dir / "package.json").read_text())["version"]
    return json.dumps({
        "pyodide": version,
        "stock_zip_sha256": _sha256(pyodide_dir / "python_stdlib.zip"),
        "script_sha256": _sha256(SCRIPT),
        "options": options,
    }, sort_keys=True) + "\n"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _text(output: str | bytes | None) -> str:
    # TimeoutExpired carries bytes even when the run asked for text.
    if isinstance(output, bytes):
        output = output.decode(errors="replace")
    return (output or "").strip()
