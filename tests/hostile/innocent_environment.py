# Innocent: a correct file that sets an environment variable, looks for a helper module of its
# own beside it (and does without), and warns with stacklevel=2 from a method the checks call,
# so that the warning blames the caller: each was once taken for an attack (os.putenv; the
# import listing "."; warnings writing its registry into the grader's module that called).
import os
import sys
import warnings

os.environ["ENGINE_DEBUG"] = "0"
del os.environ["ENGINE_DEBUG"]
sys.path.insert(0, ".")
try:
    import my_helpers  # noqa: F401
except ImportError:
    print("no helpers here")

__SOLUTION__

_add = Value.__add__


def _noisy_add(self, other):
    warnings.warn("adding Values", stacklevel=2)
    return _add(self, other)


Value.__add__ = _noisy_add
