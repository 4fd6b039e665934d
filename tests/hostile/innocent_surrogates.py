# Correct code whose text holds lone surrogates, as text decoded with errors="surrogateescape"
# (os.fsdecode of odd bytes) or a JSON "\ud83d" cut from an emoji holds: printed on both
# streams, and in the name of a label it keeps. Its report carries them (each format writes
# them escaped or replaced), and it passes.
import json
import os
import sys

__SOLUTION__

odd = os.fsdecode(b"loss-\xff.csv")
half = json.loads('"half \\ud83d emoji"')
print("file name:", odd)
print("label:", half)
sys.stderr.write("warn: " + odd + "\n")
NAMES = {half: 1.0}
print("surrogates done")
