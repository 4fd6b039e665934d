__SOLUTION__

# Innocent: a correct file whose training log is long and far from ASCII: a line of emoji per
# step on stdout, a bar of coloured squares on stderr. Each stream is cut to the last 64 000
# characters it printed, as documented; but a report writes its JSON in ASCII, a character
# outside the Basic Multilingual Plane as two \uXXXX escapes (12 bytes), so the two kept
# streams came to 1.5 MB and the file failed "its report was more than 1048576 bytes".
import sys

for step in range(3000):
    print(f"step {step:5d} " + "\U0001F525" * 30)
    sys.stderr.write("\r" + "\U0001F7E9" * (step % 40) + "\n")
