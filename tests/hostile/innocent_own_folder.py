# Innocent: a correct file that looks beside itself, as scripts that read data files do:
# it moves to its own folder, lists it, globs it and walks it. In Pyodide its __file__ named
# the grader's path of it (/autograder/submission/..., wherever the files were kept), no
# folder of the interpreter, and each of these was refused as an attack. It runs as its own
# name in the interpreter's working folder now, like the page's lab.py.
__SOLUTION__
import glob
import os
from pathlib import Path

here = os.path.dirname(os.path.abspath(__file__))
os.chdir(here)
with open("losses.csv", "w") as out:
    out.write("step,loss\n0,1.0\n")
found = [sorted(os.listdir(here)), glob.glob(os.path.join(os.path.dirname(__file__), "*.csv")),
         [p.name for p in Path(__file__).parent.glob("*.csv")],
         [files for _, _, files in os.walk(os.path.dirname(__file__))]]  # "": as CPython, none
os.remove("losses.csv")
print("beside me:", found)
