"""The course's own engine for "Train it", used until the learner's Value passes lab 5.

It is deliberately *not* lab 5's answer: instead of sorting the graph, every computed Value is
written on a tape as it is made, and creation order is already a valid order (a node is always
made after its children). backward() sweeps the tape in reverse and then clears it, like a
framework that frees its graph after each backward pass.
"""

from __future__ import annotations

import math

_tape: list = []


class Value:
    __slots__ = ("data", "grad", "_children", "_local_grads")

    def __init__(self, data, children=(), local_grads=()):
        self.data = data
        self.grad = 0.0
        self._children = children
        self._local_grads = local_grads
        if children:
            _tape.append(self)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t * t,))

    def relu(self):
        return Value(max(self.data, 0.0), (self,), (float(self.data > 0),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __sub__(self, other): return self + (-other)
    def __rsub__(self, other): return other + (-self)
    def __rmul__(self, other): return self * other
    def __truediv__(self, other): return self * other ** -1
    def __rtruediv__(self, other): return other * self ** -1

    def backward(self):
        self.grad = 1.0
        for node in reversed(_tape):
            for child, local in zip(node._children, node._local_grads):
                child.grad += local * node.grad
        _tape.clear()
