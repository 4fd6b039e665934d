# Innocent: a file that looks at itself, as learners do to print their own code or its name:
# its __file__, inspect.getsource of a method, and open(__file__), which a file graded away
# from its folder cannot find (caught). Graded under a path on disk, it must run as its own
# name in both runtimes: --runtime python disqualified it for "reading '<its path>'".
import inspect
import os
import traceback

__SOLUTION__

print("my name:", os.path.basename(__file__), os.path.dirname(__file__) in ("", "."))
print("my backward starts:", inspect.getsource(Value.backward).splitlines()[0].strip())
try:
    with open(__file__, encoding="utf-8") as me:
        print("read myself:", len(me.read()) > 0)
except OSError as error:
    print("read myself: no,", type(error).__name__)
try:
    Value(1.0) + "x"
except Exception:
    print("traceback names:", sorted({f.filename for f in traceback.extract_tb(
        __import__("sys").exc_info()[2])}))
