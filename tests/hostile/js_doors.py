# A correct Value that also reaches its worker's JavaScript without `import js`: a JsProxy
# kept in the globals of Pyodide's own modules, whose constructor.constructor is Function,
# and Pyodide's API from the import hook's registry. From there it tries the doors a thread
# shares with its process: the host's stdin and stdout, the lab's folder, signals, Node's
# modules. Each must be refused (and disqualify the file); the file after it on the same
# host must be graded as if this one never ran.
__SOLUTION__


def _classes():
    seen, stack = set(), [object]
    while stack:
        cls = stack.pop()
        if id(cls) not in seen:
            seen.add(id(cls))
            try:
                stack.extend(type.__subclasses__(cls))
            except TypeError:
                pass
            yield cls


def _globals_of_pyodide():
    for cls in _classes():
        if str(cls.__dict__.get("__module__", "")).startswith(("pyodide", "_pyodide")):
            for value in list(cls.__dict__.values()):
                found = getattr(value, "__globals__", None)
                if found:
                    yield found


def _function():
    for names in _globals_of_pyodide():
        for item in list(names.values()):
            if "Js" in type(item).__name__:
                try:
                    function = item.constructor.constructor
                except Exception:
                    continue
                if "native code" in str(function):
                    return function
    return None


def _api():
    for names in _globals_of_pyodide():
        if "jsfinder" in names:
            return names["jsfinder"].jsproxies.get("pyodide_js")
    return None


FUNCTION, API = _function(), _api()
print("reached JavaScript:", FUNCTION is not None, "and Pyodide's API:", API is not None)
DOORS = {
    "signal the host": "return process._kill(process.pid, 0)",
    "Node's fs": "return process.getBuiltinModule('node:fs').readdirSync('/')",
    "a report of the process": "return Object.keys(process.report.getReport())",
    "write to the host's stderr": "return process._rawDebug('FROM A SUBMISSION')",
}
for door, body in DOORS.items():
    try:
        print(door, "->", FUNCTION(body)())
    except Exception as exc:
        print(door, "refused:", str(exc)[:80])
for door, attempt in [
        ("mount the lab's folder", lambda: API.mountNodeFS("/peek", "__LAB_DIR__")),
        ("write to the host's stdout", lambda: API.FS.filesystems.NODEFS.stream_ops.write(
            FUNCTION("return {nfd: 1, node: {mode: 33188}}")(),
            FUNCTION("return new Uint8Array([10, 70, 65, 75, 69, 10])")(), 0, 6, None))]:
    try:
        print(door, "->", attempt())
    except Exception as exc:
        print(door, "refused:", str(exc)[:80])
# The one that once ended the next file's host: asynchronous, after this file's job.
FUNCTION("import('node:fs').then((fs) => fs.closeSync(0)); return 0")()
