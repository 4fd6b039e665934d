# mistake: microgpt design; __mul__ stores the Values (other, self) as its local gradients, not their numbers
# fails: multiplication gives each factor the other factor
# message: the sweep multiplied by a Value where a number belongs
"""Lab 5, the other accepted design (microgpt's), written as a learner gets there: lab 4's
Value as the course provides it (provided.py), then lab 5's part (extend.py) filled in:
a backward() with one shared loop applying child.grad += local * node.grad, a training
step, and micrograd's Neuron, Layer and MLP.
"""

import math


class Value:
    def __init__(self, data, _children=(), _local_grads=()):
        self.data = data
        self.grad = 0
        self._children = _children
        self._local_grads = _local_grads

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other, self))

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


# ---- Lab 5 starts here ---------------------------------------------------------

import random


def backward(self):
    """Fill in .grad of every Value that `self` (the output, L) was computed from."""
    topo, visited = [], set()

    def build(v):
        if v not in visited:
            visited.add(v)
            for child in v._children:
                build(child)
            topo.append(v)
    build(self)
    self.grad = 1
    for v in reversed(topo):
        for child, local in zip(v._children, v._local_grads):
            child.grad += local * v.grad


Value.backward = backward


def train_step(params, loss_fn, lr):
    """One step of gradient descent; returns the loss's number (before the step)."""
    for p in params:
        p.grad = 0
    loss = loss_fn()
    loss.backward()
    for p in params:
        p.data -= lr * p.grad
    return loss.data


class Neuron:
    """tanh(w1*x1 + ... + wn*xn + b) of n inputs."""

    def __init__(self, nin):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)

    def __call__(self, x):
        act = self.b
        for wi, xi in zip(self.w, x):
            act = act + wi * xi
        return act.tanh()

    def parameters(self):
        return self.w + [self.b]


class Layer:
    """nout neurons, each seeing the same inputs."""

    def __init__(self, nin, nout):
        self.neurons = [Neuron(nin) for _ in range(nout)]

    def __call__(self, x):
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]


class MLP:
    """Layers one after another: MLP(2, [4, 1]) takes 2 inputs, 4 hidden neurons, 1 output."""

    def __init__(self, nin, nouts):
        sizes = [nin] + nouts
        self.layers = [Layer(sizes[i], sizes[i + 1]) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]
