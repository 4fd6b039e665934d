"""Hidden checks for lab 5: the full Value contract, including backward().

Only public behaviour is used (Value(x), .data, .grad, operators, .relu/.tanh/.exp,
.backward()), so micrograd's closures and microgpt's stored local gradients both pass.
Expected gradients come from plain-float formulas and from nudging the inputs (slope).

The checks go from the simplest behaviour up: one operation at a time, each inside a graph
where the gradient arriving at it is not 1 and where its input is itself computed and used
twice, so every `+=` and every `* out.grad` is exercised on its own; then whole sweeps. Advice
about `+=`, `* out.grad`, the sweep's order or the visited set is given only when a number
matches exactly what that bug gives. Inputs are drawn from the grading's seed (`inputs`).
"""

from math import exp as _exp, isclose, tanh as _tanh

from grader.core.checks import CheckFailed, attempt as _attempt, check, close, expect, inputs, need
from grader.core.checks import number, slope

BUDGET = 1000   # reads of the deep graph's input that a sweep may make (a real one needs ~30)
DEPTH = 40      # levels of that graph: 2**40 paths from its output to its input


UNHASHABLE = ("Your Value cannot go in a set (TypeError: unhashable type): it defines __eq__, and "
              "Python then sets __hash__ to None. micrograd keeps a node's children in a set and "
              "backward() keeps a visited set, so both need Values that can be hashed. Delete "
              "__eq__: nodes are told apart by identity, and two Values holding the same number "
              "are still two different nodes.")


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


# -- helpers: one formula, evaluated on learner Values or on plain floats -------------------

def tanh(x):
    return _tanh(x) if type(x) is float else x.tanh()


def relu(x):
    return max(x, 0.0) if type(x) is float else x.relu()


def exp(x):
    return _exp(x) if type(x) is float else x.exp()


def _same(x, y, tol=1e-9):
    return isclose(x, y, rel_tol=tol, abs_tol=tol)


def _f(x):
    return f"{x:.4g}"


def _draw(rng, low, high, gap=0.25):
    """A number in [low, high] with three decimals, at least `gap` away from 0, 1 and -1."""
    while True:
        x = round(rng.uniform(low, high), 3)
        if min(abs(x), abs(x - 1), abs(x + 1)) > gap:
            return x


def grad_of(node, what):
    return number(attempt(f"reading {what}.grad", getattr, node, "grad"), f"{what}.grad")


def data_of(node, what):
    return number(attempt(f"reading {what}.data", getattr, node, "data"), f"{what}.data")


def leaves_of(learner, xs):
    Value = need(learner, "Value")
    return [attempt(f"Value({x!r})", Value, x) for x in xs]


def backward(out, what):
    attempt(f"({what}).backward()", attempt(f"reading ({what}).backward", getattr, out,
                                            "backward"))


def grads_of(learner, formula, inputs, what):
    """Run formula on learner Values built from inputs, call backward, return (out, grads)."""
    leaves = leaves_of(learner, inputs)
    out = attempt(what, formula, *leaves)
    backward(out, what)
    return out, [grad_of(v, f"input {i + 1}") for i, v in enumerate(leaves)]


def expected_grads(formula, inputs):
    def at(i):
        return lambda x: formula(*(inputs[:i] + [x] + inputs[i + 1:]))
    return [slope(at(i), inputs[i]) for i in range(len(inputs))]


def compare(learner, formula, inputs, what, names, advice=""):
    out, got = grads_of(learner, formula, inputs, what)
    close(data_of(out, f"({what})"), formula(*inputs), f"({what}).data")
    for name, g, want in zip(names, got, expected_grads(formula, inputs)):
        close(g, want, f"{name}.grad for {what} at {_show(names, inputs)}", tol=1e-4, why=advice)


def _show(names, inputs):
    return ", ".join(f"{n}={x:.4g}" for n, x in zip(names, inputs))


FACTOR = ("forgets to multiply by the output's gradient: a node hands each child its local "
          "gradient TIMES its own grad (self.grad += local * out.grad, or in a shared loop "
          "child.grad += local * v.grad)")
REPLACED = ("is used twice, yet it keeps only one share: the second share replaced the first. "
            "Accumulate with += (never =) in every backward step")


def _t(x):
    """A number as a term of a formula: negative ones in parentheses."""
    return f"({_f(x)})" if x < 0 else _f(x)


def in_graph(learner, op, name, local, h_value, rng):
    """h is computed (h = a * b + a) and used twice: L = (op(h) * c + h) * d.

    The node p = op(h) * c + h uses h too and sits above op(h), so it hands h its share first
    in every topological order. h.grad must be d * (local * c + 1); the slips are named when
    they match exactly: the local gradient not multiplied by out.grad (h gets local + d), or
    = instead of += (the share of op(h), local * c * d, replaces the one from p). Returns None
    when h.grad is right, else (the start of a message, h.grad, h's data, c, d)."""
    c, d = _draw(rng, -2.5, 2.5), _draw(rng, -2.5, 2.5)
    b = _draw(rng, 0.3, 2.0)
    a = h_value / (b + 1.0)
    what = f"h = a*b + a; L = ({name} * {_t(c)} + h) * {_t(d)}"
    A, B = leaves_of(learner, [a, b])
    H = attempt("h = a*b + a", lambda: A * B + A)
    hv = data_of(H, "h")
    top = attempt(name, lambda: op(H))
    close(data_of(top, name), op(hv), f"({name}).data at h = {_f(hv)}")
    out = attempt(what, lambda: (top * c + H) * d)
    backward(out, what)
    g = grad_of(H, "h")
    k = local(hv, op(hv))
    want = d * (k * c + 1)
    if _same(g, want, 1e-7):
        return None
    start = (f"h.grad for {what} at a={_f(a)}, b={_f(b)} (h = {_f(hv)}) should be "
             f"{_f(want)}, but your code gives {_f(g)}")
    if _same(g, k + d) and not _same(c * d, 1.0):
        raise CheckFailed(f"{start} = {_f(k)} + {_f(d)}: {name} hands h its local gradient "
                          f"{_f(k)} unmultiplied. It {FACTOR}; here out.grad is {_f(c * d)}.")
    if _same(g, k * c * d) and not _same(d, 0.0):
        raise CheckFailed(f"{start}, only the share from {name} ({_f(k * c * d)}), not the "
                          f"{_f(d)} from the + above it: h {REPLACED}.")
    return start, g, hv, c, d


@check("a Value holds its data and a grad of 0",
       "A new Value holds its number, and no gradient has flowed back into it yet.",
       "In __init__: self.data = data and self.grad = 0.")
def basics(learner):
    rng = inputs("basics")
    for x in (2.5, _draw(rng, -5, 5)):
        (v,) = leaves_of(learner, [x])
        close(data_of(v, f"Value({x})"), x, f"Value({x}).data")
        close(grad_of(v, f"Value({x})"), 0.0, f"Value({x}).grad before any backward()")


@check("backward() seeds the output with 1",
       "The sweep starts from the output: how much does L change when L changes?",
       "Set self.grad = 1 before walking the graph (dL/dL = 1).")
def seeds(learner):
    (single,) = leaves_of(learner, [3.0])
    backward(single, "Value(3.0)")
    close(grad_of(single, "L"), 1.0, "After L = Value(3.0); L.backward(), L.grad",
          why="backward() must seed the output's grad with 1 (dL/dL = 1).")
    out, (ga, gb) = grads_of(learner, lambda a, b: a + b, [2.0, -3.0], "a + b")
    close(grad_of(out, "L"), 1.0, "After L = a + b; L.backward(), L.grad",
          why="backward() must seed the output's grad with 1 (dL/dL = 1).")
    if ga == 0.0 and gb == 0.0:
        raise CheckFailed("After (a + b).backward() every grad is still 0: seed the output's "
                          "grad with 1 before the sweep, or nothing flows back.")
    close(ga, 1.0, "a.grad for L = a + b")
    close(gb, 1.0, "b.grad for L = a + b")


@check("gradients flow back through a chain, output first",
       "A node may pass its grad on only once that grad is complete.",
       "Walk the topological order in reverse, from the output back to the inputs: "
       "for v in reversed(topo): ...")
def chain_order(learner):
    rng = inputs("chain")
    x0, c1, c2, c3 = (_draw(rng, -3, 3) for _ in range(4))
    what = f"L = ((x + {_t(c1)}) + {_t(c2)}) + {_t(c3)}"
    out, (gx,) = grads_of(learner, lambda x: ((x + c1) + c2) + c3, [x0], what)
    if gx == 0.0:
        raise CheckFailed(f"x.grad stayed 0 for {what}: the output's gradient never reached x. "
                          "backward() must visit every node, from the output back to the inputs "
                          "(the topological order reversed), so that each node passes its grad "
                          "on once it is complete.")
    close(gx, 1.0, f"x.grad for {what} at x={_f(x0)}")


@check("addition hands its gradient to both inputs",
       "a + b hands its output's gradient to both inputs unchanged: local gradient 1, times "
       "out.grad.",
       "self.grad += out.grad and other.grad += out.grad: += (a value may be used twice) and "
       "times out.grad (the gradient arriving at the +).")
def add_sub(learner):
    rng = inputs("add")
    a, b = _draw(rng, -3, 3), _draw(rng, -3, 3)
    at = f"a={_f(a)}, b={_f(b)}"
    # a is used twice: (a + b) + a. Only = instead of += makes a.grad 1 here.
    out, (ga, gb) = grads_of(learner, lambda a, b: (a + b) + a, [a, b], "(a + b) + a")
    if ga == 1.0 and gb == 1.0:
        raise CheckFailed(f"a.grad for L = (a + b) + a at {at} should be 2, but your code gives "
                          f"1: a {REPLACED}.")
    close(ga, 2.0, f"a.grad for L = (a + b) + a at {at}")
    close(gb, 1.0, f"b.grad for L = (a + b) + a at {at}")
    # s = a + b gets out.grad 2 from L = s + s; a and b must get 2, not 1.
    A, B = leaves_of(learner, [a, b])
    S = attempt("s = a + b", lambda: A + B)
    L = attempt("L = s + s", lambda: S + S)
    backward(L, "s + s")
    gs, ga = grad_of(S, "s"), grad_of(A, "a")
    if gs == 1.0:
        raise CheckFailed(f"s.grad for s = a + b; L = s + s should be 2, but your code gives 1: "
                          f"s {REPLACED}.")
    close(gs, 2.0, "s.grad for s = a + b; L = s + s")
    if ga == 1.0:
        raise CheckFailed(f"a.grad for s = a + b; L = s + s at {at} should be 2 (s.grad is 2), "
                          f"but your code gives 1: the + {FACTOR}.")
    close(ga, 2.0, f"a.grad for s = a + b; L = s + s at {at}")


@check("multiplication gives each factor the other factor",
       "d(a*b)/da is b, not a: each factor's gradient is the OTHER factor.",
       "self.grad += other.data * out.grad and other.grad += self.data * out.grad: += (a may "
       "be used twice) and times out.grad.")
def mul_div(learner):
    rng = inputs("mul")
    a, b = _draw(rng, -2.5, 2.5), _draw(rng, -2.5, 2.5)
    at = f"a={_f(a)}, b={_f(b)}"
    out, (ga, gb) = grads_of(learner, lambda a, b: a * b, [a, b], "a * b")
    if _same(ga, a) and _same(gb, b):
        raise CheckFailed(f"a.grad for L = a * b at {at} should be b = {_f(b)}, but your code "
                          f"gives a = {_f(a)}: the product rule is swapped. Each factor gets the "
                          f"OTHER factor's data: self.grad += other.data * out.grad.")
    close(ga, b, f"a.grad for L = a * b at {at}")
    close(gb, a, f"b.grad for L = a * b at {at}")
    # The lesson's worked example, a used twice: a = 2, b = 3, L = a*b + a.
    out, (ga, gb) = grads_of(learner, lambda a, b: a * b + a, [2.0, 3.0], "a * b + a")
    if ga in (1.0, 3.0):
        raise CheckFailed(f"For a=2, b=3, L = a*b + a, a.grad is {ga:g} but should be 4: a is "
                          "used twice, so the two paths (3 through a*b, 1 directly) must ADD. "
                          "Use += in the backward steps, not =.")
    close(ga, 4.0, "a.grad for L = a*b + a at a=2, b=3")
    close(gb, 2.0, "b.grad for L = a*b + a at a=2, b=3")
    out, (ga,) = grads_of(learner, lambda a: a * a, [a], "a * a")
    if _same(ga, a):
        raise CheckFailed(f"a.grad for L = a * a at a={_f(a)} should be 2a = {_f(2 * a)}, but "
                          f"your code gives {_f(ga)}: a {REPLACED}.")
    close(ga, 2 * a, f"a.grad for L = a * a at a={_f(a)}")
    # p = a * b gets out.grad 2 from L = p + p.
    A, B = leaves_of(learner, [a, b])
    P = attempt("p = a * b", lambda: A * B)
    L = attempt("L = p + p", lambda: P + P)
    backward(L, "p + p")
    ga = grad_of(A, "a")
    if _same(ga, b):
        raise CheckFailed(f"a.grad for p = a * b; L = p + p at {at} should be 2b = {_f(2 * b)} "
                          f"(p.grad is 2), but your code gives b = {_f(b)}: the * {FACTOR}.")
    close(ga, 2 * b, f"a.grad for p = a * b; L = p + p at {at}")


def _power_slip(k):
    def local(h, out):
        return k * h ** (k - 1)
    return local


@check("powers have the right gradient",
       "The power rule: bring the power down in front, and lower it by one.",
       "d(a**k)/da = k * a**(k-1): in __pow__, self.grad += k * self.data ** (k - 1) * out.grad "
       "(or store k * self.data ** (k - 1) as the local gradient).")
def powers(learner):
    rng = inputs("pow")
    for k in (2, 3, -1, 0.5, 1.5):
        h = _draw(rng, 0.3, 2.5)
        found = in_graph(learner, lambda x, k=k: x ** k, f"h ** {k}", _power_slip(k), h, rng)
        if found:
            start, g, hv, c, d = found
            if _same(g, d * (k * hv ** k * c + 1), 1e-7):
                raise CheckFailed(f"{start}. The power rule: d(h**{k})/dh = {k} * h**{k - 1}, "
                                  f"one power lower; your code uses {k} * h**{k}.")
            raise CheckFailed(f"{start}. The power rule: d(h**{k})/dh = {k} * h**{k - 1}.")


NONLINEAR = (
    ("h.tanh()", tanh, lambda h, t: 1 - t * t,
     lambda h, t: 1 - h * h, "tanh's local gradient is 1 - t**2 with t = tanh(h) the OUTPUT, "
                             "not 1 - h**2 of the input"),
    ("h.exp()", exp, lambda h, e: e,
     lambda h, e: h * _exp(h - 1), "exp's local gradient is its output, out.data (e**h moves "
                                   "exactly as fast as it is), not h * e**(h-1)"),
)


@check("tanh, relu and exp have the right gradients",
       "tanh' = 1 - tanh(a)**2 (of the OUTPUT), exp' = exp(a), relu' = 1 if a > 0 else 0.",
       "relu's gradient is 0 at 0 and below: test the input (self.data > 0), and remember "
       "that relu's output is never negative.")
def nonlinear(learner):
    rng = inputs("nonlinear")
    for name, op, local, wrong, advice in NONLINEAR:
        for h in (_draw(rng, -1.8, -0.3), _draw(rng, 0.3, 1.8)):
            found = in_graph(learner, op, name, local, h, rng)
            if found:
                start, g, hv, c, d = found
                if _same(g, d * (wrong(hv, op(hv)) * c + 1), 1e-7):
                    raise CheckFailed(f"{start}: {advice}.")
                raise CheckFailed(f"{start}.")
    for h in (round(rng.uniform(0.1, 0.9), 3), _draw(rng, 1.2, 2.5), -_draw(rng, 0.3, 2.0), 0.0):
        found = in_graph(learner, relu, "h.relu()", lambda h, o: 1.0 if h > 0 else 0.0, h, rng)
        if found:
            start, g, hv, c, d = found
            if h <= 0 and _same(g, d * (c + 1), 1e-7):
                where = "at 0" if h == 0 else "for a negative input"
                raise CheckFailed(f"{start}: relu passes the gradient where a > 0 and blocks it "
                                  f"where a <= 0, so {where} its local gradient is 0, but your "
                                  f"code passes it on. Test the input, self.data > 0 (relu's "
                                  f"output is never negative, so out.data >= 0 is always true).")
            raise CheckFailed(f"{start}: relu's local gradient is 1 where its input is > 0, "
                              f"else 0.")


@check("a node reused by two others is processed once",
       "If the topological sort can reach a node twice, it must still list it once.",
       "Keep a set of visited nodes in the topological sort: if v not in visited: "
       "visited.add(v), build each child, then topo.append(v).")
def visits_once(learner):
    rng = inputs("visits")
    x0, u, w = _draw(rng, 0.5, 1.5), _draw(rng, 0.5, 2.0), _draw(rng, 1.5, 3.0)

    def diamond(x):
        h = x * x  # h feeds both p and q
        return (h + u) * (h * w)
    what = f"h = x*x; L = (h + {_f(u)}) * (h * {_f(w)})"
    out, (gx,) = grads_of(learner, diamond, [x0], what)
    want = expected_grads(diamond, [x0])[0]
    h = x0 * x0
    p, q = h + u, h * w
    from_p, from_q = q, w * p  # the shares h gets from its two parents
    twice = [2 * x0 * (from_p + from_q + first) for first in (from_p, from_q)]
    if any(_same(gx, t, 1e-7) for t in twice):
        raise CheckFailed(f"x.grad for {what} at x={_f(x0)} is {gx:.5g} but should be "
                          f"{want:.5g}: too large. The node h = x*x is used by two others, and "
                          "your topological order lists it twice: its backward step runs twice, "
                          "the first time before both of its parents have added their share, so "
                          "it is processed twice and x gets too much (not exactly double). Keep "
                          "a visited set so each node appears once.")
    close(gx, want, f"x.grad for {what} at x={_f(x0)}", tol=1e-4)


class _TooMuchWork(BaseException):
    """Raised inside learner code once backward() has touched the deep graph's input too often."""


@check("backward() sorts the graph once, however many paths it has",
       "A graph where one value is reused at every level has more paths than any sweep could "
       "walk: sort the nodes once, then sweep each node once.",
       "Build the topological order with a visited set (each node once), then walk it in "
       "reverse, calling each node's backward step once; never recurse into children from "
       "backward() itself.")
def sorts_once(learner):
    Value = need(learner, "Value")
    rng = inputs("deep")
    touched, counting = [0], [False]

    class Counted(Value):  # the graph's input, which counts how often it is touched
        def __getattribute__(self, name):
            if counting[0]:
                touched[0] += 1
                if touched[0] > BUDGET:
                    raise _TooMuchWork
            return super().__getattribute__(name)

    x0 = _draw(rng, -1.5, 1.5)
    x = attempt(f"Value({x0})", Counted, x0)
    node = x
    for _ in range(DEPTH):
        w = round(rng.uniform(0.2, 0.8), 3)
        node = attempt("x * w + x * (1 - w)", lambda n=node, w=w: n * w + n * (1 - w))
    counting[0] = True
    try:
        backward(node, f"x reused at each of {DEPTH} levels")
    except _TooMuchWork:
        raise CheckFailed(
            f"backward() did not finish on a graph of about {5 * DEPTH} nodes where each level "
            f"uses the one below twice (x * w + x * (1 - w), {DEPTH} levels deep, so 2**{DEPTH} "
            f"paths lead from the output to x): it had touched x more than {BUDGET} times, "
            f"going down the graph path by path. Sort the nodes once (a topological sort with "
            f"a visited set) and sweep each node once: the work then grows with the number of "
            f"nodes, not of paths.") from None
    finally:
        counting[0] = False
    close(grad_of(x, "x"), 1.0, f"x.grad for that graph ({DEPTH} levels of "
                                "x * w + x * (1 - w)), which is 1")


@check("subtraction, negation, division and plain numbers on either side",
       "Build them from what you have: -a = a * -1, a - b = a + (-b), a / b = a * b**-1.",
       "2 * v calls int.__mul__ first, which gives up; Python then tries v.__rmul__(2).",
       "Define __radd__, __rsub__, __rmul__ and __rtruediv__.")
def reflected(learner):
    rng = inputs("reflected")
    n, v = _draw(rng, -3, 3), _draw(rng, 0.5, 2.5)
    a, b = _draw(rng, -2.5, 2.5), _draw(rng, 0.5, 2.5)
    compare(learner, lambda a, b: -(a - b) * 1.5 + a, [a, b], "-(a - b) * 1.5 + a", ["a", "b"])
    compare(learner, lambda a, b: (a / b) * 1.5 + a, [a, b], "(a / b) * 1.5 + a", ["a", "b"])
    cases = [
        (lambda v: n + v, f"{_f(n)} + v"), (lambda v: v + n, f"v + {_f(n)}"),
        (lambda v: n * v, f"{_f(n)} * v"), (lambda v: v * n, f"v * {_f(n)}"),
        (lambda v: n - v, f"{_f(n)} - v"), (lambda v: v - n, f"v - {_f(n)}"),
        (lambda v: n / v, f"{_f(n)} / v"), (lambda v: v / n, f"v / {_f(n)}"),
    ]
    for formula, what in cases:
        compare(learner, lambda v: formula(v) * 1.5, [v], f"({what}) * 1.5", ["v"])


@check("grads accumulate across backward() calls on graphs that share a leaf",
       "backward() adds into the grads that are there: what if a leaf already holds a gradient "
       "from an earlier call?",
       "Set only the output's grad (self.grad = 1) in backward(), never the other nodes': "
       "zeroing them is the training loop's job (train_step), not backward()'s.")
def across_calls(learner):
    (a,) = leaves_of(learner, [2.0])
    first = attempt("a * 3", lambda: a * 3.0)
    backward(first, "a * 3")
    close(grad_of(a, "a"), 3.0, "a.grad after (a * 3).backward()")
    second = attempt("a * a", lambda: a * a)
    backward(second, "a * a")
    close(grad_of(a, "a"), 7.0, "a.grad after (a * 3).backward() then (a * a).backward()",
          why="Gradients add up across backward() calls (3 + 4): never reset them inside "
              "backward().")


@check("backward() works on each graph, whatever else was built before or after it",
       "Which nodes belong to the graph of the output you call backward() on?",
       "backward() must find its graph by following the output's children, not from a record "
       "of everything computed so far (a global list or tape): build(self) over _prev or "
       "_children.")
def graphs_built_together(learner):
    (a,) = leaves_of(learner, [2.0])
    first = attempt("a * 3", lambda: a * 3.0)
    second = attempt("a * a", lambda: a * a)  # built before either backward() call
    backward(first, "a * 3")
    close(grad_of(a, "a"), 3.0, "a.grad after (a * 3).backward(), with a * a built too",
          why="Only the graph of a * 3 counts here; a * a is not part of it.")
    backward(second, "a * a")
    close(grad_of(a, "a"), 7.0, "a.grad after (a * a).backward(), both graphs built before "
                                "either call",
          why="The second graph was made before the first backward() call and must still get "
              "its gradients: walk the output's children, do not sweep (and then forget) a "
              "global tape of every Value made.")


@check("a tiny neural network gets every weight's gradient",
       "Everything above, together: a 2-3-1 tanh network with a squared-error loss.",
       "If only this check fails, compare one weight's gradient with a nudge of that weight: "
       "the first check above that fails names the operation to fix.")
def tiny_net(learner):
    rng = inputs("net")
    weights = [round(rng.uniform(-1, 1), 3) for _ in range(13)]
    x1, x2, target = 0.5, -1.2, 0.3

    def loss(*w):
        hidden = [tanh(w[3 * i] * x1 + w[3 * i + 1] * x2 + w[3 * i + 2]) for i in range(3)]
        out = hidden[0] * w[9] + hidden[1] * w[10] + hidden[2] * w[11] + w[12]
        return (out - target) ** 2

    out, got = grads_of(learner, loss, weights, "the network's loss")
    close(data_of(out, "the loss"), loss(*weights), "the loss's data")
    for i, (g, want) in enumerate(zip(got, expected_grads(loss, weights))):
        close(g, want, f"the gradient of weight {i + 1}", tol=1e-4)
    expect(len(got) == 13, "every weight should get a gradient")


# -- part 3: closing the loop, one training step ---------------------------------------------

def _line(rng):
    """A line w*x + b to fit to three points, a start (w, b) and a learning rate."""
    points = [(_draw(rng, -2.0, 2.0), round(rng.uniform(-2.0, 2.0), 3)) for _ in range(3)]
    return points, _draw(rng, -1.5, 1.5), _draw(rng, -1.5, 1.5), round(rng.uniform(0.02, 0.06), 3)


def _line_loss(w, b, points):
    """sum of (w*x + b - y)**2, on plain floats or on learner Values."""
    total = None
    for x, y in points:
        term = (w * x + b - y) ** 2
        total = term if total is None else total + term
    return total


def _line_grads(w, b, points):
    return (sum(2 * (w * x + b - y) * x for x, y in points),
            sum(2 * (w * x + b - y) for x, y in points))


def _step(learner, params, loss_fn, lr, what):
    """Call the learner's train_step; return the loss number it gives."""
    train_step = need(learner, "train_step")
    got = attempt(what, train_step, params, loss_fn, lr)
    if type(got) is need(learner, "Value"):
        raise CheckFailed(f"`{what}` returned the loss as a Value: return its number, "
                          "loss.data, so a training loop can print it.")
    return number(got, f"the loss `{what}` returns")


def _line_shown(points, lr):
    pts = ", ".join(f"({_f(x)}, {_f(y)})" for x, y in points)
    return f"the loss sum of (w*x + b - y)**2 over the points {pts}, lr = {_f(lr)}"


@check("one training step: zero, forward, backward, then each parameter moves downhill",
       "A step is four lines: zero the grads, loss = loss_fn(), loss.backward(), update.",
       "The gradient points uphill (the way the loss grows): move each parameter the other "
       "way, by lr times its gradient.",
       "for p in params: p.data -= lr * p.grad, after loss.backward(); return loss.data.")
def one_step(learner):
    rng = inputs("one step")
    points, w0, b0, lr = _line(rng)
    w, b = leaves_of(learner, [w0, b0])
    shown = f"w = {_f(w0)}, b = {_f(b0)} and {_line_shown(points, lr)}"
    loss = _step(learner, [w, b], lambda: _line_loss(w, b, points), lr,
                 "train_step([w, b], loss_fn, lr)")
    close(loss, _line_loss(w0, b0, points), f"The loss train_step returns for {shown}",
          why="Return the loss of this step's forward pass (loss.data), before the update.")
    for leaf, name, start, g in zip((w, b), "wb", (w0, b0), _line_grads(w0, b0, points)):
        moved = data_of(leaf, name)
        if _same(moved, start - lr * g, 1e-7):
            continue
        if _same(moved, start) and grad_of(leaf, name) == 0.0:
            raise CheckFailed(f"{name} stayed at {_f(start)} after one step on {shown}, and its "
                              f"grad is 0: call loss.backward() on the loss you built, then "
                              f"update.")
        if _same(moved, start + lr * g) and g != 0:
            up = _line_loss(w0 + lr * (g if name == "w" else 0), b0 + lr * (g if name == "b" else 0),
                            points)
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, WITH its gradient "
                              f"{_f(g)} (start + lr * grad): that climbs, and the loss would go "
                              f"up from {_f(loss)} to {_f(up)}. Step against the gradient: "
                              f"p.data -= lr * p.grad.")
        if _same(moved, start - g) and not _same(lr, 1.0):
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, a whole gradient "
                              f"({_f(g)}) at once: scale the step by the learning rate, "
                              f"p.data -= lr * p.grad, with lr = {_f(lr)}.")
        close(moved, start - lr * g, f"{name}.data after one step, for {shown}",
              why=f"Its gradient there is {_f(g)}: it should move by -lr * grad.")


@check("each training step starts from zeroed gradients",
       "backward() only ever adds into .grad. What is still in p.grad from the last step?",
       "Zero every parameter's grad in each step, before loss.backward(): "
       "for p in params: p.grad = 0.")
def zeroes_each_step(learner):
    rng = inputs("zeroes")
    points, w0, b0, lr = _line(rng)
    w, b = leaves_of(learner, [w0, b0])
    shown = _line_shown(points, lr)
    right, piled = [w0, b0], [w0, b0]  # float trajectories: zeroing each step, and not
    total = [0.0, 0.0]
    for k in (1, 2, 3):
        _step(learner, [w, b], lambda: _line_loss(w, b, points), lr,
              f"train_step([w, b], loss_fn, lr), step {k}")
        fresh, pile = _line_grads(right[0], right[1], points), _line_grads(piled[0], piled[1], points)
        before = total
        total = [t + g for t, g in zip(total, pile)]
        right = [p - lr * g for p, g in zip(right, fresh)]
        piled = [p - lr * t for p, t in zip(piled, total)]
        got = [data_of(w, "w"), data_of(b, "b")]
        if k > 1 and all(_same(x, y, 1e-7) for x, y in zip(got, piled)) \
                and not _same(piled[0], right[0], 1e-7):
            raise CheckFailed(
                f"After step {k} of train_step on {shown}, starting at w = {_f(w0)}, b = "
                f"{_f(b0)}, w is {_f(got[0])}, but it should be {_f(right[0])}. Step {k} moved w "
                f"by -lr * {_t(total[0])}, and {_f(total[0])} = {_f(before[0])} (left in w.grad "
                f"from the steps before) + {_t(pile[0])} (this step's gradient): the gradients "
                f"pile up, because backward() adds into .grad, so every step moves by the sum "
                f"of all gradients so far. Zero every p.grad in each step, before "
                f"loss.backward().")
        for value, name, want in zip(got, "wb", right):
            close(value, want, f"{name}.data after step {k} on {shown}")


# -- part 4: a neuron, a layer, a network (micrograd's nn.py) --------------------------------

def _values(learner, got, what):
    """A learner list of Values (a parameters() list, a layer's outputs), as a list."""
    Value = need(learner, "Value")
    items = attempt(f"listing {what}", list, got)
    for item in items:
        if type(item) is not Value:
            raise CheckFailed(f"{what} should hold Values, but one item is a "
                              f"{type(item).__name__}.")
    return items


def _params(learner, model, what):
    method = attempt(f"reading {what}.parameters", getattr, model, "parameters")
    return _values(learner, attempt(f"{what}.parameters()", method), f"{what}.parameters()")


def _set(params, numbers):
    for p, x in zip(params, numbers):
        attempt("setting a parameter's .data", setattr, p, "data", x)


def _net(flat, sizes, x):
    """The float network: per layer, per neuron, its weights then its bias; tanh everywhere."""
    i = 0
    for nin, nout in zip(sizes, sizes[1:]):
        out = []
        for _ in range(nout):
            act = flat[i + nin]
            for wj, xj in zip(flat[i:i + nin], x):
                act += wj * xj
            out.append(_tanh(act))
            i += nin + 1
        x = out
    return x


def _count(sizes):
    return sum((nin + 1) * nout for nin, nout in zip(sizes, sizes[1:]))


@check("a Neuron computes tanh(w·x + b) from its weights and its bias",
       "A neuron weighs each input, adds them up with its bias, and squashes the sum with "
       "tanh. Build it from the Values self.w and self.b, so gradients can reach them.",
       "__call__: act = self.b, then act = act + wi * xi for each pair in zip(self.w, x); "
       "return act.tanh(). parameters(): return self.w + [self.b].")
def neuron(learner):
    Neuron = need(learner, "Neuron")
    rng = inputs("neuron")
    wide = attempt("Neuron(60)", Neuron, 60)
    start = [data_of(p, "a parameter of Neuron(60)") for p in _params(learner, wide, "Neuron(60)")]
    expect(len(start) == 61, f"Neuron(60).parameters() should list its 60 weights and then its "
                             f"bias, 61 Values, but it lists {len(start)}.")
    expect(start[-1] == 0.0 and all(-1.0 <= x <= 1.0 for x in start) and min(start) < -0.5 < 0.5
           < max(start), "A new Neuron's weights should start random in [-1, 1] and its bias "
                         "at 0, as the given __init__ makes them.")
    n = attempt("Neuron(3)", Neuron, 3)
    params = _params(learner, n, "Neuron(3)")
    if len(params) == 3:
        raise CheckFailed("Neuron(3).parameters() lists 3 Values, the weights only: add the "
                          "bias, self.w + [self.b], or training can never move it.")
    expect(len(params) == 4, f"Neuron(3).parameters() should list 3 weights and a bias, 4 "
                             f"Values, but it lists {len(params)}.")
    ws, bias = [_draw(rng, -1.0, 1.0) for _ in range(3)], _draw(rng, -1.0, 1.0)
    xs = [_draw(rng, -2.0, 2.0) for _ in range(3)]
    _set(params, ws + [bias])
    raw = sum(w * x for w, x in zip(ws, xs)) + bias
    shown = f"weights {', '.join(map(_f, ws))}, bias {_f(bias)} and x = {', '.join(map(_f, xs))}"
    out = attempt("Neuron(3)(x)", n, xs)
    expect(type(out) is need(learner, "Value"), "A neuron's output should be a Value.")
    got = data_of(out, "the neuron's output")
    if _same(got, raw):
        raise CheckFailed(f"The neuron's output with {shown} is {_f(got)}, the sum w·x + b "
                          f"itself: squash it with tanh, return act.tanh().")
    if _same(got, _tanh(raw - bias)):
        raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = tanh(w·x), without "
                          f"the bias {_f(bias)}: add self.b to the sum.")
    close(got, _tanh(raw), f"The neuron's output with {shown}, tanh(w·x + b),",
          why="parameters() lists the weights first, then the bias.")
    backward(out, "the neuron's output")
    slope_out = 1 - _tanh(raw) ** 2
    for i, (p, want) in enumerate(zip(params, [slope_out * x for x in xs] + [slope_out])):
        name = f"weight {i + 1}" if i < 3 else "the bias"
        close(grad_of(p, name), want, f"The gradient of {name} after backward(), with {shown}",
              why="Build the output from the parameter Values themselves (wi * xi), not from "
                  "their .data, or no gradient can reach them.")


@check("an MLP runs its layers in order, and parameters() lists every weight and bias",
       "Each layer's output list is the next layer's input; the parameters of a network are "
       "those of all its neurons.",
       "Layer: outs = [n(x) for n in self.neurons], return outs[0] if there is one, else outs; "
       "parameters(): [p for n in self.neurons for p in n.parameters()]. MLP: for layer in "
       "self.layers: x = layer(x); parameters(): every layer's, in order.")
def mlp(learner):
    MLP = need(learner, "MLP")
    rng = inputs("mlp")
    for sizes in ([3, 4, 2], [2, 3, 1]):
        what = f"MLP({sizes[0]}, {sizes[1:]})"
        net = attempt(what, MLP, sizes[0], sizes[1:])
        params = _params(learner, net, what)
        weights, want = _count(sizes) - sum(sizes[1:]), _count(sizes)
        if len(params) == weights:
            raise CheckFailed(f"{what}.parameters() lists {weights} Values: the weights, but "
                              f"none of the {sum(sizes[1:])} biases (one per neuron), so "
                              f"training could never move them. Collect each neuron's "
                              f"parameters() (its weights and its bias).")
        expect(len(params) == want, f"{what}.parameters() should list {want} Values (every "
                                    f"neuron's weights and bias), but it lists {len(params)}.")
        expect(len({id(p) for p in params}) == want, f"{what}.parameters() lists a Value twice.")
        flat = [round(rng.uniform(-1.0, 1.0), 3) for _ in range(want)]
        xs = [_draw(rng, -2.0, 2.0) for _ in range(sizes[0])]
        _set(params, flat)
        wanted = _net(flat, sizes, xs)
        got = attempt(f"{what}(x)", net, xs)
        shown = f"{what}(x) with x = {', '.join(map(_f, xs))}"
        if sizes[-1] == 1:
            if type(got) is not need(learner, "Value"):
                raise CheckFailed(f"{shown} should give one Value, as its last layer has one "
                                  f"neuron, but it gives a {type(got).__name__}: a Layer of "
                                  f"one neuron returns that neuron's Value, outs[0].")
            got = [got]
        else:
            got = _values(learner, got, shown)
            expect(len(got) == sizes[-1], f"{shown} should give a list of {sizes[-1]} Values, "
                                          f"one per neuron of its last layer, but it gives "
                                          f"{len(got)}.")
        for i, (out, want_out) in enumerate(zip(got, wanted)):
            close(data_of(out, f"output {i + 1}"), want_out, f"Output {i + 1} of {shown}",
                  why="Feed each layer's outputs to the next layer, in order (parameters() "
                      "goes layer by layer, neuron by neuron).")
    backward(got[0], f"the output of {what}")
    for i, p in enumerate(params):
        want_g = slope(lambda t: _net(flat[:i] + [t] + flat[i + 1:], sizes, xs)[0], flat[i])
        close(grad_of(p, f"parameter {i + 1}"), want_g, f"The gradient of parameter {i + 1} of "
              f"{what} after backward() on its output, x = {', '.join(map(_f, xs))}", tol=1e-4)


@check("train_step trains your MLP: the loss falls, step by step",
       "Everything together: an MLP, a loss over a few points, and your train_step in a loop.",
       "The loss is built afresh from the network in each step: "
       "train_step(net.parameters(), lambda: sum((net(x) - y)**2 ...), lr).")
def trains_mlp(learner):
    MLP = need(learner, "MLP")
    rng = inputs("trains")
    sizes, lr = [2, 3, 1], 0.05
    data = [([_draw(rng, -1.5, 1.5), _draw(rng, -1.5, 1.5)], y) for y in (0.5, -0.5, 0.5)]
    net = attempt("MLP(2, [3, 1])", MLP, 2, [3, 1])
    params = _params(learner, net, "MLP(2, [3, 1])")
    expect(len(params) == _count(sizes), "MLP(2, [3, 1]).parameters() should list 13 Values.")
    flat = [round(rng.uniform(-1.0, 1.0), 3) for _ in params]
    _set(params, flat)

    def loss_fn():
        total = None
        for x, y in data:
            term = (net(x) - y) ** 2
            total = term if total is None else total + term
        return total

    def plain(ps):
        return sum((_net(ps, sizes, x)[0] - y) ** 2 for x, y in data)

    losses = []
    for k in range(1, 5):
        got = _step(learner, params, loss_fn, lr, f"train_step(net.parameters(), loss_fn, "
                                                  f"{lr}), step {k}")
        want = plain(flat)
        close(got, want, f"The loss train_step returns at step {k} of training MLP(2, [3, 1]) "
                         f"on 3 points", tol=1e-4)
        losses.append(got)
        grads = [slope(lambda t: plain(flat[:i] + [t] + flat[i + 1:]), flat[i])
                 for i in range(len(flat))]
        flat = [p - lr * g for p, g in zip(flat, grads)]
    expect(losses[-1] < losses[0], f"The loss should fall while training, but it went from "
                                   f"{_f(losses[0])} to {_f(losses[-1])}.")
