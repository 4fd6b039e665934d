# Try to start a process on the grading machine.
import subprocess
subprocess.run(["touch", "__MARKER__"])
