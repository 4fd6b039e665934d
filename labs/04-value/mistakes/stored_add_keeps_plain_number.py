# mistake: stored design: __add__ with a plain number makes Value(self.data + other, (self, other), (1, 1)), keeping the number itself as a child (seen first under a - 2, which is a + (-2))
# fails: negation, subtraction and division
# message: v + 2 keeps the plain number 2 itself as a child (in __add__
"""Lab 4 - The Value class, the other accepted design (microgpt's).

Each result stores its children in `_children` and, in the same order, the numbers
d(result)/d(child) in `_local_grads`. No closures: a backward pass would read them.
"""

import math


class Value:
    """A number that remembers its children and its local gradients."""

    __slots__ = ("data", "grad", "_children", "_local_grads")

    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0
        self._children = tuple(children)
        self._local_grads = tuple(local_grads)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        if isinstance(other, Value):
            return Value(self.data + other.data, (self, other), (1, 1))
        return Value(self.data + other, (self, other), (1, 1))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def relu(self):
        return Value(max(0, self.data), (self,), (float(self.data > 0),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t ** 2,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -other

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return other + -self

    def __rtruediv__(self, other):
        return other * self ** -1
