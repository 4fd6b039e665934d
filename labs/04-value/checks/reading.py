"""Hidden checks of lab 04-value: a Value remembers data, children and its local gradients.

No backward() is required. Two designs are accepted, and the checks reach them only through
the helpers `local_grads` (one node) and `grads_through` (a small graph), plus public
`data` and `grad`:

(i)  micrograd: a result has `_prev` (its children) and `_backward`, a function that, with
     out.grad set, adds each local gradient times out.grad into the child's .grad;
(ii) microgpt: a result has `_children` (a tuple) and `_local_grads` (numbers, same order).

Both are read twice (`listed`): a backward pass reads them again each time, and a map or
generator would be empty the second time.

Expected values come from plain floats, `math` and slope(); learner numbers go through
number()/close() before anything is compared.

The checks live in checks/, joined in lab.yaml's order into one source: this file and
gradients.py first (what every part reads a learner's Value with), then one file per part.
"""

import math
import re

from grader.core.checks import CheckFailed, as_tuple, inputs, kind_of, number
from grader.core.checks import attempt as _attempt


def _f(x):
    # A -0.0 shows as 0: it equals 0, and "-0" in a message puzzled learners.
    return f"{0.0 if type(x) is float and x == 0 else x:.6g}"


def _cap(text):
    return text[:1].upper() + text[1:]


def _same(x, y, tol=1e-9):
    return math.isclose(x, y, rel_tol=tol, abs_tol=tol)


def rounded(got, want):
    """Why `got` is wrong, if it is `want` rounded to a few decimals: '' otherwise."""
    for k in range(12, -1, -1):  # the most decimals it keeps: 1.47056 is 1.4705604 to 6 and 5
        if got != want and got == round(want, k):
            return (f"In full, {got!r} is {want!r} rounded to {k} decimals: a Value keeps "
                    f"every digit of its number (round only where you print it), or each "
                    f"operation builds on the last one's rounding.")
    return ""


def _xs(seed, n, low, high, gap=0.2):
    """n random numbers in [low, high] with three decimals, at least `gap` away from 0 and 1."""
    rng = inputs(f"xs{seed}")
    xs = []
    while len(xs) < n:
        x = round(rng.uniform(low, high), 3)
        if abs(x) > gap and abs(x - 1) > gap:
            xs.append(x)
    return xs


def _far(seed, ranges):
    """One number per (low, high) in `ranges`, of size 10**low to 10**high (drawn evenly over
    the powers of ten) and of either sign, with every digit a float holds: the numbers above
    are all a few units in size, where a Value that rounds, clips or caps past some size
    (round(x, 10), max(-100, min(100, g)), ...) still looks exact."""
    rng = inputs(f"far{seed}")
    return [rng.choice((-1.0, 1.0)) * 10 ** rng.uniform(low, high) for low, high in ranges]


def exact(got, want, what, why, tol=1e-12):
    """Fail unless got is want to `tol` relative (no absolute slack: far numbers are tiny as
    well as huge), showing both in full: at this tolerance six digits would look the same."""
    got = number(got, what)
    if not math.isclose(got, want, rel_tol=tol, abs_tol=0.0):
        raise CheckFailed(f"{what} should be {want!r}, but your code gives {got!r}. {why}")


FAR = ("A Value's operations hold for numbers of every size, the tiny and the huge as well as "
       "the few units tried before: keep every digit (no round(...)), and no cap or clip on a "
       "value or a gradient (max(-100, min(100, g)), say).")

UNHASHABLE = ("Your Value cannot go in a set (TypeError: unhashable type): it defines __eq__, and "
              "Python then sets __hash__ to None, so micrograd's set(_children) fails, and so "
              "would a visited set in lab 5's backward() (a visited list would not raise, but "
              "would take two nodes holding the same number for one). Delete __eq__ (a "
              "@dataclass writes one for you: make it @dataclass(eq=False)): nodes are told "
              "apart by identity, and two Values holding the same number are still two "
              "different nodes.")

PLAIN = ("A plain number reached code that reads its .data or .grad: an operation was given an "
         "int or float (a - 2 becomes a + (-2), say). Wrap it first, in every operation that "
         "takes another operand, and use the wrapped Value in its _backward too: "
         "other = other if isinstance(other, Value) else Value(other).")


DUNDERS = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "** or pow()": "pow"}


def _operator_missing(said, reflected):
    """Words for TypeError "unsupported operand type(s) for OP: 'A' and 'B'" when the Value
    lacks the method Python calls for OP (reflected too: a plain number on the left), or ''."""
    m = re.match(r"unsupported operand type\(s\) for (.+?): '(\w+)' and '(\w+)'", said)
    if not m or m.group(1) not in DUNDERS:
        return ""
    op, left, right = m.groups()
    name = DUNDERS[op]
    if left not in ("int", "float", "bool"):
        shown = "**" if name == "pow" else op
        old = " (__div__ was Python 2's name for it)" if name == "truediv" else ""
        plain = right in ("int", "float", "bool")
        takes = "a plain number" if plain else f"a {right}"
        fix = ("a plain number: wrap one first, other = other if isinstance(other, Value) "
               "else Value(other)") if plain else "it"
        return (f"Python found no __{name}__ on your {left} that takes {takes} on the right: "
                f"it calls {left}.__{name}__ for a {shown} b with a {left} on the left{old}. "
                f"Either it is missing (define it in the class, spelled exactly __{name}__, "
                f"two underscores each side, indented inside the class), or it returns "
                f"NotImplemented for {fix}.")
    if reflected and right not in ("int", "float", "bool") and name != "pow":
        return (f"With a plain number on the LEFT ({left}), Python first asks the number, which "
                f"knows nothing about Values, then calls the reflected method of the {right} on "
                f"the right: define __r{name}__ in the class.")
    return ""


def attempt(what, fn, *args):
    """Call learner code (see grader.core.checks.attempt); an unhashable Value is named."""
    try:
        return _attempt(what, fn, *args)
    except CheckFailed as failure:
        cause = failure.__cause__
        if type(cause) is TypeError and "unhashable" in _said(cause):
            raise CheckFailed(f"`{what}` raised TypeError: {_said(cause)}. {UNHASHABLE}") from cause
        if type(cause) is AttributeError and re.match(r"'(int|float)' object has no attribute "
                                                      r"'(data|grad)'", _said(cause)):
            raise CheckFailed(f"`{what}` raised AttributeError: {_said(cause)}. {PLAIN}") from cause
        missing = _operator_missing(_said(cause), False) if type(cause) is TypeError else ""
        if missing:
            raise CheckFailed(f"`{what}` raised TypeError: {_said(cause)}. {missing}") from cause
        raise


def _said(exc):
    try:
        return str(exc)[:200]
    except Exception:
        return ""


# --- reading learner Values -----------------------------------------------------------------


def _attr(node, name, what, default=None):
    return attempt(f"reading {what}.{name}", getattr, node, name, default)


def _set_grad(node, value, what):
    attempt(f"setting {what}.grad", setattr, node, "grad", value)


def _grad(node, what):
    try:
        grad = attempt(f"reading {what}.grad", getattr, node, "grad")
    except CheckFailed as failure:
        raise _renamed(node, "grad", failure) from failure.__cause__
    return number(grad, f"{what}.grad")


def _renamed(node, name, failure):
    """A CheckFailed naming the attribute a Value keeps its number under, when it is not `name`
    (self.value = data, self.gradient = 0): or the failure itself when no such one is seen."""
    cause = failure.__cause__
    if type(cause) is not AttributeError or f"attribute '{name}'" not in _said(cause):
        return failure
    try:
        held = [k for k, v in vars(node).items() if type(v) in (int, float) and k != "grad"
                and not k.startswith("_")] if name == "data" else \
               [k for k, v in vars(node).items() if type(v) in (int, float) and k != "data"
                and not k.startswith("_") and "grad" in k.lower()]
    except TypeError:
        return failure
    if not held:
        return failure
    what = "number" if name == "data" else "gradient"
    return CheckFailed(f"Your Value has no .{name}: it keeps its {what} as self.{held[0]}. The "
                       f"course's code, the lessons and these checks all read a Value's {what} "
                       f"as .{name} (as micrograd does): in __init__, name it self.{name} = "
                       f"{'data' if name == 'data' else '0.0'}, and use .{name} everywhere.")


def data_of(node, what):
    try:
        data = attempt(f"reading {what}.data", getattr, node, "data")
    except CheckFailed as failure:
        raise _renamed(node, "data", failure) from failure.__cause__
    if type(data) is type(node) and type(data).__name__ not in ("int", "float"):
        raise CheckFailed(f"{_cap(what)}.data should be a plain number, but it is a Value "
                          f"itself: a Value was wrapped in another Value. Value(other) when "
                          f"other already is a Value makes a Value holding a Value. Wrap plain "
                          f"numbers only: other = other if isinstance(other, Value) else "
                          f"Value(other).")
    return number(data, f"{what}.data")


def new(Value, x):
    """Value(x), checked to be a Value."""
    return result(Value, f"Value({_f(x)})", lambda: Value(x))


def result(Value, what, build, inputs=()):
    """Run learner code that should make a new Value from `inputs`, a list of (Value, name),
    and leave each input as it was: its data and its children (an input may be used again
    elsewhere, as v is in (v + 2) * v, and must not change under it)."""
    before = [_kept(node, name) for node, name in inputs]
    # Each input holds a grad of its own while the result is made (as a leaf does after an
    # earlier backward pass), put back afterwards: making a Value must leave it as it was.
    held = [_grad(node, name) for node, name in inputs]
    for (node, name), mark in zip(inputs, MARKS):
        _set_grad(node, mark, name)
    out = attempt(what, build)
    marked = [_grad(node, name) for node, name in inputs]
    for (node, name), grad in zip(inputs, held):
        _set_grad(node, grad, name)
    for (node, name), mark, now in zip(inputs, MARKS, marked):
        if now != mark and out is not node:
            raise CheckFailed(f"`{what}` changed {name}.grad from {_f(mark)} to {_f(now)}. Making a "
                              f"new Value only reads its inputs: {name} may hold a gradient "
                              f"from an earlier backward pass, and a new graph built from it "
                              f"must not wipe it. If your __init__ sets its children's grads "
                              f"(to 0, say), set only the new Value's own: self.grad = 0.0.")
    if type(out) is not Value:
        raise CheckFailed(f"`{what}` should give a new Value, but it gave "
                          f"{kind_of(out, returned=True)}.")
    for (node, name), (data, count) in zip(inputs, before):
        now, kids = _kept(node, name)
        moved = f" ({name}.data went from {_f(data)} to {_f(now)})" if now != data else ""
        if out is node:
            raise CheckFailed(f"`{what}` gave back {name} itself, not a new Value{moved}. An "
                              f"operation makes a new Value for its result and leaves its "
                              f"inputs as they were: {name} may be used again elsewhere, as in "
                              f"({what}) * {name}, and must not change under it.")
        if moved:
            raise CheckFailed(f"`{what}` changed its input: {name}.data went from {_f(data)} to "
                              f"{_f(now)}. An operation reads its inputs and puts its answer "
                              f"in a new Value; {name} may be used again elsewhere and must "
                              f"keep its number.")
        if None not in (count, kids) and kids != count:
            shared = (" If your Value keeps them in a default argument such as _children=[], "
                      "or in a list written in the class body (_prev = [], then "
                      "self._prev += ...), that list is made once and shared by every Value "
                      "that does not get its own: adding to it changes them all. Default to "
                      "(), and give each Value its own set(_children) in __init__."
                      if kids > count else "")
            raise CheckFailed(f"`{what}` changed the children {name} remembers, from {count} to "
                              f"{kids}: the new result remembers its inputs, and each input's "
                              f"own children stay as they were.{shared}")
    return out


MARKS = (0.625, -1.375)  # grads the inputs of a result hold while it is made


def _kept(node, name):
    """What an operation must leave as it was in an input: its data and how many children
    it has (None if it keeps none that can be read: 'remember their children' says so)."""
    data = data_of(node, name)
    try:
        return data, len(children_of(node, name))
    except CheckFailed:
        return data, None


def _children_name(node, what):
    """Where `node` keeps its children: `_prev` (micrograd) or `_children` (microgpt). A node
    with `_local_grads` pairs them with its children by position, so `_children` (ordered)
    comes first: such a node may keep the starter's `_prev` set as well, in any order."""
    names = ("_prev", "_children")
    if _attr(node, "_local_grads", what) is not None:
        names = ("_children", "_prev")
    for name in names:
        if _attr(node, name, what) is not None:
            return name
    raise CheckFailed(f"{_cap(what)} does not remember its children: keep them in `_prev` (a set, "
                      f"as in micrograd) or in `_children` (a tuple, as in microgpt).")


def children_of(node, what):
    """The children a node remembers, in `_prev` (micrograd) or `_children` (microgpt)."""
    return listed(node, _children_name(node, what), what)


def listed(node, name, what):
    """node.<name> as a tuple, read twice: backward() reads a node's children and local
    gradients on every pass, and a map or generator is empty after its first reading."""
    first = attempt(f"listing {what}.{name}", as_tuple, _attr(node, name, what))
    again = attempt(f"listing {what}.{name}", as_tuple, _attr(node, name, what))
    if len(again) != len(first):
        raise CheckFailed(f"{_cap(what)}.{name} gave {len(first)} item(s) the first time it was "
                          f"read and {len(again)} the second: keep it as a tuple or list, which "
                          f"can be read more than once. A map or a generator is used up by its "
                          f"first reading and is empty after that, so the next backward pass "
                          f"would find nothing there.")
    return first
