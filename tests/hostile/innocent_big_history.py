__SOLUTION__

# Innocent (resources): a learner who keeps 100 MB of training history alive through the
# checks, prints a 3000-line log while loading, and recurses 3000 calls deep with a raised
# recursion limit. Nothing to accuse: it passes.
import sys

_HISTORY = [bytearray(1024 * 1024) for _ in range(100)]
for _step in range(3000):
    print(f"step {_step}: loss {1.0 / (_step + 1):.6f}")
sys.setrecursionlimit(5000)


def _depth(n):
    return 0 if n == 0 else 1 + _depth(n - 1)


print("depth", _depth(3000), "kept", len(_HISTORY), "MB")
