# Innocent: a correct file that silences some of its prints the usual way, with
# open(os.devnull, "w") and contextlib.redirect_stdout, reads /dev/null, and draws a seed from
# /dev/urandom. None of these devices holds anything of the machine's (in Pyodide they are the
# interpreter's own); each was refused once, and the file failed as an attack.
import contextlib
import os

__SOLUTION__

with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
    print("this line goes nowhere")
with open(os.devnull, "rb") as empty:
    nothing = empty.read()
with open("/dev/urandom", "rb") as source:
    seed = int.from_bytes(source.read(4), "little")
print("devices:", repr(nothing), 0 <= seed < 2 ** 32)
