"""The local gradients of a learner's Value, read in either design: one node's
(`local_grads`) and, through every node a result was built from, a small graph's
(`grads_through`); `judge` names the misconception a wrong number matches."""

import math

from grader.core.checks import CheckFailed, close, inputs, number

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: attempt, _attr, _cap, children_of, _children_name, _f, _grad, listed, _same,
#             _set_grad

MAX_NODES = 200  # far more than any graph built here


def _uses_closures(node, what):
    """True for the micrograd design (a callable _backward), False for stored _local_grads."""
    if callable(_attr(node, "_backward", what)):
        return True
    if _attr(node, "_local_grads", what) is not None:
        return False
    if _attr(node, "_backward", what, "missing") is None:
        raise CheckFailed(f"{_cap(what)}._backward is None, not a function: "
                          f"`out._backward = _backward()` CALLS the function while the result "
                          f"is made (when out.grad is still 0) and keeps what it returns, "
                          f"None. Keep the function itself, to be called later by the backward "
                          f"pass: out._backward = _backward, without parentheses.")
    raise CheckFailed(f"{_cap(what)} has no local gradients to read: give each result a "
                      f"`_backward` function that adds its local gradients into its "
                      f"children's .grad (micrograd), or a `_local_grads` tuple (microgpt).")


ORDER = ("keep the children in a tuple, in the order the operation gives them, (self, other) "
         "even when both are the same Value, so that each pairs with its own entry of "
         "_local_grads. A set (or tuple(set(...))) has no order, and merges the two a's of "
         "a * a into one child.")


def _stored(node, what, inputs=()):
    """A microgpt-style node's (children, local gradients), checked to pair one-to-one;
    `inputs`, the Values the node was made from, tell a merged child from a missing one."""
    name = _children_name(node, what)
    # By type name: in a sealed grading a learner's set arrives as a handle named like it.
    if type(_attr(node, name, what)).__name__ in ("set", "frozenset"):
        raise CheckFailed(f"{_cap(what)}.{name} is a set, but its local gradients are paired "
                          f"with the children by position: {ORDER}")
    if type(_attr(node, "_local_grads", what)).__name__ in ("dict", "defaultdict",
                                                              "OrderedDict"):
        raise CheckFailed(f"{_cap(what)}._local_grads is a dict keyed by child: reading it gives "
                          f"its keys (the children), not the numbers, and in a * a both "
                          f"entries have the same key, a, so one share overwrites the other. "
                          f"Keep the local gradients in a tuple, in the order of the "
                          f"children: {ORDER}")
    kids = children_of(node, what)
    grads = listed(node, "_local_grads", what)
    if len(grads) != len(kids):
        merged = (bool(inputs) and len(kids) < len(grads)
                  and len({id(k) for k in kids}) == len(kids)
                  and all(any(k is i for k in kids) for i in inputs))
        raise CheckFailed(f"{_cap(what)} has {len(kids)} children but {len(grads)} local "
                          f"gradients: store one local gradient per child, in the same order."
                          + (f" Each input is there, but one used twice is kept once: {ORDER}"
                             if merged else ""))
    if any(type(g) is type(node) for g in grads):
        raise CheckFailed(f"A local gradient in {what}._local_grads is a Value, not a number: "
                          f"store the numbers, other.data and self.data for a * b, not the "
                          f"Values other and self. A local gradient is a plain number, worked "
                          f"out when the result is made.")
    # A bool is an int in Python (True * g == g), and lab 5's backward() takes it as one.
    return kids, [number(float(g) if type(g) is bool else g,
                         f"a local gradient in {what}._local_grads") for g in grads]


def order_lost(out, what, inputs):
    """Why the local gradients of stored `out` land on the wrong children, if it lists
    `inputs` (Values, in the operation's order) in another order; else ''."""
    node = f"({what})"
    if _uses_closures(out, node):
        return ""
    kids = children_of(out, node)
    if [id(k) for k in kids] == [id(i) for i in inputs] or \
            sorted(id(k) for k in kids) != sorted(id(i) for i in inputs):
        return ""
    return (f"{node}._children lists its inputs in another order than the operation has "
            f"them, so each local gradient lands on the other child: {ORDER}")


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
                shown = (f"In {node}._backward(), with {name}.grad = 0 and out.grad = {_f(g1)}, "
                         f"{name} gets {_f(one)}; with {name}.grad = {_f(r)} and out.grad = "
                         f"{_f(g2)}, it ends at {_f(two)}")
                if one == 0.0 and not _same(two, r, 1e-7):
                    raise CheckFailed(f"{shown}: nothing while {name}.grad is 0, and a share "
                                      f"once it holds something. The step multiplies by "
                                      f"{name}'s own grad (self.grad), not by out.grad: "
                                      f"self.grad += local * out.grad, and "
                                      f"other.grad += local * out.grad.")
                if one != 0.0 and _same(two - r, one, 1e-7):
                    raise CheckFailed(f"{shown}: the same share whatever out.grad is. Multiply "
                                      f"the local gradient by out.grad (the chain rule): "
                                      f"self.grad += local * out.grad.")
                if _same(two, share1 * g2, 1e-7):
                    raise CheckFailed(f"{shown}: the {_f(r)} it already held is gone. A child "
                                      f"may get shares from several results: add yours with "
                                      f"+= (not =).")
                slope_ = (one - (two - r)) / (g1 - g2)
                constant = one - slope_ * g1
                if not _same(constant, 0.0, 1e-7) and not _same(slope_, 0.0, 1e-7) and \
                        _affine(out, node, child, name, constant, slope_):
                    sign = "-" if slope_ < 0 else "+"
                    raise CheckFailed(f"{shown}: a share of {_f(constant)} {sign} "
                                      f"{_f(abs(slope_))} * out.grad, with a part not "
                                      f"multiplied by out.grad. Check the parentheses "
                                      f"(`1 - t**2 * out.grad`, for one, is "
                                      f"1 - (t**2 * out.grad)). The whole local gradient is "
                                      f"multiplied: self.grad += (1 - t**2) * out.grad, and "
                                      f"self.grad += 1.0 * out.grad (not 1.0 + out.grad).")
                raise CheckFailed(f"{shown}: a share of {_f(share1 + 0.0)} per unit of out.grad the "
                                  f"first time and {_f(share2 + 0.0)} the second. A backward step adds "
                                  f"local * out.grad to what {name}.grad holds, with a local "
                                  f"gradient that depends on the inputs' data only, not on "
                                  f"out.grad or on any .grad it reads.")
            found.append(share2)
        return found
    kids, grads = _stored(out, node, [child for child, _ in children])
    found = []
    for child, name in children:
        shares = [g for kid, g in zip(kids, grads) if kid is child]
        if not shares:
            raise CheckFailed(f"{name} is not among the children of {node}: a result must "
                              f"remember the Values it was made from.")
        found.append(sum(shares))
    return found


def far_grads(Value, out, what, children):
    """d(out)/d(child) for each (child, name), at far inputs, read once (the checks before
    have tried the step's += and out.grad): one backward step with every grad 0, or the
    stored local gradients; through every node for an op built from others."""
    node = f"({what})"
    try:
        kids = children_of(out, node)
    except CheckFailed:  # named by the check on children, after this one
        kids = None
    if kids is not None and any(type(kid) is Value for kid in kids) and \
            not all(any(kid is child for kid in kids) for child, _ in children):
        return grads_through(Value, out, what, children)
    if not _uses_closures(out, node):
        return local_grads(out, what, children)
    # out.grad = 1, so that a share shown is the local gradient itself (a step that ignores
    # out.grad has failed the checks before this one)
    return _run_backward(out, node, children, [0.0] * len(children), 1.0)


def _affine(out, node, child, name, constant, slope):
    """True if a third backward step, with other grads, also hands `child` constant +
    slope * out.grad on top of what it holds: a part of the share is not multiplied."""
    held, upstream = 0.375, -0.625
    _set_grad(child, held, name)
    _set_grad(out, upstream, node)
    _call_step(f"{node}._backward()", _attr(out, "_backward", node))
    return _same(_grad(child, name) - held, constant + slope * upstream, 1e-7)


def _run_backward(out, node, children, held, upstream):
    """Set the children's grads and out.grad, call out._backward() once, read the children."""
    for (child, name), value in zip(children, held):
        _set_grad(child, value, name)
    _set_grad(out, upstream, node)
    _call_step(f"{node}._backward()", _attr(out, "_backward", node))
    return [_grad(child, name) for child, name in children]


def _call_step(what, step):
    """Call a _backward with no arguments, as a backward pass does; a step that wants some
    is told where its gradient comes from."""
    try:
        attempt(what, step)
    except CheckFailed as failed:
        if type(failed.__cause__) is TypeError and "required positional argument" in \
                str(failed.__cause__)[:200]:
            raise CheckFailed(f"{str(failed).rstrip('.')}. A backward pass calls each step "
                              f"with no arguments, out._backward(): the gradient arriving at "
                              f"out is out.grad, so read it inside the step, def _backward(): "
                              f"self.grad += local * out.grad.") from failed.__cause__
        raise


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
            which = _keeps_plain_number(Value) or "wrap plain numbers with Value(...) first."
            raise CheckFailed(f"{_cap(what)} remembers a child of type {type(node).__name__}, not "
                              f"a Value: {which}")
        if len(seen) > MAX_NODES:
            raise CheckFailed(f"{_cap(what)} is built from more than {MAX_NODES} nodes; a single "
                              f"operation should add only a few.")
        stack.append((node, True))
        for kid in children_of(node, f"a node inside {what}"):
            if id(kid) not in seen:
                stack.append((kid, False))
    return order


def _keeps_plain_number(Value):
    """Which of + and * keeps a plain number itself among its children (v * 2 remembering 2),
    so that the message names it, not the derived operation it was found under (-a is
    a * -1): '' if neither does."""
    for sign in ("*", "+"):
        try:
            out = attempt(f"v {sign} 2", lambda: new(Value, 1.5) * 2 if sign == "*"
                          else new(Value, 1.5) + 2)
            kids = children_of(out, f"(v {sign} 2)")
        except CheckFailed:
            continue
        if any(type(kid) is not Value for kid in kids):
            how = ("__mul__; -a is a * -1 and a / 2 is a * 2**-1, so they keep one too"
                   if sign == "*" else "__add__; a - 2 is a + (-2), so it keeps one too")
            return (f"v {sign} 2 keeps the plain number 2 itself as a child (in {how}). Wrap "
                    f"the number first, and make the "
                    f"result from the wrapped Value: other = other if isinstance(other, Value) "
                    f"else Value(other), then Value(..., (self, other), ...).")
    return ""


def upstream_of(what):
    """The out.grad grads_through(..., what, ...) seeds its sweep with: a gradient it gives
    that is the right one divided by this came from a backward step that ignores out.grad."""
    return round(inputs(f"through {what}").uniform(1.5, 3.0), 3)


def unscaled(what, rate):
    """The wrong gradient (and why) of a backward step of `what`'s own that hands on its
    local gradient without multiplying it by out.grad."""
    return (rate / upstream_of(what),
            f"That is what a backward step of {what}'s own gives when it hands on its local "
            f"gradient alone: the sweep here starts from out.grad = {_f(upstream_of(what))}, and "
            f"the step must multiply by it, self.grad += local * out.grad. (Built from +, * "
            f"and **, {what} needs no backward step of its own.)")


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
    rng = inputs(f"through {what}")
    upstream = round(rng.uniform(1.5, 3.0), 3)  # as upstream_of(what) draws it
    if _uses_closures(out, node):
        _steps_stay_local(order, node, upstream)
        # Swept twice: with every grad 0, then with each leaf already holding a grad of its
        # own. A backward step that assigns (=) instead of adding loses what a leaf held.
        held = [round(rng.uniform(0.5, 2.0), 3) for _ in leaves]
        found = []
        for start in ([0.0] * len(leaves), held):
            for n in order:
                _set_grad(n, 0.0, f"a node inside {node}")
            for (leaf, name), r in zip(leaves, start):
                _set_grad(leaf, r, name)
            _set_grad(out, upstream, node)
            for n in reversed(order):
                backward = _attr(n, "_backward", f"a node inside {node}")
                if callable(backward):
                    _call_step(f"_backward() of a node of {node}", backward)
            found.append([(_grad(leaf, name) - r) / upstream
                          for (leaf, name), r in zip(leaves, start)])
        for (leaf, name), fresh, kept, r in zip(leaves, found[0], found[1], held):
            if not _same(fresh, kept, 1e-7):
                raise CheckFailed(
                    f"In the backward steps of {node}, {name}.grad gains {_f(fresh * upstream)} "
                    f"when it starts at 0, but {_f(kept * upstream)} when it starts at "
                    f"{_f(r)}: what {name}.grad held is lost. A value may get shares from "
                    f"several results: every backward step adds its share with += (not =).")
        return found[0]
    grad = {id(out): 1.0}
    for n in reversed(order):
        kids, grads = _stored(n, f"a node inside {node}")
        for kid, g in zip(kids, grads):
            grad[id(kid)] = grad.get(id(kid), 0.0) + g * grad.get(id(n), 0.0)
    return [grad.get(id(leaf), 0.0) for leaf, _ in leaves]


def _steps_stay_local(order, node, upstream):
    """Fail if one node's _backward(), called alone, changes a grad below its own children:
    a step that runs its children's steps too, which a backward pass then runs again."""
    inside = f"a node inside {node}"
    for n in order:
        kids = children_of(n, inside)
        step = _attr(n, "_backward", inside)
        if not kids or not callable(step):
            continue
        for m in order:
            _set_grad(m, 0.0, inside)
        _set_grad(n, upstream, inside)
        attempt(f"_backward() of a node of {node}", step)
        if any(m is not n and not any(m is k for k in kids) and _grad(m, inside) != 0.0
               for m in order):
            raise CheckFailed(f"In the backward steps of {node}, one node's _backward(), called "
                              f"alone, changed the grad of a node below its own children: it "
                              f"runs its children's steps too (child._backward() inside "
                              f"_backward, say). A backward pass calls every node's step once, "
                              f"in order, so those steps would run twice and their shares "
                              f"arrive twice. Each _backward only adds into its own children's "
                              f"grads.")


def judge(got, expected, what, wrongs=(), tol=1e-6, rule=""):
    """Pass if got is close to expected; else name the misconception whose value got matches,
    or, when none does, restate the rule (`rule`) so a wrong number never stands alone."""
    if math.isclose(got, expected, rel_tol=tol, abs_tol=tol):
        return
    for value, why in wrongs:
        if _same(got, value, 1e-7):
            close(got, expected, what, tol, why)
    if got == 0.0 and abs(expected) > 1e-6:
        close(got, expected, what, tol, NOTHING)
    close(got, expected, what, tol, rule)


NOTHING = ("Exactly 0: nothing was handed back. In micrograd's design that is what a result "
           "whose _backward was never attached does (it keeps the leaf's lambda: None): after "
           "defining _backward, keep it on the RESULT, out._backward = _backward (not "
           "self._backward), before return out. A _backward that reads out.grad when the "
           "result is made (g = out.grad before def _backward, or a default argument "
           "grad=out.grad) gets 0 there too: read out.grad inside _backward, when it runs.")
