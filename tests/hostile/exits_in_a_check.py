__SOLUTION__

# Hostile (or a learner's stray exit): a Neuron's call ends the interpreter. The checks passed
# before are kept, and the report names the check the interpreter ended in.
import os


def _leave(self, x):
    os._exit(0)


Neuron.__call__ = _leave
