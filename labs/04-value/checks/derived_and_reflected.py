"""Part 3 of lab 4: negation, subtraction and division built from +, * and **, and plain
numbers on either side (the reflected operations)."""

import math
from math import isclose

from grader.core.checks import check, CheckFailed, close, inputs, need, slope

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: data_of, exact, FAR, _f, _far, new, result, _xs
# gradients.py: far_grads, grads_through, judge, unscaled


@check("negation, subtraction and division",
       "You already have +, * and **: each of these is one of them in disguise, and then it "
       "needs no _backward of its own (d(a/b)/db = -a / b**2 comes out of the power rule).",
       "Build them from the operations you have: -a = a * -1, a - b = a + (-b), "
       "a / b = a * b**-1.")
def derived_ops(learner):
    Value = need(learner, "Value")
    cases = (("-a", lambda a, b: -a, lambda s, t: -s),
             ("a - b", lambda a, b: a - b, lambda s, t: s - t),
             ("a / b", lambda a, b: a / b, lambda s, t: s / t),
             ("a - 2", lambda a, b: a - 2, lambda s, t: s - 2),
             ("a / 2", lambda a, b: a / 2, lambda s, t: s / 2))
    xs = _xs(409, 8, -3.0, 3.0, gap=0.4)
    # A b of each sign: a / b with a backward step of its own that gets the sign of b's
    # gradient from b (-a / (b * abs(b)), say) is right for one sign only.
    if all(y > 0 for y in xs[1::2]) or all(y < 0 for y in xs[1::2]):
        i = next((i for i in (7, 5, 3, 1) if abs(-xs[i] - 1) > 0.4), None)  # 0.4 away from 1
        if i is None:
            xs[7] = 2.5
        else:
            xs[i] = -xs[i]
    for x, y in zip(xs[::2], xs[1::2]):
        for what, build, plain in cases:
            a, b = new(Value, x), new(Value, y)
            uses_b = "b" in what
            leaves = [(a, "a"), (b, "b")] if uses_b else [(a, "a")]
            shown = f"a = {_f(x)}, b = {_f(y)}" if uses_b else f"a = {_f(x)}"
            out = _circle(Value, what, lambda: build(a, b), leaves)
            got = data_of(out, f"({what})")
            flipped = (f"That is {what[-1]} {what[2]} {what[0]}, the operands the other way "
                       f"round: build it with a first, {RECIPES[what]}."
                       if what in ("a - b", "a / b") and isclose(got, plain(y, x), rel_tol=1e-9)
                       else "")
            close(got, plain(x, y), f"({what}).data with {shown}",
                  why=flipped or _value_slip(what, got, x, y))
            grads = grads_through(Value, out, what, leaves)
            rates = (slope(lambda s: plain(s, y), x), slope(lambda t: plain(x, t), y))
            for (leaf, name), g, rate in zip(leaves, grads, rates):
                if not isclose(g, rate, rel_tol=1e-5, abs_tol=1e-5):
                    _times_plain_number(Value, what, name, shown, g, rate)
                    if "/" in what:
                        _floor_divides(Value, what, name, shown, g, rate)
                wrongs = [(-rate, f"That is the right size with the wrong sign. Built from "
                                  f"+, * and ** ({RECIPES[what]}), {what} needs no backward "
                                  f"step of its own, and its signs come out of their rules."),
                          unscaled(what, rate)]
                if what == "a / b" and name == "b":
                    wrongs += [(-x / y, "That is -a / b, with b once: d(a/b)/db is -a / b**2, "
                                        "b squared. Built from * and ** (a / b = a * b**-1), "
                                        "the power rule gives it with no backward step of "
                                        "a / b's own."),
                               (-(x / y) / (y * y), "That is -(a / b) / b**2: it takes the "
                                                    "result a / b where the rule has a, "
                                                    "d(a/b)/db = -a / b**2. Built from * and ** "
                                                    "(a / b = a * b**-1), the power rule gives "
                                                    "it with no backward step of a / b's own.")]
                if what == "a / b" and name == "a":
                    wrongs += [(y, "That is b itself, the local gradient a * b hands a: "
                                   "dividing by b scales a by 1 / b, so d(a/b)/da = 1 / b. "
                                   "Built from * and ** (a / b = a * b**-1), a / b needs no "
                                   "backward step of its own.")]
                if what == "a / b":
                    one = 1.0 if name == "a" else -1.0
                    wrongs += [(one, f"That is {one:g}, the share a - b hands {name}, as if "
                                     f"out.grad passed on unchanged (or negated): dividing "
                                     f"scales it, d(a/b)/da = 1 / b and d(a/b)/db = -a / b**2. "
                                     f"Built from * and ** (a / b = a * b**-1), a / b needs no "
                                     f"backward step of its own.")]
                if name == "b" and isclose(grads[0], rates[0], rel_tol=1e-5, abs_tol=1e-5):
                    wrongs += [(0.0, f"That is 0 for b while a got its share, "
                                     f"{_f(grads[0])}: your {what} hands a share back to a "
                                     f"(self) and none to b (other). Built from +, * and ** "
                                     f"({RECIPES[what]}), {what} needs no backward step of its "
                                     f"own; written by hand, it gives other its share as well "
                                     f"as self.")]
                judge(g, rate, f"The gradient of {what} for {name} ({shown})", wrongs, tol=1e-5)


def _value_slip(what, got, x, y):
    """Name a derived operation that computes another formula: its minus sign or its power
    -1 lost, or put on the whole of a and b."""
    n = {"a - 2": 2.0, "a / 2": 2.0}.get(what, y)
    other = "b" if "b" in what else "2"
    slips = {"-a": ((x, "a itself: the minus sign is lost"),),
             "a - b": ((x + n, f"a + {other}: {other} is added without its minus sign"),
                       (-(x + n), f"-(a + {other}): the minus sign is put on the whole sum")),
             "a / b": ((x * n, f"a * {other}: {other} is not raised to the power -1"),
                       (1 / (x * n) if x * n else float("nan"),
                        f"1 / (a * {other}): the power -1 is put on the whole product"))}
    slips["a - 2"], slips["a / 2"] = slips["a - b"], slips["a / b"]
    for value, said in slips.get(what, ()):
        if isclose(got, value, rel_tol=1e-9, abs_tol=1e-12):
            return f"That is {said}. Build it from the operations you have: {RECIPES[what]}."
    return ""


def _floor_divides(Value, what, name, shown, g, rate):
    """Fail naming it when `what`'s wrong gradient comes from a backward step that divides
    with // (floor division): tried again at numbers where no right step gives a whole
    number, a share is the right one rounded down to a whole number."""
    x, y = 1.5, 0.4123  # 1 / y, -x / y**2 and -2 / y**2: never whole, nor whole times out.grad
    if what == "a / b":
        a, b = new(Value, x), new(Value, y)
        probe, leaves, right = "1.5 / 0.4123", [(a, "a"), (b, "b")], (1 / y, -x / y ** 2)
        out = result(Value, probe, lambda: a / b, leaves)
    elif what == "a / 2":
        a = new(Value, y)
        probe, leaves, right = "0.4123 / 2", [(a, "a")], (0.5,)
        out = result(Value, probe, lambda: a / 2, leaves)
    else:
        v = new(Value, y)
        probe, leaves, right = "2 / 0.4123", [(v, "v")], (-2 / y ** 2,)
        out = result(Value, probe, lambda: 2 / v, leaves)
    upstream = round(inputs(f"through {probe}").uniform(1.5, 3.0), 3)
    for (_, leaf), got, want in zip(leaves, grads_through(Value, out, probe, leaves), right):
        if isclose(got, want, rel_tol=1e-6) or got == 0.0 and want != 0.0:
            continue
        for seed in (1.0, upstream):
            # x // y is the floor of x / y: where the right share has a fraction, it drops it
            n = got * seed
            if abs(n - math.floor(want * seed)) > 1e-9 * max(1.0, abs(n)):
                continue
            recipe = RECIPES.get(what) or "in __rtruediv__, return other * self**-1"
            raise CheckFailed(
                f"The gradient of {what} for {name} ({shown}) should be {_f(rate)}, but your "
                f"code gives {_f(g)}. A backward step (or a local gradient in _local_grads) "
                f"divides with //, floor division, which "
                f"rounds down to a whole number (7 // 2 is 3, and -0.5 // 1.9 is -1.0): in "
                f"{probe}, with out.grad = {_f(seed)}, {leaf}'s share is {_f(n)}, a whole number, "
                f"where it should be {_f(want * seed)}. Divide with /. Built from * and ** "
                f"({recipe}), {what} needs no backward step of its own.")


def _times_plain_number(Value, what, name, shown, g, rate):
    """Fail naming it when v * 2, a plain number on the right, hands v a wrong gradient: -a,
    a - b and a / b are built on it, so their signs and sizes go wrong with it."""
    v = new(Value, 1.5)
    out = result(Value, "v * 2", lambda: v * 2, [(v, "v")])
    (got,) = grads_through(Value, out, "v * 2", [(v, "v")])
    if isclose(got, 2.0, rel_tol=1e-9, abs_tol=1e-9):
        _plus_plain_number(Value, what, name, shown, g, rate)
        return
    raise CheckFailed(
        f"The gradient of {what} for {name} ({shown}) should be {_f(rate)}, but your code "
        f"gives {_f(g)}. The cause is in *: with a plain number on the right, v * 2 hands v "
        f"{_f(got)} instead of the other factor, 2 (v = 1.5). {what} is built from it "
        f"({RECIPES[what]}), so its gradient goes wrong too. Treat the plain number as the "
        f"other factor: its value times out.grad.")


def _plus_plain_number(Value, what, name, shown, g, rate):
    """The same for v + 2: a - 2 is a + (-2), a plain number on the right of +, which a
    branch of __add__ written for plain numbers alone may get wrong."""
    v = new(Value, 1.5)
    out = result(Value, "v + 2", lambda: v + 2, [(v, "v")])
    (got,) = grads_through(Value, out, "v + 2", [(v, "v")])
    if isclose(got, 1.0, rel_tol=1e-9, abs_tol=1e-9):
        return
    raise CheckFailed(
        f"The gradient of {what} for {name} ({shown}) should be {_f(rate)}, but your code "
        f"gives {_f(g)}. The cause is in +: with a plain number on the right, your v + 2 "
        f"gives d(v + 2)/dv = {_f(got)}, not 1 (v = 1.5). {what} is built from it "
        f"({RECIPES[what]}), so its gradient goes wrong too. Adding a plain number passes the "
        f"gradient arriving at the + on unchanged, as when both are Values: self.grad += "
        f"out.grad (not += 1, which drops the gradient arriving from above).")


def _circle(Value, what, build, leaves):
    """`build()`, with a RecursionError named: derived operations that call each other."""
    try:
        return result(Value, what, build, leaves)
    except CheckFailed as failure:
        if type(failure.__cause__) is not RecursionError:
            raise
        raise CheckFailed(
            f"{str(failure.args[0]).rstrip('.')}. Your derived operations call each other in a "
            f"circle (-a written as 0 - a, say: Python runs that as a.__rsub__(0), which "
            f"computes 0 + (-a), and so needs -a again), so Python never gets to an answer. Build each from "
            f"+, * and ** alone: -a = a * -1, a - b = a + (-b), a / b = a * b**-1.") \
            from failure.__cause__


RECIPES = {"-a": "-a = a * -1", "a - b": "a - b = a + (-b)", "a / b": "a / b = a * b**-1",
           "a - 2": "a - 2 = a + (-2)", "a / 2": "a / 2 = a * 2**-1"}


# Each reflected method: the line that hands the number straight back to it, and lines
# that do not (for - and /, `self - other` would compute v - 2, not 2 - v).
LOOPING = {"__radd__": ("other + self", "return self + other"),
           "__rmul__": ("other * self", "return self * other"),
           "__rsub__": ("other - self", "return other + (-self), or Value(other) - self"),
           "__rtruediv__": ("other / self", "return other * self**-1, or Value(other) / self")}


def _reflected(Value, what, build, method, inputs):
    """`build()` with a plain number on the left; a TypeError means a missing reflected op."""
    try:
        return result(Value, what, build, inputs)
    except CheckFailed as failure:
        if type(failure.__cause__) is RecursionError:
            loops, fix = LOOPING[method]
            raise CheckFailed(
                f"{str(failure.args[0]).rstrip('.')}. With the plain number on the left, "
                f"{method}(self, other) gets that number as other: written as an operation "
                f"with other on the left again ({loops}, say), Python hands it straight "
                f"back to {method}, over and over. Write it so it cannot come back: {fix}."
            ) from failure.__cause__
        if type(failure.__cause__) is TypeError:
            raise CheckFailed(
                f"{str(failure.args[0]).rstrip('.')}. With a plain number on the LEFT, "
                f"Python first asks the "
                f"number, which knows nothing about Values, and then calls the reflected "
                f"method of the Value on the right: define {method} in Value.") from None
        raise


@check("plain numbers on either side (v + 2, 2 + v, 2 * v, 2 - v, 2 / v)",
       "v + 2 and v * 2 reach your __add__ / __mul__ with other = 2: wrap it with Value(2).",
       "2 + v first asks int.__add__, which gives up, then Python calls v.__radd__(2): "
       "define __radd__, __rmul__, __rsub__ and __rtruediv__.",
       "__radd__ returns self + other, __rmul__ returns self * other, __rsub__ returns "
       "other + (-self), __rtruediv__ returns other * self**-1.")
def plain_numbers(learner):
    Value = need(learner, "Value")
    for x, n in zip(_xs(410, 3, -3.0, 3.0, gap=0.4), (2, -1.5, 3)):
        cases = (("v + {n}", lambda v: v + n, lambda s: s + n, None, None),
                 ("v * {n}", lambda v: v * n, lambda s: s * n, None, None),
                 ("{n} + v", lambda v: n + v, lambda s: n + s, "__radd__", None),
                 ("{n} * v", lambda v: n * v, lambda s: n * s, "__rmul__", None),
                 ("{n} - v", lambda v: n - v, lambda s: n - s, "__rsub__", x - n),
                 ("{n} / v", lambda v: n / v, lambda s: n / s, "__rtruediv__", x / n))
        for pattern, build, plain, method, swapped in cases:
            what = pattern.format(n=n)
            v = new(Value, x)
            if method is None:
                out = result(Value, what, lambda: build(v), [(v, "v")])
            else:
                out = _reflected(Value, what, lambda: build(v), method, [(v, "v")])
            got = data_of(out, f"({what})")
            close(got, plain(x), f"({what}).data with v = {_f(x)}",
                  why=_swap_hint(got, swapped, what, method, x, n))
            (g,) = grads_through(Value, out, what, [(v, "v")])
            rate = slope(plain, x)
            wrongs = [(-rate, f"That is the right size with the wrong sign. Built from +, * "
                              f"and ** (in {method}, {REFLECTED.get(method)}), {what} needs no "
                              f"backward step of its own, and its signs come out of their "
                              f"rules."), unscaled(what, rate)] if method in REFLECTED else []
            if method == "__rtruediv__" and not isclose(g, rate, rel_tol=1e-5, abs_tol=1e-5):
                _floor_divides(Value, what, "v", f"v = {_f(x)}", g, rate)
                wrongs += [(-1 / (x * x), f"That is -1 / v**2, the gradient of 1 / v: {what} "
                                          f"is {n} * v**-1, so its gradient is {n} times that, "
                                          f"{-n} / v**2. A backward step of {method}'s own "
                                          f"multiplies by the plain number other too; built "
                                          f"as other * self**-1, it needs no step of its "
                                          f"own.")]
            judge(g, rate, f"The gradient of {what} for v (v = {_f(x)})", wrongs, tol=1e-5)
    # A plain number far from a few units, on either side of a * and under a /: a
    # multiplication or division that rounds, clips or caps past some size is wrong here.
    x = _xs(415, 1, -3.0, 3.0, gap=0.4)[0]
    n, = _far(415, ((2.5, 6),))
    for what, build, want, rate in ((f"v * {n!r}", lambda v: v * n, x * n, n),
                                    (f"v / {n!r}", lambda v: v / n, x / n, 1 / n)):
        v = new(Value, x)
        out = result(Value, what, lambda: build(v), [(v, "v")])
        exact(data_of(out, f"({what})"), want, f"({what}).data with v = {_f(x)}", FAR, tol=1e-9)
        (g,) = far_grads(Value, out, what, [(v, "v")])
        exact(g, rate,
              f"The gradient of {what} for v (v = {_f(x)})", FAR, tol=1e-9)


# The reflected operations whose gradient has a sign of its own, as built from +, * and **.
REFLECTED = {"__rsub__": "return other + (-self)", "__rtruediv__": "return other * self**-1"}


def _reflected_slip(got, x, n, what, method):
    """Name a reflected - or / that builds another formula than 2 - v or 2 / v: its sign or
    its power put on the whole of other and self, or left off."""
    body = REFLECTED.get(method)
    slips = {"__rsub__": ((n + x, f"{n} + v: the minus sign is left off v"),
                          (-(n + x), f"-({n} + v): the minus sign is put on the whole sum, "
                                     f"not on v alone"),
                          (n / x if x else None, f"{n} / v: a division, the body of a "
                                                 f"reflected / (copied into __rsub__, say)")),
             "__rtruediv__": ((n * x, f"{n} * v: v is not raised to the power -1"),
                              (1 / (n * x) if n * x else None,
                               f"1 / ({n} * v): the power -1 is put on the whole product, "
                               f"not on v alone"),
                              (n - x, f"{n} - v: a subtraction, the body of a reflected - "
                                      f"(copied into __rtruediv__, say)"))}.get(method, ())
    for value, said in slips:
        if value is not None and isclose(got, value, rel_tol=1e-6, abs_tol=1e-6):
            return f"That is {said}. In {method}(self, other), other is {n}: {body}."
    return ""


def _swap_hint(got, swapped, what, method, x=None, n=None):
    """Name the bug when a reflected - or / computed its operands the other way round."""
    if swapped is None or not isclose(got, swapped, rel_tol=1e-6, abs_tol=1e-6):
        return _reflected_slip(got, x, n, what, method) if swapped is not None else ""
    backwards = what.split(" ")[::-1]
    alias = method.replace("__r", "__", 1)
    also = (f" Writing {method} = {alias} does this too: {alias} computes self first, "
            f"{' '.join(backwards)}. Give {method} its own body: {REFLECTED[method]}."
            if method in REFLECTED else "")
    return (f"That is {' '.join(backwards)}, the operands swapped: in {method}(self, other), "
            f"other is the plain number on the LEFT, so {what} is built with other first."
            + also)
