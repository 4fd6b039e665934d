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

import re
from math import exp as _exp, isclose, tanh as _tanh

from grader.core.checks import CheckFailed, attempt as _attempt, call_each, need, number, read_each


UNHASHABLE = ("Your Value cannot go in a set (TypeError: unhashable type): it defines __eq__, and "
              "Python then sets __hash__ to None. micrograd keeps a node's children in a set and "
              "backward() keeps a visited set, so both need Values that can be hashed. Delete "
              "__eq__: nodes are told apart by identity, and two Values holding the same number "
              "are still two different nodes.")

PLAIN = ("A plain number reached code that reads its .data or .grad: an operation was given an "
         "int or float (a - 2 becomes a + (-2), and -a becomes a * -1, say). Wrap it first, in "
         "every operation that takes another operand, whatever its type (int and float alike), "
         "and use the wrapped Value from then on (in _backward, or _local_grads): "
         "other = other if isinstance(other, Value) else Value(other).")

TUPLE_CHILD = ("A node's children include a tuple where a Value should be: `{_children}` (or "
               "[_children]) makes a set of ONE item, the tuple itself (and pairs stored as "
               "children do the same). Each child must be a Value: self._prev = set(_children).")


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
    """Call learner code (see grader.core.checks.attempt); an unhashable Value, a plain number
    where a Value was expected, and a tuple kept as one child are named."""
    try:
        return _attempt(what, fn, *args)
    except CheckFailed as failure:
        cause = failure.__cause__
        said = _said(cause)
        if type(cause) is TypeError and "unhashable" in said:
            raise CheckFailed(f"`{what}` raised TypeError: {said}. {UNHASHABLE}") from cause
        if type(cause) is AttributeError and said.startswith(("'int' object has no attribute "
                                                              "'data'", "'float' object has no "
                                                              "attribute 'data'", "'int' object "
                                                              "has no attribute 'grad'", "'float' "
                                                              "object has no attribute 'grad'")):
            raise CheckFailed(f"`{what}` raised AttributeError: {said}. {PLAIN}") from cause
        if type(cause) is AttributeError and said.startswith(("'tuple' object has no attribute "
                                                              "'_prev'", "'tuple' object has no "
                                                              "attribute '_children'")):
            raise CheckFailed(f"`{what}` raised AttributeError: {said}. {TUPLE_CHILD}") from cause
        missing = _operator_missing(_said(cause), True) if type(cause) is TypeError else ""
        if missing:
            raise CheckFailed(f"`{what}` raised TypeError: {_said(cause)}. {missing}") from cause
        raise


def _quietly(fn):
    """fn() through attempt, or None if it fails: for a look that only picks the words."""
    try:
        return attempt("a look at a new Value", fn)
    except CheckFailed:
        return None


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
    # A -0.0 shows as 0: it equals 0, and "-0" in a message puzzled learners.
    return f"{0.0 if type(x) is float and x == 0 else x:.4g}"


def _draw(rng, low, high, gap=0.25):
    """A number in [low, high] with three decimals, at least `gap` away from 0, 1 and -1."""
    while True:
        x = round(rng.uniform(low, high), 3)
        if min(abs(x), abs(x - 1), abs(x + 1)) > gap:
            return x


def grad_of(node, what):
    try:
        grad = attempt(f"reading {what}.grad", getattr, node, "grad")
    except CheckFailed as failure:
        raise _renamed(node, "grad", failure) from failure.__cause__
    return _grad_number(grad, node, what)


def _grad_number(grad, node, what):
    """A grad read from node, as a trusted number; a grad that is a Value is named."""
    if type(grad) is type(node) and type(grad).__name__ not in ("int", "float"):
        raise CheckFailed(f"{what}.grad should be a plain number, but it is a Value: the sweep "
                          f"multiplied by a Value where a number belongs. A local gradient kept "
                          f"as a Value (other and self in place of other.data and self.data, or "
                          f"out in place of out.data) makes every grad it reaches a Value: keep "
                          f"each local gradient, and so each grad, a plain number.")
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
        grad = _quietly(lambda: node.grad)
        held = type(grad) is type(node) and type(grad).__name__ not in ("int", "float")
        raise CheckFailed(f"{what}.data should be a plain number, but it is a Value" + (
            ", and so is its grad: the update p.data -= lr * p.grad mixed a Value into the "
            "number. A grad must be a plain number: zero it with one, p.grad = 0 (not "
            "Value(0)), and keep every local gradient a number." if held else
            ": a Value was mixed into a number (Value(other) when other already is a Value, "
            "or arithmetic on .data with a Value in it). Keep .data a plain number."))
    return number(data, f"{what}.data")


# Lab 5's file is the learner's lab-4 code with the lab-5 part below it (lab.yaml: builds_on):
# without a Value, the learner has most likely not brought that code yet.
NO_VALUE = ("Your file does not define `Value`. Lab 5 adds backward() to your own lab-4 "
            "`Value`: start from your lab-4 code that passes (the lesson page opens with it once "
            "lab 4 passes), or press \"Start from the course's code for lab 4\" above the editor.")


def value_class(learner):
    """The learner's Value class, or a failure that says where lab 5's Value comes from."""
    try:
        return need(learner, "Value")
    except CheckFailed:
        raise CheckFailed(NO_VALUE) from None


def leaves_of(learner, xs):
    Value = value_class(learner)
    return call_each(Value, [(x,) for x in xs], lambda i: f"Value({xs[i]!r})", attempt)


def backward(out, what):
    try:
        method = attempt(f"reading ({what}).backward", getattr, out, "backward")
    except CheckFailed as failed:
        if type(failed.__cause__) is AttributeError and \
                "has no attribute 'backward'" in _said(failed.__cause__):
            raise CheckFailed(f"{str(failed).rstrip('.')}: your Value has no method named "
                              f"backward. Define it inside the class, spelled exactly "
                              f"backward (not backwards or back_prop), indented like "
                              f"__add__: def backward(self): ... (or, written outside the "
                              f"class, attach it: Value.backward = backward).") \
                from failed.__cause__
        raise
    try:
        attempt(f"({what}).backward()", method)
    except CheckFailed as failed:
        if type(failed.__cause__) is TypeError and \
                "'NoneType' object is not callable" in _said(failed.__cause__):
            # A leaf whose _backward is callable: the None is a result's, kept by an operation.
            leaf = _quietly(lambda: type(out)(1.0)._backward)
            if callable(leaf):
                raise CheckFailed(f"{str(failed).rstrip('.')}: the sweep called a _backward that "
                                  f"is None, and a new Value's is not, so an operation kept "
                                  f"None on its result: `out._backward = _backward()` CALLS the "
                                  f"function while the result is made and keeps what it "
                                  f"returns, None. Keep the function itself, to be called later "
                                  f"by the sweep: out._backward = _backward, without "
                                  f"parentheses.") from failed.__cause__
            raise CheckFailed(f"{str(failed).rstrip('.')}: the sweep called a _backward that is "
                              f"None, as a leaf's is when __init__ sets self._backward = None. "
                              f"Give every Value a step that does nothing, self._backward = "
                              f"lambda: None (or skip a None in the sweep).") from failed.__cause__
        if type(failed.__cause__) is AttributeError:
            said = _said(failed.__cause__)
            other = _other_design(out, said)
            if other:
                raise CheckFailed(f"{str(failed).rstrip('.')}. {other}") from failed.__cause__
            if "object has no attribute '_backward'" in said and \
                    attempt("reading _local_grads", getattr, out, "_local_grads", None) is None:
                raise CheckFailed(f"{str(failed).rstrip('.')}: the sweep called _backward on a "
                                  f"Value that has none, a leaf (a Value you made yourself, "
                                  f"not an operation's result), when only the operations set "
                                  f"out._backward. Give every Value a step that does nothing "
                                  f"in __init__, self._backward = lambda: None (or skip the "
                                  f"leaves in the sweep).") from failed.__cause__
            if said.startswith(("'int' object", "'float' object")) and _only_values_below(out):
                raise CheckFailed(f"{str(failed).rstrip('.')}: every child of your Values is "
                                  f"a Value, so the number whose .grad was read came from "
                                  f"_local_grads. The shared loop names the pairs the other "
                                  f"way round from how it zips them (zip(v._local_grads, "
                                  f"v._children) unpacked as child, local, say). Zip the "
                                  f"children first: for child, local in zip(v._children, "
                                  f"v._local_grads): child.grad += local * v.grad."
                                  ) from failed.__cause__
            if said.startswith(("'int' object", "'float' object")):
                raise CheckFailed(f"{str(failed).rstrip('.')}: the sort met a plain number "
                                  f"among a node's children. Only Values are nodes of the "
                                  f"graph: wrap a plain number with Value(...) before it "
                                  f"becomes a child, and keep no number that needs no "
                                  f"gradient as a child at all (a ** k has one child, a; k is "
                                  f"only a number).") from failed.__cause__
        raise


def _only_values_below(out):
    """True if out keeps stored local gradients and every node below it, through _children, is
    a Value (it has a .grad): then a plain number met in backward() came from _local_grads."""
    if attempt("reading _local_grads", getattr, out, "_local_grads", None) is None:
        return False
    seen, todo = [], [out]
    while todo and len(seen) < 200:
        node = todo.pop()
        if any(node is s for s in seen):
            continue
        seen.append(node)
        if attempt("reading grad", getattr, node, "grad", None) is None:
            return False
        kids = attempt("reading _children", getattr, node, "_children", None)
        if kids is None:
            return False
        todo.extend(attempt("listing _children", list, kids))
    return not todo


# What backward() reads in one design, and what the other design keeps instead.
DESIGNS = (("_prev", "_children", "its children in `_children` (microgpt's design): the sort "
                                  "reads v._children"),
           ("_backward", "_local_grads", "stored local gradients, `_children` with "
                                         "`_local_grads` (microgpt's design), and no _backward "
                                         "steps: the sweep applies them in one shared loop, for "
                                         "child, local in zip(v._children, v._local_grads): "
                                         "child.grad += local * v.grad"),
           ("_children", "_prev", "its children in `_prev` (micrograd's design): the sort "
                                  "reads v._prev"),
           ("_local_grads", "_backward", "a `_backward` step on each result (micrograd's "
                                         "design), and no _local_grads: the sweep calls "
                                         "v._backward() for each node"))


def _other_design(out, said):
    """Advice when backward() reads an attribute of one Value design and the learner's Value
    is of the other one; '' when that is not what happened."""
    for missing, kept, advice in DESIGNS:
        if f"object has no attribute '{missing}'" in said and \
                attempt(f"reading {kept}", getattr, out, kept, None) is not None:
            return (f"Your Value has no {missing}: it keeps {advice}. backward() must read "
                    f"what your own Value keeps.")
    return ""


def grads_of(learner, formula, inputs, what):
    """Run formula on learner Values built from inputs, call backward, return (out, grads)."""
    leaves = leaves_of(learner, inputs)
    out = attempt(what, formula, *leaves)
    backward(out, what)
    grads = read_each(leaves, "grad", lambda i: f"reading input {i + 1}.grad", attempt)
    return out, [_grad_number(g, leaf, f"input {i + 1}") for i, (g, leaf) in
                 enumerate(zip(grads, leaves))]


def _t(x):
    """A number as a term of a formula: negative ones in parentheses."""
    return f"({_f(x)})" if x < 0 else _f(x)


# -- causes that show in many checks' numbers, named where a number comes out wrong ----------

RESETS = ("Making a new Value changed the grad of a Value it was made from: a.grad was 0.5, "
          "and after building {what} it is {now}. Your __init__ (or an operation) sets its "
          "children's grads (to 0, say), so building a second graph from a wipes what a "
          "first backward() gave it. An operation only reads its inputs: in __init__ set the "
          "new Value's own grad, self.grad = 0, and nobody else's. Zeroing the parameters is "
          "the training step's job.")

RECURSES = ("The backward step of {what} (with h = a * 2) also ran the steps below it: called "
            "alone, it changed a.grad too, though a is h's child, not its own. A "
            "_backward that calls its children's _backward() (self._backward() inside the "
            "step, say) runs them once there and once more in backward()'s sweep, so their "
            "shares arrive twice. Each step only adds into its own children's grads; the "
            "sweep calls every node's step once, in order.")


FROZEN = ("The backward step of {what}, called with out.grad = 1, hands a nothing: it reads "
          "out.grad when the result is MADE (g = out.grad before def _backward, or a default "
          "argument grad=out.grad), when it is still 0. Read out.grad inside _backward, when "
          "the step runs: self.grad += local * out.grad.")

OWN_GRAD_LOCAL = ("The backward step of {what}, called with out.grad = 1, hands a nothing while "
                  "a.grad is 0, and a share once a.grad holds something (0.5): its local "
                  "gradient reads a's own grad (self.grad), not its number. A local gradient "
                  "depends on the data only, the input's (self.data) or the result's "
                  "(out.data), never on a grad: {rule}.")

LOCAL_RULES = {"a * 3": "self.grad += other.data * out.grad",
               "a + 1": "self.grad += 1.0 * out.grad",
               "a ** 2": "self.grad += k * self.data ** (k - 1) * out.grad",
               "a.tanh()": "self.grad += (1 - out.data ** 2) * out.grad",
               "a.exp()": "self.grad += out.data * out.grad",
               "a.relu()": "self.grad += (1.0 if self.data > 0 else 0.0) * out.grad, 1 where "
                           "the input's data is positive"}

OTHER_GRAD = ("The backward step of {what} hands a its local gradient times the OTHER "
              "input's grad (other.grad), not times out.grad: called with out.grad = 1 it gives "
              "a nothing while b.grad is 0, and a share once b.grad is 1. Each input gets its "
              "local gradient times the gradient arriving at the result: self.grad += local * "
              "out.grad.")


def _reads_other_grad(learner, what):
    """Fail with OTHER_GRAD if the step of a + b or a * b multiplies a's share by b.grad."""
    if what not in ("a * 3", "a + 1"):
        return
    a, b = leaves_of(learner, [0.75, 3.0])
    shown = "a * b" if what == "a * 3" else "a + b"
    out = attempt(shown, (lambda: a * b) if what == "a * 3" else (lambda: a + b))
    step = attempt("reading _backward", getattr, out, "_backward", None)
    if not callable(step):
        return
    attempt("setting b.grad", setattr, b, "grad", 1.0)
    attempt("setting out.grad", setattr, out, "grad", 1.0)
    attempt(f"the backward step of {shown}", step)
    if grad_of(a, "a") != 0.0:
        raise CheckFailed(OTHER_GRAD.format(what=shown))


OWN_GRAD = ("In the backward step of {what}, b gets {got}, what a.grad holds once a has its "
            "share (a.grad started at 0.5): the step hands b a's grad (other.grad += self.grad "
            "...), not b's own share. Each input gets its OWN local gradient times out.grad: "
            "{rule}.")


def _hands_own_grad(learner, shown):
    """Fail with OWN_GRAD if the step of a + b or a * b gives b the grad a has just got."""
    a, b = leaves_of(learner, [0.75, 3.0])
    out = attempt(shown, (lambda: a * b) if "*" in shown else (lambda: a + b))
    step = attempt("reading _backward", getattr, out, "_backward", None)
    if not callable(step) or \
            attempt("reading _local_grads", getattr, out, "_local_grads", None) is not None:
        return
    attempt("setting a.grad", setattr, a, "grad", 0.5)
    attempt("setting out.grad", setattr, out, "grad", 1.0)
    attempt(f"the backward step of {shown}", step)
    got, held = grad_of(b, "b"), grad_of(a, "a")
    right = 0.75 if "*" in shown else 1.0
    if got != right and got == held and held != 0.5:
        rule = ("other.grad += self.data * out.grad" if "*" in shown
                else "other.grad += 1.0 * out.grad")
        raise CheckFailed(OWN_GRAD.format(what=shown, got=_f(got), rule=rule))


def _plain_number_step(learner, start, name):
    """The graph a check failed on meets plain numbers (* c, h + u): fail naming them when a
    step of + or * for a plain number on the right is wrong while the same step between two
    Values is right (a branch of its own for numbers), before `name`, what the check is
    about, is blamed. Every node holds a number of its own (a sort keyed by .data has no
    ties here). Shared by the parts (this file is read before each)."""
    for sign, op, local in (("*", lambda x, y: x * y, 2.0), ("+", lambda x, y: x + y, 1.0)):
        # The same step with a Value for the 2 first: with no seed, or a sweep in the wrong
        # order, it is wrong too, and the cause is not the plain number.
        v, two, w = leaves_of(learner, [1.5, 2.0, 2.5])
        out = attempt(f"(v {sign} u) * w", lambda: op(v, two) * w)
        backward(out, f"(v {sign} u) * w")
        if not _same(grad_of(v, "v"), local * 2.5, 1e-9):
            continue
        v, w = leaves_of(learner, [1.5, 2.5])
        out = attempt(f"(v {sign} 2) * w", lambda: op(v, 2.0) * w)
        backward(out, f"(v {sign} 2) * w")
        got = grad_of(v, "v")
        if not _same(got, local * 2.5, 1e-9):
            raise CheckFailed(f"{start}. The cause is not {name} but your {sign} with a plain "
                              f"number on the right, which this graph uses: for "
                              f"L = (v {sign} 2) * w at v = 1.5, w = 2.5, v.grad should be "
                              f"{_f(local * 2.5)} ({_f(local)} times the gradient 2.5 arriving at "
                              f"v {sign} 2), but your code gives {_f(got)}. A plain number is "
                              f"treated like a Value: the step hands self its local gradient "
                              f"times out.grad, self.grad += {_f(local)} * out.grad.")


ON_INPUT = ("Making {what} changed a's own _backward to the new step, and the result kept the "
            "do-nothing step a new Value starts with: the step is kept on the INPUT "
            "(self._backward = _backward), so, called with out.grad = 1, the result's step hands "
            "a nothing, and a's own step is lost. Keep it on the RESULT: out._backward = "
            "_backward, before return out.")

WRITES_OUT = ("The backward step of {what}, called with out.grad = 1, hands a nothing and changes "
              "out.grad (to {now}, once a.grad held 0.5 if not before): it adds into the "
              "RESULT's grad, not the input's, the roles swapped. The step "
              "reads out.grad and adds into each input's grad: self.grad += local * out.grad.")

UNATTACHED = ("The result of {what} still has the do-nothing step a new Value starts with: "
              "called with out.grad = 1, it hands a nothing. After defining _backward, keep it "
              "on the RESULT, out._backward = _backward (not self._backward), before return "
              "out.")


RESEEDS = ("x.grad for L = x * 3 at x = 2 should be 3, but your code gives 1: the share L "
           "handed x was replaced by a seed of 1. Your backward() calls backward() on the "
           "children (c.backward() inside it, recursing), and each call seeds its own node "
           "with 1 (self.grad = 1), so every node ends at 1 whatever arrived from above. Seed "
           "the output only, once: one backward() sorts the whole graph, sets self.grad = 1, "
           "then calls each node's _backward() in reverse order.")


def reseeds(learner):
    """Fail with RESEEDS if backward() leaves a leaf's grad at 1 where its share is 3: a
    backward() that recurses into the children by calling their backward(), which seeds."""
    (x,) = leaves_of(learner, [2.0])
    out = attempt("L = x * 3", lambda: x * 3.0)
    backward(out, "x * 3")
    if grad_of(x, "x") == 1.0 and grad_of(out, "L") == 1.0:
        raise CheckFailed(RESEEDS)


def explain(learner):
    """Fail with the cause if a learner's Value has a flaw that makes gradients wrong in many
    graphs at once: building a Value changes its children's grads, or a backward step runs
    the steps below it. Called where a gradient came out wrong, before the number is shown."""
    reseeds(learner)
    ops = (("a * 3", lambda v: v * 3.0), ("a + 1", lambda v: v + 1.0),
           ("a ** 2", lambda v: v ** 2), ("a.tanh()", lambda v: v.tanh()),
           ("a.exp()", lambda v: v.exp()), ("a.relu()", lambda v: v.relu()))
    for what, op in ops:
        (a,) = leaves_of(learner, [0.75])
        attempt("setting a.grad", setattr, a, "grad", 0.5)
        attempt(what, op, a)
        now = grad_of(a, "a")
        if now != 0.5:
            raise CheckFailed(RESETS.format(what=what, now=_f(now)))
    for what, op in ops:
        (a,) = leaves_of(learner, [0.75])
        out = attempt(what, op, a)
        step = attempt("reading _backward", getattr, out, "_backward", None)
        if not callable(step) or \
                attempt("reading _local_grads", getattr, out, "_local_grads", None) is not None:
            return  # stored local gradients: a _backward kept beside them is not the sweep's
        attempt("setting out.grad", setattr, out, "grad", 1.0)
        attempt(f"the backward step of {what}", step)
        if grad_of(a, "a") == 0.0:
            if not _same(grad_of(out, "out"), 1.0):
                raise CheckFailed(WRITES_OUT.format(what=what, now=_f(grad_of(out, "out"))))
            leaf = attempt("reading _backward", getattr, a, "_backward", None)
            (fresh,) = leaves_of(learner, [0.75])
            blank = attempt("reading _backward", getattr, fresh, "_backward", None)
            named = [attempt("reading __qualname__", getattr, f, "__qualname__", None)
                     for f in (step, leaf, blank)]
            if named[0] == named[2] != named[1]:
                raise CheckFailed(ON_INPUT.format(what=what))
            if named[0] != named[1]:
                _reads_other_grad(learner, what)
                # Read too early, out.grad is 0 in every call; a local gradient that tests
                # a.grad hands a share once a.grad holds something.
                attempt("setting a.grad", setattr, a, "grad", 0.5)
                attempt(f"the backward step of {what}", step)
                if grad_of(a, "a") != 0.5:
                    raise CheckFailed(OWN_GRAD_LOCAL.format(what=what, rule=LOCAL_RULES[what]))
                if not _same(grad_of(out, "out"), 1.0):
                    raise CheckFailed(WRITES_OUT.format(what=what, now=_f(grad_of(out, "out"))))
                raise CheckFailed(FROZEN.format(what=what))
            raise CheckFailed(UNATTACHED.format(what=what))
    for what, op in ops:
        (a,) = leaves_of(learner, [0.75])
        inner = attempt("h = a * 2", lambda: a * 2.0)
        out = attempt(f"{what} with h for a", op, inner)
        step = attempt("reading _backward", getattr, out, "_backward", None)
        if not callable(step):
            return
        attempt("setting out.grad", setattr, out, "grad", 1.0)
        attempt(f"the backward step of {what}", step)
        if grad_of(a, "a") != 0.0:
            raise CheckFailed(RECURSES.format(what=what.replace("a", "h", 1)))
