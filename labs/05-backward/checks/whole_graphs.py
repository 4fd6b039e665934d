"""Part 2 of lab 5, backward() on whole graphs: a node reached twice is processed once, the
sort runs once however many paths there are, every operation and plain number, grads that
accumulate across calls, several graphs at once, and a tiny network."""

from grader.core.checks import check, CheckFailed, close, expect, inputs, slope

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: attempt, backward, data_of, _draw, explain, _f, grad_of, grads_of, leaves_of, _same,
#             tanh
# one_operation.py: _equal_numbers_merged


BUDGET = 1000   # reads of the deep graph's input that a sweep may make (a real one needs ~30)
DEPTH = 40      # levels of that graph: 2**40 paths from its output to its input


def expected_grads(formula, inputs):
    def at(i):
        return lambda x: formula(*(inputs[:i] + [x] + inputs[i + 1:]))
    return [slope(at(i), inputs[i]) for i in range(len(inputs))]


def compare(learner, formula, inputs, what, names, advice="", swapped=None, swap_why="",
            slips=()):
    """`swapped` is what the formula gives with a reflected operation's operands the wrong
    way round: a .data equal to it fails with `swap_why`, which names that bug; `slips` more
    such (formula, why) pairs."""
    out, got = grads_of(learner, formula, inputs, what)
    data = data_of(out, f"({what})")
    known = ([(swapped, swap_why)] if swapped is not None else []) + list(slips)
    why = next((said for wrong, said in known if _same(data, wrong(*inputs), 1e-7)), "")
    close(data, formula(*inputs), f"({what}).data", why=why)
    leaves = None
    for name, g, want in zip(names, got, expected_grads(formula, inputs)):
        if not _same(g, want, 1e-4):
            explain(learner)
            if g == 0.0:
                leaves = leaves or _cut_off(learner, formula, inputs, what, names)
        close(g, want, f"{name}.grad for {what} at {_show(names, inputs)}", tol=1e-4, why=advice)


def _cut_off(learner, formula, inputs, what, names):
    """Fail naming the cause when an input whose grad stayed 0 is not in the graph at all:
    walking the children down from the result never meets it (an operation made a new Value
    from a number, Value(-b.data) say, and so cut the path back to b)."""
    leaves = leaves_of(learner, inputs)
    out = attempt(what, formula, *leaves)
    seen, todo = [], [out]
    while todo and len(seen) < 500:
        node = todo.pop()
        if any(node is s for s in seen):
            continue
        seen.append(node)
        kids = _children_list(node)
        if kids is None:
            return True  # children kept under another name: nothing to say
        todo.extend(kids)
    if len(seen) >= 500:
        return True
    for name, leaf in zip(names, leaves):
        if not any(leaf is s for s in seen):
            raise CheckFailed(f"{name}.grad for {what} at {_show(names, inputs)} stays 0: {name} "
                              f"is not in the graph of the result at all. Walking the children "
                              f"down from ({what}), no path leads back to {name}: one of your "
                              f"operations made its result (or a Value it uses) from a plain "
                              f"number, Value(-b.data) or Value(other / self.data) say, and a new "
                              f"Value made from a number remembers nothing. Build -b, a - b and "
                              f"a / b from Values, a - b = a + (-b), -b = b * -1, so every "
                              f"result keeps its children.")
    return True


def _plain_number_assigns(learner, n, v, strict=True):
    """v used twice, once beside a plain number: a branch of __add__ or __mul__ written for
    plain numbers alone that SETS self.grad loses the share v got first, as the other factor
    of the outer *. The message that names it, or '' (a wrong number is failed by close)."""
    for sign, step, formula in (("+", lambda x: x + n, lambda x: (x + n) * x),
                                ("*", lambda x: x * n, lambda x: (x * n) * x)):
        what = f"(v {sign} {_f(n)}) * v"
        _, (g,) = grads_of(learner, formula, [v], what)
        want = expected_grads(formula, [v])[0]
        lost = step(v)
        if not _same(g, want, 1e-6) and _same(g, want - lost, 1e-6) and abs(lost) > 0.1:
            return (f"v.grad for {what} at v={_f(v)} should be {want:.5g}, but your code gives "
                    f"{g:.5g}: the share v gets as the other factor of the outer * "
                    f"({_f(lost)}) is lost. v is used twice, and the backward step of "
                    f"v {sign} {_f(n)}, a plain number on the right, SETS v.grad (=) instead of "
                    f"adding to it: use += in every backward step, in a branch written for "
                    f"plain numbers too.")
        if strict:
            close(g, want, f"v.grad for {what} at v={_f(v)}", tol=1e-4)
    return ""


def _show(names, inputs):
    return ", ".join(f"{n}={x:.4g}" for n, x in zip(names, inputs))


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
    if not _same(gx, want, 1e-4):
        explain(learner)
        # h + u meets a plain number: a branch for numbers without out.grad is named, not
        # the order (lab 4 names it too; code changed since may bring it here).
        _plain_number_step(learner, f"x.grad for {what} at x={_f(x0)} should be {want:.5g}, "
                                    f"but your code gives {gx:.5g}", "the order of the sweep")
    # h + u and h * w meet plain numbers: a step for them that sets h.grad loses a share too,
    # in this graph or not depending on the order (named here every time, before the order).
    said = _plain_number_assigns(learner, 2.5, 1.5, strict=False)
    if said:
        raise CheckFailed(said)
    if any(_same(gx, t, 1e-7) for t in twice):
        raise CheckFailed(f"x.grad for {what} at x={_f(x0)} is {gx:.5g} but should be "
                          f"{want:.5g}: too large. The node h = x*x is used by two others, and "
                          "it is processed twice: your topological order lists it twice, "
                          "or backward() recurses into the children from each parent. The first "
                          "time runs before both of its parents have added their share, so x "
                          "gets too much (not exactly double). Sort the nodes first, with a "
                          "visited set so each node appears once, then call each node's "
                          "backward step once, in reverse order.")
    if any(_same(gx, 2 * x0 * share, 1e-7) for share in (from_p, from_q)):
        raise CheckFailed(f"x.grad for {what} at x={_f(x0)} is {gx:.5g} but should be "
                          f"{want:.5g}: only one of h's two shares reached x. h = x*x is used "
                          f"by two nodes, and its backward step ran (and h was marked visited) "
                          f"as soon as the walk first met it, before its second parent had "
                          f"handed it a share; that share then stayed in h.grad. A walk from "
                          f"the output that runs each node's step as it meets it does this, "
                          f"visited set or not, and so does an order that appends each node "
                          f"BEFORE its children, swept from the front. Sort first: a "
                          f"topological order that lists "
                          f"every node after all of its children, then call each node's "
                          f"backward step in that order reversed.")
    close(gx, want, f"x.grad for {what} at x={_f(x0)}", tol=1e-4)

    # Two nodes holding the same number are still two: at a = b = 2, a + b and a * b both
    # hold 4, and a sort that tests `v not in topo` with an __eq__ by .data lists one of them.
    a, b = leaves_of(learner, [2.0, 2.0])
    L = attempt("L = (a + b) + a * b", lambda: (a + b) + a * b)
    backward(L, "(a + b) + a * b")
    ga = grad_of(a, "a")
    if not _same(ga, 3.0, 1e-7):
        close(ga, 3.0, "a.grad for L = (a + b) + a * b at a = b = 2", tol=1e-7,
              why=_equal_numbers_merged(learner))

    # Once, and after every node that uses it: h reaches L directly and through three steps.
    # An order by first reach (breadth-first) runs h's step with only the direct share.
    def short_and_long(x):  # as plain floats, for the expected gradient
        h = x * x
        return h + ((h * w) * w) * w
    what = f"h = x*x; L = h + ((h * {_f(w)}) * {_f(w)}) * {_f(w)}"
    want = expected_grads(short_and_long, [x0])[0]
    # L's two children, h and the long path, are taken in both orders: a sort that marks a
    # node visited when it is pushed on a stack (not when its children are done) goes wrong
    # in one order only, and a set of children has whichever order its ids give it.
    orders = set()
    for tries in range(40):
        (X,) = leaves_of(learner, [x0])
        H = attempt("h = x*x", lambda: X * X)
        far = attempt(f"((h * {_f(w)}) * {_f(w)}) * {_f(w)}", lambda: ((H * w) * w) * w)
        L = attempt(what, (lambda: H + far) if tries % 2 == 0 else (lambda: far + H))
        kids = _children_list(L)
        order = (tries % 2 == 0) if kids is None or len(kids) != 2 else kids[0] is H
        if order in orders:
            continue
        orders.add(order)
        backward(L, what)
        gx = grad_of(X, "x")
        if _same(gx, 2 * x0, 1e-7):
            raise CheckFailed(f"x.grad for {what} at x={_f(x0)} is {gx:.5g} but should be "
                              f"{want:.5g}: only the direct path's share reached x. h's "
                              "backward step ran before the longer path through h * w had added "
                              "its share, so your order lists h before a node that uses it, as "
                              "an order by first reach (breadth-first) does, or a stack that "
                              "marks a node visited when it is pushed rather than when it is "
                              "expanded. Build it depth-first: visit every child, then append "
                              "the node; sweep that list reversed.")
        close(gx, want, f"x.grad for {what} at x={_f(x0)}", tol=1e-4)
        if len(orders) == 2:
            break

    # h used twice by one node (h * h, whose _children in microgpt's design is (h, h)) and once
    # by a node further up a longer path, (h + u) * w. An order that counts the nodes using h
    # once each but takes one off per use (Kahn's algorithm with a set of parents) lets h go as
    # soon as h * h is done, before h + u has added its share: taken from a stack, when L lists
    # the long path first; from a queue, when it lists h * h first. So both orders.
    for first in (True, False):
        def twice_by_one(x):
            h = x * x
            p, q = (h + u) * w, h * h
            return p * q if first else q * p
        what = (f"h = x*x; L = ((h + {_f(u)}) * {_f(w)}) * (h * h)" if first else
                f"h = x*x; L = (h * h) * ((h + {_f(u)}) * {_f(w)})")
        out, (gx,) = grads_of(learner, twice_by_one, [x0], what)
        want = expected_grads(twice_by_one, [x0])[0]
        if not _same(gx, want, 1e-4) and _same(gx, 2 * x0 * (2 * h * (h + u) * w), 1e-7):
            raise CheckFailed(
                f"x.grad for {what} at x={_f(x0)} is {gx:.5g} but should be {want:.5g}: only "
                f"the share of h * h reached x. h is used three times, twice by h * h and once "
                f"by h + {_f(u)}, and its step ran once h * h had handed it its shares, before "
                f"h + {_f(u)} had handed its own: your order puts h before a node that uses it. "
                f"If it counts the nodes that use each node (Kahn's algorithm), count every "
                f"use, as the countdown does: h * h lists h twice in its children, so a count "
                f"of distinct parents (2 here, not 3) reaches 0 too early. Or sort "
                f"depth-first: visit every child, then append the node; sweep that list "
                f"reversed.")
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
    Value = value_class(learner)
    rng = inputs("deep")
    touched, counting = [0], [False]

    class Counted(Value):  # the graph's input, which counts how often it is touched
        def __getattribute__(self, name):
            if counting[0]:
                touched[0] += 1
                if touched[0] > BUDGET:
                    raise _TooMuchWork
            return super().__getattribute__(name)

        def __hash__(self):  # a walk that only asks `x in visited`, again and again, counts too
            if counting[0]:
                touched[0] += 1
                if touched[0] > BUDGET:
                    raise _TooMuchWork
            return super().__hash__()

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
        counting[0] = False
        said = (f"backward() did not finish on a graph of about {5 * DEPTH} nodes where each "
                f"level uses the one below twice (x * w + x * (1 - w), {DEPTH} levels deep, so "
                f"2**{DEPTH} paths lead from the output to x): it had touched x more than "
                f"{BUDGET} times, going down the graph path by path.")
        if _shared_node_right(Value):
            raise CheckFailed(
                f"{said} Yet its gradients on a small graph with a shared node are right, so "
                f"the trouble is the work alone: it goes into a node's children BEFORE asking "
                f"whether that node was visited (the `if v not in visited` test after the loop "
                f"over the children), removes repeats only after listing every path "
                f"(dict.fromkeys or a set at the end), or pushes each path's share down on its "
                f"own. Sort first, asking before going down, so that only a node not yet "
                f"visited is entered: if v not in visited: visited.add(v), the children, "
                f"then topo.append(v).") from None
        raise CheckFailed(
            f"{said} Sort the nodes once (a topological sort with a visited set) and sweep each "
            f"node once: the work then grows with the number of nodes, not of paths.") from None
    finally:
        counting[0] = False
    close(grad_of(x, "x"), 1.0, f"x.grad for that graph ({DEPTH} levels of "
                                "x * w + x * (1 - w)), which is 1")


def _shared_node_right(Value):
    """Whether backward() gets a.grad right for h = a * a; L = h * h + h, where h is shared."""
    try:
        a = attempt("Value(1.3)", Value, 1.3)
        h = attempt("a * a", lambda: a * a)
        out = attempt("h * h + h", lambda: h * h + h)
        backward(out, "h = a * a; L = h * h + h")
        return _same(grad_of(a, "a"), (2 * 1.69 + 1) * 2.6, 1e-6)
    except CheckFailed:
        return False


# Each reflected method, the line that hands the number straight back to it, and one that does not.
LOOPING = {"+": ("__radd__", "return other + self", "return self + other"),
           "*": ("__rmul__", "return other * self", "return self * other"),
           "-": ("__rsub__", "return other - self", "return other + (-self), or Value(other) - self"),
           "/": ("__rtruediv__", "return other / self", "return other * self**-1, or "
                                                         "Value(other) / self")}


def _reflected_slips(n, method):
    """What a reflected - or / gives with its sign or its power on the whole of other and
    self, or left off, each with the words that name it."""
    body = {"__rsub__": "return other + (-self)", "__rtruediv__": "return other * self**-1"}
    slips = {"__rsub__": ((lambda v: n + v, f"{_f(n)} + v", "the minus sign is left off v"),
                          (lambda v: -(n + v), f"-({_f(n)} + v)",
                           "the minus sign is put on the whole sum, not on v alone")),
             "__rtruediv__": ((lambda v: n * v, f"{_f(n)} * v",
                               "v is not raised to the power -1"),
                              (lambda v: 1 / (n * v) if n * v else float("nan"),
                               f"1 / ({_f(n)} * v)",
                               "the power -1 is put on the whole product, not on v alone"))
             }.get(method, ())
    return [(lambda v, wrong=wrong: wrong(v) * 1.5,
             f"That is ({shown}) * 1.5: {said}. In {method}(self, other), other is the plain "
             f"number {_f(n)}: {body[method]}.") for wrong, shown, said in slips]


def _changes_operands(learner):
    """Fail with the cause if -a, a - b or a / b changes the number a or b holds (-a written
    as self.data = -self.data; return self, say): called where such a formula came out wrong."""
    for what, build in (("-a", lambda a, b: -a), ("a - b", lambda a, b: a - b),
                        ("a / b", lambda a, b: a / b)):
        a, b = leaves_of(learner, [1.5, -2.0])
        attempt(what, build, a, b)
        for name, leaf, was in (("a", a, 1.5), ("b", b, -2.0)):
            now = data_of(leaf, name)
            if not _same(now, was):
                raise CheckFailed(f"`{what}` changed its input: {name}.data went from {_f(was)} "
                                  f"to {_f(now)}. An operation reads its inputs and puts its "
                                  f"answer in a new Value; {name} may be used again elsewhere, "
                                  f"as in -(a - b) * 1.5 + a, and must keep its number. -a is "
                                  f"a * -1, a new Value, not self.data = -self.data.")


@check("subtraction, negation, division and plain numbers on either side",
       "Build them from what you have: -a = a * -1, a - b = a + (-b), a / b = a * b**-1.",
       "2 * v calls int.__mul__ first, which gives up; Python then tries v.__rmul__(2).",
       "Define __radd__, __rsub__, __rmul__ and __rtruediv__.")
def reflected(learner):
    rng = inputs("reflected")
    n, v = _draw(rng, -3, 3), _draw(rng, 0.5, 2.5)
    a, b = _draw(rng, -2.5, 2.5), _draw(rng, 0.5, 2.5)
    try:
        compare(learner, lambda a, b: -(a - b) * 1.5 + a, [a, b], "-(a - b) * 1.5 + a",
                ["a", "b"])
    except CheckFailed as failed:
        if type(failed.__cause__) is not RecursionError:
            _changes_operands(learner)
            raise
        raise CheckFailed(
            f"{str(failed).rstrip('.')}. Your -, negation and reflected operations call each "
            f"other in a circle (-a written as 0 - a, say: Python runs that as a.__rsub__(0), "
            f"which computes 0 + (-a), and so needs -a again), so Python never gets to an "
            f"answer. Build each from +, * and ** alone: -a = a * -1, a - b = a + (-b), "
            f"2 - a = 2 + (-a).") from failed.__cause__
    try:
        # A divisor of each sign: a / b's gradient for b, -a / b**2, keeps its sign whatever
        # b's is (a backward step of its own with -a / (b * abs(b)) gets a negative b wrong).
        for divisor in (b, -b):
            compare(learner, lambda a, b: (a / b) * 1.5 + a, [a, divisor], "(a / b) * 1.5 + a",
                    ["a", "b"], advice="" if divisor > 0 else (
                        "Right for a positive b, wrong for this negative one: the gradient of "
                        "a / b for b is -a / b**2, and b**2 is positive whatever b's sign. Built "
                        "as a * b**-1, a / b needs no backward step of its own; one written by "
                        "hand squares b (not b * abs(b)) and takes no abs() of the result."))
    except CheckFailed:
        _changes_operands(learner)
        raise
    cases = [
        (lambda v: n + v, f"{_f(n)} + v", None), (lambda v: v + n, f"v + {_f(n)}", None),
        (lambda v: n * v, f"{_f(n)} * v", None), (lambda v: v * n, f"v * {_f(n)}", None),
        (lambda v: n - v, f"{_f(n)} - v", "__rsub__"), (lambda v: v - n, f"v - {_f(n)}", None),
        (lambda v: n / v, f"{_f(n)} / v", "__rtruediv__"), (lambda v: v / n, f"v / {_f(n)}", None),
    ]
    # v of either sign: n - v and n / v (the learner's own __rsub__ and __rtruediv__) meet a
    # positive and a negative v (2 / v computed as 2 / |v| is right for every positive v),
    # every other case a v of a drawn sign.
    runs = [(index, sign * v) for index in range(len(cases))
            for sign in ((1, -1) if index in (4, 6) else (rng.choice((1, -1)),))]
    for index, given in runs:
        formula, what, method = cases[index]
        swapped, why = None, ""
        if method:  # its operands the wrong way round give the next case's value
            wrong, wrong_what = cases[index + 1][:2]
            swapped = lambda v: wrong(v) * 1.5  # noqa: E731 (called before the loop moves on)
            alias = method.replace("__r", "__", 1)
            why = (f"That is ({wrong_what}) * 1.5, the operands swapped: in {method}(self, "
                   f"other), other is the plain number on the LEFT. Writing {method} = "
                   f"{alias} does this too: {alias} computes self first.")
        try:
            compare(learner, lambda v: formula(v) * 1.5, [given], f"({what}) * 1.5", ["v"],
                    swapped=swapped, swap_why=why, slips=_reflected_slips(n, method))
        except CheckFailed as failed:
            if type(failed.__cause__) is not RecursionError or index % 2:
                raise
            sign = what.split()[1]
            own, back, fix = LOOPING[sign]
            raise CheckFailed(f"{str(failed).rstrip('.')}. {what}, a plain number on the "
                              f"left, runs v.{own}({_f(n)}); {back} there makes the same "
                              f"number {sign} Value again, so Python runs {own} again, forever. "
                              f"Write it with the Value's own operations: {fix}.") \
                from failed.__cause__
    said = _plain_number_assigns(learner, n, v)
    if said:
        raise CheckFailed(said)


@check("grads accumulate across backward() calls, on graphs that share nodes",
       "backward() adds into the grads that are there: what if a leaf already holds a gradient "
       "from an earlier call?",
       "Set only the output's grad (self.grad = 1) in backward(), never a leaf's: zeroing "
       "the parameters is the training loop's job (train_step), not backward()'s.",
       "Each call sorts its own graph afresh: a visited set made inside backward(), every time.")
def across_calls(learner):
    (a,) = leaves_of(learner, [2.0])
    first = attempt("a * 3", lambda: a * 3.0)
    backward(first, "a * 3")
    if not _same(grad_of(a, "a"), 3.0):
        explain(learner)
    close(grad_of(a, "a"), 3.0, "a.grad after (a * 3).backward()")
    second = attempt("a * a", lambda: a * a)
    backward(second, "a * a")
    if _same(grad_of(a, "a"), 10.0):
        raise CheckFailed("a.grad after (a * 3).backward() then (a * a).backward() should be 7 "
                          "(3 + 4), but your code gives 10 = 3 + 4 + 3: the second call swept "
                          "the graph of a * 3 again as well as its own. The order your sort "
                          "builds lives on between calls (a topo list made outside backward(), "
                          "or a default argument such as topo=[], which Python makes once), so "
                          "every call sweeps the nodes of every earlier call again. Make a new "
                          "topo list inside backward(), in every call.")
    if not _same(grad_of(a, "a"), 7.0):
        explain(learner)
    close(grad_of(a, "a"), 7.0, "a.grad after (a * 3).backward() then (a * a).backward()",
          why="Gradients add up across backward() calls (3 + 4): never reset them inside "
              "backward().")
    rng = inputs("across calls")
    av, bv = _draw(rng, 0.5, 2.0), _draw(rng, 1.5, 3.0)

    # The same output twice: the second call adds the same gradients again.
    a, b = leaves_of(learner, [av, bv])
    out = attempt("L = a * b", lambda: a * b)
    backward(out, "a * b")
    backward(out, "a * b, a second time")
    what = f"a.grad after L = a * b; L.backward(); L.backward(), at a={_f(av)}, b={_f(bv)}"
    got = grad_of(a, "a")
    if _same(got, bv):
        _reached_nothing(learner, out, f"{what} is {_f(got)}, only the first call's b")
    if _same(got, 3 * bv) and _same(grad_of(out, "L"), 2.0):
        raise CheckFailed(f"{what} is {_f(got)} = 3 * b, and L.grad is 2: backward() seeds "
                          f"with self.grad += 1, so the second call starts from 2 and hands a "
                          f"twice the first call's share. Seed with self.grad = 1: dL/dL is 1 "
                          f"in every call.")
    close(got, 2 * bv, what, why="Each call adds dL/da = b once more.")

    # Two levels, swept twice: the second sweep must reach below the output's children too.
    a, b = leaves_of(learner, [av, bv])
    h = attempt("h = a * b", lambda: a * b)
    out = attempt("L = h * 2", lambda: h * 2.0)
    backward(out, "h * 2")
    backward(out, "h * 2, a second time")
    what = (f"a.grad after h = a * b; L = h * 2; L.backward(); L.backward(), at a={_f(av)}, "
            f"b={_f(bv)}")
    got = grad_of(a, "a")
    # micrograd: h keeps the 2 of the first call, so the second passes on 2 + 2 (6 * b in
    # all); a backward() that first zeroes computed nodes' grads passes on 2 (4 * b).
    if _same(got, 4 * bv, 1e-7) and _same(grad_of(h, "h"), 4.0, 1e-7):
        # 4 * b with h.grad 2 is a backward() that zeroes computed nodes first; with h.grad
        # 4, h's step ran before L's in the second call, on the 2 the first call left.
        raise CheckFailed(f"{what} is {_f(got)}, not {_f(6 * bv)}, and h.grad is 4: in the "
                          f"second call h handed a its grad before L had added its share to "
                          f"it, so the second sweep ran inputs first. The order was right in "
                          f"the first call only: an order kept between calls (on the node, "
                          f"say) and reversed in place, topo.reverse(), flips back each call. "
                          f"Build the order afresh in every call and sweep reversed(topo), "
                          f"which leaves the list as it is.")
    if not (_same(got, 6 * bv, 1e-7) or _same(got, 4 * bv, 1e-7)):
        _kept_children(h, f"{what} is {_f(got)}")
        _kept_children(out, f"{what} is {_f(got)}")
        close(got, 6 * bv, what, why="(Or 4 * b when backward() zeroes computed nodes' grads "
                                     "first.)")

    # A computed node that two outputs share: the second sweep must reach it again.
    a, b = leaves_of(learner, [av, bv])
    h = attempt("h = a * b", lambda: a * b)
    backward(attempt("h * 2", lambda: h * 2.0), "h * 2")
    backward(attempt("h * 5", lambda: h * 5.0), "h * 5")
    what = (f"a.grad after h = a * b; (h * 2).backward(); (h * 5).backward(), at a={_f(av)}, "
            f"b={_f(bv)}")
    got = grad_of(a, "a")
    if _same(got, 2 * bv):
        _reached_nothing(learner, h, f"{what} is {_f(got)}, only the first call's share")
    # micrograd keeps h's grad from the first call, so its second sweep passes on 2 + 5;
    # a backward() that first zeroes the grads of computed nodes passes on 5.
    if not (_same(got, 9 * bv, 1e-7) or _same(got, 7 * bv, 1e-7)):
        close(got, 9 * bv, what, why="(Or 7 * b when backward() zeroes computed nodes' grads "
                                     "first.)")

    # backward() on a node that already holds a grad from an earlier call: it is the output
    # now, so its sweep starts from 1 there, whatever it held (micrograd: a gets 2b + b).
    a, b = leaves_of(learner, [av, bv])
    h = attempt("h = a * b", lambda: a * b)
    backward(attempt("h * 2", lambda: h * 2.0), "h * 2")
    backward(h, "h")
    what = f"a.grad after h = a * b; (h * 2).backward(); h.backward(), at a={_f(av)}, b={_f(bv)}"
    got = grad_of(a, "a")
    if _same(got, 4 * bv, 1e-7):
        raise CheckFailed(f"{what} is {_f(got)} = 4 * b, but should be 3 * b = {_f(3 * bv)}: "
                          f"h.backward() started from the grad of 2 that h kept from the first "
                          f"call, not from 1. Seed with self.grad = 1 in every call, whatever "
                          f"grad the output holds: h is now the output, and dh/dh is 1.")
    close(got, 3 * bv, what, why="The first call gives a 2 * b, the second adds dh/da = b.")


def _children_list(node):
    """The children `node` lists in `_children` (microgpt) or `_prev` (micrograd), in the
    order a sort meets them, or None when it keeps them under another name."""
    for name in ("_children", "_prev"):
        kids = attempt(f"reading {name}", getattr, node, name, None)
        if kids is not None:
            return attempt(f"listing {name}", tuple, kids)
    return None


def _children_count(node):
    kids = _children_list(node)
    return None if kids is None else len(kids)


def _kept_children(node, start):
    """Fail if backward() emptied the children `node` was built with (it has two)."""
    if _children_count(node) == 0:
        raise CheckFailed(f"{start}: after backward(), the output no longer lists its children: "
                          f"the sort took them out of the graph (a pop() from _prev or "
                          f"_children, say). backward() must leave the graph as it was: "
                          f"another call, on this output or on one that shares its nodes, "
                          f"walks it again. Read the children, do not remove them.")


def _steps_thrown_away(node, start):
    """Fail if the first sweep left `node` (a product of two nonzero numbers) unable to hand
    anything on: its _local_grads emptied, or its _backward replaced by one that does nothing."""
    freed = ("backward() throws each node's backward step away once it has run it, as PyTorch "
             "frees its graph after .backward()")
    kids = _children_list(node)
    local = attempt("reading _local_grads", getattr, node, "_local_grads", None)
    if local is not None:
        if kids and type(local) in (list, tuple) and len(local) == 0:
            raise CheckFailed(f"{start}: the second call reached nothing below its output. "
                              f"After the first sweep the output still lists its "
                              f"{len(kids)} children, but its _local_grads is empty: your "
                              f"{freed} (emptying _local_grads). Here a graph may be swept "
                              f"again, and its gradients add up: leave every node's local "
                              f"gradients as they are.")
        return
    step = attempt("reading _backward", getattr, node, "_backward", None)
    if not kids or not callable(step):
        return
    child = kids[0]
    attempt("setting the output's grad", setattr, node, "grad", 1.0)
    attempt("setting a child's grad", setattr, child, "grad", 0.0)
    attempt("the output's backward step", step)
    if grad_of(child, "its child") == 0.0:
        raise CheckFailed(f"{start}: the second call reached nothing below its output. After "
                          f"the first sweep, the output's _backward hands nothing to its "
                          f"children any more: your {freed} (v._backward = lambda: None after "
                          f"v._backward(), say). Here a graph may be swept again, and its "
                          f"gradients add up: keep every node's _backward.")


def _reached_nothing(learner, node, start):
    """The second backward() call gave no node its share: say which of four slips it is."""
    _kept_children(node, start)
    local = attempt("reading _local_grads", getattr, node, "_local_grads", None)
    if local is not None and type(local) not in (list, tuple):
        raise CheckFailed(f"{start}: the second call reached nothing. _local_grads is a "
                          f"{type(local).__name__}, which can be read only once (the first "
                          f"sweep used it up): keep the local gradients in a tuple.")
    _steps_thrown_away(node, start)
    # A global tape, swept and then cleared, fails a graph built before another's backward();
    # a visited set that outlives the call does not (none of that graph's nodes is in it).
    x, y, u = leaves_of(learner, [1.5, 2.0, 3.0])
    early = attempt("x * y", lambda: x * y)
    backward(attempt("u * 2", lambda: u * 2.0), "u * 2")
    backward(early, "x * y, built before (u * 2).backward()")
    if grad_of(x, "x") == 0.0:
        raise CheckFailed(f"{start}: the second call reached nothing below its output. And "
                          f"x * y, built before (u * 2).backward() and then swept, gives x no "
                          f"gradient either: backward() sweeps a record of every Value made "
                          f"(a global list or tape) and then forgets it. Find the graph from "
                          f"the output instead: build(self) over _prev or _children.")
    raise CheckFailed(f"{start}: the second call reached nothing below its output. Its sort "
                      f"skipped every node the first call had visited: the visited set lives "
                      f"on between calls (a set made outside backward(), or a default argument "
                      f"such as visited=set(), which Python makes once). Make a new visited "
                      f"set inside backward(), in every call.")


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
        if not _same(g, want, 1e-4):
            explain(learner)
        close(g, want, f"the gradient of weight {i + 1}", tol=1e-4)
    expect(len(got) == 13, "every weight should get a gradient")
