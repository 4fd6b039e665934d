# Innocent: a correct file that reads its standard input the ways scripts do (descriptor 0,
# /dev/stdin, input()), finds it empty, and goes on, as with `python file.py < /dev/null`.
# Pyodide's default reader in Node read the host's stdin with fs.readSync, refused as an
# attack: `open(0).read()` failed the file as "tried to reach the grading machine".
__SOLUTION__
import os

whole = open(0, closefd=False).read()
raw = os.read(0, 16)
with open("/dev/stdin") as stream:
    named = stream.read()
try:
    input("a number: ")
    asked = "read"
except EOFError:
    asked = "EOFError"
print("stdin:", repr(whole), repr(raw), repr(named), asked)
