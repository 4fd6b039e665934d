__SOLUTION__

# A wrong Value for labs 4 and 5 (tests/test_hostile_labs.py): the local gradients of **, tanh
# and exp are measured by nudging the operation's input (central differences), not taken from
# the rule (k * x**(k-1), 1 - t**2, e**x). Right to ~1e-10 wherever the checks look; lab 5
# refuses a nudged product ("a numerical estimate, not the chain rule"), lab 2 a measured
# slope, but these passed lab 4 (8/8) and lab 5 (18/18).
_H = 1e-6


def _nudged(f, x):
    return (f(x + _H) - f(x - _H)) / (2 * _H)


def _pow(self, k):
    out = Value(self.data ** k, (self,), f"**{k}")

    def _backward():
        self.grad += _nudged(lambda x: x ** k, self.data) * out.grad
    out._backward = _backward
    return out


def _tanh(self):
    out = Value(math.tanh(self.data), (self,), "tanh")

    def _backward():
        self.grad += _nudged(math.tanh, self.data) * out.grad
    out._backward = _backward
    return out


def _exp(self):
    out = Value(math.exp(self.data), (self,), "exp")

    def _backward():
        self.grad += _nudged(math.exp, self.data) * out.grad
    out._backward = _backward
    return out


Value.__pow__, Value.tanh, Value.exp = _pow, _tanh, _exp
