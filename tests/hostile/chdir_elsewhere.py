# A correct file that moves out of its working folder: to "/" and to "..". A move that goes
# somewhere stays refused in both runtimes (only one that stays where the file is, or, in
# Pyodide, into its own scratch folders, is not: innocent_chdir_here.py, innocent_chdir.py).
import os

__SOLUTION__

for target in ("/", ".."):
    try:
        os.chdir(target)
        print("moved to", target)
    except PermissionError as exc:
        print("refused:", exc)
