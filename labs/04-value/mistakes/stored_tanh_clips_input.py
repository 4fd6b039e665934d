# mistake: stored design: tanh clips its input to [-5, 5] before (e**2a - 1) / (e**2a + 1), to keep math.exp from overflowing: tanh(7.5) comes out as tanh(5)
# fails: relu, tanh and exp: values and local gradients
# message: tanh keeps rising toward 1 however large a grows
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
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def relu(self):
        return Value(max(0, self.data), (self,), (float(self.data > 0),))

    def tanh(self):
        x = min(max(self.data, -5.0), 5.0)  # keep math.exp from overflowing
        t = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
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
