__SOLUTION__

# Hostile: a wrong backward() (it only seeds the output), dressed in lies. Every grad is a
# float subclass equal to anything, close to anything, formatting as "0"; every object claims
# to be a float (`__class__`), and the class says every object is an instance of it
# (`__instancecheck__`). None of it may earn a check the plain wrong file does not.


def _seed_only(self):
    self.grad = 1.0


Value.backward = _seed_only


class _Liar(float):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __lt__(self, other):
        return True

    __le__ = __gt__ = __ge__ = __lt__

    def __sub__(self, other):
        return _Liar(0.0)

    __rsub__ = __add__ = __radd__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = __sub__

    def __abs__(self):
        return _Liar(0.0)

    def __float__(self):
        return 0.0

    def __round__(self, n=None):
        return _Liar(0.0)

    def __format__(self, spec):
        return "0"

    def __hash__(self):
        return 0


class _Meta(type):
    def __instancecheck__(cls, obj):
        return True

    def __subclasscheck__(cls, sub):
        return True


_Plain = Value


class Value(_Plain, metaclass=_Meta):
    @property
    def grad(self):
        return _Liar(self.__dict__.get("_g", 0.0))

    @grad.setter
    def grad(self, value):
        self.__dict__["_g"] = value

    @property
    def __class__(self):
        return float
