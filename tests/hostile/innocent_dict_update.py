# Innocent: a correct file whose Value fills its attributes with self.__dict__.update(...) and
# counts its uses in a list it appends to, both ordinary Python. The check "sorts the graph
# once" makes a subclass of the learner's Value whose attribute reads it counts; its reads
# reached the learner's code as copies of the dict and the list, so this file's objects of
# that subclass had no `data` ('Counted' object has no attribute 'data') and it failed there.
__SOLUTION__


def _init(self, data, _children=(), _op=""):
    self.__dict__.update(data=data, grad=0.0, _backward=lambda: None, _prev=set(_children),
                         _op=_op, _uses=[])
    for child in _children:
        vars(child)["_uses"].append(self)


Value.__init__ = _init
a = Value(2.0)
b = a * a + a
print("uses of a:", len(a._uses))
