__SOLUTION__

# Innocent: a correct file that writes a progress line straight to its own output streams,
# by name and by descriptor, as Unix scripts do. In Pyodide they are the interpreter's own,
# where print(file=sys.__stdout__) and os.write(1, ...) go too; opening them for writing
# was refused as "reaching the grading machine" ("writing '/dev/stdout'", "writing 1").
import os
import sys

with open("/dev/stdout", "w") as out:
    out.write("progress by name\n")
with open("/dev/stderr", "w") as err:
    err.write("warning by name\n")
stream = os.fdopen(1, "w", closefd=False)
stream.write("progress by descriptor\n")
stream.flush()
print("output streams done", file=sys.stdout)
