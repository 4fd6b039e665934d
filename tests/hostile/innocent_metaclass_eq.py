# An innocent file: the reference solution, then a Value whose metaclass says every class is
# equal to it (a registry-style metaclass gone wrong). The checks must still reach its Values:
# the learner side once tested "is this plain data?" with ==, took these Values for plain
# numbers, handed them on raw, and every check failed with "'NoneType' object is not callable".
__SOLUTION__


class _Meta(type):
    def __eq__(cls, other):
        return True

    def __hash__(cls):
        return 0


_Value = Value


class Value(_Value, metaclass=_Meta):
    pass
