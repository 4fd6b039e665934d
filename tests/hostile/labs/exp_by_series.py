__SOLUTION__

# A wrong Value for lab 5 (tests/test_hostile_labs.py), right only where the checks look: exp
# "from scratch", as the first 14 terms of its Taylor series. It is right to 1e-6 for |x| up to
# about 2.5, the inputs lab 5's checks draw for exp, and wrong beyond (e**4 off by 8e-5 of
# itself, e**8 by 2 %). Lab 4 turns it away (it tries e**52.25); lab 5 passed it 18/18.


def _exp(self):
    x = self.data
    out = Value(sum(x ** n / math.factorial(n) for n in range(14)), (self,), "exp")

    def _backward():
        self.grad += out.data * out.grad
    out._backward = _backward
    return out


Value.exp = _exp
