__SOLUTION__

# A correct Value that then tries to start a process beneath subprocess's audit event: the
# C function subprocess.Popen calls, _posixsubprocess.fork_exec, raises no event of its own.
# `import subprocess` (and asyncio) now works in a sealed CPython interpreter, whose
# _posixsubprocess is a stand-in: its fork_exec is refused, and the real module's import
# stays refused however it is asked for (Pyodide has the module built in: the same stand-in).
import sys

for attempt in ("stand-in", "again"):
    try:
        import _posixsubprocess

        _posixsubprocess.fork_exec(*([None] * 23))
        print(attempt, "ran")
    except BaseException as error:
        print(attempt, "refused:", type(error).__name__)
    sys.modules.pop("_posixsubprocess", None)
