"""Lab 4 - The Value class in microgpt's design, keeping the starter's _prev set too.

The local gradients pair with `_children`, a tuple in the operation's order; `_prev`
(the same children as a set, in no order) and `_op` are kept from the starter, for
drawing the graph.
"""

import math


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, _children=(), _local_grads=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._children = tuple(_children)
        self._local_grads = tuple(_local_grads)
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),), f"**{k}")

    def relu(self):
        return Value(max(0.0, self.data), (self,), (1.0 if self.data > 0 else 0.0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t ** 2,), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,), "exp")

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
