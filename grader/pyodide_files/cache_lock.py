"""One lock for node_modules/.course-cache, taken by whatever fills an entry in it.

The entries (the stdlib zip with bytecode, the course package, the build tools' venv, the
JupyterLite site, the site's snapshot) are made once and shared by every command of every
course on this machine. Two commands at once (`course serve` in one terminal, `course grade`
or a test run in another) filled the same entry together: one read a zip the other was
rewriting, or removed a download the other was still writing into. Now a command that finds
its entry missing takes the lock, looks again, and fills it alone; one that finds it complete
reads it without waiting. The lock is reentrant, so a fill may call another under it.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

SAY_AFTER = 1.0  # seconds of waiting before the command says why it waits


@contextmanager
def held(folder: Path):
    """`with held(folder):` ... the cache folder's lock, said on stderr if it takes a while."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    lock = FileLock(folder / ".lock", is_singleton=True)
    try:
        lock.acquire(timeout=SAY_AFTER)
    except Timeout:
        # stderr only: with --json, stdout holds exactly one document.
        sys.stderr.write(f"waiting for another course command to finish filling {folder} ...\n")
        lock.acquire()
    try:
        yield
    finally:
        lock.release()
