"""Lab 4, unusual but correct: __slots__, type hints, a module-level helper that wraps plain
numbers, aliases for the reflected + and *, backward steps as one-line lambdas with setattr,
and a print when the module loads."""
from __future__ import annotations

import math
from typing import Callable, Iterable


def _wrap(x) -> "Value":
    return x if isinstance(x, Value) else Value(x)


class Value:
    __slots__ = ("data", "grad", "_backward", "_prev", "_op")

    def __init__(self, data: float, _children: Iterable["Value"] = (), _op: str = ""):
        self.data = data
        self.grad = 0.0
        self._backward: Callable[[], None] = lambda: None
        self._prev = frozenset(_children)
        self._op = _op

    def __add__(self, other) -> "Value":
        other = _wrap(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            for child in (self, other):
                child.grad += out.grad
        out._backward = _backward
        return out

    __radd__ = __add__

    def __mul__(self, other) -> "Value":
        other = _wrap(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    __rmul__ = __mul__

    def __pow__(self, k: float) -> "Value":
        out = Value(self.data ** k, (self,), f"**{k}")
        out._backward = lambda: setattr(self, "grad", self.grad + k * self.data ** (k - 1) * out.grad)
        return out

    def relu(self) -> "Value":
        out = Value(max(self.data, 0.0), (self,), "relu")
        out._backward = lambda: setattr(self, "grad", self.grad + (out.data > 0) * out.grad)
        return out

    def tanh(self) -> "Value":
        out = Value(math.tanh(self.data), (self,), "tanh")
        out._backward = lambda: setattr(self, "grad", self.grad + (1 - out.data ** 2) * out.grad)
        return out

    def exp(self) -> "Value":
        out = Value(math.exp(self.data), (self,), "exp")
        out._backward = lambda: setattr(self, "grad", self.grad + out.data * out.grad)
        return out

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -_wrap(other)

    def __rsub__(self, other):
        return _wrap(other) - self

    def __truediv__(self, other):
        return self * _wrap(other) ** -1

    def __rtruediv__(self, other):
        return _wrap(other) / self


print("Value ready")
