# A wrong engine for lab 5 (tests/test_hostile_labs.py): backward() never applies the chain
# rule nor sweeps the graph in reverse. It records each node's formula, then nudges every
# node of the graph and re-runs the formulas after it (central finite differences, the
# numerical gradient lesson 2 uses to CHECK a derivative). Every number it gives is right to
# ~1e-10; a relu whose formula is 0 up to 1e-4 hides the kink at 0 that caught the plain
# version, and the file once passed 18/18. The product's gradients, which the chain rule
# gives exactly in every design, catch it now ("a numerical estimate, not the chain rule").
import math
import random


class Value:
    def __init__(self, data, _children=(), _f=None):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._f = _f

    @staticmethod
    def _lift(o):
        return o if isinstance(o, Value) else Value(o)

    def __add__(self, o):
        o = Value._lift(o)
        return Value(self.data + o.data, (self, o), lambda a, b: a + b)

    def __mul__(self, o):
        o = Value._lift(o)
        return Value(self.data * o.data, (self, o), lambda a, b: a * b)

    def __pow__(self, k):
        return Value(self.data ** k, (self,), lambda a: a ** k)

    def relu(self):
        return Value(max(self.data, 0.0), (self,), lambda a: a if a > 1e-4 else 0.0)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), math.tanh)

    def exp(self):
        return Value(math.exp(self.data), (self,), math.exp)

    def __neg__(self): return self * -1
    def __radd__(self, o): return self + o
    def __sub__(self, o): return self + (-o)
    def __rsub__(self, o): return o + (-self)
    def __rmul__(self, o): return self * o
    def __truediv__(self, o): return self * o ** -1
    def __rtruediv__(self, o): return o * self ** -1

    def backward(self):
        topo, seen = [], set()

        def build(v):
            if id(v) not in seen:
                seen.add(id(v))
                for c in v._prev:
                    build(c)
                topo.append(v)
        build(self)
        base = {id(v): v.data for v in topo}

        def run(i, value):
            local = dict(base)
            local[id(topo[i])] = value
            for node in topo[i + 1:]:
                if node._f is not None:
                    local[id(node)] = node._f(*[local[id(c)] for c in node._prev])
            return local[id(self)]
        for i, v in enumerate(topo[:-1]):
            h = 1e-5 * max(1.0, abs(v.data))
            v.grad += (run(i, v.data + h) - run(i, v.data - h)) / (2 * h)
        self.grad = 1.0


def train_step(params, loss_fn, lr):
    for p in params:
        p.grad = 0.0
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
