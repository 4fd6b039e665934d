__SOLUTION__

# A correct Value that then makes fresh copies of built-in modules, which raises no audit
# event: `_pyodide_core` (the JavaScript bridge) and `_ctypes` in Pyodide, whose `import` the
# seal refuses, and on CPython `posix` and `_signal` with the functions the seal took out.
# The file passed, holding the bridge. Every copy is refused now.
import importlib.machinery
import importlib.util

for name in ("_pyodide_core", "_ctypes", "posix", "_signal"):
    spec = importlib.machinery.BuiltinImporter.find_spec(name)
    if spec is None:
        print(name, "not built in")
        continue
    try:
        module = importlib.util.module_from_spec(spec)
        print(name, "copied:", len(dir(module)))
    except BaseException as error:
        print(name, "refused:", type(error).__name__)
