"""Hidden checks of lab 04-value: a Value remembers data, children and its local gradients.

No backward() is required. Two designs are accepted, and the checks reach them only through
the helpers `local_grads` (one node) and `grads_through` (a small graph), plus public
`data` and `grad`:

(i)  micrograd: a result has `_prev` (its children) and `_backward`, a function that, with
     out.grad set, adds each local gradient times out.grad into the child's .grad;
(ii) microgpt: a result has `_children` (a tuple) and `_local_grads` (numbers, same order).

Expected values come from plain floats, `math` and slope(); learner numbers go through
number()/close() before anything is compared.
"""

import math

from grader.core.checks import check, CheckFailed, expect, inputs, need, number, close, slope
from grader.core.checks import attempt as _attempt

MAX_NODES = 200  # far more than any graph built here


def _f(x):
    return f"{x:.6g}"


def _cap(text):
    return text[:1].upper() + text[1:]


def _same(x, y, tol=1e-9):
    return math.isclose(x, y, rel_tol=tol, abs_tol=tol)


def _xs(seed, n, low, high, gap=0.2):
    """n random numbers in [low, high] with three decimals, at least `gap` away from 0 and 1."""
    rng = inputs(f"xs{seed}")
    xs = []
    while len(xs) < n:
        x = round(rng.uniform(low, high), 3)
        if abs(x) > gap and abs(x - 1) > gap:
            xs.append(x)
    return xs


UNHASHABLE = ("Your Value cannot go in a set (TypeError: unhashable type): it defines __eq__, and "
              "Python then sets __hash__ to None, so set(_children) fails (and so would the "
              "visited set of lab 5's backward()). Delete __eq__: nodes are told apart by "
              "identity, and two Values holding the same number are still two different nodes.")


def attempt(what, fn, *args):
    """Call learner code (see grader.core.checks.attempt); an unhashable Value is named."""
    try:
        return _attempt(what, fn, *args)
    except CheckFailed as failure:
        cause = failure.__cause__
        if type(cause) is TypeError and "unhashable" in _said(cause):
            raise CheckFailed(f"`{what}` raised TypeError: {_said(cause)}. {UNHASHABLE}") from cause
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
    return number(attempt(f"reading {what}.grad", getattr, node, "grad"), f"{what}.grad")


def data_of(node, what):
    return number(attempt(f"reading {what}.data", getattr, node, "data"), f"{what}.data")


def new(Value, x):
    """Value(x), checked to be a Value."""
    return result(Value, f"Value({_f(x)})", lambda: Value(x))


def result(Value, what, build):
    """Run learner code that should make a new Value."""
    out = attempt(what, build)
    if type(out) is not Value:
        raise CheckFailed(f"`{what}` should give a new Value, but it gave a "
                          f"{type(out).__name__}.")
    return out


def children_of(node, what):
    """The children a node remembers, in `_prev` (micrograd) or `_children` (microgpt)."""
    for name in ("_prev", "_children"):
        kids = _attr(node, name, what)
        if kids is not None:
            return attempt(f"listing {what}.{name}", tuple, kids)
    raise CheckFailed(f"{_cap(what)} does not remember its children: keep them in `_prev` (a set, "
                      f"as in micrograd) or in `_children` (a tuple, as in microgpt).")


def _uses_closures(node, what):
    """True for the micrograd design (a callable _backward), False for stored _local_grads."""
    if callable(_attr(node, "_backward", what)):
        return True
    if _attr(node, "_local_grads", what) is not None:
        return False
    raise CheckFailed(f"{_cap(what)} has no local gradients to read: give each result a "
                      f"`_backward` function that adds its local gradients into its "
                      f"children's .grad (micrograd), or a `_local_grads` tuple (microgpt).")


def _stored(node, what):
    """A microgpt-style node's (children, local gradients), checked to match in length."""
    kids = children_of(node, what)
    grads = attempt(f"listing {what}._local_grads", tuple, _attr(node, "_local_grads", what, ()))
    if len(grads) != len(kids):
        raise CheckFailed(f"{_cap(what)} has {len(kids)} children but {len(grads)} local "
                          f"gradients: store one local gradient per child, in the same order.")
    return kids, [number(g, f"a local gradient in {what}._local_grads") for g in grads]


def local_grads(out, what, children):
    """d(out)/d(child) from `out`'s own node, for each (child, name) in `children`.

    micrograd design: zero the children's grads, set out.grad = 1.0, call out._backward()
    once and read the children's grads. microgpt design: read `_local_grads`, summing the
    entries of a child that appears twice (as in a * a).
    """
    node = f"({what})"
    if _uses_closures(out, node):
        rng = inputs(f"local {what}")
        g1, g2 = round(rng.uniform(1.5, 3.0), 3), round(rng.uniform(-3.0, -1.5), 3)
        held = [round(rng.uniform(0.5, 2.0), 3) for _ in children]
        first = _run_backward(out, node, children, [0.0] * len(children), g1)
        second = _run_backward(out, node, children, held, g2)
        found = []
        for (child, name), one, two, r in zip(children, first, second, held):
            share1, share2 = one / g1, (two - r) / g2
            if not _same(share1, share2, 1e-7):
                shown = (f"In {node}._backward(), with {name}.grad = 0 and out.grad = {_f(g1)} "
                         f"{name} gets {_f(one)}; with {name}.grad = {_f(r)} and out.grad = "
                         f"{_f(g2)} it ends at {_f(two)}")
                if one != 0.0 and _same(two - r, one, 1e-7):
                    raise CheckFailed(f"{shown}: the same share whatever out.grad is. Multiply "
                                      f"the local gradient by out.grad (the chain rule): "
                                      f"self.grad += local * out.grad.")
                if _same(two, share1 * g2, 1e-7):
                    raise CheckFailed(f"{shown}: the {_f(r)} it already held is gone. A child "
                                      f"may get shares from several results: add yours with "
                                      f"+= (not =).")
                raise CheckFailed(f"{shown}, but it should end at {_f(r + share1 * g2)}: add "
                                  f"local * out.grad to what {name}.grad holds.")
            found.append(share2)
        return found
    kids, grads = _stored(out, node)
    found = []
    for child, name in children:
        shares = [g for kid, g in zip(kids, grads) if kid is child]
        if not shares:
            raise CheckFailed(f"{name} is not among the children of {node}: a result must "
                              f"remember the Values it was made from.")
        found.append(sum(shares))
    return found


def _run_backward(out, node, children, held, upstream):
    """Set the children's grads and out.grad, call out._backward() once, read the children."""
    for (child, name), value in zip(children, held):
        _set_grad(child, value, name)
    _set_grad(out, upstream, node)
    attempt(f"{node}._backward()", _attr(out, "_backward", node))
    return [_grad(child, name) for child, name in children]


def _graph(Value, out, what):
    """Every node `out` was built from, children before parents (no recursion)."""
    order, seen, keep, stack = [], set(), [], [(out, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
            continue
        if id(node) in seen:
            continue
        keep.append(node)  # keep every node alive, so that no id is reused
        seen.add(id(node))
        if type(node) is not Value:
            raise CheckFailed(f"{_cap(what)} remembers a child of type {type(node).__name__}, not "
                              f"a Value: wrap plain numbers with Value(...) first.")
        if len(seen) > MAX_NODES:
            raise CheckFailed(f"{_cap(what)} is built from more than {MAX_NODES} nodes; a single "
                              f"operation should add only a few.")
        stack.append((node, True))
        for kid in children_of(node, f"a node inside {what}"):
            if id(kid) not in seen:
                stack.append((kid, False))
    return order


def grads_through(Value, out, what, leaves):
    """d(out)/d(leaf) for each (leaf, name), through every node `out` was built from.

    Derived ops (a - b = a + (-b), a / b = a * b**-1, ...) make several nodes, so this runs
    a small backward pass of its own over them, with the learner's local gradients.
    """
    node = f"({what})"
    order = _graph(Value, out, node)
    ids = {id(n) for n in order}
    for leaf, name in leaves:
        if id(leaf) not in ids:
            raise CheckFailed(f"{name} is not among the nodes {node} was built from: every "
                              f"result must remember the Values it was made from.")
    upstream = round(inputs(f"through {what}").uniform(1.5, 3.0), 3)
    if _uses_closures(out, node):
        for n in order:
            _set_grad(n, 0.0, f"a node inside {node}")
        _set_grad(out, upstream, node)
        for n in reversed(order):
            backward = _attr(n, "_backward", f"a node inside {node}")
            if callable(backward):
                attempt(f"_backward() of a node of {node}", backward)
        return [_grad(leaf, name) / upstream for leaf, name in leaves]
    grad = {id(out): 1.0}
    for n in reversed(order):
        kids, grads = _stored(n, f"a node inside {node}")
        for kid, g in zip(kids, grads):
            grad[id(kid)] = grad.get(id(kid), 0.0) + g * grad.get(id(n), 0.0)
    return [grad.get(id(leaf), 0.0) for leaf, _ in leaves]


def judge(got, expected, what, wrongs=(), tol=1e-6):
    """Pass if got is close to expected; else name the misconception whose value got matches."""
    if math.isclose(got, expected, rel_tol=tol, abs_tol=tol):
        return
    for value, why in wrongs:
        if _same(got, value, 1e-7):
            close(got, expected, what, tol, why)
    close(got, expected, what, tol)


# --- the checks -----------------------------------------------------------------------------


@check("a Value holds its number, and its grad starts at 0",
       "A Value holds its number, and no gradient has flowed back into it yet, whether you "
       "made it or an operation did (results are made with Value(...) too).",
       "In __init__: self.data = data and self.grad = 0.0.")
def holds_data(learner):
    Value = need(learner, "Value")
    for x in [2, -3.5] + _xs(401, 3, -5.0, 5.0):
        v = new(Value, x)
        close(data_of(v, f"Value({_f(x)})"), x, f"Value({_f(x)}).data")
        g = _grad(v, f"Value({_f(x)})")
        expect(g == 0.0, f"Value({_f(x)}).grad should start at 0, but it is {_f(g)}: no "
                         f"gradient has flowed back yet.")
    a, b = new(Value, 1.5), new(Value, -2.0)
    for what, build in (("a + b", lambda: a + b), ("a * b", lambda: a * b)):
        g = _grad(result(Value, what, build), f"({what})")
        expect(g == 0.0, f"({what}).grad should start at 0, but it is {_f(g)}: a result is a "
                         f"new Value, and nothing has flowed back into it yet.")


@check("a + b and a * b: values and local gradients",
       "a + b hands out.grad to both children unchanged (local gradient 1).",
       "a * b: the local gradient for a is b.data, and for b it is a.data (the OTHER factor).",
       "In __mul__'s _backward: self.grad += other.data * out.grad and "
       "other.grad += self.data * out.grad.")
def add_and_mul(learner):
    Value = need(learner, "Value")
    xs = _xs(402, 8, -4.0, 4.0)
    for x, y in zip(xs[::2], xs[1::2]):
        shown = f"a = {_f(x)}, b = {_f(y)}"
        a, b = new(Value, x), new(Value, y)
        out = result(Value, "a + b", lambda: a + b)
        close(data_of(out, "(a + b)"), x + y, f"(a + b).data with {shown}")
        ga, gb = local_grads(out, "a + b", [(a, "a"), (b, "b")])
        judge(ga, 1.0, f"The local gradient of a + b for a ({shown})")
        judge(gb, 1.0, f"The local gradient of a + b for b ({shown})")
        out = result(Value, "a * b", lambda: a * b)
        close(data_of(out, "(a * b)"), x * y, f"(a * b).data with {shown}")
        ga, gb = local_grads(out, "a * b", [(a, "a"), (b, "b")])
        swapped = ("Nudging a changes a * b at rate b, the OTHER factor, not a itself: the "
                   "product rule is swapped. In _backward: self.grad += other.data * out.grad "
                   "(or, stored: _local_grads = (other.data, self.data)).")
        judge(ga, slope(lambda t: t * y, x), f"The local gradient of a * b for a ({shown})",
              [(x, swapped)], tol=1e-5)
        judge(gb, slope(lambda t: x * t, y), f"The local gradient of a * b for b ({shown})",
              [(y, swapped)], tol=1e-5)


@check("a + b and a * b remember their children",
       "When an operation makes its result, pass it the Values it was made from.",
       "out = Value(self.data * other.data, (self, other), '*'), and __init__ keeps them: "
       "self._prev = set(_children).")
def remembers_children(learner):
    Value = need(learner, "Value")
    x, y = _xs(403, 2, 0.3, 2.0)
    a, b = new(Value, x), new(Value, y)
    for what, build in (("a + b", lambda: a + b), ("a * b", lambda: a * b)):
        remembers(result(Value, what, build), what, [(a, "a"), (b, "b")])


def remembers(out, what, children):
    """Fail unless `out` (made by `what`) lists every (child, name) among its children."""
    kids = children_of(out, f"({what})")
    names = " and ".join(name for _, name in children)
    for child, name in children:
        expect(any(kid is child for kid in kids),
               f"({what}) should remember {names} as its children, but it remembers "
               f"{len(kids)} child(ren) and {name} is not one of them. Pass the inputs when you "
               f"make the result: Value(..., (self, other), ...), or (self,) for one input.")


@check("a value used twice collects both shares (a * a, a + a)",
       "In a * a, a is both factors: it gets one share as the left factor and one as the right.",
       "d(a*a)/da = a + a = 2a and d(a+a)/da = 2: both shares must ADD, so use += in "
       "_backward, never =.")
def used_twice(learner):
    Value = need(learner, "Value")
    for x in _xs(404, 4, -3.0, 3.0):
        a = new(Value, x)
        out = result(Value, "a * a", lambda: a * a)
        close(data_of(out, "(a * a)"), x * x, f"(a * a).data with a = {_f(x)}")
        (g,) = local_grads(out, "a * a", [(a, "a")])
        judge(g, 2 * x, f"The local gradient of a * a for a (a = {_f(x)})",
              [(x, "a is used twice in a * a, so it gets two shares, a and a: 2a in all. Your "
                   "code keeps only one share: in _backward, use += (not =), so the second "
                   "share adds to the first instead of replacing it.")])
        out = result(Value, "a + a", lambda: a + a)
        close(data_of(out, "(a + a)"), x + x, f"(a + a).data with a = {_f(x)}")
        (g,) = local_grads(out, "a + a", [(a, "a")])
        judge(g, 2.0, f"The local gradient of a + a for a (a = {_f(x)})",
              [(1.0, "a is used twice in a + a, so it gets two shares of 1: 2 in all. Your "
                     "code keeps only one share: in _backward, use += (not =).")])


@check("a ** k for a plain number k",
       "How fast does a**k move when a is nudged? The power comes down in front, and the "
       "power drops by one (k is a plain int or float).",
       "In __pow__'s _backward: self.grad += k * self.data ** (k - 1) * out.grad.")
def power(learner):
    Value = need(learner, "Value")
    for x, k in zip(_xs(405, 6, 0.3, 3.0), (2, 3, -1, 0.5, 1.5, -2)):
        a = new(Value, x)
        what = f"a ** {k}"
        out = result(Value, what, lambda: a ** k)
        remembers(out, what, [(a, "a")])
        close(data_of(out, f"({what})"), x ** k, f"({what}).data with a = {_f(x)}")
        (g,) = local_grads(out, what, [(a, "a")])
        judge(g, k * x ** (k - 1), f"The local gradient of {what} for a (a = {_f(x)})",
              [(k * x ** k, "The power rule is d(a**k)/da = k * a**(k-1), one power lower; "
                            "your code gives k * a**k.")])


@check("relu, tanh and exp: values and local gradients",
       "Each output's local gradient is how fast it moves when its input is nudged.",
       "relu: 1 if the input > 0 else 0. tanh: 1 - t**2 with t the output. exp: the output.",
       "relu's input is self.data: test self.data > 0 (relu's OUTPUT is never negative, so "
       "out.data >= 0 is always true).")
def relu_tanh_exp(learner):
    Value = need(learner, "Value")
    below_one = round(inputs("relu below 1").uniform(0.1, 0.9), 3)
    for x in [-1.5, 2.0, 0.0, below_one] + _xs(406, 4, -3.0, 3.0):
        a = new(Value, x)
        out = result(Value, "a.relu()", lambda: a.relu())
        remembers(out, "a.relu()", [(a, "a")])
        close(data_of(out, "a.relu()"), max(0.0, x), f"a.relu().data with a = {_f(x)}")
        (g,) = local_grads(out, "a.relu()", [(a, "a")])
        if x == 0:
            judge(g, 0.0, "The local gradient of a.relu() at a = 0",
                  [(1.0, "relu passes gradient only where its input is > 0: at exactly 0 its "
                         "local gradient is 0 (test self.data > 0, not >= 0).")])
        elif x < 0:
            judge(g, 0.0, f"The local gradient of a.relu() at a negative input (a = {_f(x)})",
                  [(1.0, "relu is flat for a negative input: its output stays 0 whatever small "
                         "nudge the input gets, so the local gradient is 0. Test the input, "
                         "self.data > 0 (out.data >= 0 is always true, relu's output is never "
                         "negative).")])
        else:
            judge(g, 1.0, f"The local gradient of a.relu() at a positive input (a = {_f(x)})",
                  [(0.0, "For a positive input relu passes its input through, so it moves "
                         "one-for-one with it: the local gradient is 1.")])
    for x in _xs(407, 5, -2.0, 2.0):
        a = new(Value, x)
        out = result(Value, "a.tanh()", lambda: a.tanh())
        remembers(out, "a.tanh()", [(a, "a")])
        close(data_of(out, "a.tanh()"), math.tanh(x), f"a.tanh().data with a = {_f(x)}")
        (g,) = local_grads(out, "a.tanh()", [(a, "a")])
        judge(g, slope(math.tanh, x), f"The local gradient of a.tanh() (a = {_f(x)})",
              [(1 - x * x, "tanh's local gradient is 1 - t**2 where t = tanh(a) is the OUTPUT "
                           "(out.data), not 1 - a**2 of the input."),
               (1 - math.tanh(x), "It is 1 - t**2 (t squared), with t = tanh(a).")], tol=1e-5)
    for x in _xs(408, 5, -2.0, 2.0):
        a = new(Value, x)
        out = result(Value, "a.exp()", lambda: a.exp())
        remembers(out, "a.exp()", [(a, "a")])
        close(data_of(out, "a.exp()"), math.exp(x), f"a.exp().data with a = {_f(x)}")
        (g,) = local_grads(out, "a.exp()", [(a, "a")])
        judge(g, slope(math.exp, x), f"The local gradient of a.exp() (a = {_f(x)})",
              [(x * math.exp(x - 1), "exp is not a power of a: e**a moves exactly as fast as "
                                     "it is, so its local gradient is the output, out.data."),
               (x, "It is e**a, the output (out.data), not the input.")], tol=1e-5)


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
    for x, y in zip(xs[::2], xs[1::2]):
        for what, build, plain in cases:
            a, b = new(Value, x), new(Value, y)
            uses_b = "b" in what
            leaves = [(a, "a"), (b, "b")] if uses_b else [(a, "a")]
            shown = f"a = {_f(x)}, b = {_f(y)}" if uses_b else f"a = {_f(x)}"
            out = result(Value, what, lambda: build(a, b))
            close(data_of(out, f"({what})"), plain(x, y), f"({what}).data with {shown}")
            grads = grads_through(Value, out, what, leaves)
            rates = (slope(lambda s: plain(s, y), x), slope(lambda t: plain(x, t), y))
            for (leaf, name), g, rate in zip(leaves, grads, rates):
                judge(g, rate, f"The gradient of {what} for {name} ({shown})", tol=1e-5)


def _reflected(Value, what, build, method):
    """`build()` with a plain number on the left; a TypeError means a missing reflected op."""
    try:
        return result(Value, what, build)
    except CheckFailed as failure:
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
        cases = (("v + {n}", lambda v: v + n, lambda s: s + n, None),
                 ("v * {n}", lambda v: v * n, lambda s: s * n, None),
                 ("{n} + v", lambda v: n + v, lambda s: n + s, "__radd__"),
                 ("{n} * v", lambda v: n * v, lambda s: n * s, "__rmul__"),
                 ("{n} - v", lambda v: n - v, lambda s: n - s, "__rsub__"),
                 ("{n} / v", lambda v: n / v, lambda s: n / s, "__rtruediv__"))
        for pattern, build, plain, method in cases:
            what = pattern.format(n=n)
            v = new(Value, x)
            if method is None:
                out = result(Value, what, lambda: build(v))
            else:
                out = _reflected(Value, what, lambda: build(v), method)
            close(data_of(out, f"({what})"), plain(x), f"({what}).data with v = {_f(x)}")
            (g,) = grads_through(Value, out, what, [(v, "v")])
            judge(g, slope(plain, x), f"The gradient of {what} for v (v = {_f(x)})", tol=1e-5)
