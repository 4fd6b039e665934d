__SOLUTION__

# Innocent: a correct file that takes its learning rate from the command line, as scripts do,
# with a strict parse_args(). Under --runtime python its command line was the grader's own
# (its core folder and a memory limit): argparse exited on "unrecognized arguments", and the
# file failed for calling sys.exit(). It holds no one else's arguments now (Pyodide: [""]).
import argparse
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.1)
options = parser.parse_args()
print("argv:", sys.argv, "lr", options.lr)
