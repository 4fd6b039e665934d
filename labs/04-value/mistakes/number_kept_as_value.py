# mistake: __init__ keeps the number as self.value (and the code reads .value), not self.data
# fails: a Value holds its number, and its grad starts at 0
# message: keeps its number as self.value

"""Lab 4 - The Value class (reference solution, micrograd's design).

Each result remembers its children (`_prev`) and a `_backward` closure that, given
out.grad, adds out's local gradients (times out.grad) into its children's .grad.
"""

import math


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, _children=(), _op=""):
        self.value = data
        self.grad = 0.0
        self._backward = lambda: None   # a leaf has nothing to hand back
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.value}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.value + other.value, (self, other), "+")

        def _backward():
            self.grad += 1.0 * out.grad
            other.grad += 1.0 * out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.value * other.value, (self, other), "*")

        def _backward():
            self.grad += other.value * out.grad
            other.grad += self.value * out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only plain int/float powers"
        out = Value(self.value ** k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.value ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.value if self.value > 0 else 0.0, (self,), "relu")

        def _backward():
            self.grad += (1.0 if self.value > 0 else 0.0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.value)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.value), (self,), "exp")

        def _backward():
            self.grad += out.value * out.grad
        out._backward = _backward
        return out

    # Derived operations: built from the ones above, so they need no _backward of their own.

    def __neg__(self):             # -self
        return self * -1

    def __sub__(self, other):      # self - other
        return self + (-other)

    def __truediv__(self, other):  # self / other
        return self * other ** -1

    def __radd__(self, other):     # other + self
        return self + other

    def __rmul__(self, other):     # other * self
        return self * other

    def __rsub__(self, other):     # other - self
        return other + (-self)

    def __rtruediv__(self, other):  # other / self
        return other * self ** -1
