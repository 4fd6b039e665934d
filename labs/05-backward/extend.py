# ---- Lab 5 starts here ----
# Above: a lab-4 Value (yours, or the course's if you took it). Below: what lab 5 adds
# to it, in four parts.
# Replace each `raise NotImplementedError(...)` with your code; press Run to try it
# (the "Try it" at the bottom), then Check. Check tells you the first part not yet passing.

import random


# Parts 1 and 2: backward()

def backward(self):
    """Fill in .grad of every Value that `self` (the output, L) was computed from."""
    # 1. A topological order: every node after all of its children, each node ONCE
    #    (keep a set of visited nodes). Your Value keeps its children in `_prev`
    #    (micrograd's design) or in `_children` (microgpt's).
    # 2. Seed the output: dL/dL = 1.
    # 3. Walk the order from the output back to the inputs. For each node v:
    #      micrograd's design:  v._backward()
    #      microgpt's design:   for child, local in zip(v._children, v._local_grads):
    #                               child.grad += local * v.grad
    raise NotImplementedError("backward() is yours to write")


Value.backward = backward   # from here on, every Value has a .backward() method


# Part 3: close the loop, one training step

def train_step(params, loss_fn, lr):
    """One step of gradient descent. `params` is a list of Values, `loss_fn()` builds the
    loss from them (the forward pass) and returns it as a Value. Return the loss's number."""
    # 1. zero every parameter's grad    2. forward: loss = loss_fn()
    # 3. backward: loss.backward()      4. update: move each p.data by lr * p.grad,
    #                                      AGAINST its gradient
    raise NotImplementedError("train_step")


# Part 4: a neuron, a layer, a network (micrograd's nn.py)

class Neuron:
    """tanh(w1*x1 + ... + wn*xn + b) of n inputs."""

    def __init__(self, nin):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)

    def __call__(self, x):
        # TODO: x is a list of numbers or Values; return the Value tanh(w . x + b)
        raise NotImplementedError("Neuron.__call__")

    def parameters(self):
        # TODO: a list of its weights, then its bias
        raise NotImplementedError("Neuron.parameters")


class Layer:
    """nout neurons, each seeing the same inputs."""

    def __init__(self, nin, nout):
        self.neurons = [Neuron(nin) for _ in range(nout)]

    def __call__(self, x):
        # TODO: every neuron's output, in a list; just the Value when there is one neuron
        raise NotImplementedError("Layer.__call__")

    def parameters(self):
        # TODO: the parameters of every neuron, neuron by neuron, in one list
        raise NotImplementedError("Layer.parameters")


class MLP:
    """Layers one after another: MLP(2, [4, 1]) takes 2 inputs, 4 hidden neurons, 1 output."""

    def __init__(self, nin, nouts):
        sizes = [nin] + nouts
        self.layers = [Layer(sizes[i], sizes[i + 1]) for i in range(len(nouts))]

    def __call__(self, x):
        # TODO: feed x through the layers in order; each layer's output is the next one's input
        raise NotImplementedError("MLP.__call__")

    def parameters(self):
        # TODO: the parameters of every layer, layer by layer, in one list
        raise NotImplementedError("MLP.parameters")


# Try it: press Run

try:
    a, b = Value(2.0), Value(3.0)
    L = a * b + a
    L.backward()
    print("part 1:", a.grad, b.grad, "   should be 4.0 2.0")
    w = Value(1.0)
    for step in range(3):
        loss = train_step([w], lambda: (w * 2.0 - 6.0) ** 2, 0.05)
        print("part 3: loss", round(loss, 4), "w", round(w.data, 4))
    print("        should be loss 16.0 w 1.8, then 5.76 w 2.28, then 2.0736 w 2.568")
    net = MLP(2, [4, 1])
    print("part 4:", len(net.parameters()), "parameters   should be 17")
except NotImplementedError as todo:
    print("Not written yet:", todo)
except Exception as error:  # your code raised: say where, and let Check still run every check
    where = error.__traceback__
    while where.tb_next:
        where = where.tb_next
    print(f"Try it stopped at line {where.tb_lineno}: {type(error).__name__}: {error}")
