__SOLUTION__

# Hostile (or a learner's runaway recursion): a Neuron's call recurses without end, with the
# recursion limit raised so far that the time limit comes first, deep enough that no line can
# be placed. The checks passed before are kept, and the report names the check it was in.
import sys

sys.setrecursionlimit(10 ** 6)


def _deeper(self, x, depth=0):
    return _deeper(self, x, depth + 1)


Neuron.__call__ = _deeper
