__SOLUTION__

# A correct Value that then imports CPython's own test module (built into Pyodide, a shared
# library beside CPython's): its functions read and write the interpreter's memory as ctypes
# does, whose import is refused. It was importable; it is refused the same way now.
import _testcapi  # noqa: F401
