__SOLUTION__

# Innocent (by a learner's choice, not an attack): exact arithmetic where a learner reaches for
# it. Inputs the learner gives are Fractions and Decimals, turned into the plain floats the lab
# asks `.data` and `.grad` to be at the door (`Value(Fraction(1, 3))` holds 0.333...); the
# file's own sums of grads are kept exactly with math.fsum and a Fraction, and compared with
# math.isclose. The checks must judge its numbers, never accuse it.
import decimal
import fractions

_Given = Value


class Value(_Given):
    def __init__(self, data, *args, **kwargs):
        if isinstance(data, (fractions.Fraction, decimal.Decimal)) or type(data) is bool:
            data = float(data)
        super().__init__(data, *args, **kwargs)


_a, _b = Value(fractions.Fraction(1, 3)), Value(decimal.Decimal("0.25"))
_out = _a * _b + _a
_out.backward()
_exact = fractions.Fraction(_a.grad) + fractions.Fraction(_b.grad)
print("grads", _a.grad, _b.grad, "sum", math.fsum([_a.grad, _b.grad]), float(_exact))
print("close", math.isclose(_a.grad, 1.25), math.isclose(_b.grad, 1 / 3), Value(True).data)
