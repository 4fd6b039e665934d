# Innocent: a correct file that reports on itself the standard library's ways: a traceback
# printed from an exception it caught, a log line, and lines written all at once. Each reads
# frames (traceback, logging's caller) or uses the output stream as a stream; the grader's
# seal once took the first two for attacks, and the output had no writelines.
import logging
import sys
import traceback

try:
    {}["missing"]
except KeyError:
    traceback.print_exc()
logging.basicConfig(level=logging.INFO, format="%(funcName)s: %(message)s")
logging.info("built the engine")
sys.stdout.writelines(["tools ", "done\n"])

__SOLUTION__
