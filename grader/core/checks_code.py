"""A lab's checks as a code object: compiled once per interpreter, or taken from the build.

Compiling a lab's checks (≈ 800 lines) was most of what a fresh browser worker did between
its restore and "ready": in a cold Chromium worker the CPython compiler still runs as
baseline wasm code, 86-104 ms for lab 5 (benchmarks/browser_startup.py, the worker's step
"load the lab's checks": 24 ms from the build's bytecode). So `course build` compiles every lab's checks once in the site's own Pyodide, by
`compile_checks` below, and ships the marshalled code beside the source (`bytecode`). A
worker that is handed that entry uses it (`offer`) when it is for this very interpreter and
this very source; anything else (another Python, another source, damaged data) is ignored
and the source is compiled here as before, so the entry only ever saves time.
"""

from __future__ import annotations

import __future__
import base64
import functools
import hashlib
import importlib.util
import marshal
import types

KEEP = 16  # labs whose compiled checks one interpreter keeps
# The build's bytecode a browser worker was offered. Code compiled here is kept by the
# lru_cache below instead: the checks' worker of `course grade` compiles a lab on its first
# job, and a module-level dict that changed then would look to its fingerprint (state.py)
# like state a job left behind, and retire the worker.
_offered: dict[tuple[str, str], types.CodeType] = {}


def filename_of(lab: str) -> str:
    return f"<checks of {lab}>"


def compile_checks(checks_source: str, lab: str) -> types.CodeType:
    # The flags are explicit, so the build's compile and this interpreter's are the same
    # wherever they are called from: the checks have always been compiled with postponed
    # annotations (the flag this module's caller, run.py, passed on by inheritance).
    return compile(checks_source, filename_of(lab), "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)


def compiled(checks_source: str, lab: str) -> types.CodeType:
    """The lab's checks compiled once per interpreter (the checks' worker grades many files
    against one lab), or the build's, if offered. A code object is immutable; every job still
    runs it in a namespace of its own."""
    code = _offered.get((checks_source, lab))
    return code if code is not None else _compiled_here(checks_source, lab)


@functools.lru_cache(maxsize=KEEP)
def _compiled_here(checks_source: str, lab: str) -> types.CodeType:
    return compile_checks(checks_source, lab)


def bytecode(checks_source: str, lab: str) -> dict:
    """What the build ships for a lab: its compiled checks, marshalled, and what they are for."""
    return {"python": importlib.util.MAGIC_NUMBER.hex(), "sha256": _digest(checks_source),
            "code": base64.b64encode(marshal.dumps(compile_checks(checks_source, lab))).decode()}


def offer(checks_source: str, lab: str, entry) -> bool:
    """Keep the build's compiled checks for `compiled` to return: True when they are for this
    interpreter's bytecode and for exactly this source, else False (they are ignored)."""
    if not isinstance(entry, dict):
        return False
    if (entry.get("python") != importlib.util.MAGIC_NUMBER.hex()
            or entry.get("sha256") != _digest(checks_source)
            or not isinstance(entry.get("code"), str)):
        return False
    try:
        code = marshal.loads(base64.b64decode(entry["code"], validate=True))
    except (ValueError, TypeError, EOFError):
        return False
    if not isinstance(code, types.CodeType) or code.co_filename != filename_of(lab):
        return False
    _keep((checks_source, lab), code)
    return True


def _keep(key: tuple[str, str], code: types.CodeType) -> None:
    if key not in _offered and len(_offered) >= KEEP:
        del _offered[next(iter(_offered))]  # the oldest
    _offered[key] = code


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
