"""Lab 4, correct: one helper makes every one-input result (its local gradient a function
called at backward time), grad starts at the int 0, tanh comes from exp as micrograd writes it,
and __radd__/__rmul__ are __add__/__mul__ themselves."""

import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data, self.grad = data, 0
        self._backward = lambda: None
        self._prev, self._op = set(_children), _op

    @staticmethod
    def _wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def _unary(self, data, local, op):
        out = Value(data, (self,), op)

        def _backward():
            self.grad += local() * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        other = self._wrap(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = self._wrap(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        return self._unary(self.data ** k, lambda: k * self.data ** (k - 1), f"**{k}")

    def relu(self):
        return self._unary(max(0.0, self.data), lambda: float(self.data > 0), "relu")

    def tanh(self):
        x = self.data
        t = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        return self._unary(t, lambda: 1 - t ** 2, "tanh")

    def exp(self):
        e = math.exp(self.data)
        return self._unary(e, lambda: e, "exp")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -self._wrap(other)

    def __rsub__(self, other):
        return self._wrap(other) - self

    def __truediv__(self, other):
        return self * self._wrap(other) ** -1

    def __rtruediv__(self, other):
        return self._wrap(other) / self
