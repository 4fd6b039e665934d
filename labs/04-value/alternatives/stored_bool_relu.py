"""Lab 4 - The Value class in microgpt's design, with relu's local gradient left a bool.

self.data > 0 is True or False, and Python's bool is an int: True * g == g and
False * g == 0, so the shared backward loop (child.grad += local * node.grad) gets
the same numbers as from 1.0 and 0.0.
"""

import math


class Value:
    """A number that remembers its children and, in the same order, its local gradients."""

    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0.0
        self._children = tuple(children)
        self._local_grads = tuple(local_grads)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), (self.data > 0,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return other + (-self)

    def __rtruediv__(self, other):
        return other * self ** -1
