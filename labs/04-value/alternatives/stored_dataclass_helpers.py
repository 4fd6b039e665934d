"""Lab 4, unusual but correct, in microgpt's design: a @dataclass(eq=False), one helper that
makes every result from (child, local gradient) pairs, and negation, subtraction and division
with local gradients of their own."""
import math
from dataclasses import dataclass


@dataclass(eq=False)
class Value:
    data: float
    _children: tuple = ()
    _local_grads: tuple = ()
    _op: str = ""
    grad: float = 0.0

    @staticmethod
    def _make(data, pairs, op):
        kids, locs = zip(*pairs)
        return Value(data, kids, locs, op)

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value._make(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value._make(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __pow__(self, k):
        return Value._make(self.data ** k, [(self, k * self.data ** (k - 1))], "**")

    def relu(self):
        return Value._make(max(0.0, self.data), [(self, 1.0 if self.data > 0 else 0.0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value._make(t, [(self, 1.0 - t ** 2)], "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value._make(e, [(self, e)], "exp")

    def __neg__(self):
        return Value._make(-self.data, [(self, -1.0)], "neg")

    def __sub__(self, other):
        other = Value.lift(other)
        return Value._make(self.data - other.data, [(self, 1.0), (other, -1.0)], "-")

    def __rsub__(self, other):
        return Value.lift(other) - self

    def __truediv__(self, other):
        other = Value.lift(other)
        return Value._make(self.data / other.data,
                           [(self, 1 / other.data), (other, -self.data / other.data ** 2)], "/")

    def __rtruediv__(self, other):
        return Value.lift(other) / self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other
