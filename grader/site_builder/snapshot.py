"""The site's memory snapshot of Python, made at build time (snapshot.mjs).

Measured (benchmarks/browser_startup.py, lesson 5, cold cache; README): a first visit that
restores it instead of starting CPython and loading the course package got its first graded
result 1.1 s sooner (3.4 s -> 2.4 s; 0.7-1.7 s in A/Bs), its 4.9 MB coming while the wasm
downloads and compiles. On a 20 Mbit/s link those bytes cost more than the CPU they save:
0.3-0.9 s later. The worker falls back to starting Python itself when it cannot be fetched or
restored (site/js/worker.js).

It is gzipped here, not by the server: hosts compress by type, and few compress an
octet-stream, so the worker decompresses it itself (DecompressionStream) and every host sends
the same 4.9 MB instead of 12.7.

The same Python then compiles every lab's checks (after the snapshot is taken, so it holds
none of the compiler's garbage): bytecode for this very Pyodide, which a worker loads instead
of compiling the source (grader/core/checks_code.py).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
from pathlib import Path
from typing import NamedTuple

from ..pyodide_files.cache_lock import held
from ..runtimes.node import node_binary

SCRIPT = Path(__file__).resolve().with_name("snapshot.mjs")
# What it runs of the front end's (the same boot steps as a browser's) and the packing every
# snapshot travels in.
FRONT_END = [Path(__file__).resolve().parents[2] / "site" / "js" / "start-python.js",
             Path(__file__).resolve().parents[1] / "runtimes" / "host" / "sparse.mjs"]
TIMEOUT = 300


class SnapshotError(RuntimeError):
    pass


class Snapshot(NamedTuple):
    packed: bytes  # gzipped, as the site ships it
    bytecode: dict  # lab -> its compiled checks (checks_code.bytecode), for the lab data


def site_snapshot(pyodide_dir: Path, lock_or_wheel: Path, key: str, cache: Path,
                  checks: dict[str, str] | None = None) -> Snapshot:
    """The gzipped, packed snapshot for the site's Pyodide files in `pyodide_dir` and its course
    package (`lock_or_wheel`), and the bytecode of `checks` (lab -> its checks' source) made by
    the same Python (a lab whose checks it cannot compile has none). `key` names those files
    (the build's snapshot key); the result is kept in `cache` under it, the checks and the
    scripts that make it, so a rebuild reuses it."""
    sources = json.dumps(checks or {}, sort_keys=True)
    made_by = b"".join(path.read_bytes() for path in [SCRIPT, *FRONT_END]) + sources.encode()
    scripts = hashlib.sha256(made_by).hexdigest()[:12]
    kept = Path(cache) / f"{key}-{scripts}.bin"
    kept_bytecode = kept.with_suffix(".checks.json")
    if not (kept.is_file() and kept_bytecode.is_file()):
        with held(Path(cache)):
            if not (kept.is_file() and kept_bytecode.is_file()):  # or made while this one waited
                _make(pyodide_dir, lock_or_wheel, kept, kept_bytecode, sources, checks or {})
    return Snapshot(kept.read_bytes(), json.loads(kept_bytecode.read_text(encoding="utf-8")))


def _make(pyodide_dir: Path, lock_or_wheel: Path, kept: Path, kept_bytecode: Path, sources: str,
          checks: dict[str, str]) -> None:
    raw = kept.with_name(kept.name + ".packed")
    sources_file = kept.with_name(kept.name + ".sources.json")
    sources_file.write_text(sources, encoding="utf-8")
    command = [node_binary(), "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(SCRIPT),
               str(pyodide_dir), str(lock_or_wheel), str(raw), str(sources_file)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as error:
        raise SnapshotError(f"making Python's snapshot took over {TIMEOUT} s") from error
    finally:
        sources_file.unlink(missing_ok=True)
    if done.returncode != 0 or not raw.is_file():
        raise SnapshotError(f"making Python's snapshot failed (exit {done.returncode}):\n"
                            f"{done.stderr.strip()[-2000:]}")
    made = json.loads(done.stdout)
    memory, bytecode = made["memory"], made["checks"]
    packed = gzip.compress(raw.read_bytes(), compresslevel=9, mtime=0)
    raw.unlink()
    if memory < 1 << 20:
        raise SnapshotError(f"Python's snapshot is only {memory} bytes")
    if not set(bytecode) <= set(checks):
        raise SnapshotError(f"the checks' bytecode was made for {sorted(bytecode)}")
    # Never a half-written file under the key; the snapshot last, as it is what says "kept".
    for target, data in ((kept_bytecode, json.dumps(bytecode).encode()), (kept, packed)):
        partial = target.with_name(target.name + ".partial")
        partial.write_bytes(data)
        partial.replace(target)
