# Innocent: a correct file with the habit of scripts that read files beside them: it moves to
# its own folder (os.chdir(os.path.dirname(os.path.abspath(__file__)))), writes its log there,
# then moves to /tmp and back. The seal refused os.chdir outright, and the file failed as an
# attack; both folders are the interpreter's own memory. Moving anywhere else is refused
# (device_doors.py).
import os

__SOLUTION__

here = os.path.dirname(os.path.abspath(__file__))
os.chdir(here)
with open("train.log", "w") as log:
    log.write("started\n")
os.chdir("/tmp")
with open("train.log", "w") as log:
    log.write("in tmp\n")
in_tmp = open("train.log").read().strip()
os.chdir(here)
print("moved:", open("train.log").read().strip(), "|", in_tmp)
