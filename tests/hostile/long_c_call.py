__SOLUTION__

# Runs one long call in C in the middle of the checks (from the 41st call of backward()): no
# interrupt reaches Python code there, so the grader must end the interpreter, and under
# --runtime python the checks that had passed before were lost with it.
_calls = [0]
_backward = Value.backward


def backward(self):
    _calls[0] += 1
    if _calls[0] > 40:
        sum(range(10 ** 14))
    return _backward(self)


Value.backward = backward
