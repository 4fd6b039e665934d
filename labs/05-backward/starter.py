"""Lab 5: backward().

Below is a Value with every operation from lab 4, in the stored-local-gradients design:
each node keeps its `_children` and, computed in the forward pass, the local gradient
towards each child in `_local_grads`. (Prefer your own Value from lab 4? Paste it in
instead: either design is accepted.) What is missing is backward(): the topological
sort, then one reverse sweep. Write it, press Run to try it, then Check.

    a, b = Value(2.0), Value(3.0)
    L = a * b + a
    L.backward()
    print(a.grad, b.grad)   # 4.0 2.0 when backward() works
"""

import math


class Value:
    def __init__(self, data, _children=(), _local_grads=()):
        self.data = data
        self.grad = 0
        self._children = _children
        self._local_grads = _local_grads

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def relu(self):
        return Value(max(self.data, 0), (self,), (float(self.data > 0),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t ** 2,))

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
        """Fill in .grad of every Value this one was computed from.

        TODO:
        1. Build a topological order of the graph: every node after all of its
           children, each node exactly once (keep a set of visited nodes).
        2. Seed the output: dL/dL = 1.
        3. Walk the order from the output back to the inputs; for each node, add
           local * node.grad into each child's grad (zip _children with _local_grads).
        """
        raise NotImplementedError("backward() is yours to write")
