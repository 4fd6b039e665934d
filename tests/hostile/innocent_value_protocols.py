__SOLUTION__

# A learner's Value that speaks Python's protocols as a container and as a number: correct,
# and no attack. A leaf has no inputs, so len() is 0 and, without __bool__, a leaf is falsy;
# with __bool__, a Value is true as its number is (Value(0.0) is false). It iterates over its
# inputs, equals another Value of the same number (hashed by identity, so graphs still work),
# and converts with float() and int(). A check that asked `if value:` or `value or other`, or
# compared Values with ==, would misjudge it; none may.
Value.__len__ = lambda self: len(self._prev)
Value.__iter__ = lambda self: iter(self._prev)
Value.__float__ = lambda self: float(self.data)
Value.__index__ = lambda self: int(self.data)
Value.__eq__ = lambda self, other: isinstance(other, Value) and self.data == other.data
Value.__hash__ = object.__hash__

leaf, zero = Value(2.0), Value(0.0)
made = leaf * 3.0
print("protocols:", len(leaf), bool(leaf), len(made), bool(made), float(made),
      made == Value(6.0), made in {made}, len(set(made)))
Value.__bool__ = lambda self: self.data != 0
print("as numbers:", bool(leaf), bool(zero), bool(made))
