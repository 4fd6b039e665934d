"""Part 1 of lab 5, backward() one operation at a time: the seed, the order of the sweep on a
chain, then each operation inside a graph where its input is computed and used twice and the
gradient arriving at it is not 1 (`in_graph`), so every `+=` and `* out.grad` shows."""

from math import exp as _exp, log10 as _log10

from grader.core.checks import check, CheckFailed, close, inputs, number

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: attempt, backward, data_of, _draw, exp, explain, _f, grad_of, grads_of, _hands_own_grad,
#             leaves_of, relu, reseeds, _same, _t, tanh


FACTOR = ("forgets to multiply by the output's gradient: a node hands each child its local "
          "gradient TIMES its own grad (self.grad += local * out.grad, or in a shared loop "
          "child.grad += local * v.grad)")
REPLACED = ("is used twice, yet it keeps only one share: the second share replaced the first. "
            "Accumulate with += (never =) in every backward step")


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
    tv = data_of(top, name)
    close(tv, op(hv), f"({name}).data at h = {_f(hv)}",
          why="Compute it exactly, from math's own function of self.data (math.exp, "
              "math.tanh), at every size of h: a few terms of a series, or a value cut off "
              "past some size, is right near 0 only.")
    if abs(tv - op(hv)) > 1e-12 * max(1.0, abs(op(hv))):
        raise CheckFailed(f"({name}).data at h = {hv!r} should be {op(hv)!r}, but your code "
                          f"gives {tv!r}: close, but off in the last digits, as a formula built "
                          f"on a rounded number (2.718281828 for e, say) or a few terms of a "
                          f"series is. Compute it exactly, from math's own function of "
                          f"self.data (math.exp, math.tanh) or with ** as it is.")
    out = attempt(what, lambda: (top * c + H) * d)
    backward(out, what)
    g = grad_of(H, "h")
    k = local(hv, op(hv))
    want = d * (k * c + 1)
    if _same(g, want, 1e-7):
        _below_h(learner, A, B, a, b, want, what, hv)
        _worked_out(g, c, d, local(hv, tv), name, f"h.grad for {what} at a={_f(a)}, "
                    f"b={_f(b)} (h = {_f(hv)})")
        return None
    explain(learner)
    start = (f"h.grad for {what} at a={_f(a)}, b={_f(b)} (h = {_f(hv)}) should be "
             f"{_f(want)}, but your code gives {_f(g)}")
    _plain_number_step(learner, start, name)
    twins = _equal_numbers_merged(learner)
    if twins:
        raise CheckFailed(f"{start}. {twins}")
    if _same(g, k + d) and not _same(c * d, 1.0):
        raise CheckFailed(f"{start} = {_f(k)} + {_f(d)}: {name} hands h its local gradient "
                          f"{_f(k)} unmultiplied. It {FACTOR}; here out.grad is {_f(c * d)}.")
    if _same(g, k * c * d) and not _same(k * c * d, 0.0):
        raise CheckFailed(f"{start}, only the share from {name} ({_f(k * c * d)}), not the "
                          f"{_f(d)} from the + above it: h {REPLACED}.")
    return start, g, hv, c, d


def _worked_out(g, c, d, want, name, what):
    """Fail if the local gradient h.grad was built from, (h.grad / d - 1) / c, is off the rule
    by more than a few units in the last digit: a rule worked out exactly (in any order, t * t
    or t**2, k * h**(k-1) or k * out / h) agrees to ~1e-14 here, while a rate measured by
    nudging the input, (f(h + e) - f(h - e)) / (2 * e), is off by 1e-11 or more (its e**2
    error against its rounding error / e). The tolerance is labs/04-value's (worked_out)."""
    used = (g / d - 1) / c
    if abs(used - want) <= 1e-12 * max(1.0, abs(want)):
        return
    digit = max(1, int(-_log10(abs(used - want) / max(abs(want), 1e-300))))
    ending = {1: "st", 2: "nd", 3: "rd"}.get(digit % 10, "th") if digit // 10 % 10 != 1 else "th"
    nth = f"{digit}{ending}"
    rule = {"h.tanh()": "1 - t**2, with t = out.data", "h.exp()": "out.data",
            "h.relu()": "1.0 if self.data > 0 else 0.0"}.get(name)
    if rule is None:
        k = name.split("**")[-1].strip()
        rule = f"{k} * self.data ** ({k} - 1)"
    raise CheckFailed(f"{what} is close to right but off in its {nth} digit: the local gradient "
                      f"of {name} it was built from is {used!r}, where the rule gives "
                      f"{want!r}. That is what a rate measured by nudging the input, "
                      f"(f(h + e) - f(h - e)) / (2 * e), gives (or a rule built on a rounded "
                      f"number, 2.718281828 for e). Work the local gradient out exactly from "
                      f"the op's rule, here {rule}; nudging only checks it.")


def _below_h(learner, A, B, a, b, gh, what, hv):
    """h.grad came out right: fail if it then did not reach a and b below h because backward()
    takes two nodes holding the same number for one (h and h.relu(), say). Other slips of the
    order (h's step run too early, or twice) are left to part 2, which is about the order."""
    wants = ((A, "a", gh * (b + 1.0)), (B, "b", gh * a))
    wrong = [(leaf, n, w) for leaf, n, w in wants if not _same(grad_of(leaf, n), w, 1e-6)]
    if not wrong:
        return
    twins = _equal_numbers_merged(learner)
    if twins:
        leaf, n, w = wrong[0]
        raise CheckFailed(f"For {what} at a={_f(a)}, b={_f(b)} (h = {_f(hv)}), h.grad is "
                          f"right, {_f(gh)}, but {n}.grad should be {_f(w)}, and your code "
                          f"gives {_f(grad_of(leaf, n))}. {twins}")


def _equal_numbers_merged(learner):
    """Why backward() goes wrong on nodes that hold the same number, if it does: u = a + b
    and v = a * b hold 4 when a = b = 2, and 4.5 and 5 when b = 2.5. A sort that takes two
    nodes with equal .data for one (a visited set of v.data) gets the second graph right and
    skips v in the first; '' when it does not (or gets both wrong: another slip)."""
    def a_grad(x, y):
        a, b = leaves_of(learner, [x, y])
        out = attempt("L = (a + b) + a * b", lambda: (a + b) + a * b)
        backward(out, "(a + b) + a * b")
        return grad_of(a, "a")
    if _same(a_grad(2.0, 2.5), 3.5) and not _same(a_grad(2.0, 2.0), 3.0):
        return ("Your backward() takes two different nodes that hold the same number for one "
                "node: for L = (a + b) + a * b it gets a.grad = 3.5 right at a = 2, b = 2.5, "
                "but not 3 at a = b = 2, where a + b and a * b both hold 4 (and here many nodes "
                "hold the same number). A visited set of numbers (v.data), or a test by == (v not "
                "in topo, with an __eq__ that compares numbers), does that: keep the nodes themselves in the visited set, visited.add(v), and test "
                "v not in visited.")

    # The same again with two products (a sort keyed by the number and the operation, say).
    def right(x, y, u, v):  # a.grad is b and c.grad is d, whichever product a sort meets first
        a, b, c, d = leaves_of(learner, [x, y, u, v])
        out = attempt("L = a * b + c * d", lambda: a * b + c * d)
        backward(out, "a * b + c * d")
        return _same(grad_of(a, "a"), y) and _same(grad_of(c, "c"), v)
    if right(2.0, 2.5, 1.5, 3.0) and not right(2.0, 3.0, 1.0, 6.0):
        return ("Your backward() takes two different nodes that hold the same number for one "
                "node: for L = a * b + c * d it gets a.grad = b and c.grad = d right at a = 2, "
                "b = 2.5, c = 1.5, d = 3, but not at a = 2, b = 3, c = 1, d = 6, where a * b and "
                "c * d are two "
                "products that both hold 6 (and here many nodes hold the same number). A "
                "visited set keyed by what a node holds (its number, its operation, its repr) "
                "does that: keep the nodes themselves in the visited set, visited.add(v), and "
                "test v not in visited.")

    # h and h.relu() for h > 0: the same number, often the very same float object (relu hands
    # back self.data), so a sort keyed by id(v.data) takes them for one node; h * 1 is not.
    def chain(op):
        (x,) = leaves_of(learner, [1.5])
        h = attempt("h = x * 2", lambda: x * 2.0)
        out = attempt("L = f(h) * 3", lambda: op(h) * 3.0)
        backward(out, "L = f(h) * 3")
        return grad_of(h, "h"), grad_of(x, "x")
    gh, gx = chain(lambda h: h.relu())
    if _same(gh, 3.0) and gx == 0.0 and _same(chain(lambda h: h * 1.0)[1], 6.0):
        return ("Your backward() takes h and h.relu() for one node: for h = x * 2, "
                "L = h.relu() * 3 at x = 1.5, h.grad is 3 but x.grad stays 0 (with h * 1 in "
                "place of h.relu() x gets its 6), so h's own backward step never runs. For "
                "h > 0, h.relu() holds the very number h holds, often the same object (relu "
                "hands back self.data): a visited set keyed by the number (v.data, "
                "id(v.data)) takes the two for one. Keep the nodes themselves in the visited "
                "set, visited.add(v), and test v not in visited.")
    return ""


RESET_AFTER = ("After L = a + b; L.backward(), a.grad and b.grad are 1, but L.grad is 0: "
               "backward() seeded the output with 1 and swept, then set grads back to 0 "
               "afterwards. backward() leaves every node's gradient in its .grad, the output's "
               "too (dL/dL = 1): do not reset any grad after the sweep.")


@check("a Value holds its data and a grad of 0, and is a node of its own",
       "A new Value holds its number, and no gradient has flowed back into it yet.",
       "In __init__: self.data = data and self.grad = 0.",
       "Two Values that hold the same number are still two nodes of the graph.")
def basics(learner):
    rng = inputs("basics")
    for x in (2.5, _draw(rng, -5, 5)):
        (v,) = leaves_of(learner, [x])
        close(data_of(v, f"Value({x})"), x, f"Value({x}).data")
        close(grad_of(v, f"Value({x})"), 0.0, f"Value({x}).grad before any backward()")
    # The sort's visited set and micrograd's _prev are sets of nodes: a node and its relu (or
    # a*1) hold the same number, and must not be taken for one another there.
    twins = leaves_of(learner, [2.5, 2.5])
    held = attempt("a set of two Values that both hold 2.5", lambda: len({twins[0], twins[1]}))
    if held != 2:
        raise CheckFailed(
            "A set of Value(2.5) and another Value(2.5) holds one Value, not two: your Value "
            "defines __eq__ and __hash__ by its data, so two nodes with the same number count "
            "as one. backward()'s visited set then skips a node whose number some other node "
            "has (h and h.relu() when h > 0), and its children never get their gradients. "
            "Delete __eq__ and __hash__: nodes are told apart by identity.")


@check("backward() seeds the output with 1",
       "The sweep starts from the output: how much does L change when L changes?",
       "Set self.grad = 1 before walking the graph (dL/dL = 1).")
def seeds(learner):
    (single,) = leaves_of(learner, [3.0])
    backward(single, "Value(3.0)")
    if grad_of(single, "L") == 0.0:
        out, (ga, gb) = grads_of(learner, lambda a, b: a + b, [2.0, -3.0], "a + b")
        if grad_of(out, "L") == 0.0 and _same(ga, 1.0) and _same(gb, 1.0):
            raise CheckFailed(RESET_AFTER)
    close(grad_of(single, "L"), 1.0, "After L = Value(3.0); L.backward(), L.grad",
          why="backward() must seed the output's grad with 1 (dL/dL = 1).")
    out, (ga, gb) = grads_of(learner, lambda a, b: a + b, [2.0, -3.0], "a + b")
    if grad_of(out, "L") == 0.0 and _same(ga, 1.0) and _same(gb, 1.0):
        raise CheckFailed(RESET_AFTER)
    close(grad_of(out, "L"), 1.0, "After L = a + b; L.backward(), L.grad",
          why="backward() must seed the output's grad with 1 (dL/dL = 1).")
    held = data_of(out, "L")
    if not _same(held, 1.0) and _same(ga, held) and _same(gb, held):
        raise CheckFailed(f"After L = a + b; L.backward() at a=2, b=-3, a.grad and b.grad are "
                          f"{_f(ga)}, which is L.data, the output's NUMBER, not its gradient "
                          f"(1): the sweep multiplies each local gradient by the node's data. "
                          f"A node hands each child its local gradient times the node's grad: "
                          f"child.grad += local * v.grad in a shared loop, self.grad += local "
                          f"* out.grad in a _backward (v.grad, not v.data).")
    if ga == 0.0 and gb == 0.0:
        # L.grad is 1 now. Seeded after the sweep, a second call starts from that 1 and a
        # gets its share; a sweep that never hands anything on leaves a at 0 again.
        explain(learner)
        if _second_call_reaches(learner):
            raise CheckFailed("After (a + b).backward(), L.grad is 1 but a.grad and b.grad "
                              "are still 0, and a second call does reach them: the output is "
                              "seeded AFTER the sweep (or only at its end), so the sweep ran "
                              "with L.grad still 0 and handed on nothing. Seed the output's "
                              "grad with 1 before the sweep, or nothing flows back.")
        raise CheckFailed("After (a + b).backward(), L.grad is 1 but a.grad and b.grad are "
                          "still 0: the sweep hands nothing on. It must call each node's "
                          "backward step, the output's included (a sweep that starts below "
                          "the output's place in the order skips it), v._backward() (with "
                          "the parentheses: v._backward "
                          "alone only names it), and each node gives each child its "
                          "local gradient times the node's OWN grad: self.grad += local * "
                          "out.grad in a _backward, or child.grad += local * v.grad in a "
                          "shared loop (not times the child's grad, which is still 0).")
    if _same(ga, 0.0) and _same(gb, 2.0):
        raise CheckFailed("After (a + b).backward(), a.grad is 0 and b.grad is 2: both shares "
                          "of the + went to b. Each backward step must add into its own child. "
                          "Two slips do this: writing other.grad twice, or closures made in a "
                          "loop (for child in (self, other): lambda: ... child ...), which read "
                          "the loop variable when they RUN, by then the last child. Bind it "
                          "when each closure is made: lambda child=child: ...")
    if _same(ga, 3.0) and _same(gb, 3.0):
        raise CheckFailed("After (a + b).backward(), a.grad and b.grad are 3, not 1: the "
                          "output's backward step ran 3 times, once for each node of the order "
                          "(a, b and L). The sweep calls the OUTPUT's step at every node "
                          "(self._backward() inside the loop, say): call each node's own, "
                          "for v in reversed(topo): v._backward().")
    # L.grad is 1 here: the seed is right, and what is left is the share the sweep hands on.
    if _same(ga, 2.0) and _same(gb, 2.0):
        # 2 = 1 + 1 (local + grad) or 2 * 1 (the share handed on twice): a * b tells them apart.
        _, (gp, _) = grads_of(learner, lambda a, b: a * b, [2.0, -3.0], "a * b")
        if _same(gp, -2.0):
            # Seeding every leaf with 1 as well gives the same 2 and -2; one level deeper,
            # L = (a * b) * c, a.grad is 1 + b*c then, and b + (c + 1) for local + grad.
            _, (g3, _, _) = grads_of(learner, lambda a, b, c: (a * b) * c, [2.0, -3.0, 5.0],
                                     "(a * b) * c")
            if _same(g3, -14.0):
                raise CheckFailed("After L = a + b; L.backward(), L.grad is 1 (the seed is "
                                  "right) but a.grad and b.grad are 2, and for L = (a * b) * c "
                                  "at a=2, b=-3, c=5, a.grad is -14 = 1 + (-15): every input "
                                  "starts from a grad of 1 on top of its share. backward() "
                                  "seeds the inputs (the leaves) too: seed only the output, "
                                  "self.grad = 1, and let every other grad come from the sweep.")
            raise CheckFailed("After L = a + b; L.backward(), L.grad is 1 (the seed is right) "
                              "but a.grad and b.grad are 2 = 1 + 1, and for L = a * b at a=2, "
                              "b=-3, a.grad is -2 = -3 + 1: the sweep ADDS each local gradient "
                              "and the node's grad. It multiplies them: child.grad += local * "
                              "v.grad in a shared loop, self.grad += local * out.grad in a "
                              "_backward.")
        if _same(gp, -6.0):
            # A node listed once per child (topo.append(v) indented into the loop over the
            # children) runs its step twice when it has two children, once when it has one.
            _, (gs,) = grads_of(learner, lambda a: a ** 2, [3.0], "a ** 2")
            if _same(gs, 6.0):
                raise CheckFailed(
                    "After L = a + b; L.backward(), L.grad is 1 (the seed is right) but a.grad "
                    "and b.grad are 2, and for L = a * b at a=2, b=-3, a.grad is -6: every "
                    "share arrives twice. Yet for L = a ** 2 at a=3, with ONE child, a.grad is "
                    "6, right: a node's step runs once per child it has. Your order lists each "
                    "node once per child: topo.append(v) is indented inside the loop over its "
                    "children. Append v once, after that loop: for child in v._prev: "
                    "build(child), then topo.append(v).")
            raise CheckFailed("After L = a + b; L.backward(), L.grad is 1 (the seed is right) "
                              "but a.grad and b.grad are 2, and for L = a * b at a=2, b=-3, "
                              "a.grad is -6: every share arrives twice. backward() hands each "
                              "share on twice (two sweeps, each child's share added twice, or "
                              "the output's own step called once more before the sweep, "
                              "self._backward()): sweep the order once, and hand each child "
                              "local * v.grad once.")
    handed = ("L.grad is 1, so the seed is right; the share the sweep hands on is wrong. L = a "
              "+ b hands each input its local gradient 1 times L.grad: child.grad += local * "
              "v.grad in a shared loop, self.grad += 1.0 * out.grad in a _backward.")
    for got, name, other, line in ((ga, "a", gb, "self"), (gb, "b", ga, "other")):
        if _same(got, 0.0) and _same(other, 1.0):
            raise CheckFailed(
                f"After L = a + b; L.backward(), {name}.grad is 0 while the other input got "
                f"its 1: L.grad is 1 (the seed is right) and the step of + runs, but it hands "
                f"on to one child only. Hand each child its share: {line}.grad += 1.0 * "
                f"out.grad in __add__'s _backward (or give each child its local gradient, 1).")
    close(ga, 1.0, "a.grad for L = a + b", why=handed)
    close(gb, 1.0, "b.grad for L = a + b", why=handed)


OTHER_FACTOR = ("L = a * b hands each factor the OTHER factor times L.grad (1): a.grad = b, "
                "b.grad = a, each once.")

def _twice_listed_merged(L, S):
    """Fail naming the sweep if L = s + s stores s twice with its two local gradients (a
    microgpt Value, right) and s still got one share: the loop took the pairs through a set
    or a dict, which keeps s once."""
    kids = attempt("reading _children", getattr, L, "_children", None)
    local = attempt("reading _local_grads", getattr, L, "_local_grads", None)
    if kids is None or local is None:
        return
    kids, local = attempt("listing _children", tuple, kids), attempt("listing _local_grads",
                                                                   tuple, local)
    if len(kids) == 2 and all(k is S for k in kids) and len(local) == 2 and \
            all(_same(number(g, "a local gradient"), 1.0) for g in local):
        raise CheckFailed("s.grad for s = a + b; L = s + s should be 2, but your code gives 1. "
                          "Your __add__ is right: (s + s)._children is (s, s) and _local_grads "
                          "is (1, 1). The share is lost in backward(): its loop takes the "
                          "children through a set or a dict (set(v._children), or "
                          "dict(zip(...))), which keeps s once. Loop over the pairs as they are "
                          "stored: for child, local in zip(v._children, v._local_grads).")


def _second_call_reaches(learner):
    """After a first backward() left every grad at 0, does a second call on the same output
    give a its share? Then the seed came after the sweep (the second sweep starts from it)."""
    a, b = leaves_of(learner, [2.0, -3.0])
    out = attempt("L = a + b", lambda: a + b)
    backward(out, "a + b")
    backward(out, "a + b, a second time")
    return grad_of(a, "a") != 0.0


@check("gradients flow back through a chain, output first",
       "A node may pass its grad on only once that grad is complete.",
       "Walk the topological order in reverse, from the output back to the inputs: "
       "for v in reversed(topo): ...")
def chain_order(learner):
    rng = inputs("chain")
    x0, c1, c2, c3 = (_draw(rng, -3, 3) for _ in range(4))
    what = f"L = ((x + {_t(c1)}) + {_t(c2)}) + {_t(c3)}"
    out, (gx,) = grads_of(learner, lambda x: ((x + c1) + c2) + c3, [x0], what)
    if not _same(gx, 1.0):
        cause = _order_cause(learner)
        if cause:
            raise CheckFailed(f"x.grad for {what} at x={_f(x0)} should be 1, but your code "
                              f"gives {_f(gx)}. {cause}")
    if gx == 0.0:
        raise CheckFailed(f"x.grad stayed 0 for {what}: the output's gradient never reached x. "
                          "backward() must visit every node, from the output back to the inputs, "
                          "so that each node passes its grad on once it is complete: build the "
                          "order depth-first, appending each node AFTER its children, and sweep "
                          "that order reversed.")
    close(gx, 1.0, f"x.grad for {what} at x={_f(x0)}",
          why="Every step of this chain is a +, of local gradient 1, so x.grad is 1 * 1 * ... = 1: "
              "from the output down, each node hands each child local * its own grad, once, "
              "after its own grad is complete.")
    cause = _order_cause(learner)
    if cause:
        raise CheckFailed(cause)


# Two chains of + whose numbers rise toward the output and fall toward it: a graph's order
# does not care, a sweep that sorts the nodes by their numbers gets one of the two wrong.
# Every node of each holds a number of its own (a sort keyed by .data has no ties to break).
RISING, FALLING = (0.5, 1.25, 1.5, 2.25), (5.5, -2.25, -1.5, -1.25)
# And a shorter one, L = (x + a) + b, where a sweep in no order of its own (a set's, id's)
# gets x.grad right about every other time: built 16 times, it shows both outcomes.
SHORT = (0.5, 1.25, 2.25)


def _order_cause(learner):
    """Why a sweep gets the order of a plain chain of + wrong, if one of two causes shows: its
    order changes from one build of the very same formula to the next (a set, or id(v),
    decides it), or it sorts the nodes by their numbers (.data, or abs of it): right on every
    build of a chain whose sums rise toward the output, wrong on every build of one whose sums
    fall (or the other way round); '' otherwise."""
    kept = []  # the graphs stay alive, so each build gets new objects at new places

    def runs(nums, times):
        what = "L = " + "(" * (len(nums) - 2) + "x"
        for k, c in enumerate(nums[1:]):
            what += f" + {_t(c)}" + (")" if k < len(nums) - 2 else "")

        def formula(v):
            for c in nums[1:]:
                v = v + c
            return v
        results = set()
        for i in range(times):
            kept.extend(leaves_of(learner, [0.0] * i))  # shifts where the next nodes land
            out, (g,) = grads_of(learner, formula, [nums[0]], what)
            kept.append(out)
            results.add(_same(g, 1.0))
        return results, what, nums[0]
    # A sort by the numbers gives the same order on every build, so one build of each chain
    # shows it; the 16 builds of SHORT are what find an order that a set (or id) decides.
    tried = [runs(SHORT, 16), runs(RISING, 1), runs(FALLING, 1)]
    for results, what, x in tried:
        if len(results) == 2:
            return (f"Your sweep's order changes from one build of the same formula to the "
                    f"next: {what} at x={_f(x)}, built again and again, gives x.grad = 1 on "
                    f"some builds and not on others. The order depends on where Python put the "
                    f"nodes in memory, not on the graph: a set keeps no order (set(topo), "
                    f"list(set(...)), or a set where the order should be), and neither does "
                    f"sorting by id(v). Keep the topological order in a list, appending each "
                    f"node AFTER its children (use a set only for visited), and sweep that list "
                    f"reversed.")
    up, down = tried[1][0], tried[2][0]
    if up != down:
        right, wrong = (RISING, FALLING) if True in up else (FALLING, RISING)
        return (f"Your sweep follows the numbers the nodes hold, not the graph: for "
                f"L = ((x + a) + b) + c, x.grad comes out right, 1, at x={_f(right[0])}, "
                f"a={_f(right[1])}, b={_f(right[2])}, c={_f(right[3])}, but not at "
                f"x={_f(wrong[0])}, a={_f(wrong[1])}, b={_f(wrong[2])}, c={_f(wrong[3])}, "
                f"where the sums {'fall' if True in up else 'rise'} toward the output. A "
                f"node's number says nothing about where it sits in the graph: do not sort the "
                f"nodes by .data (or abs(v.data)). Build the order from the graph itself, "
                f"depth-first, appending each node AFTER its children, and sweep that order "
                f"reversed.")
    return ""


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
        reseeds(learner)
        raise CheckFailed(f"a.grad for L = (a + b) + a at {at} should be 2, but your code gives "
                          f"1: a {REPLACED}.")
    if not (_same(ga, 2.0) and _same(gb, 1.0)):
        explain(learner)
        _hands_own_grad(learner, "a + b")
    shares = ("Each + hands each input its own grad times 1, and a reaches L twice (through "
              "a + b and directly): a collects 1 + 1 = 2 with +=, b gets 1.")
    close(ga, 2.0, f"a.grad for L = (a + b) + a at {at}", why=shares)
    close(gb, 1.0, f"b.grad for L = (a + b) + a at {at}", why=shares)
    # s = a + b gets out.grad 2 from L = s + s; a and b must get 2, not 1.
    A, B = leaves_of(learner, [a, b])
    S = attempt("s = a + b", lambda: A + B)
    L = attempt("L = s + s", lambda: S + S)
    backward(L, "s + s")
    gs, ga = grad_of(S, "s"), grad_of(A, "a")
    if gs == 0.0 and _same(ga, 2.0):
        raise CheckFailed("s.grad for s = a + b; L = s + s should be 2, but your code gives 0, "
                          "though a got its share of 2 from s: backward() set the grads of "
                          "computed nodes back to 0 after the sweep. backward() leaves every "
                          "node's gradient in its .grad (dL/ds here): do not reset any grad "
                          "after the sweep.")
    if gs == 1.0:
        _twice_listed_merged(L, S)
        raise CheckFailed(f"s.grad for s = a + b; L = s + s should be 2, but your code gives 1: "
                          f"s {REPLACED}.")
    close(gs, 2.0, "s.grad for s = a + b; L = s + s",
          why="L = s + s hands s two shares of L.grad = 1, one as each input: 1 + 1 = 2.")
    twice = {4.0: "4 = 2 + 2: s handed its whole gradient on twice",
             3.0: "3 = 1 + 2: s handed its gradient on once after its first share (1) "
                  "had come, and again after both (2)"}
    how = next((said for n, said in twice.items() if _same(ga, n)), None)
    if how and _same(grad_of(B, "b"), ga):
        raise CheckFailed(f"a.grad for s = a + b; L = s + s at {at} should be 2, but your code "
                          f"gives {_f(ga)}, though s.grad is right, 2: {how}. L = s + s has s "
                          f"as its child twice, and your backward() runs s's step once for each "
                          f"time it is listed: its topological order holds s twice "
                          f"(topo.append(v) runs even for a node already visited), or it "
                          f"recurses into the children from each parent, handing a node's grad "
                          f"down as each share arrives. Sort first, each node once: if v not in "
                          f"visited: visited.add(v), build each child, then topo.append(v), all "
                          f"inside that if; then one sweep over that order reversed.")
    if ga == 1.0 and attempt("reading _local_grads", getattr, S, "_local_grads", None) is not None:
        raise CheckFailed(f"a.grad for s = a + b; L = s + s at {at} should be 2 (s.grad is 2), "
                          f"but your code gives 1: the shared loop in backward() hands each "
                          f"child its local gradient alone, or times the output's grad "
                          f"(self.grad, which is 1), not times the grad of the node it is at: "
                          f"child.grad += local * v.grad, with v the node the loop is at.")
    if ga == 1.0:
        raise CheckFailed(f"a.grad for s = a + b; L = s + s at {at} should be 2 (s.grad is 2), "
                          f"but your code gives 1: the + {FACTOR}.")
    close(ga, 2.0, f"a.grad for s = a + b; L = s + s at {at}",
          why="s.grad is 2, and s = a + b hands it on whole: child.grad += 1 * s.grad.")


@check("multiplication gives each factor the other factor",
       "d(a*b)/da is b, not a: each factor's gradient is the OTHER factor.",
       "self.grad += other.data * out.grad and other.grad += self.data * out.grad: += (a may "
       "be used twice) and times out.grad.")
def mul_div(learner):
    rng = inputs("mul")
    a, b = _draw(rng, -2.5, 2.5), _draw(rng, -2.5, 2.5)
    while abs(abs(a) - abs(b)) < 0.25:  # a == b (or -b) would make a right product rule look swapped
        b = _draw(rng, -2.5, 2.5)
    at = f"a={_f(a)}, b={_f(b)}"
    out, (ga, gb) = grads_of(learner, lambda a, b: a * b, [a, b], "a * b")
    if _same(ga, a) and _same(gb, b):
        _swapped_in_sweep(learner, a, b, at)
        raise CheckFailed(f"a.grad for L = a * b at {at} should be b = {_f(b)}, but your code "
                          f"gives a = {_f(a)}: the product rule is swapped. Each factor gets the "
                          f"OTHER factor's data: self.grad += other.data * out.grad.")
    if not (_same(ga, b) and _same(gb, a)):
        explain(learner)
        _hands_own_grad(learner, "a * b")
    if _same(ga, b) and _same(gb, b):
        local = attempt("reading _local_grads", getattr, out, "_local_grads", None)
        local = None if local is None else attempt("listing _local_grads", tuple, local)
        where = ("Your * stores the right local gradients, (b, a): the shared loop hands every "
                 "child the first one. Pair each child with its own, for child, local in "
                 "zip(v._children, v._local_grads)."
                 if local is not None and len(local) == 2 and _same(number(local[0], "a local "
                 "gradient"), b) and _same(number(local[1], "a local gradient"), a) else
                 "Each factor gets the OTHER factor's data: other.grad += self.data * out.grad.")
        raise CheckFailed(f"b.grad for L = a * b at {at} should be a = {_f(a)}, but your code "
                          f"gives b = {_f(b)}, its own number, the share meant for a. {where}")
    close(ga, b, f"a.grad for L = a * b at {at}", why=OTHER_FACTOR)
    close(gb, a, f"b.grad for L = a * b at {at}", why=OTHER_FACTOR)
    drawn = ga, gb
    # A factor of 0: each factor still gets the other (a rule written as out.data / self.data,
    # equal everywhere else, divides by zero there).
    try:
        out, (ga, gb) = grads_of(learner, lambda a, b: a * b, [0.0, b], "a * b")
    except CheckFailed as failed:
        if type(failed.__cause__) is not ZeroDivisionError:
            raise
        raise CheckFailed(f"{failed}, with a = 0 and b = {_f(b)}. Each factor's local gradient "
                          f"is the OTHER factor, here b = {_f(b)} for a: hand it on as "
                          f"other.data itself (self.grad += other.data * out.grad), not as a "
                          f"quotient like out.data / self.data, which divides by 0 when a "
                          f"factor is 0.") from failed.__cause__
    close(ga, b, f"a.grad for L = a * b at a=0, b={_f(b)}", why=OTHER_FACTOR)
    if gb == 1.0:
        raise CheckFailed(f"b.grad for L = a * b at a=0, b={_f(b)} should be 0 (its share is "
                          f"a * L.grad = 0), but your code gives 1, the seed: backward() seeds "
                          f"every node whose grad is still 0 when the sweep reaches it. Seed "
                          f"only the output, once, before the sweep (self.grad = 1), and let "
                          f"every other node get only the shares handed to it.")
    close(gb, 0.0, f"b.grad for L = a * b at a=0, b={_f(b)}", why=OTHER_FACTOR)
    # The chain rule gives a product's gradients exactly (other.data * 1.0, in every design);
    # nudging the inputs and measuring the change (a numerical gradient, lesson 2) is off in
    # the last digits however small the nudge: right to 1e-6, so only this can tell them apart.
    # After the factor of 0: a rule that divides (out.data / self.data) is off in the last
    # digits too, and is named there first.
    for got, want, name in ((drawn[0], b, "a"), (drawn[1], a, "b")):
        if got != want and _same(got, want, 1e-6):
            raise CheckFailed(f"{name}.grad for L = a * b at {at} should be exactly {want!r}, but "
                              f"your code gives {got!r}, off by {abs(got - want):.1g}: a numerical "
                              f"estimate, not the chain rule. backward() must not nudge values and "
                              f"measure; each node hands on its local gradient times out.grad.")
    # The lesson's worked example, a used twice: a = 2, b = 3, L = a*b + a.
    out, (ga, gb) = grads_of(learner, lambda a, b: a * b + a, [2.0, 3.0], "a * b + a")
    if ga == 1.0:
        # Also what a sweep in the wrong order gives, with += everywhere: a*b hands on its grad
        # before L has given it one, so only the direct path's 1 arrives. On a plain chain the
        # two differ: there, = gives the right answer and a wrong order gives 0.
        try:
            _, (chained, _, _) = grads_of(learner, lambda a, b, c: (a * b) * c, [2.0, 3.0, 1.0],
                                          "(a * b) * c")
        except CheckFailed:
            chained = None  # the message below, about this check's own graph
        start = ("For a=2, b=3, L = a*b + a, a.grad is 1 but should be 4: only the direct "
                 "path's 1 arrived.")
        cause = _order_cause(learner)
        if cause:
            raise CheckFailed(f"{start} {cause}")
        if chained == 0.0:
            raise CheckFailed(f"{start} The 3 through a*b never did, because "
                              "a*b passed its gradient on before it had one: on L = (a*b) * c "
                              "with c = 1, a.grad stays 0. backward() must sweep the "
                              "topological order reversed, output first, so each node's grad "
                              "is complete before it is handed on.")
    if ga in (1.0, 3.0):
        raise CheckFailed(f"For a=2, b=3, L = a*b + a, a.grad is {ga:g} but should be 4: a is "
                          "used twice, so the two paths (3 through a*b, 1 directly) must ADD. "
                          "Use += in the backward steps, not =.")
    if not _same(ga, 4.0):
        explain(learner)
    paths = ("a reaches L by two paths whose shares add: b = 3 through a*b, and 1 directly; "
             "b gets a = 2 through a*b.")
    close(ga, 4.0, "a.grad for L = a*b + a at a=2, b=3", why=paths)
    close(gb, 2.0, "b.grad for L = a*b + a at a=2, b=3", why=paths)
    out, (ga,) = grads_of(learner, lambda a: a * a, [a], "a * a")
    if _same(ga, a):
        raise CheckFailed(f"a.grad for L = a * a at a={_f(a)} should be 2a = {_f(2 * a)}, but "
                          f"your code gives {_f(ga)}: a {REPLACED}.")
    close(ga, 2 * a, f"a.grad for L = a * a at a={_f(a)}",
          why="a is both factors: it gets the other factor, a, once as each, a + a = 2a.")
    # p = a * b gets out.grad 2 from L = p + p.
    A, B = leaves_of(learner, [a, b])
    P = attempt("p = a * b", lambda: A * B)
    L = attempt("L = p + p", lambda: P + P)
    backward(L, "p + p")
    ga = grad_of(A, "a")
    if _same(ga, b):
        raise CheckFailed(f"a.grad for p = a * b; L = p + p at {at} should be 2b = {_f(2 * b)} "
                          f"(p.grad is 2), but your code gives b = {_f(b)}: the * {FACTOR}.")
    close(ga, 2 * b, f"a.grad for p = a * b; L = p + p at {at}",
          why="p.grad is 2 (two shares from L = p + p), and a gets the other factor times it, "
              "b * p.grad = 2b.")
    # Far from a few units: a huge factor and a tinier one, drawn from a generator of their own
    # (the draws above stay as they were). A product rounded to some decimals (round(x, 10))
    # or a gradient clipped to some size (max(-100, min(100, g))) is right for every number
    # above, and wrong here; the chain rule is exact at every size.
    far = inputs("mul far")
    size = far.uniform(4, 7)  # a in 1e4..1e7, b so small that a * b is 1e-9..1e-6
    big = far.choice((-1.0, 1.0)) * 10 ** size
    small = far.choice((-1.0, 1.0)) * 10 ** (-size - far.uniform(6, 9))
    at = f"a={big!r}, b={small!r}"
    out, (ga, gb) = grads_of(learner, lambda a, b: a * b, [big, small], "a * b")
    for got, want, what in ((data_of(out, "a * b"), big * small, f"(a * b).data at {at}"),
                            (ga, small, f"a.grad for L = a * b at {at}"),
                            (gb, big, f"b.grad for L = a * b at {at}")):
        if not abs(got - want) <= 1e-12 * abs(want):
            raise CheckFailed(f"{what} should be {want!r}, but your code gives {got!r}: right "
                              f"for numbers of a few units, wrong for this huge and this tiny "
                              f"one. A value rounded to some decimals (round(x, 10)) or a "
                              f"gradient clipped to some size (max(-100, min(100, g))) does "
                              f"that. Keep every digit at every size: out.data = self.data * "
                              f"other.data, and each factor gets other.data * out.grad as it "
                              f"is.")


def _swapped_in_sweep(learner, a, b, at):
    """Fail naming the sweep when a * b's stored local gradients are right but the grads come
    out swapped: backward() pairs each child with the other child's local gradient."""
    A, B = leaves_of(learner, [a, b])
    out = attempt("a * b", lambda: A * B)
    kids = attempt("reading _children", getattr, out, "_children", None)
    local = attempt("reading _local_grads", getattr, out, "_local_grads", None)
    if kids is None or local is None:
        return
    kids, local = attempt("listing _children", tuple, kids), attempt("listing _local_grads",
                                                                   tuple, local)
    if len(kids) != 2 or len(local) != 2 or kids[0] is not A or kids[1] is not B:
        return
    if _same(number(local[0], "a local gradient"), b) and \
            _same(number(local[1], "a local gradient"), a):
        raise CheckFailed(f"a.grad for L = a * b at {at} should be b = {_f(b)}, but your code "
                          f"gives a = {_f(a)}. Your __mul__ is right, (a * b)._children is "
                          f"(a, b) and _local_grads is (b, a), so the swap happens in "
                          f"backward(): it pairs each child with the other child's local "
                          f"gradient. Pair them in the order they are stored: for child, local "
                          f"in zip(v._children, v._local_grads).")


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
    # -2 too: a rule for negative k written 1 / (k * h**(1 - k)) is right at k = -1 only.
    for k in (2, 3, -1, 0.5, 1.5, -2):
        h = _draw(rng, 0.3, 2.5)
        found = in_graph(learner, lambda x, k=k: x ** k, f"h ** {k}", _power_slip(k), h, rng)
        if found:
            start, g, hv, c, d = found
            if _same(g, d * (k * hv ** k * c + 1), 1e-7):
                raise CheckFailed(f"{start}. The power rule: d(h**{k})/dh = {k} * h**{k - 1}, "
                                  f"one power lower; your code uses {k} * h**{k}.")
            raise CheckFailed(f"{start}. The power rule: d(h**{k})/dh = {k} * h**{k - 1}.")
    # At h = 0 too: k * 0**(k-1) is 0 for k = 2, 3 and 1 for k = 1 (a rule written as
    # k * out.data / h, equal everywhere else, divides by zero there; one that skips h = 0
    # misses k = 1). Lower powers are not defined at 0 at all.
    for k in (2, 3, 1):
        rule = f"The power rule {k} * h**{k - 1} is {_f(k * 0.0 ** (k - 1))} at h = 0"
        try:
            found = in_graph(learner, lambda x, k=k: x ** k, f"h ** {k}", _power_slip(k), 0.0, rng)
        except CheckFailed as failed:
            _exponent_gradient(learner, failed)
            if type(failed.__cause__) is not ZeroDivisionError:
                raise
            raise CheckFailed(f"{failed}, with h = 0. {rule}: compute it as written, without "
                              f"dividing by h.") from failed.__cause__
        if found:
            raise CheckFailed(f"{found[0]}. {rule}.")
    # And of a negative h, for a whole k: k * h**(k-1) keeps its sign there (a rule through
    # abs(h) or log(h), right for every positive h, is not).
    for k in (2, 3, -1):
        h = -_draw(rng, 0.3, 2.5)
        try:
            found = in_graph(learner, lambda x, k=k: x ** k, f"h ** {k}", _power_slip(k), h, rng)
        except CheckFailed as failed:
            _exponent_gradient(learner, failed)
            if type(failed.__cause__) is not ValueError:
                raise
            raise CheckFailed(f"{failed}, with h < 0. h ** {k} is defined for a negative h, and "
                              f"so is its local gradient {k} * h**{k - 1}: compute it as "
                              f"written.") from failed.__cause__
        if found:
            start, g, hv, c, d = found
            raise CheckFailed(f"{start}. The power rule holds for a negative h too: "
                              f"d(h**{k})/dh = {k} * h**{k - 1} = {_f(k * hv ** (k - 1))} "
                              f"here, sign included.")


def _exponent_gradient(learner, failed):
    """Fail with the cause if h ** k raised ValueError (math.log of h <= 0, say) because the
    learner's power keeps k as a second child, with a gradient of its own."""
    if type(failed.__cause__) is not ValueError:
        return
    (a,) = leaves_of(learner, [1.5])
    kids = _children_list(attempt("a ** 2", lambda: a ** 2))
    if kids is None or len(kids) < 2:
        return
    raise CheckFailed(f"{str(failed).rstrip('.')}. Your a ** k keeps k as a second child, with "
                      f"a gradient of its own (log(a) * a**k), and that does not exist where a "
                      f"is 0 or negative (math.log raises ValueError there). Here k is a plain "
                      f"number, nothing to train: a ** k has one child, a, with the local "
                      f"gradient k * a**(k-1), and the exponent needs no gradient at all.") \
        from failed.__cause__


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
    # Far from 0 as well, where tanh is near 1 but not 1: an output set to 1 (or -1) past
    # some |h| > 3 or 5, to keep math.exp from overflowing, differs there.
    for x in (-3.5, 5.5):
        (leaf,) = leaves_of(learner, [x])
        out = attempt(f"Value({_f(x)}).tanh()", tanh, leaf)
        close(data_of(out, f"Value({_f(x)}).tanh()"), tanh(x), f"Value({_f(x)}).tanh().data",
              why="tanh keeps rising toward 1 however large its input grows (and falling "
                  "toward -1): if your code clips the input or returns 1 (or -1) past some "
                  "size, so that math.exp cannot overflow, do so only where tanh is 1 to "
                  "every digit (|h| > 20), or use math.tanh(self.data), which never overflows.")
    # And one h past 2.5 (of a sign of its own) from a generator of its own, so the draws above
    # stay as they were: a local gradient cut to 0 (or capped) past some size, or exp summed
    # as a few terms of its series, is right near 0 only.
    far = inputs("nonlinear far")
    for name, op, local, wrong, advice in NONLINEAR:
        side = -1.0 if far.random() < 0.5 else 1.0
        for h, gen in ((_draw(rng, -1.8, -0.3), rng), (_draw(rng, 0.3, 1.8), rng),
                       (side * _draw(far, 2.5, 4.0), far)):
            found = in_graph(learner, op, name, local, h, gen)
            if found:
                start, g, hv, c, d = found
                if _same(g, d * (wrong(hv, op(hv)) * c + 1), 1e-7):
                    raise CheckFailed(f"{start}: {advice}.")
                t = op(hv)
                if name == "h.exp()" and _same(g, d * (c + 1), 1e-7):
                    raise CheckFailed(f"{start}: exp hands h out.grad alone, a local gradient "
                                      f"of 1, which is +'s. e**h moves exactly as fast as it "
                                      f"is: its local gradient is its output, so self.grad += "
                                      f"out.data * out.grad.")
                if name == "h.exp()" and _same(g, d * (_exp(t) * c + 1), 1e-7):
                    raise CheckFailed(f"{start}: exp's local gradient is its output, out.data "
                                      f"itself (e**h moves exactly as fast as it is), but your "
                                      f"code takes exp of it once more, exp(out.data).")
                if name == "h.tanh()" and _same(g, d + 1 - t * t * c * d, 1e-7):
                    raise CheckFailed(f"{start}: tanh hands h 1 - t**2 * out.grad, which Python "
                                      f"reads as 1 - (t**2 * out.grad), so only t**2 is "
                                      f"multiplied by out.grad. Put the local gradient in "
                                      f"parentheses: self.grad += (1 - t**2) * out.grad.")
                if name == "h.tanh()" and _same(g, d * ((1 - t) * c + 1), 1e-7):
                    raise CheckFailed(f"{start}: tanh hands h (1 - t) * out.grad, t not "
                                      f"squared. Its local gradient is 1 - t**2, with t = "
                                      f"tanh(h) the output: self.grad += (1 - t**2) * "
                                      f"out.grad.")
                # h.grad = d * (local * c + 1), d and c at least 0.25 from 0: the local
                # gradient the learner's step used, as a number to compare with the rule's.
                used = (g / d - 1) / c
                rule = (f"1 - t**2 = {_f(local(hv, t))}, with t = tanh(h) = {_f(t)}, the output"
                        if name == "h.tanh()" else f"e**h = {_f(t)}, its own output")
                raise CheckFailed(f"{start}: that is what a local gradient of {_f(used)} for "
                                  f"{name} gives, but at h = {_f(hv)} it is {rule}.")
    for h in (round(rng.uniform(0.1, 0.9), 3), _draw(rng, 1.2, 2.5), -_draw(rng, 0.3, 2.0), 0.0):
        try:
            found = in_graph(learner, relu, "h.relu()", lambda h, o: 1.0 if h > 0 else 0.0, h, rng)
        except CheckFailed as failed:
            if h != 0.0 or type(failed.__cause__) is not ZeroDivisionError:
                raise
            raise CheckFailed(f"{failed}, with h = 0. relu's local gradient is 1 if its input is "
                              f"> 0, else 0 (0 at h = 0): write it as that test, without "
                              f"dividing by the input.") from failed.__cause__
        if found:
            start, g, hv, c, d = found
            if h <= 0 and _same(g, d * (c + 1), 1e-7):
                where = "at 0" if h == 0 else "for a negative input"
                raise CheckFailed(f"{start}: relu passes the gradient where a > 0 and blocks it "
                                  f"where a <= 0, so {where} its local gradient is 0, but your "
                                  f"code passes it on. Test the input, self.data > 0 (relu's "
                                  f"output is never negative, so out.data >= 0 is always true).")
            _relu_reads_data_only(learner)
            raise CheckFailed(f"{start}: relu's local gradient is 1 where its input is > 0, "
                              f"else 0.")
    _relu_reads_data_only(learner)


def _relu_reads_data_only(learner):
    """relu's local gradient is a test of its input's data. A test of a .grad instead
    (self.grad > 0) gives the same numbers whenever that grad has the sign the input has, as
    it may in a random graph: so h.grad holds something of each sign before backward()."""
    for hv in (0.6, -0.6):
        for held in (0.75, -0.75):
            (h,) = leaves_of(learner, [hv])
            top = attempt("h.relu()", lambda: relu(h))
            attempt("setting h.grad", setattr, h, "grad", held)
            backward(top, "h.relu()")
            got, share = grad_of(h, "h"), 1.0 if hv > 0 else 0.0
            if _same(got, held + share, 1e-9) or _same(got, share, 1e-9):
                continue  # right, or a backward() that resets the grads (named later)
            raise CheckFailed(
                f"h.grad for L = h.relu() at h = {_f(hv)}, with h.grad holding {_f(held)} "
                f"before L.backward(), should end at {_f(held + share)} ({_f(held)} + the "
                f"local gradient {_f(share)}), but your code gives {_f(got)}. relu's local "
                f"gradient is a test of its input's data, 1.0 if self.data > 0 else 0.0, "
                f"never on a grad: a test of self.grad > 0 (or out.grad > 0) gives the right "
                f"numbers only while that grad happens to have the input's sign.")
