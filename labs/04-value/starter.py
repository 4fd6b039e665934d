"""Lab 4 - The Value class: a number that remembers how it was computed.

Autograd wraps every number in a Value. A Value made by an operation remembers:
  - data       the number itself
  - grad       dL/d(this value); it starts at 0.0 (nothing has flowed back yet)
  - _prev      its children: the Values it was computed from
  - _op        the operation that made it (a label like "+", for printing)
  - _backward  a small function that knows the op's LOCAL gradients: once out.grad
               is known, out._backward() ADDS (+=) into each child's .grad
               (local gradient) * out.grad

For example, for out = a * b:

    def _backward():
        a.grad += b.data * out.grad     # d(a*b)/da = b
        b.grad += a.data * out.grad     # d(a*b)/db = a

Use += so that a value used twice (a * a) collects BOTH shares.
This lab checks the operations and their local gradients; the full backward pass
over a whole graph comes in the next lab.

What to write, in three parts (Check tells you the first part not yet passing)
-------------------------------------------------------------------------------
Part 1: Value(x) (data = x, grad = 0.0, no children, a _backward that does nothing),
        then a + b and a * b with their _backward. Either side may be a plain number:
        wrap it with Value(...). Press Run: the "Try it" at the bottom calls one
        backward step by hand and prints what it should give.
Part 2: a ** k for a plain int or float k    local gradient k * a**(k-1)
        a.relu()   output max(0, a)           local gradient 1 if a > 0 else 0
        a.tanh()   output t = tanh(a)         local gradient 1 - t**2 (t is the OUTPUT)
        a.exp()    output e**a                local gradient e**a (the output again)
Part 3: derived ops, built from the ones above so they need no _backward of their own:
            -a = a * -1,  a - b = a + (-b),  a / b = a * b**-1,
        and the reflected ones for a plain number on the left: 2 + v (__radd__),
        2 * v (__rmul__), 2 - v (__rsub__), 2 / v (__rtruediv__). Python calls them
        because the int on the left does not know Values.

(Another accepted design, used by microgpt: instead of _prev and _backward, each
result stores `_children` (a tuple) and `_local_grads` (a tuple of numbers, one per
child, same order). The checks accept either. Lab 5 continues this file: it adds
backward() to YOUR Value.)

Replace each `raise NotImplementedError(...)` with your code.
"""

import math


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, _children=(), _op=""):
        # TODO: store data; start grad at 0.0; a _backward that does nothing (lambda: None);
        #       remember the children as a set in _prev, and the op label in _op
        raise NotImplementedError("Value.__init__: store data, grad, _backward, _prev and _op")

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        # TODO: wrap a plain number; out = Value(self.data + other.data, (self, other), "+")
        # TODO: a _backward that adds the local gradient 1 * out.grad into both children
        raise NotImplementedError("Value.__add__")

    def __mul__(self, other):
        # TODO: like __add__, but each child's local gradient is the OTHER factor
        raise NotImplementedError("Value.__mul__")

    def __pow__(self, k):
        # TODO: k is a plain int or float; local gradient k * self.data ** (k - 1)
        raise NotImplementedError("Value.__pow__")

    def relu(self):
        # TODO: output max(0, x); local gradient 1 if the input is > 0, else 0
        raise NotImplementedError("Value.relu")

    def tanh(self):
        # TODO: output t = math.tanh(x); local gradient 1 - t**2
        raise NotImplementedError("Value.tanh")

    def exp(self):
        # TODO: output math.exp(x); local gradient: the output itself
        raise NotImplementedError("Value.exp")

    # Derived operations: write them with the operations above.

    def __neg__(self):             # -self
        raise NotImplementedError("Value.__neg__: self * -1")

    def __sub__(self, other):      # self - other
        raise NotImplementedError("Value.__sub__: self + (-other)")

    def __truediv__(self, other):  # self / other
        raise NotImplementedError("Value.__truediv__: self * other ** -1")

    def __radd__(self, other):     # other + self, when other is a plain number
        raise NotImplementedError("Value.__radd__")

    def __rmul__(self, other):     # other * self, when other is a plain number
        raise NotImplementedError("Value.__rmul__")

    def __rsub__(self, other):     # other - self
        raise NotImplementedError("Value.__rsub__")

    def __rtruediv__(self, other):  # other / self
        raise NotImplementedError("Value.__rtruediv__")


# Try it (part 1): press Run --------------------------------------------------------

try:
    a, b = Value(2.0), Value(-3.0)
    out = a * b
    out.grad = 2.0       # pretend a gradient of 2 has arrived at out from above
    if hasattr(out, "_backward"):
        out._backward()  # one backward step by hand: * hands its shares to a and b
    else:                # microgpt's design: the shared loop's step, for this one node
        for child, local_grad in zip(out._children, out._local_grads):
            child.grad += local_grad * out.grad
    print("out.data", out.data, " a.grad", a.grad, " b.grad", b.grad)
    print("should be: out.data -6.0  a.grad -6.0  b.grad 4.0   (b.data * 2, a.data * 2)")
except NotImplementedError as todo:
    print("Not written yet:", todo)
except Exception as error:  # your code raised: say where, and let Check still run every check
    where = error.__traceback__
    while where.tb_next:
        where = where.tb_next
    print(f"Try it stopped at line {where.tb_lineno}: {type(error).__name__}: {error}")
