__SOLUTION__

# A run's logs kept in the working folder (in Pyodide, the interpreter's memory): a folder made,
# files copied, moved, zipped with shutil.make_archive and unzipped again, then removed. Each
# step inside that folder is allowed; make_archive and unpack_archive were refused as attacks
# where copytree and rmtree were not. (--runtime python refuses writing on disk.)

import os
import shutil

results = []
def attempt(name, fn):
    try:
        fn()
        results.append(f"{name} ok")
    except Exception as exc:
        results.append(f"{name} {type(exc).__name__}")

attempt("makedirs", lambda: os.makedirs("runs/a", exist_ok=True))
attempt("write", lambda: open("runs/a/loss.txt", "w").write("0.5\n"))
attempt("copy", lambda: shutil.copy("runs/a/loss.txt", "runs/a/loss.bak"))
attempt("copytree", lambda: shutil.copytree("runs/a", "runs/b"))
attempt("move", lambda: shutil.move("runs/b", "runs/c"))
attempt("archive", lambda: shutil.make_archive("runs_zip", "zip", "runs"))
attempt("unpack", lambda: shutil.unpack_archive("runs_zip.zip", "unpacked"))
attempt("unpacked", lambda: open("unpacked/a/loss.txt").read())
attempt("rmtree", lambda: shutil.rmtree("runs"))
attempt("rmtree missing", lambda: shutil.rmtree("nothing", ignore_errors=True))
attempt("remove zip", lambda: os.remove("runs_zip.zip"))
print("shutil:", results)
