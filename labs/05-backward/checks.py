"""Hidden checks for lab 5: the full Value contract, including backward().

Only public behaviour is used (Value(x), .data, .grad, operators, .relu/.tanh/.exp,
.backward()), so micrograd's closures and microgpt's stored local gradients both pass.
Expected gradients come from plain-float formulas and from nudging the inputs (slope).
"""

import math
import random

from grader.core.checks import CheckFailed, attempt, check, close, expect, need, number, slope


# -- helpers: one formula, evaluated on learner Values or on plain floats -------------------

def tanh(x):
    return math.tanh(x) if type(x) is float else x.tanh()


def relu(x):
    return max(x, 0.0) if type(x) is float else x.relu()


def exp(x):
    return math.exp(x) if type(x) is float else x.exp()


def grads_of(learner, formula, inputs, what):
    """Run formula on learner Values built from inputs, call backward, return (out, grads)."""
    Value = need(learner, "Value")
    leaves = [attempt(f"Value({x!r})", Value, x) for x in inputs]
    out = attempt(what, formula, *leaves)
    attempt(f"({what}).backward()", out.backward)
    return out, [number(v.grad, f"the grad of input {i + 1}") for i, v in enumerate(leaves)]


def expected_grads(formula, inputs):
    def at(i):
        return lambda x: formula(*(inputs[:i] + [x] + inputs[i + 1:]))
    return [slope(at(i), inputs[i]) for i in range(len(inputs))]


def compare(learner, formula, inputs, what, names, advice=""):
    out, got = grads_of(learner, formula, inputs, what)
    close(out.data, formula(*inputs), f"({what}).data")
    for name, g, want in zip(names, got, expected_grads(formula, inputs)):
        close(g, want, f"{name}.grad for {what} at {_show(names, inputs)}", tol=1e-4, why=advice)


def _show(names, inputs):
    return ", ".join(f"{n}={x:.3g}" for n, x in zip(names, inputs))


# -- checks ---------------------------------------------------------------------------------

@check("a Value holds its data and a grad of 0",
       "Value(x) should store x in .data and start .grad at 0.")
def basics(learner):
    Value = need(learner, "Value")
    v = attempt("Value(2.5)", Value, 2.5)
    close(v.data, 2.5, "Value(2.5).data")
    close(v.grad, 0.0, "Value(2.5).grad before any backward()")


@check("backward() seeds the output with 1",
       "The sweep starts from the output: how much does L change when L changes?",
       "Set self.grad = 1 before walking the graph (dL/dL = 1).")
def seeds(learner):
    Value = need(learner, "Value")
    single = attempt("Value(3.0)", Value, 3.0)
    attempt("Value(3.0).backward()", single.backward)
    close(single.grad, 1.0, "After L = Value(3.0); L.backward(), L.grad",
          why="backward() must seed the output's grad with 1 (dL/dL = 1).")
    out, (ga, gb) = grads_of(learner, lambda a, b: a + b, [2.0, -3.0], "a + b")
    close(out.grad, 1.0, "After L = a + b; L.backward(), L.grad",
          why="backward() must seed the output's grad with 1 (dL/dL = 1).")
    if ga == 0.0 and gb == 0.0:
        raise CheckFailed("After (a + b).backward() every grad is still 0: seed the output's "
                          "grad with 1 before the sweep, or nothing flows back.")
    close(ga, 1.0, "a.grad for L = a + b")
    close(gb, 1.0, "b.grad for L = a + b")


@check("gradients flow back through a chain, output first",
       "A node may pass its grad on only once that grad is complete.",
       "Walk the topological order in reverse: from the output back to the inputs.")
def chain_order(learner):
    out, (gx,) = grads_of(learner, lambda x: ((x * 2.0) * 3.0 + 1.0) * 0.5, [1.5],
                          "((x * 2) * 3 + 1) * 0.5")
    if gx == 0.0:
        raise CheckFailed("x.grad stayed 0 for L = ((x * 2) * 3 + 1) * 0.5. The sweep must go "
                          "from the output back to the inputs (reversed topological order), so "
                          "each node's grad is complete before it is passed on.")
    close(gx, 3.0, "x.grad for L = ((x * 2) * 3 + 1) * 0.5",
          why="Check the order of the sweep: children after parents.")


@check("a value used twice adds both paths (+=)",
       "When a value feeds two places, its gradient is the sum over both paths.",
       "In every backward step use child.grad += ..., never child.grad = ...")
def accumulates(learner):
    out, (ga, gb) = grads_of(learner, lambda a, b: a * b + a, [2.0, 3.0], "a * b + a")
    if ga in (1.0, 3.0):
        raise CheckFailed(f"For a=2, b=3, L = a*b + a, a.grad is {ga:g} but should be 4: a is "
                          "used twice, so the two paths (3 through a*b, 1 directly) must ADD. "
                          "Use += in the backward steps, not =.")
    close(ga, 4.0, "a.grad for L = a*b + a at a=2, b=3")
    close(gb, 2.0, "b.grad for L = a*b + a at a=2, b=3")
    compare(learner, lambda a: a * a, [1.7], "a * a", ["a"],
            advice="a * a uses a twice: d(a*a)/da = 2a.")
    compare(learner, lambda a: a + a, [0.4], "a + a", ["a"],
            advice="a + a uses a twice: d(a+a)/da = 2.")


@check("a node reused by two others is processed once",
       "If the topological sort can reach a node twice, it must still list it once.",
       "Keep a set of visited nodes in the topological sort.")
def visits_once(learner):
    def diamond(x):
        h = x * x  # h feeds both p and q
        return (h + 1.0) * (h * 2.0)
    out, (gx,) = grads_of(learner, diamond, [1.2], "h = x*x; (h + 1) * (h * 2)")
    want = expected_grads(diamond, [1.2])[0]
    if gx > want + 1e-3:
        raise CheckFailed(f"x.grad is {gx:.5g} but should be {want:.5g}: too large. The node "
                          "h = x*x is used by two others; when the topological sort lists it "
                          "twice, its backward step runs twice and processed twice means counted "
                          "twice. Keep a visited set so each node appears once.")
    close(gx, want, "x.grad for h = x*x; L = (h + 1) * (h * 2) at x=1.2", tol=1e-4)


@check("addition, subtraction and negation have the right gradients",
       "d(a+b)/da = 1 and d(a-b)/db = -1.")
def add_sub(learner):
    compare(learner, lambda a, b: a + b - a * 0.5, [0.3, -1.1], "a + b - a * 0.5", ["a", "b"])
    compare(learner, lambda a, b: -(a - b), [0.7, 2.0], "-(a - b)", ["a", "b"])


@check("multiplication and division have the right gradients",
       "d(a*b)/da is b, not a: each factor's gradient is the OTHER factor.",
       "a / b is a * b**-1.")
def mul_div(learner):
    rng = random.Random(5)
    for _ in range(3):
        a, b = rng.uniform(-2, 2), rng.uniform(0.5, 2)
        compare(learner, lambda a, b: a * b, [a, b], "a * b", ["a", "b"],
                advice="The product rule gives each factor the OTHER factor's data.")
        compare(learner, lambda a, b: a / b, [a, b], "a / b", ["a", "b"])


@check("powers have the right gradient",
       "d(a**k)/da = k * a**(k-1).")
def powers(learner):
    for a, k in ((1.3, 3), (0.8, 2.5), (1.7, -1), (2.0, 0.5)):
        compare(learner, lambda x, k=k: x ** k, [a], f"a ** {k}", ["a"],
                advice=f"The power rule: d(a**{k})/da = {k} * a**{k - 1}.")


@check("tanh, relu and exp have the right gradients",
       "tanh' = 1 - tanh(a)**2 (of the OUTPUT), exp' = exp(a), relu' = 1 if a > 0 else 0.")
def nonlinear(learner):
    for a in (-1.3, 0.4, 1.9):
        compare(learner, tanh, [a], "a.tanh()", ["a"],
                advice="d tanh(a)/da = 1 - tanh(a)**2, using the output t = tanh(a).")
        compare(learner, exp, [a], "a.exp()", ["a"], advice="d exp(a)/da = exp(a).")
        compare(learner, lambda x: relu(x) * 3.0, [a], "a.relu() * 3", ["a"],
                advice="relu passes the gradient where a > 0 and blocks it where a < 0.")


@check("plain numbers work on either side",
       "2 * v calls int.__mul__ first, which gives up; Python then tries v.__rmul__(2).",
       "Define __radd__, __rsub__, __rmul__ and __rtruediv__.")
def reflected(learner):
    cases = [
        (lambda v: 2.0 + v, "2 + v"), (lambda v: v + 2, "v + 2"), (lambda v: 3 * v, "3 * v"),
        (lambda v: v * 3, "v * 3"), (lambda v: 2 - v, "2 - v"), (lambda v: v - 2, "v - 2"),
        (lambda v: 2 / v, "2 / v"), (lambda v: v / 2, "v / 2"),
    ]
    for formula, what in cases:
        compare(learner, formula, [1.6], what, ["v"])


@check("grads accumulate across backward() calls on graphs that share a leaf",
       "backward() must not reset the leaves' grads; frameworks make you zero them yourself.")
def across_calls(learner):
    Value = need(learner, "Value")
    a = attempt("Value(2.0)", Value, 2.0)
    first = attempt("a * 3", lambda: a * 3.0)
    attempt("(a * 3).backward()", first.backward)
    close(a.grad, 3.0, "a.grad after (a * 3).backward()")
    second = attempt("a * a", lambda: a * a)
    attempt("(a * a).backward()", second.backward)
    close(a.grad, 7.0, "a.grad after (a * 3).backward() then (a * a).backward()",
          why="Gradients add up across backward() calls (3 + 4): never reset them inside "
              "backward().")


@check("backward() works on each graph, whatever else was built before or after it",
       "backward() must find its graph by following the output's children, not from a record "
       "of everything computed so far (a global list or tape).")
def graphs_built_together(learner):
    Value = need(learner, "Value")
    a = attempt("Value(2.0)", Value, 2.0)
    first = attempt("a * 3", lambda: a * 3.0)
    second = attempt("a * a", lambda: a * a)  # built before either backward() call
    attempt("(a * 3).backward()", first.backward)
    close(a.grad, 3.0, "a.grad after (a * 3).backward(), with a * a built too",
          why="Only the graph of a * 3 counts here; a * a is not part of it.")
    attempt("(a * a).backward()", second.backward)
    close(a.grad, 7.0, "a.grad after (a * a).backward(), both graphs built before either call",
          why="The second graph was made before the first backward() call and must still get "
              "its gradients: walk the output's children, do not sweep (and then forget) a "
              "global tape of every Value made.")


@check("a tiny neural network gets every weight's gradient",
       "Everything above, together: a 2-3-1 tanh network with a squared-error loss.")
def tiny_net(learner):
    rng = random.Random(11)
    weights = [rng.uniform(-1, 1) for _ in range(13)]
    x1, x2, target = 0.5, -1.2, 0.3

    def loss(*w):
        hidden = [tanh(w[3 * i] * x1 + w[3 * i + 1] * x2 + w[3 * i + 2]) for i in range(3)]
        out = hidden[0] * w[9] + hidden[1] * w[10] + hidden[2] * w[11] + w[12]
        return (out - target) ** 2

    out, got = grads_of(learner, loss, weights, "the network's loss")
    close(out.data, loss(*weights), "the loss's data")
    for i, (g, want) in enumerate(zip(got, expected_grads(loss, weights))):
        close(g, want, f"the gradient of weight {i + 1}", tol=1e-4)
    expect(len(got) == 13, "every weight should get a gradient")
