# Innocent: a correct file that logs its training run to files of its own (beside itself, in
# a temporary file and a temporary folder), reads them back, lists and removes them. In
# Pyodide these folders are the interpreter's own memory, so nothing is reached: once, the
# first write failed the file as an attack. (CPython's runtime, whose folders are on disk,
# still refuses.)
import csv
import os
import shutil
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
# A folder of its own for a run, copied and cleaned up by the standard library (shutil.rmtree
# once walked it by descriptors, which name no path, and this failed as an attack).
with tempfile.TemporaryDirectory() as run:
    Path(run, "log.txt").write_text("step 1\n")
    shutil.copyfile(Path(run, "log.txt"), Path(run, "copy.txt"))
    shutil.copytree(run, Path(run, "backup"))  # copy2: its times and modes too
    walked = sorted(name for _, _, names in os.walk(run) for name in names)
print("run folder:", walked, os.path.exists(run))
print("left:", os.listdir())
