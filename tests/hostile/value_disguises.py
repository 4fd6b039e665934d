__SOLUTION__

# Hostile: the same wrong backward() as lying_numbers.py (it only seeds the output), and every
# grad (and every other number read from a Value) disguised as something that is "equal" to
# the right answer: Decimal, Fraction and complex subclasses that are equal and close to
# anything, bool, a numpy-like scalar (`__array__`, `item()`, `dtype`), an object whose
# `__getattribute__` answers every name (`__class__` is float, `real`, `imag`, `item`...), NaN
# (which no comparison can call wrong when its own `__eq__` says True), -0.0 and a huge int.
# The Value's own `__getattribute__` answers every name it lacks, and `__class__` says float.
# None of it may earn a check its plain wrong twin does not; none of it is an attack on the
# grader (no accusation), only wrong numbers.
import decimal
import fractions
import itertools


def _seed_only(self):
    self.grad = 1.0


def _always(base):
    def eq(self, other):
        return True

    def same(self, *args):
        return self

    body = {"__eq__": eq, "__ne__": lambda s, o: False, "__hash__": lambda s: 0,
            "__lt__": eq, "__le__": eq, "__gt__": eq, "__ge__": eq, "__bool__": lambda s: True,
            "__abs__": same, "__neg__": same, "__round__": same, "__format__": lambda s, f: "0",
            "__float__": lambda s: 0.0, "__int__": lambda s: 0, "__index__": lambda s: 0,
            "__complex__": lambda s: 0j, "__repr__": lambda s: "0.0", "__str__": lambda s: "0.0"}
    for name in ("add", "sub", "mul", "truediv", "pow", "mod", "floordiv"):
        body[f"__{name}__"] = body[f"__r{name}__"] = same
    return type(f"Always{base.__name__.capitalize()}", (base,), body)


class _NumpyLike:
    dtype = "float64"
    shape = ()
    ndim = 0

    def __array__(self, *args, **kwargs):
        return [0.0]

    def item(self):
        return 0.0

    def __eq__(self, other):
        return True

    def __float__(self):
        return 0.0

    __hash__ = object.__hash__


class _Anything:
    def __getattribute__(self, name):
        if name == "__class__":
            return float
        return lambda *args, **kwargs: 0.0

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


_kinds = itertools.cycle([
    lambda: _always(decimal.Decimal)("0"), lambda: _always(fractions.Fraction)(0),
    lambda: _always(complex)(0j), lambda: True, lambda: _NumpyLike(), lambda: _Anything(),
    lambda: _always(float)("nan"), lambda: -0.0, lambda: 10 ** 5000, lambda: _always(int)(0),
])

_Plain = Value


class Value(_Plain):
    backward = _seed_only

    @property
    def grad(self):
        g = self.__dict__.get("_g", 0.0)
        return g if g == 1.0 else next(_kinds)()

    @grad.setter
    def grad(self, value):
        self.__dict__["_g"] = value

    @property
    def __class__(self):
        return float

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return next(_kinds)()
