# Innocent: a correct file with the habit of scripts that read files beside them, moving to
# its own folder (os.chdir(os.path.dirname(os.path.abspath(__file__)))), by str, bytes and
# pathlib, and to "." : the folder it is in already, so a move that goes nowhere. Under
# --runtime python, which has no scratch folders, each was refused as an attack (0/18).
import os
import pathlib

__SOLUTION__

here = os.path.dirname(os.path.abspath(__file__))
before = os.getcwd()
os.chdir(here)
os.chdir(os.fsencode(here))
os.chdir(pathlib.Path(__file__).resolve().parent)
os.chdir(".")
print("stayed:", os.getcwd() == before)
