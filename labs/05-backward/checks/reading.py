"""Hidden checks for lab 5: the full Value contract, including backward().

Only public behaviour is used (Value(x), .data, .grad, operators, .relu/.tanh/.exp,
.backward()), so micrograd's closures and microgpt's stored local gradients both pass.
Expected gradients come from plain-float formulas and from nudging the inputs (slope).

The checks go from the simplest behaviour up: one operation at a time, each inside a graph
where the gradient arriving at it is not 1 and where its input is itself computed and used
twice, so every `+=` and every `* out.grad` is exercised on its own; then whole sweeps. Advice
about `+=`, `* out.grad`, the sweep's order or the visited set is given only when a number
matches exactly what that bug gives. Inputs are drawn from the grading's seed (`inputs`).

The checks live in checks/, joined in lab.yaml's order into one source: this file first (how
every part reads a learner's Values, and the plain-float math to compare them with), then one
file per part.
"""

from math import exp as _exp, isclose, tanh as _tanh

from grader.core.checks import CheckFailed, attempt as _attempt, need, number


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
    method = attempt(f"reading ({what}).backward", getattr, out, "backward")
    try:
        attempt(f"({what}).backward()", method)
    except CheckFailed as failed:
        if type(failed.__cause__) is TypeError and \
                "'NoneType' object is not callable" in _said(failed.__cause__):
            raise CheckFailed(f"{str(failed).rstrip('.')}: the sweep called a _backward that is "
                              f"None, as a leaf's is when __init__ sets self._backward = None. "
                              f"Give every Value a step that does nothing, self._backward = "
                              f"lambda: None (or skip a None in the sweep).") from failed.__cause__
        raise


def grads_of(learner, formula, inputs, what):
    """Run formula on learner Values built from inputs, call backward, return (out, grads)."""
    leaves = leaves_of(learner, inputs)
    out = attempt(what, formula, *leaves)
    backward(out, what)
    return out, [grad_of(v, f"input {i + 1}") for i, v in enumerate(leaves)]


def _t(x):
    """A number as a term of a formula: negative ones in parentheses."""
    return f"({_f(x)})" if x < 0 else _f(x)
