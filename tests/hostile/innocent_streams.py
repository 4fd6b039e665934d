# Innocent: a correct file that sets its console to UTF-8 (a habit from Windows, where the
# default code page cannot print ∂) and writes bytes through sys.stdout.buffer: both are parts
# of a real sys.stdout, and the grader's captured stdout lacked them, so the file failed to
# load ("'CappedText' object has no attribute 'reconfigure'") with all 18 checks not run.
import sys

sys.stdout.reconfigure(encoding="utf-8")
sys.stderr.reconfigure(errors="backslashreplace", line_buffering=True)

__SOLUTION__

sys.stdout.buffer.write("∂L/∂a by bytes\n".encode("utf-8"))
sys.stdout.buffer.flush()
print("streams done")
