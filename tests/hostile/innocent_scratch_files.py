# Innocent: a correct file that logs its training run to files of its own (beside itself and
# in a temporary file), reads them back, lists and removes them. In Pyodide these folders are
# the interpreter's own memory, so nothing is reached: once, the first write failed the file
# as an attack. (CPython's runtime, whose folders are on disk, still refuses.)
import csv
import os
import tempfile
from pathlib import Path

__SOLUTION__

os.makedirs("runs", exist_ok=True)
with open("runs/losses.csv", "w", newline="") as f:
    writer = csv.writer(f)
    for step, loss in enumerate([0.9, 0.5, 0.2]):
        writer.writerow([step, loss])
with open(Path("runs") / "losses.csv") as f:
    rows = list(csv.reader(f))
Path("notes.txt").write_text("done\n")
os.rename("notes.txt", "runs/notes.txt")
with tempfile.TemporaryFile("w+") as scratch:
    scratch.write("a scratch line")
    scratch.seek(0)
    kept = scratch.read()
print("scratch:", len(rows), sorted(os.listdir("runs")), kept)
os.remove("runs/losses.csv")
os.remove("runs/notes.txt")
os.rmdir("runs")
print("left:", os.listdir())
