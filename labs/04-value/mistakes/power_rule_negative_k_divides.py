# mistake: for a negative k, the power rule written 1 / (k * a**(1-k)), k put under the line (as in 1/x**3 -> 1/(3x**2))
# fails: a ** k for a plain number k
# message: a negative power is still brought down as a factor, not a divisor

import math


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None   # a leaf has nothing to hand back
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += 1.0 * out.grad
            other.grad += 1.0 * out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only plain int/float powers"
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += (k * self.data ** (k - 1) if k > 0 else 1 / (k * self.data ** (1 - k))) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            self.grad += (1.0 if self.data > 0 else 0.0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad
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
