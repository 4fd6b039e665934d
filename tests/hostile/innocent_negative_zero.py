__SOLUTION__

# Innocent: relu written as arithmetic, as some tutorials do. For a negative input its value
# and gradient are -0.0 (-3.0 * False), not 0.0: equal numbers, and no reason to be accused
# or failed.


def _relu(self):
    out = Value(self.data * (self.data > 0), (self,), "relu")

    def _backward():
        self.grad += (out.data > 0) * out.grad
    out._backward = _backward
    return out


Value.relu = _relu
assert str(Value(-3.0).relu().data) == "-0.0"
