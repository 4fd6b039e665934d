__SOLUTION__

# pathlib and tempfile at work in the working folder and /tmp (in Pyodide, the interpreter's
# memory): made, written, appended, touched, replaced, listed, copied and moved (Path.copy and
# Path.move, new in Python 3.14), removed. None of it is an attack there. (--runtime python
# refuses writing on disk.)

import os
import tempfile
from pathlib import Path

results = []
def attempt(name, fn):
    try:
        fn()
        results.append(f"{name} ok")
    except Exception as exc:
        results.append(f"{name} {type(exc).__name__}")

base = Path("logs")
attempt("mkdir", lambda: base.mkdir(parents=True, exist_ok=True))
attempt("write_text", lambda: (base / "a.txt").write_text("1\n"))
attempt("append", lambda: open(base / "a.txt", "a").write("2\n"))
attempt("touch", lambda: (base / "b.txt").touch())
attempt("replace", lambda: (base / "b.txt").replace(base / "c.txt"))
attempt("os.replace", lambda: os.replace(base / "c.txt", base / "d.txt"))
attempt("rglob", lambda: list(Path(".").rglob("*.txt")))
attempt("iterdir", lambda: list(base.iterdir()))
attempt("chmod", lambda: (base / "d.txt").chmod(0o644))
attempt("copy", lambda: (base / "a.txt").copy(base / "e.txt") if hasattr(Path, "copy") else None)
attempt("move", lambda: (base / "e.txt").move(base / "f.txt") if hasattr(Path, "move") else None)
attempt("mkstemp", lambda: os.close(tempfile.mkstemp(suffix=".csv")[0]))
attempt("named temp", lambda: tempfile.NamedTemporaryFile("w", delete=True).close())
attempt("spooled", lambda: tempfile.SpooledTemporaryFile(max_size=10).write(b"x" * 100))
attempt("unlink", lambda: [p.unlink() for p in base.iterdir()])
attempt("rmdir", lambda: base.rmdir())
attempt("makedirs", lambda: os.makedirs("x/y/z"))
attempt("removedirs", lambda: os.removedirs("x/y/z"))
print("pathlib:", results)
