"""Hidden checks of lab 01-graphs: a formula is a graph of small steps, evaluated forward.

Every expected value is computed here with plain floats; every learner value goes through
number()/close() before it is compared.
"""

import math

from grader.core.checks import check, CheckFailed, need, attempt, number, close, mapping, kind_of
from grader.core.checks import inputs as draw

STEP_TEXT = {"e": "e = a*b", "d": "d = e + c", "L": "L = d * f"}


def _f(x):
    # A -0.0 shows as 0: it equals 0, and "-0" in a message puzzled learners.
    return f"{0.0 if type(x) is float and x == 0 else x:.6g}"


def _pick(rng, low=-5.0, high=5.0):
    """A random input with three decimals, kept away from 0 so that mistakes show."""
    x = 0.0
    while abs(x) < 0.2:
        x = round(rng.uniform(low, high), 3)
    return x


def _same(x, y):
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)


def _exact(x, y):
    """evaluate's values: relative only, as its graphs hold numbers from 1e-7 to 1e7 in size
    (a right evaluate computes the very floats the checks do)."""
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=0.0)


# --- forward --------------------------------------------------------------------------------


def _forward(learner, a, b, c, f):
    """Call the learner's forward; the call as text and the dict it returned."""
    forward = need(learner, "forward")
    what = f"forward({_f(a)}, {_f(b)}, {_f(c)}, {_f(f)})"
    try:
        nodes = attempt(what, forward, a, b, c, f)
    except CheckFailed as failure:
        if type(failure.__cause__) is ZeroDivisionError and 0 in (a, b, c, f):
            raise CheckFailed(
                f"{failure}, with an input of 0. No step of L = (a*b + c) * f divides, so it "
                f"works for every input, 0 included: compute the steps in order, e = a*b, then "
                f"d = e + c, then L = d * f, each from the nodes before it.") from failure.__cause__
        raise
    return what, mapping(nodes, f"{what} (a dict of nodes like {{'e': ..., 'd': ..., 'L': ...}})")


def _cases(rng):
    """Five random (a, b, c, f), then four with one input 0 each: 0 is an input like any other,
    and only a step that divides (d = L / f, say) fails there."""
    cases = [[_pick(rng) for _ in range(4)] for _ in range(5)]
    for zero in range(4):
        case = [_pick(rng) for _ in range(4)]
        case[zero] = 0.0
        cases.append(case)
    return cases


def _rounded(got, want, label, same=_same):
    """Fail naming it if got is want cut to a whole number or rounded to a few decimals."""
    if same(got, want):
        return
    if got == math.trunc(want) or any(got == round(want, k) for k in range(13)):
        raise CheckFailed(f"{label} should be {_f(want)}, but your code gives {_f(got)}: that "
                          f"number with its decimals cut off (int() or round() does that). "
                          f"Keep every node's value exactly as the step computes it: the "
                          f"backward pass needs the true numbers.")


def _formula_of(got, known):
    """'e * f' if got is exactly one sum or product of two of the known nodes, else ''."""
    names = sorted(known, key=str.lower)
    found = {f"{x} {sign} {y}" for i, x in enumerate(names) for y in names[i:]
             for sign, value in (("+", known[x] + known[y]), ("*", known[x] * known[y]))
             if _same(got, value)}
    found |= {f"{x} - {y}" for x in names for y in names
              if x != y and _same(got, known[x] - known[y])}
    return found.pop() if len(found) == 1 else ""


def _other_nodes(got, want, key, known, what):
    """Fail naming it when node `key` is a sum or product of other nodes than its own
    (L = e * f, d = e + a): the right kind of step, read from the wrong nodes."""
    if _same(got, -want) and not _same(want, 0.0):
        raise CheckFailed(
            f"`{what}['{key}']` should be {_f(want)}, but your code gives {_f(got)}: the right "
            f"size with the wrong sign. The step has no minus in it: {STEP_TEXT[key]}.")
    formula = _formula_of(got, known)
    if formula and not _same(got, want):
        raise CheckFailed(
            f"`{what}['{key}']` should be {_f(want)}, but your code gives {_f(got)} = "
            f"{formula}: not the nodes its step reads. Compute it from exactly those: "
            f"{STEP_TEXT[key]}.")


def _node(nodes, key, what):
    if key not in nodes:
        raise CheckFailed(
            f"{what} has no node '{key}'. Every small step is a node of its own "
            f"({STEP_TEXT[key]}), and the dict must hold all three: 'e', 'd' and 'L'.")
    return number(nodes[key], f"`{what}['{key}']`")


@check("forward records every node: e, d and L",
       "Return a dict with one entry per step: {'e': ..., 'd': ..., 'L': ...}.",
       "Give each step its own variable: e = a * b, then d = e + c, then L = d * f, "
       "and return {'e': e, 'd': d, 'L': L}.")
def forward_has_every_node(learner):
    what, nodes = _forward(learner, 2.0, -3.0, 10.0, -2.0)
    for key in ("e", "d", "L"):
        _node(nodes, key, what)


@check("forward computes e = a*b, then d = e + c",
       "e is the product of a and b; d adds c to the node e.",
       "e = a * b and d = e + c: d uses the value of e you have just computed.")
def forward_first_steps(learner):
    rng = draw("forward first")
    for a, b, c, f in _cases(rng):
        what, nodes = _forward(learner, a, b, c, f)
        e = a * b
        _rounded(_node(nodes, "e", what), e, f"`{what}['e']`")
        _other_nodes(_node(nodes, "e", what), e, "e", {"a": a, "b": b, "c": c, "f": f}, what)
        close(_node(nodes, "e", what), e, f"`{what}['e']`", why="It is e = a*b.")
        got = _node(nodes, "d", what)
        _rounded(got, e + c, f"`{what}['d']`")
        if not _same(got, e + c) and (_same(got, a + b + c) or _same(got, e * c)):
            raise CheckFailed(
                f"`{what}['d']` should be {_f(e + c)}, but your code gives {_f(got)}. "
                f"d = e + c adds c to the node e = a*b = {_f(e)}.")
        _other_nodes(got, e + c, "d", {"a": a, "b": b, "c": c, "f": f, "e": e}, what)
        close(got, e + c, f"`{what}['d']`", why=f"It is d = e + c, with e = {_f(e)}.")


@check("forward computes L = (a*b + c) * f",
       "L is the last step: it multiplies the node d by f.",
       "Write L = d * f, not a*b + c*f: the parentheses make the whole of d = a*b + c "
       "the left factor.")
def forward_last_step(learner):
    rng = draw("forward last")
    for a, b, c, f in _cases(rng):
        what, nodes = _forward(learner, a, b, c, f)
        d = a * b + c
        got = _node(nodes, "L", what)
        if _same(got, d * f):
            continue
        _rounded(got, d * f, f"`{what}['L']`")
        if _same(got, a * b + c * f):
            raise CheckFailed(
                f"`{what}['L']` should be {_f(d * f)}, but your code gives {_f(got)}, which is "
                f"a*b + c*f. The parentheses matter: in L = (a*b + c) * f it is the whole "
                f"node d = a*b + c = {_f(d)} that is multiplied by f, so write `L = d * f`.")
        if _same(got, d + f):
            raise CheckFailed(
                f"`{what}['L']` should be {_f(d * f)}, but your code gives {_f(got)}, which is "
                f"d + f. The last step multiplies: `L = d * f`.")
        own = _node(nodes, "d", what)
        if not _same(own, d) and _same(got, own * f):
            # One mistake, said once: L = d * f is right, on a d that is not.
            raise CheckFailed(
                f"`{what}['L']` is your d times f, and that step is right; it is your d that "
                f"is wrong: {_f(own)} where it should be {_f(d)} (see the check on e and d "
                f"above). Fix d and L follows.")
        _other_nodes(got, d * f, "L", {"a": a, "b": b, "c": c, "f": f, "e": a * b, "d": d}, what)
        close(got, d * f, f"`{what}['L']`", why=f"It is L = d * f, with d = {_f(d)}.")


# --- evaluate -------------------------------------------------------------------------------


def _oracle(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        values[name] = values[x] + values[y] if op == "+" else values[x] * values[y]
    return values


def _power(x, y):
    """x ** y as a float, or None where it is not one (a negative x to a fractional y)."""
    try:
        value = x ** y
    except (ArithmeticError, ValueError):
        return None
    return value if type(value) in (int, float) else None


def _show(steps):
    return "[" + ", ".join(f"({n!r}, {o!r}, ({x!r}, {y!r}))" for n, o, (x, y) in steps) + "]"


def _evaluate(learner, steps, inputs, given=None):
    """Call the learner's evaluate on copies; the call as text and the dict it returned."""
    evaluate = need(learner, "evaluate")
    shown = "{" + ", ".join(f"{k!r}: {_f(v)}" for k, v in inputs.items()) + "}"
    what = f"evaluate({_show(steps)}, {shown})"
    names = [name for name, _, _ in steps]
    try:
        if given is None:
            given = [(n, o, (x, y)) for n, o, (x, y) in steps], dict(inputs)
        values = attempt(what, evaluate, *given)
    except CheckFailed as failure:
        cause = failure.__cause__
        if type(cause) is ValueError and "unpack" in str(cause)[:200]:
            raise CheckFailed(
                f"{failure}. Each step is a tuple of three items, (name, op, (x, y)), and its "
                f"last item is itself a pair, the names of the two inputs: unpack it in that "
                f"shape, for name, op, (x, y) in steps.") from cause
        key = cause.args[0] if type(cause) is KeyError and cause.args else None
        if type(key) is str and key in names:
            if _reorders(evaluate):
                raise CheckFailed(
                    f"{what} raised KeyError: {key!r}. '{key}' is the result of an earlier step, "
                    f"and your code looked it up before that step had run: it runs the steps in "
                    f"another order than the list gives them (reversed or sorted, say). Run them "
                    f"exactly in the order given, for name, op, (x, y) in steps: the list "
                    f"already puts every step after the steps it uses.") from None
            raise CheckFailed(
                f"{what} raised KeyError: {key!r}. '{key}' is not an input: it is the result "
                f"of an earlier step, so it must be computed by an earlier step before a later "
                f"one uses it. Store each step's result as you go (`values[name] = ...`) and look "
                f"a step's inputs up among those values, not only in `inputs`.") from None
        if type(key) is str and key in inputs:
            raise CheckFailed(
                f"{what} raised KeyError: {key!r}. '{key}' is an input, and your code looked "
                f"it up in a dict that does not hold the inputs (one that started empty, "
                f"say). Start the dict of values from a copy of the inputs, values = "
                f"dict(inputs), and add each step's result to it: then every step finds its "
                f"inputs and the earlier steps' results in one place, values[x].") from None
        raise
    if getattr(type(values), "items", None) is None:
        raise CheckFailed(
            f"{what} should return a dict with a value for every node (the inputs and every "
            f"step), but it returned {kind_of(values, returned=True)}. Keep each value you compute in "
            f"a dict and return that dict, not just the last result.")
    return what, mapping(values, what)


def _right_when_renamed(learner, steps, inputs):
    """True if evaluate gets `steps` right once every step has a name no call used before:
    then a wrong value came from something it remembers by name between calls."""
    fresh = {name: f"{name}_{i}_fresh" for i, (name, _, _) in enumerate(steps)}
    renamed = [(fresh[n], o, (fresh.get(x, x), fresh.get(y, y))) for n, o, (x, y) in steps]
    want = _oracle(renamed, inputs)
    try:
        values = mapping(attempt("evaluate", need(learner, "evaluate"), renamed, dict(inputs)),
                         "evaluate")
        return all(_exact(number(values[k], k), want[k]) for k in fresh.values())
    except Exception:
        return False


def _reorders(evaluate):
    """True if evaluate gets an earlier step's result right when the steps come in some other
    order than the one it runs them in (names sorted or not, or the list reversed): then it
    can read earlier results, and its KeyError came from running the steps out of order."""
    inputs = {"x": 1.5, "y": -2.0}
    for one, two, reverse in (("p", "q", False), ("q", "p", False), ("p", "q", True)):
        # the second step reads the first one's result on both sides: code that looks a
        # side up in `inputs` only fails it in every order
        steps = [(one, "+", ("x", "y")), (two, "*", (one, one))]
        want = _oracle(steps, inputs)
        if reverse:
            steps.reverse()
        try:
            values = mapping(attempt("evaluate", evaluate, steps, dict(inputs)), "evaluate")
            if all(_exact(number(values[k], k), want[k]) for k in (one, two)):
                return True
        except Exception:
            continue
    return False


def _compare(what, values, steps, inputs, learner=None):
    expected = _oracle(steps, inputs)
    names = [name for name, _, _ in steps]
    held = [name for name in names if name in values]
    for name, op, (x, y) in steps:
        if name not in values:
            if len(names) > 2 and held == names[:1]:
                raise CheckFailed(
                    f"{what} has a value for the first step '{names[0]}' only: evaluate "
                    f"returned after running one step. Is `return values` indented inside the "
                    f"for loop? Return once, after the loop has run every step.")
            if len(names) > 2 and held == names[:-1]:
                raise CheckFailed(
                    f"{what} has a value for every step but the last, '{names[-1]}': the loop "
                    f"stops one step short (range(len(steps) - 1), say). Run every step: "
                    f"for name, op, (x, y) in steps.")
            if len(names) > 2 and held == names[1:]:
                raise CheckFailed(
                    f"{what} has a value for every step but the first, '{names[0]}': the loop "
                    f"skips it (steps[1:] or range(1, len(steps)), say; lists count from 0). "
                    f"Run every step: for name, op, (x, y) in steps.")
            if len(names) > 1 and held == names[-1:]:
                raise CheckFailed(
                    f"{what} has a value for the last step '{names[-1]}' only, besides the "
                    f"inputs: every step's result was dropped when the next step ran. Is "
                    f"`values = dict(inputs)` inside the for loop? Then each step starts a new "
                    f"dict. Make the dict once, before the loop, and store every step in it.")
            ops = sorted({o for _, o, _ in steps} & set(values))
            if ops:
                raise CheckFailed(
                    f"{what} has no value for the step '{name}', but it has values under "
                    f"{', '.join(map(repr, ops))}: your code takes the op for the step's name. "
                    f"A step is (name, op, (x, y)), in that order: for name, op, (x, y) in "
                    f"steps.")
            for kind in ("+", "*"):
                of_kind = [n for n, o, _ in steps if o == kind]
                if of_kind and len(of_kind) < len(names) and \
                        [n for n in names if n not in held] == of_kind:
                    raise CheckFailed(
                        f"{what} has no value for the step '{name}', nor for any other "
                        f"{kind!r} step, while every other step has one: your code never "
                        f"recognises the op {kind!r} (it compares op with another string, "
                        f"say), so those steps are skipped. Compare op with exactly \"+\" and "
                        f"\"*\".")
            if not held and set(values) == set(inputs):
                raise CheckFailed(
                    f"{what} holds the inputs and no step at all: evaluate returns the inputs "
                    f"dict as it came (`return inputs`), or never stores a step's result in the "
                    f"dict it returns. Copy the inputs, `values = dict(inputs)`, store each "
                    f"step's result in that copy, `values[name] = ...`, and `return values`.")
            raise CheckFailed(f"{what} has no value for the step '{name}': run every step "
                              f"and store each result under its name.")
        got = number(values[name], f"`{what}['{name}']`")
        if _exact(got, expected[name]):
            continue
        if learner is not None and _right_when_renamed(learner, steps, inputs):
            raise CheckFailed(
                f"`{what}['{name}']` should be {_f(expected[name])}, but your code gives "
                f"{_f(got)}. With every step given a name it has not seen before, the same "
                f"steps come out right: evaluate remembers results by step name from earlier "
                f"calls (a cache, or a dict kept outside the call), and hands back an old "
                f"value for new inputs. Compute every step afresh in each call.")
        index = names.index(name)
        if index:
            before = expected[names[index - 1]]
            for left, right, kept in ((before, expected[y], y), (expected[x], before, x)):
                chained = left + right if op == "+" else left * right
                if (y if kept == x else x) != names[index - 1] and _exact(got, chained) and \
                        not _exact(chained, expected[name]):
                    raise CheckFailed(
                        f"`{what}['{name}']` should be {_f(expected[name])}, but your code gives "
                        f"{_f(got)} = {names[index - 1]} {op} {kept}: step '{name}' is "
                        f"{x} {op} {y}, and your code takes the result of the step just before "
                        f"it, '{names[index - 1]}', in place of "
                        f"{y if kept == x else x}. A step need not use the step before it: "
                        f"look up each side by its own name, values[x] {op} values[y].")
        cut = _oracle(steps, {k: math.trunc(v) for k, v in inputs.items()})
        if _exact(got, cut[name]) and not _exact(got, expected[name]) and \
                any(v != math.trunc(v) for v in inputs.values()):
            want = expected[name]
            if got in (math.trunc(want), round(want), round(want, 1), round(want, 2),
                       round(want, 3)):
                raise CheckFailed(
                    f"`{what}['{name}']` should be {_f(want)}, but your code gives "
                    f"{_f(got)}: decimals cut off (`int()` or `round()` does that), either "
                    f"from the inputs before the step or from the step's result. Keep every value exactly as it is given and as each step "
                    f"computes it: `values = dict(inputs)`, then `values[name] = ...` with "
                    f"nothing around it.")
            raise CheckFailed(
                f"`{what}['{name}']` should be {_f(expected[name])}, but your code gives "
                f"{_f(got)}: what the steps give once every input has its decimals cut off "
                f"(`int()` does that). Keep each input's value exactly as it is given: "
                f"`values = dict(inputs)`.")
        for side in (x, y):
            doubled = expected[side] + expected[side] if op == "+" else \
                expected[side] * expected[side]
            if x != y and _exact(got, doubled) and not _exact(doubled, expected[name]):
                raise CheckFailed(
                    f"`{what}['{name}']` should be {_f(expected[name])}, but your code gives "
                    f"{_f(got)} = {side} {op} {side}: step '{name}' is {x} {op} {y}, and your "
                    f"code reads {side} for both sides. Look up each side by its own name: "
                    f"values[x] {op} values[y].")
        other = expected[x] * expected[y] if op == "+" else expected[x] + expected[y]
        power = _power(expected[x], expected[y])
        if op == "*" and power is not None and _exact(got, power) and not _exact(got, other):
            raise CheckFailed(
                f"`{what}['{name}']` should be {_f(expected[name])}, but your code gives "
                f"{_f(got)} = {x} ** {y}: ** raises to a power. Step '{name}' multiplies: "
                f"values[x] * values[y], with a single *.")
        if _exact(got, other):
            raise CheckFailed(
                f"`{what}['{name}']` should be {_f(expected[name])}, but your code gives "
                f"{_f(got)}: step '{name}' is {x} {op} {y}, and your code applied the other op. "
                f"Use the op written in the step.")
        _rounded(got, expected[name], f"`{what}['{name}']`", _exact)
        # Relative only: a value of 1e-7 rounded away (round(v, 9)) is as wrong as a large one.
        raise CheckFailed(f"`{what}['{name}']` should be {expected[name]!r}, but your code gives "
                          f"{got!r}. Step '{name}' is {x} {op} {y} = {expected[x]!r} {op} "
                          f"{expected[y]!r}: store exactly what the step gives, "
                          f"values[x] {op} values[y].")


# Sizes and names of the graphs evaluate_chained draws (evaluate_is_pure must know every name
# a call of these checks can use, to tell a key kept from an earlier call from a stranger).
MAX_STEPS, MAX_INPUTS = 20, 9
INPUT_NAMES = "abcghkmpqrstuvwxy"
STEP_NAMES = [f"n{i}" for i in range(MAX_STEPS)]


def _wide(rng, power):
    """A number of four significant digits, of size about 10**power, of either sign."""
    return float(f"{rng.choice((-1, 1)) * rng.uniform(1.0, 9.999):.3f}e{power}")


def _steps(rng, inputs, count, fixed=None):
    """`count` steps named n0, n1, ...: each uses the step just before it (or an input) and
    one random earlier node, with a random op; a product that would pass 1e18 in size (or come
    within 1e-18 of 0) is a sum instead, so that no value overflows. `fixed` maps a step's
    index to the step to put there instead."""
    values, steps = dict(inputs), []
    for i in range(count):
        name = STEP_NAMES[i]
        if fixed and i in fixed:
            op, pair = fixed[i]
        else:
            known = list(values)
            first = steps[-1][0] if steps else rng.choice(known)
            pair = (first, rng.choice(known)) if rng.random() < 0.5 else \
                (rng.choice(known), first)
            op = rng.choice("+*")
            product = values[pair[0]] * values[pair[1]]
            if op == "*" and not (product == 0 or 1e-18 < abs(product) < 1e18):
                op = "+"
        steps.append((name, op, pair))
        values[name] = values[pair[0]] + values[pair[1]] if op == "+" else \
            values[pair[0]] * values[pair[1]]
    return steps


def _graph(rng, count, width, size):
    """A graph of `count` steps on `width` inputs of drawn names, each input about 10**k in
    size, k within one of `size`."""
    names = rng.sample(INPUT_NAMES, width)
    inputs = {name: _wide(rng, size + rng.choice((-1, 0, 1))) for name in names}
    return inputs, _steps(rng, inputs, count)


def _zero_graph(rng):
    """A graph one of whose steps, at a drawn place, adds two inputs that cancel (its result
    0, used by the steps after it); the inputs, the steps and the zero step as text."""
    count = rng.randint(4, 9)
    inputs, _ = _graph(rng, 0, rng.randint(3, 6), rng.randint(-2, 2))
    p, q = rng.sample(list(inputs), 2)
    inputs[q] = -inputs[p]
    at = rng.randint(0, count - 2)
    steps = _steps(rng, inputs, count, {at: ("+", (p, q))})
    zero = f"{STEP_NAMES[at]} = {p} + {q} = {_f(inputs[p])} + {_f(inputs[q])} = 0"
    return inputs, steps, zero



@check("evaluate returns a value for every node",
       "Return a dict, not a single number: it holds the inputs and every step.",
       "Start with `values = dict(inputs)`, add `values[name] = ...` for each step, "
       "and `return values`.")
def evaluate_every_node(learner):
    steps = [("s", "+", ("x", "y")), ("t", "*", ("x", "y")), ("u", "+", ("y", "x"))]
    # No two of x + y, x * y, x + x, y + y, x * x, y * y, x ** y alike: each slip is told
    # for what it is (at 2 and 3, x * y = y + y).
    inputs = {"x": 2.5, "y": 1.5}
    what, values = _evaluate(learner, steps, inputs)
    for name in inputs:
        if name not in values:
            raise CheckFailed(f"{what} has no value for the input '{name}': inputs are nodes "
                              f"too, so the dict should include them (start from a copy of "
                              f"inputs).")
        _rounded(number(values[name], f"`{what}['{name}']`"), inputs[name],
                 f"`{what}['{name}']`")
        close(values[name], inputs[name], f"`{what}['{name}']`",
              why="An input node keeps the value it was given.")
    _compare(what, values, steps, inputs, learner)


@check("evaluate applies each step's op (+ and *)",
       "Look at the op of each step: \"+\" adds the two inputs, \"*\" multiplies them.",
       "values[name] = values[x] + values[y] if op == \"+\", "
       "and values[x] * values[y] if op == \"*\".")
def evaluate_ops(learner):
    rng = draw("ops")
    for _ in range(4):
        inputs = {"u": _pick(rng), "v": _pick(rng)}
        for steps in ([("p", "*", ("u", "v"))], [("q", "+", ("u", "v"))],
                      [("sq", "*", ("v", "v"))]):
            what, values = _evaluate(learner, steps, inputs)
            _compare(what, values, steps, inputs, learner)


@check("a step can use the result of an earlier step",
       "Steps are in order: by the time a step runs, the steps it uses have already run.",
       "Look a step's inputs up in the dict you are filling as you go (values[x], values[y]), "
       "which holds the inputs and every earlier step.")
def evaluate_chained(learner):
    rng = draw("chained")
    formula = [("e", "*", ("a", "b")), ("d", "+", ("e", "c")), ("L", "*", ("d", "f"))]
    inputs = {name: _pick(rng) for name in "abcf"}
    what, values = _evaluate(learner, formula, inputs)
    _compare(what, values, formula, inputs, learner)
    # Graphs of drawn sizes (one short, one middling, one long: a file that keeps only the
    # first few steps or inputs meets a longer list), drawn input names, and inputs of a
    # drawn magnitude, one tiny (1e-9 to 1e-6), one of a few units, one huge (1e4 to 1e7): a
    # `+` wrong past some size, or a value rounded to some decimals, meets values there.
    counts = rng.sample([rng.randint(2, 5), rng.randint(6, 11), rng.randint(12, MAX_STEPS)], 3)
    widths = rng.sample([2, rng.randint(3, 5), rng.randint(6, MAX_INPUTS)], 3)
    sizes = rng.sample([rng.randint(-8, -7), rng.randint(-1, 1), rng.randint(5, 6)], 3)
    for steps_n, inputs_n, size in zip(counts, widths, sizes):
        inputs, steps = _graph(rng, steps_n, inputs_n, size)
        what, values = _evaluate(learner, steps, inputs)
        _compare(what, values, steps, inputs, learner)
    # Steps whose result is 0, last: a 0 read as "missing" (values.get(x) or inputs[x],
    # if not values.get(x)) gets every graph above right and only this one wrong. Where the
    # zeros are (which step, which inputs cancel) is drawn too.
    inputs, steps, zero = _zero_graph(rng)
    try:
        what, values = _evaluate(learner, steps, inputs)
        _compare(what, values, steps, inputs, learner)
    except CheckFailed as failure:
        said = str(failure)
        first = said[:said.index(". ") + 1] if ". " in said else said.rstrip(".") + "."
        raise CheckFailed(
            f"{first} Every graph before this one came out right, and in this one some steps are "
            f"0 ({zero}): your code treats a 0 as a missing value "
            f"(values.get(x) or ..., if not values.get(x), say), but 0 is a value like any "
            f"other. Ask whether a name is there with `x in values`, or just read "
            f"values[x].") from failure.__cause__


@check("evaluate leaves its arguments alone and keeps nothing between calls",
       "evaluate gets the caller's own list and dict: read them, never change them.",
       "Start from a copy, `values = dict(inputs)`, loop over the steps without removing any, and "
       "make that dict inside evaluate (not as a default argument or a global), so that "
       "every call starts afresh.")
def evaluate_is_pure(learner):
    rng = draw("pure")
    first_inputs = {name: _pick(rng) for name in "pq"}
    first_steps = [("r", "*", ("p", "q")), ("s", "+", ("r", "p"))]
    steps_given = [(n, o, (x, y)) for n, o, (x, y) in first_steps]
    inputs_given = dict(first_inputs)
    what, values = _evaluate(learner, first_steps, first_inputs, (steps_given, inputs_given))
    first_what = what  # called again below, together with the second call
    _compare(what, values, first_steps, first_inputs, learner)
    if steps_given != first_steps:
        raise CheckFailed(f"After {what}, the caller's list of steps has changed (it now holds "
                          f"{len(steps_given)} of its {len(first_steps)} steps): loop over the "
                          f"steps with for, without popping or removing any. The caller may "
                          f"need them again.")
    if set(inputs_given) != set(first_inputs) or any(
            inputs_given[k] is not first_inputs[k] for k in first_inputs):
        raise CheckFailed(f"After {what}, the caller's inputs dict has changed (its keys are now "
                          f"{', '.join(sorted(map(str, inputs_given))) or 'none'}): evaluate wrote into it. "
                          f"Copy it first, `values = dict(inputs)`, and write into the copy.")
    second_inputs = {"u": _pick(rng), "v": _pick(rng)}
    second_steps = [("w", "+", ("u", "v"))]
    what, values = _evaluate(learner, second_steps, second_inputs)
    _compare(what, values, second_steps, second_inputs, learner)
    extra = sorted(set(values) - set(second_inputs) - {"w"})
    # a key no call of these checks ever names: not state kept from an earlier call
    named = set("abcdefLpqrstuvwxyz") | set(INPUT_NAMES) | {"sq"} | set(STEP_NAMES)
    strangers = [k for k in extra if k not in named and not str(k).endswith("_fresh")]
    if strangers:
        raise CheckFailed(f"{what} also returns {', '.join(map(str, strangers))}, which is no "
                          f"node of the graph (neither an input nor a step's name): keep only "
                          f"the inputs and each step's result, under the step's own name, in "
                          f"the dict evaluate returns.")
    if extra:
        raise CheckFailed(f"{what} also returns {', '.join(extra)}, nodes of an earlier call: "
                          f"evaluate keeps values between calls (a default argument like "
                          f"values={{}} or a global dict lives on). Make a new dict inside "
                          f"evaluate each time it is called.")
    # A dict returned by the learner's code reaches the checks as a copy, so both calls are
    # made there, one after the other, before either result is read, as a caller would:
    # list(map(evaluate, ...)) in the learner's interpreter. A dict shared by every call (a
    # default argument or a global, emptied and refilled each time) then shows the second
    # call's nodes in the first call's result.
    both = f"r1 = {first_what}; r2 = {what}"
    evaluate, run = need(learner, "evaluate"), need(learner, "__builtins__")
    steps = [list(first_steps), list(second_steps)]
    given = [dict(first_inputs), dict(second_inputs)]
    results = attempt(both, lambda: run["list"](run["map"](evaluate, steps, given)))
    kept = mapping(results[0], f"r1 in {both}")
    expected = _oracle(first_steps, first_inputs)
    if set(kept) != set(expected) or any(
            not _exact(number(kept[k], f"r1['{k}']"), expected[k]) for k in expected):
        held = ", ".join(sorted(kept)) or "(none)"
        raise CheckFailed(f"After {both}, the first result r1 holds the nodes {held}: the "
                          f"second call changed it. Every call returns the same dict (a default "
                          f"argument like values={{}} or a global dict, emptied and refilled), "
                          f"so each call overwrites the result a caller got before. Make a new "
                          f"dict inside evaluate each time it is called.")
    what, again = _evaluate(learner, first_steps, first_inputs)
    _compare(what, again, first_steps, first_inputs, learner)
