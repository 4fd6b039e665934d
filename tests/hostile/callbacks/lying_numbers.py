# Objects that lie wherever the checks might read a number, a list or a truth: equal to
# anything, never less, true, of length 0, empty to iterate, formatted and shown as 0.0,
# float() 0.0, and every arithmetic gives the liar back. Every name the checks ask for is a
# liar's class, or a liar. The checks must take none of it for an answer: a number is read as
# an exact float or int, crossing by value, and a liar is an object like any other.
class Liar:
    def __init__(self, *args, **kwargs):
        pass

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __lt__(self, other):
        return False

    __gt__ = __lt__

    def __le__(self, other):
        return True

    __ge__ = __le__

    def __hash__(self):
        return 0

    def __bool__(self):
        return True

    def __float__(self):
        return 0.0

    def __int__(self):
        return 0

    __index__ = __int__

    def __abs__(self):
        return 0.0

    def __round__(self, digits=None):
        return 0.0

    def __len__(self):
        return 0

    def __iter__(self):
        return iter(())

    def __contains__(self, item):
        return True

    def __format__(self, spec):
        return format(0.0, spec)

    def __repr__(self):
        return "0.0"

    def __call__(self, *args, **kwargs):
        return self

    def __getattr__(self, name):
        return self

    def __neg__(self):
        return self

    __pos__ = __neg__


def _same(self, other):
    return self


for _name in ("add", "sub", "mul", "truediv", "pow", "floordiv", "mod"):
    for _form in ("__%s__", "__r%s__", "__i%s__"):
        setattr(Liar, _form % _name, _same)


class Value(Liar):
    pass


Neuron = Layer = MLP = Value
train_step = Liar()
