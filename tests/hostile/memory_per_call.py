__SOLUTION__

# Hostile (resources): every multiplication keeps 8 MB for good, so the learner's interpreter
# runs out of memory in the middle of the checks. The checks before keep their verdicts, the
# check it ran out in says MemoryError, and the files graded after it are untouched.
_KEPT = []
_mul = Value.__mul__


def _greedy_mul(self, other):
    _KEPT.append(bytearray(8 * 1024 * 1024))
    return _mul(self, other)


Value.__mul__ = _greedy_mul
