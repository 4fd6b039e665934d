# Innocent: a correct file that logs its training to CSV files in its working folder and
# finds them again with glob.glob, as many tutorials do. The seal refused glob.glob outright
# (its audit event names only a pattern) and the file failed as an attack, while pathlib's
# glob of the same folder passed; the listing itself is what the seal judges.
import glob
import os

__SOLUTION__

for run in ("first", "second"):
    with open(f"losses-{run}.csv", "w") as out:
        out.write("step,loss\n0,1.0\n")
found = sorted(glob.glob("*.csv"))
print("globbed:", found, sorted(glob.glob("**/*.csv", recursive=True)) == found)
for name in found:
    os.remove(name)
