"""Part 1 of lab 4, + and * with their backward steps: a Value's data and grad, the
local gradients of a + b and a * b, the children they remember, a value used twice."""

from grader.core.checks import CheckFailed, check, close, expect, need, slope

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: attempt, children_of, data_of, exact, FAR, _f, _far, _grad, new, result, rounded,
#             _same, _xs
# gradients.py: far_grads, judge, local_grads, order_lost


# The rule each local gradient follows, said when a wrong number matches no known slip.
ADD_RULE = ("a + b moves one-for-one with each input, so each gets 1 * out.grad: "
            "self.grad += 1.0 * out.grad and other.grad += 1.0 * out.grad.")
MUL_RULE = ("Each factor's local gradient is the OTHER factor: self.grad += other.data * "
            "out.grad and other.grad += self.data * out.grad (stored: _local_grads = "
            "(other.data, self.data)).")

@check("a Value holds its number, and its grad starts at 0",
       "A Value holds its number, and no gradient has flowed back into it yet.",
       "In __init__: self.data = data and self.grad = 0.0.")
def holds_data(learner):
    Value = need(learner, "Value")
    for x in [2, -3.5] + _xs(401, 3, -5.0, 5.0):
        v = new(Value, x)
        close(data_of(v, f"Value({_f(x)})"), x, f"Value({_f(x)}).data")
        g = _grad(v, f"Value({_f(x)})")
        expect(g == 0.0, f"Value({_f(x)}).grad should start at 0, but it is {_f(g)}: no "
                         f"gradient has flowed back yet.")


def _one_forgotten(other_right, name, local):
    """The wrong value 0 (and why) for the input `name` of a + b or a * b when the other
    input's local gradient is right: the step runs, and only the line for `name` is missing."""
    if not other_right:
        return []
    own, other = ("a", "b") if name == "a" else ("b", "a")
    line = f"{'self' if name == 'a' else 'other'}.grad += {local} * out.grad"
    return [(0.0, f"{other} gets its share, so the backward step is attached and runs, but "
                  f"{own} gets nothing: the step hands on to one child only. Hand each child "
                  f"its share, {line} for {own} too.")]


@check("a + b and a * b: values and local gradients",
       "a + b hands out.grad to both children unchanged (local gradient 1).",
       "a * b: the local gradient for a is b.data, and for b it is a.data (the OTHER factor).",
       "In __mul__'s _backward: self.grad += other.data * out.grad and "
       "other.grad += self.data * out.grad.")
def add_and_mul(learner):
    Value = need(learner, "Value")
    # Only __init__ is needed by the check before this one: a learner who wrote it alone
    # sees it pass. A result is a Value too, and starts with no gradient of its own.
    a, b = new(Value, 1.5), new(Value, -2.0)
    for what, build in (("a + b", lambda: a + b), ("a * b", lambda: a * b)):
        g = _grad(result(Value, what, build, [(a, "a"), (b, "b")]), f"({what})")
        expect(g == 0.0, f"({what}).grad should start at 0, but it is {_f(g)}: a result is a "
                         f"new Value, and nothing has flowed back into it yet.")
    xs = _xs(402, 8, -4.0, 4.0)
    for x, y in zip(xs[::2], xs[1::2]):
        shown = f"a = {_f(x)}, b = {_f(y)}"
        a, b = new(Value, x), new(Value, y)
        ab = [(a, "a"), (b, "b")]
        out = result(Value, "a + b", lambda: a + b, ab)
        got = data_of(out, "(a + b)")
        close(got, x + y, f"(a + b).data with {shown}", why=rounded(got, x + y))
        ga, gb = local_grads(out, "a + b", ab)
        if _same(ga, 0.0) and _same(gb, 2.0):
            raise CheckFailed(f"In a + b ({shown}) a gets no share and b gets 2: both shares went "
                              f"to b. Each backward step must add into its own child. Two "
                              f"slips do this: writing other.grad twice, or closures made in a "
                              f"loop (for child, local in ...: def step(): child.grad += ...), "
                              f"which read the loop variables when they RUN, by then the last "
                              f"child's. Bind them when each closure is made: "
                              f"def step(child=child, local=local): ...")
        half = (0.5, "That is half of out.grad: a + b hands each input the WHOLE of it, not a "
                     "share. Nudging a by a small step moves a + b by the same step, so the local "
                     "gradient is 1 for each input: self.grad += 1.0 * out.grad.")
        for g, name, held, other in ((ga, "a", x, gb), (gb, "b", y, ga)):
            own = (held, f"That is {name}'s own number, {name}.data: a local gradient says how "
                         f"fast a + b moves as {name} is nudged, not what {name} holds. a + b "
                         f"moves one-for-one with each input, so the local gradient is 1 for "
                         f"each, whatever they hold.")
            judge(g, 1.0, f"The local gradient of a + b for {name} ({shown})",
                  [half, own] + _one_forgotten(_same(other, 1.0), name, "1.0"),
                  rule=ADD_RULE)
        out = result(Value, "a * b", lambda: a * b, ab)
        got = data_of(out, "(a * b)")
        close(got, x * y, f"(a * b).data with {shown}", why=rounded(got, x * y))
        ga, gb = local_grads(out, "a * b", ab)
        # Stored local gradients written for (a, b) but children kept in the order (b, a),
        # as a set may keep them, give exactly the swapped numbers: then the order is named.
        swapped = order_lost(out, "a * b", [a, b]) or (
            "Nudging a changes a * b at rate b, the OTHER factor, not a itself: the "
            "product rule is swapped. In _backward: self.grad += other.data * out.grad "
            "(or, stored: _local_grads = (other.data, self.data)).")
        product = (f"That is out.data = a * b = {_f(x * y)}, the product itself. Nudging a "
                   f"changes a * b at rate b, the OTHER factor: self.grad += other.data * "
                   f"out.grad and other.grad += self.data * out.grad.")
        judge(ga, slope(lambda t: t * y, x), f"The local gradient of a * b for a ({shown})",
              [(x, swapped), (x * y, product)]
              + _one_forgotten(_same(gb, x, 1e-5), "a", "other.data"), tol=1e-5, rule=MUL_RULE)
        judge(gb, slope(lambda t: x * t, y), f"The local gradient of a * b for b ({shown})",
              [(y, swapped), (x * y, product)]
              + _one_forgotten(_same(ga, y, 1e-5), "b", "self.data"), tol=1e-5, rule=MUL_RULE)
    # A factor of 0: each factor still gets the other (a rule written as out.data / self.data,
    # equal everywhere else, divides by zero there).
    x, y = 0.0, xs[1]
    a, b = new(Value, x), new(Value, y)
    ab, shown = [(a, "a"), (b, "b")], f"a = 0, b = {_f(y)}"
    try:
        # inside the try: a stored design computes its local gradients as it builds a * b
        ga, gb = local_grads(result(Value, "a * b", lambda: a * b, ab), "a * b", ab)
    except CheckFailed as failed:
        if type(failed.__cause__) is not ZeroDivisionError:
            raise
        raise CheckFailed(f"{failed}, with {shown}. Each factor's local gradient is the OTHER "
                          f"factor, here b = {_f(y)} for a: use other.data itself "
                          f"(self.grad += other.data * out.grad), not a quotient like "
                          f"out.data / self.data, which divides by 0 when a factor is 0.") \
            from failed.__cause__
    judge(ga, y, f"The local gradient of a * b for a ({shown})", tol=1e-5, rule=MUL_RULE)
    judge(gb, 0.0, f"The local gradient of a * b for b ({shown})", tol=1e-5, rule=MUL_RULE)
    # Two different Values holding the same number are two factors: each gets the other's.
    # A number of more than three decimals, as the rest are not: a product rounded to 6
    # decimals is exact for those, and would pass unseen. (3n + 1) / 3000 squared is never a
    # whole number of millionths.
    x = xs[0] + 0.001 / 3
    a, b = new(Value, x), new(Value, x)
    ab, shown = [(a, "a"), (b, "b")], f"a = b = {x!r}, two different Values"
    out = result(Value, "a * b", lambda: a * b, ab)
    got = data_of(out, "(a * b)")
    exact(got, x * x, f"(a * b).data with {shown}", tol=1e-9,
          why=rounded(got, x * x) or "A Value keeps every digit of its number, as Python's "
                                     "float holds it: no rounding, and no shorter float (a "
                                     "numpy.float32, say).")
    ga, gb = local_grads(out, "a * b", ab)
    judge(ga, x, f"The local gradient of a * b for a ({shown})", tol=1e-5, rule=MUL_RULE)
    judge(gb, x, f"The local gradient of a * b for b ({shown})", tol=1e-5, rule=MUL_RULE)
    # Far from the few units above: a tiny pair, then a huge a with a tiny b, where a value
    # rounded to some decimals or a gradient clipped to some size is no longer right.
    far = _far(412, ((-7, -4), (-4, -1), (3, 7), (-6, -3)))
    for x, y, ops in ((far[0], far[1], ("a + b", "a * b")), (far[2], far[3], ("a * b",))):
        a, b = new(Value, x), new(Value, y)
        ab, shown = [(a, "a"), (b, "b")], f"a = {x!r}, b = {y!r}"
        for what in ops:
            want, rates = (x + y, (1.0, 1.0)) if what == "a + b" else (x * y, (y, x))
            out = result(Value, what, (lambda: a + b) if what == "a + b" else lambda: a * b, ab)
            got = data_of(out, f"({what})")
            exact(got, want, f"({what}).data with {shown}", rounded(got, want) or FAR)
            for g, (_, name), rate in zip(far_grads(Value, out, what, ab), ab, rates):
                exact(g, rate, f"The local gradient of {what} for {name} ({shown})",
                      FAR + f" {ADD_RULE if what == 'a + b' else MUL_RULE}", tol=1e-9)
    # A step that reads its result through something on an input (self._out = out, then
    # self._out.grad) reads the LAST result made from that input: make the same one again
    # from the same a and b, then run the first one's step.
    x, y = xs[2], xs[3]
    for what, build, rates in (("a + b", lambda a, b: a + b, (1.0, 1.0)),
                               ("a * b", lambda a, b: a * b, (y, x))):
        a, b = new(Value, x), new(Value, y)
        ab = [(a, "a"), (b, "b")]
        out = result(Value, what, lambda: build(a, b), ab)
        attempt(f"{what}, again", build, a, b)
        for g, (_, name), rate in zip(local_grads(out, what, ab), ab, rates):
            judge(g, rate, f"The local gradient of the first {what} for {name} (a = {_f(x)}, "
                           f"b = {_f(y)}), with a second {what} made from them after it,",
                  [(0.0, f"Without the second {what} it was right: the first one's backward "
                         f"step reads the result of a LATER operation, whose grad is 0. A "
                         f"result kept on an input (self._out = out, then self._out.grad in "
                         f"_backward) is replaced by every operation that input takes part "
                         f"in. Read the result the step belongs to: out, the variable of the "
                         f"call that made it, self.grad += local * out.grad.")], tol=1e-5)


@check("a + b and a * b remember their children",
       "When an operation makes its result, pass it the Values it was made from.",
       "out = Value(self.data * other.data, (self, other), '*'), and __init__ keeps them: "
       "self._prev = set(_children) (or, in microgpt's design, self._children = "
       "_children, kept in order).")
def remembers_children(learner):
    Value = need(learner, "Value")
    x, y = _xs(403, 2, 0.3, 2.0)
    for x, y in ((x, y), (x, x)):  # then two different Values holding the same number
        a, b = new(Value, x), new(Value, y)
        if x == y:
            one_node(a, b, x)
        ab = [(a, "a"), (b, "b")]
        for what, build in (("a + b", lambda: a + b), ("a * b", lambda: a * b)):
            remembers(result(Value, what, build, ab), what, ab)


def one_node(a, b, x):
    """Fail if a set takes a and b, two different Values holding x, for one node (an __eq__
    and __hash__ by data do): set(_children) and lab 5's visited set would skip one."""
    if attempt(f"putting a = Value({_f(x)}) and b = Value({_f(x)}) in a set",
               lambda: len({a, b})) == 1:
        raise CheckFailed(f"a = Value({_f(x)}) and b = Value({_f(x)}) are two different Values, "
                          f"but a set keeps only one of them: your __eq__ and __hash__ make two "
                          f"Values with the same .data equal, so they count as one node. Then "
                          f"set(_children) of a * b remembers one child, and lab 5's visited "
                          f"set skips the other. Delete __eq__ and __hash__: nodes are told "
                          f"apart by identity.")


def remembers(out, what, children):
    """Fail unless `out` (made by `what`) lists every (child, name) among its children."""
    kids = children_of(out, f"({what})")
    names = " and ".join(name for _, name in children)
    labels = [kid for kid in kids if type(kid).__name__ == "str"]
    if labels:
        raise CheckFailed(f"({what}) remembers {labels[0]!r} among its children, not {names}: "
                          f"the op's label went where the children go. Value takes the "
                          f"children second and the label third: "
                          f"Value(data, (self, other), {labels[0]!r}).")
    numbers = [kid for kid in kids if type(kid).__name__ in ("int", "float")]
    if numbers:
        fix = ("Here the exponent is a plain number, not a node, and it needs no gradient: "
               "a ** k has one child, a, so pass (self,) alone when you make the result."
               if "**" in what else "Wrap plain numbers with Value(...) first.")
        raise CheckFailed(f"({what}) remembers {numbers[0]!r}, a plain number, among its "
                          f"children: only Values are nodes of the graph, and backward() walks "
                          f"the children and reads their grads. {fix}")
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
        out = result(Value, "a * a", lambda: a * a, [(a, "a")])
        close(data_of(out, "(a * a)"), x * x, f"(a * a).data with a = {_f(x)}")
        (g,) = local_grads(out, "a * a", [(a, "a")])
        judge(g, 2 * x, f"The local gradient of a * a for a (a = {_f(x)})",
              [(x, "a is used twice in a * a, so it gets two shares, a and a: 2a in all. Your "
                   "code keeps only one share: in _backward, use += (not =), so the second "
                   "share adds to the first instead of replacing it.")],
              rule="a * a gets two shares, one as each factor: a and a, 2a in all.")
        out = result(Value, "a + a", lambda: a + a, [(a, "a")])
        close(data_of(out, "(a + a)"), x + x, f"(a + a).data with a = {_f(x)}")
        (g,) = local_grads(out, "a + a", [(a, "a")])
        judge(g, 2.0, f"The local gradient of a + a for a (a = {_f(x)})",
              [(1.0, "a is used twice in a + a, so it gets two shares of 1: 2 in all. Your "
                     "code keeps only one share: in _backward, use += (not =).")],
              rule="a + a gets two shares of 1, one as each input: 2 in all.")
