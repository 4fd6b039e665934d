"""Hidden checks of lab 03-branching: a value used twice collects the gradients of both paths.

Graph 1: c = a * b, L = c + a.              Graph 2 (diamond): d = a * b, e = a + b, L = d * e.
Expected gradients come from plain-float formulas (path by path) and from slope(); learner
values go through number()/close().
"""

import math

from grader.core.checks import check, CheckFailed, need, attempt, number, close, slope
from grader.core.checks import inputs, mapping


def _f(x):
    # A -0.0 shows as 0: it equals 0, and "-0" in a message puzzled learners.
    return f"{0.0 if type(x) is float and x == 0 else x:.6g}"


def _same(x, y):
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)


def _inputs(seed, n=4):
    """n random (a, b) pairs, away from 0 and 1 and from each other, so that mistakes show:
    the diamond's e = a + b away from 1 too (a share not multiplied by dL/dd = e would be
    right there), and its d = a * b away from e."""
    rng = inputs(f"pairs {seed}")
    pairs = []
    while len(pairs) < n:
        a, b = round(rng.uniform(-3.0, 3.0), 3), round(rng.uniform(-3.0, 3.0), 3)
        if min(abs(a), abs(b), abs(a - 1), abs(b - 1), abs(a - b), abs(a + b),
               abs(a + b - 1), abs(a * b - (a + b))) > 0.3:
            pairs.append((a, b))
    return pairs


def _grads_of(learner, fn_name, a, b, keys):
    """Call the learner's function; the call as text and its gradients as trusted floats."""
    fn = need(learner, fn_name)
    what = f"{fn_name}({_f(a)}, {_f(b)})"
    wanted = ", ".join(f"'{k}': ..." for k in keys)
    try:
        got = attempt(what, fn, a, b)
    except CheckFailed as failed:
        missing = failed.__cause__
        if type(missing) is KeyError and missing.args and missing.args[0] in keys:
            name = missing.args[0]
            start = ", ".join(f"'{k}': 0.0" for k in keys)
            raise CheckFailed(f"{str(failed).rstrip('.')}: your code reads g['{name}'] before "
                              f"anything was put there (g['{name}'] += ... reads it first, and a "
                              f"new dict is empty). Start every gradient at 0 before adding "
                              f"shares, g = {{{start}}}, and hand a node's gradient on only once "
                              f"every share has reached it.") from missing
        raise
    result = mapping(got, f"{what} (a dict {{{wanted}}})")
    values = {}
    for key in keys:
        if key not in result:
            raise CheckFailed(f"{what} has no '{key}': return the gradient of L with respect "
                              f"to every node ({', '.join(keys)}).")
        values[key] = number(result[key], f"{what}['{key}']")
    _cut(learner, fn_name, keys, what, a, b, values)
    _decimals(fn_name, keys, what, a, b, values)
    again = mapping(attempt(what, fn, a, b), f"{what} (a dict {{{wanted}}})")
    for key in keys:
        if key in again and number(again[key], f"{what}['{key}']") != values[key]:
            raise CheckFailed(f"{what} gave ['{key}'] = {_f(values[key])}, then "
                              f"{_f(number(again[key], f'{what}[{key!r}]'))} when called "
                              f"again with the same inputs: your function keeps something "
                              f"between calls, so each call's += adds onto the last one's "
                              f"gradients. Make a new dict of zeros inside the function, in "
                              f"every call (not at the top of the file, nor as a default "
                              f"argument, which Python makes once).")
    return what, values


RIGHT = {"grads": lambda a, b: {"a": b + 1, "b": a, "c": 1.0},
         "diamond_grads": lambda a, b: {"a": b * (a + b) + a * b, "b": a * (a + b) + a * b,
                                        "d": a + b, "e": a * b}}


def _cut(learner, fn_name, keys, what, a, b, values, confirm=(2.75, 0.5)):
    """Fail if every gradient is the right one cut to a whole number (int() or round()), at
    (a, b) and again at `confirm`, where no other slip gives whole numbers like those."""
    right = RIGHT[fn_name](a, b)
    if all(_same(w, round(w)) for w in right.values()) or \
            all(_same(values[k], 0.0) for k in keys) or \
            not all(any(_same(values[k], cut(right[k])) for cut in (math.trunc, round))
                    for k in keys):
        return
    if confirm:
        fn = need(learner, fn_name)
        there = f"{fn_name}({_f(confirm[0])}, {_f(confirm[1])})"
        got = mapping(attempt(there, fn, *confirm), there)
        if not all(k in got for k in keys):
            return
        again = {k: number(got[k], f"{there}['{k}']") for k in keys}
        try:
            _cut(learner, fn_name, keys, there, *confirm, again, confirm=())
        except CheckFailed:
            pass
        else:
            return
    shown = ", ".join(f"'{k}': {_f(values[k])}" for k in keys)
    exact = ", ".join(f"'{k}': {_f(right[k])}" for k in keys)
    raise CheckFailed(f"{what} gives {{{shown}}}, whole numbers, where the gradients are "
                      f"{{{exact}}}: your code cuts them to whole numbers (int() or round()). "
                      f"A gradient is any real number: return it as computed.")


def _decimals(fn_name, keys, what, a, b, values):
    """Fail if every gradient is the right one rounded to a few decimals (round(g, 2)), and at
    least one of them is not already the right one: nudging and other slips land near the
    right numbers, never exactly on their rounded forms."""
    right = RIGHT[fn_name](a, b)
    if all(_same(values[k], right[k]) for k in keys):
        return
    for places in range(6, 0, -1):
        if all(values[k] == round(right[k], places) or _same(values[k], right[k])
               for k in keys):
            shown = ", ".join(f"'{k}': {_f(values[k])}" for k in keys)
            exact = ", ".join(f"'{k}': {right[k]:.10g}" for k in keys)
            raise CheckFailed(
                f"{what} gives {{{shown}}}, where the gradients are {{{exact}}}: the same "
                f"numbers rounded to {places} decimal{'s' if places > 1 else ''} (round() does "
                f"that). A gradient is any real number and the next step multiplies it "
                f"further: return it as computed, and round only what you print.")


def _own_dicts(learner, fn_name, keys, first, second):
    """Fail if a second call changes the dict an earlier call returned. A dict returned by
    learner code reaches the checks as a copy, so both calls are made in the learner's
    interpreter, one after the other, before either result is read, as a caller would:
    list(map(fn, ...)). One dict shared by every call (kept at the top of the file and
    zeroed at each call, say) then holds the second call's gradients in the first result."""
    fn, run = need(learner, fn_name), need(learner, "__builtins__")
    (a1, b1), (a2, b2) = first, second
    both = f"g1 = {fn_name}({_f(a1)}, {_f(b1)}); g2 = {fn_name}({_f(a2)}, {_f(b2)})"
    results = attempt(both, lambda: run["list"](run["map"](fn, [a1, a2], [b1, b2])))
    first = mapping(results[0], f"g1 in {both}")
    # read before calling fn again: in CPython the dict itself may have come back
    kept = {key: number(first[key], f"g1['{key}']") for key in keys if key in first}
    _, alone = _grads_of(learner, fn_name, a1, b1, keys)
    for key in keys:
        if key not in kept or kept[key] != alone[key]:
            shown = _f(kept[key]) if key in kept else "missing"
            raise CheckFailed(f"After {both}, g1['{key}'] is {shown}, but {fn_name}({_f(a1)}, "
                              f"{_f(b1)}) alone gives {_f(alone[key])}: the second call changed "
                              f"the first call's result. Every call returns the same dict (kept "
                              f"at the top of the file, or as a default argument, and zeroed "
                              f"each time), so each call overwrites what a caller got before. "
                              f"Make a new dict inside the function each time it is called.")


def _one_entry(what, g, wanted):
    """Fail if every node got the same gradient where they should differ: the dict's values
    are one shared object (dict.fromkeys(keys, []) gives every key the same list)."""
    got = list(g.values())
    # Every entry still 0 is a backward pass not yet written (the starter), not a shared one.
    if len(got) > 2 and all(_same(x, got[0]) for x in got) and not _same(got[0], 0.0) and \
            not all(_same(w, wanted[0]) for w in wanted):
        shown = ", ".join(f"'{k}'" for k in g)
        raise CheckFailed(
            f"{what} gives every node ({shown}) the same gradient, {_f(got[0])}. "
            f"The entries of your dict share one object: dict.fromkeys(keys, []) (or "
            f"[[]] * n) gives every key the SAME list, so a share added to one node's list is "
            f"added to all of them. Give each node its own number: {{'a': 0.0, 'b': 0.0, ...}}.")


def _paths(got, node, paths, what):
    """Compare a gradient with the sum of its paths [(description, share)], naming mistakes."""
    total = sum(share for _, share in paths)
    if _same(got, total):
        return
    if math.isclose(got, total, rel_tol=1e-2, abs_tol=1e-3):
        raise CheckFailed(f"{what} is {_f(got)}, close to {_f(total)} but not equal: it looks "
                          f"measured by nudging, which only approximates the rate. Work it "
                          f"out exactly: each path hands back its local gradient times the "
                          f"gradient of the node it comes through, and the shares add.")
    shares = " + ".join(f"{_f(share)} from {path}" for path, share in paths)
    intro = (f"{what} is {_f(got)} but should be {_f(total)}: {node} is used twice, so it "
             f"reaches L by two paths and their shares must ADD: {shares}.")
    # Every slip the number fits; one is named only when no other fits it too (at a = 2,
    # b = 3, 3 - 1 is 2 * 1: a share subtracted and a path doubled give the same 2).
    slips = []
    for path, share in paths:
        if _same(got, share):
            slips.append(f"Your code counts only {path}. Add the share of every path, "
                         f"accumulating with += (not =) so that no share replaces another.")
    for path, share in paths:
        if _same(got, 2 * share):
            slips.append(f"Your code doubles {path}. Being used twice does not mean twice "
                         f"the same share: each path hands back its own share, and you add "
                         f"those.")
    if _same(got, 2 * total):
        slips.append("Your code counts every path twice.")
    for path, share in paths:
        if not _same(share, 0.0) and _same(got, total + share):
            slips.append(f"Your code adds the share of {path} twice: each path hands back its "
                         f"share once, in the backward step of the node it comes through.")
    for path, share in paths:
        if not _same(share, 0.0) and _same(got, total - 2 * share):
            slips.append(f"Your code subtracts the share of {path}: -= where it should be "
                         f"+=, or a minus sign in it. Every share is ADDED, with +=, and its "
                         f"sign comes from its numbers alone.")
    if len(set(slips)) == 1:
        raise CheckFailed(f"{intro} {slips[0]}")
    raise CheckFailed(intro)


def _not_times_L(got, expected, L, what):
    """Fail naming it if got is the right gradient times L's value instead of dL/dL = 1."""
    if not _same(got, expected) and not _same(L, 1.0) and _same(got, expected * L):
        raise CheckFailed(f"{what} should be {_f(expected)}, but your code gives {_f(got)} = "
                          f"{_f(expected)} * L (L = {_f(L)}): your code multiplies by L itself, the output's "
                          f"value. The gradient arriving at L is dL/dL = 1 (dL_dL in the "
                          f"starter): L moves exactly as fast as L.")


def _factor(got, expected, own, what, other_name):
    """A gradient handed back by a product: the OTHER factor times the output's gradient."""
    if _same(got, expected):
        return
    if _same(got, own):
        raise CheckFailed(
            f"{what} should be {_f(expected)}, but your code gives {_f(got)}, the node's own "
            f"value. A product hands each input the OTHER factor times its gradient: here "
            f"that is {other_name}.")
    if _same(got, -expected) and not _same(expected, 0.0) and not _same(own, -expected):
        raise CheckFailed(
            f"{what} should be {_f(expected)}, but your code gives {_f(got)}: the right size "
            f"with the wrong sign. A product hands each input the OTHER factor times its "
            f"gradient, here {other_name}, ADDED with += (not -=, and with no minus sign).")
    if _same(got, own * expected) and not _same(own * expected, expected):
        raise CheckFailed(
            f"{what} should be {_f(expected)}, but your code gives {_f(got)}, the product's "
            f"own value (both factors multiplied). A product hands each input only the OTHER "
            f"factor times the gradient arriving at the product: here that is {other_name}.")
    close(got, expected, what,
          why=f"A product hands each input the OTHER factor times the gradient arriving at "
              f"the product, and nothing else: here that is {other_name}.")


# --- graph 1: c = a * b, L = c + a ----------------------------------------------------------


def _check_graph1(learner, a, b):
    what, g = _grads_of(learner, "grads", a, b, ("a", "b", "c"))
    _one_entry(what, g, [1.0 + b, a, 1.0])
    if not _same(g["c"], 1.0):
        _not_times_L(g["c"], 1.0, a * b + a, f"{what}['c'] (dL/dc)")
        close(g["c"], 1.0, f"{what}['c'] (dL/dc)",
              why="L = c + a: a sum hands its gradient to each input unchanged, so dL/dc = 1.")
    if _same(g["a"], 1.0 + a) and (_same(g["b"], b) or not _same(1.0 + a, b)
                                   or _a_own_elsewhere(learner, a, b)):
        raise CheckFailed(
            f"{what}['a'] (dL/da) should be {_f(1.0 + b)}, but your code gives {_f(g['a'])} = 1 + "
            f"a: on the path through c = a * b, a gets its OWN value. A product hands each "
            f"input the OTHER factor times its gradient: g['a'] += b * g['c'].")
    if _same(g["b"], 0.0) and _same(g["a"], 1.0) and not _same(a, 0.0):
        raise CheckFailed(
            f"{what}['b'] (dL/db) is 0 and ['a'] is 1, only the direct path's share: c = a * b "
            f"handed its gradient on while g['c'] was still 0. Work backward from L: first "
            f"L = c + a, which gives c its gradient (g['c'] += 1), and only then c = a * b, "
            f"which hands g['c'] on to a and b.")
    if _same(g["a"], 2.0) and _same(g["b"], 1.0) and not _same(a, 1.0):
        raise CheckFailed(
            f"{what}['b'] (dL/db) is 1 and ['a'] is 2: c = a * b handed a and b its gradient "
            f"unchanged, as a sum does. c is a product: it hands each input the OTHER factor "
            f"times its gradient, g['a'] += b * g['c'] and g['b'] += a * g['c'].")
    if _same(g["a"], a) and _same(g["b"], 1.0 + b) and not _same(a, 1.0 + b):
        raise CheckFailed(
            f"{what} gives ['a'] = {_f(g['a'])} and ['b'] = {_f(g['b'])}: a's and b's "
            f"gradients are swapped. dL/da = b + 1 (a is used twice) and dL/db = a (b only "
            f"once, through c = a * b).")
    if _same(g["a"], 1.0 + a * b) and not _same(a * b, b):
        raise CheckFailed(
            f"{what}['a'] (dL/da) should be {_f(1.0 + b)}, but your code gives {_f(g['a'])} = "
            f"1 + c: on the path through c = a * b, a gets c itself, the product's value. A "
            f"product hands each input the OTHER factor times its gradient: "
            f"g['a'] += b * g['c'].")
    if _same(g["b"], a * g["a"]) and not _same(g["b"], a) and not _same(g["a"], g["c"]):
        raise CheckFailed(
            f"{what}['b'] (dL/db) should be {_f(a)}, but your code gives {_f(g['b'])} = a * "
            f"dL/da: through c = a * b, b gets a times a's gradient. The gradient arriving at "
            f"b comes from the node b feeds, c: g['b'] += a * g['c'].")
    _paths(g["a"], "a", [("the path through c (b * dL/dc)", b),
                         ("the direct path (1 * dL/dL, from L = c + a)", 1.0)],
           f"{what}['a'] (dL/da)")
    if not _same(g["b"], a):
        _b_slip(learner, g["b"], a, b, what)
    _factor(g["b"], a, b, f"{what}['b'] (dL/db)", f"a * dL/dc = {_f(a)}")


def _a_own_elsewhere(learner, a, b):
    """True if dL/da is 1 + a at a second point too: at the worked example 1 + a = 3 is also
    b, the path through c alone, so one point cannot tell a's own value from a lost path."""
    a2, b2 = (-1.25, 0.75) if (a, b) != (-1.25, 0.75) else (1.75, -0.5)
    _, g2 = _grads_of(learner, "grads", a2, b2, ("a", "b", "c"))
    return _same(g2["a"], 1.0 + a2)


def _b_slip(learner, got, a, b, what):
    """dL/db wrong: name b's own value, or a + 1 (b handed the direct path's 1 as well), only
    when it is that at a second point too (at the worked example a + 1 = 3 is b itself)."""
    a2, b2 = (-1.25, 0.75) if (a, b) != (-1.25, 0.75) else (1.75, -0.5)
    _, g2 = _grads_of(learner, "grads", a2, b2, ("a", "b", "c"))
    if _same(got, a + 1.0) and _same(g2["b"], a2 + 1.0):
        raise CheckFailed(
            f"{what}['b'] (dL/db) should be {_f(a)}, but your code gives {_f(got)} = a + 1: b "
            f"gets a * dL/dc from c = a * b, and 1 more, as if it were in L = c + a too. b does "
            f"not feed L = c + a, only c and a do: b's only path is through c, "
            f"g['b'] += a * g['c'].")
    if _same(got, b) and not _same(g2["b"], b2):
        close(got, a, f"{what}['b'] (dL/db)",
              why=f"A product hands each input the OTHER factor times the gradient arriving at "
                  f"the product, and nothing else: here that is a * dL/dc = {_f(a)}.")


@check("worked example: a=2, b=3 gives dL/da = 4, dL/db = 2",
       "c = a*b and L = c + a: work backward from dL/dL = 1, node by node.",
       "a is used twice: it gets 1 from L = c + a AND b * dL/dc = 3 from c = a*b.",
       "g['c'] += 1; g['a'] += 1; then g['a'] += b * g['c']; g['b'] += a * g['c'] "
       "(+= everywhere).")
def worked_example(learner):
    _check_graph1(learner, 2, 3)
    _own_dicts(learner, "grads", ("a", "b", "c"), (2, 3), (-1.5, 0.5))


@check("L = a*b + a: every gradient, at random inputs",
       "The same graph as the worked example, with other numbers: nothing is hard-coded.",
       "dL/dc = 1, dL/db = a, and dL/da = b + 1: one share per path.")
def graph1_random(learner):
    for a, b in _inputs(301):
        what, g = _grads_of(learner, "grads", a, b, ("a", "b", "c"))
        if [g["a"], g["b"], g["c"]] == [4.0, 2.0, 1.0]:
            raise CheckFailed(f"{what} gives the worked example's gradients, 4, 2 and 1, for "
                              f"other inputs too: compute them from a and b (dL/da = b + 1 = "
                              f"{_f(b + 1)} here), not the numbers of a = 2, b = 3.")
        _check_graph1(learner, a, b)
    _exact_far_from_0(learner, "grads", ("a", "b", "c"), lambda a, b: (b + 1.0, a, 1.0),
                      lambda a, b: a * b + a)


@check("L = a*b + a: gradients agree with nudging the inputs",
       "Nudge a (or b) by a tiny amount and watch L: the gradient is that rate.",
       "If dL/da is off, a path is missing or counted twice: L moves by b + 1 per unit of a.")
def graph1_nudged(learner):
    for a, b in _inputs(302):
        # a wrong gradient is named by its cause, as in the checks above, before its rate
        _check_graph1(learner, a, b)
        what, g = _grads_of(learner, "grads", a, b, ("a", "b", "c"))
        rate_a = slope(lambda t: t * b + t, a)
        rate_b = slope(lambda t: a * t + a, b)
        rate_c = slope(lambda t: t + a, a * b)
        close(g["a"], rate_a, f"{what}['a']", tol=1e-5,
              why=f"Nudging a changes L = a*b + a at rate {_f(rate_a)}.")
        close(g["b"], rate_b, f"{what}['b']", tol=1e-5,
              why=f"Nudging b changes L = a*b + a at rate {_f(rate_b)}.")
        close(g["c"], rate_c, f"{what}['c']", tol=1e-5,
              why="Nudging c changes L = c + a at the same rate.")


# --- graph 2 (diamond): d = a * b, e = a + b, L = d * e -------------------------------------


def _diamond(learner, a, b):
    return _grads_of(learner, "diamond_grads", a, b, ("a", "b", "d", "e"))


@check("diamond L = (a*b) * (a+b): dL/dd and dL/de",
       "Start at L = d * e with dL/dL = 1: a product hands each input the other factor.",
       "dL/dd = e * dL/dL and dL/de = d * dL/dL.")
def diamond_middle(learner):
    for a, b in _inputs(303):
        _middle_at(learner, a, b)
    _own_dicts(learner, "diamond_grads", ("a", "b", "d", "e"), (a, b), (b, -a))


def _middle_at(learner, a, b):
    """Fail naming the slip if the diamond's dL/dd or dL/de is wrong at (a, b)."""
    what, g = _diamond(learner, a, b)
    d, e = a * b, a + b
    _one_entry(what, g, [b * e + d, a * e + d, e, d])
    for key, want in (("d", e), ("e", d)):
        _not_times_L(g[key], want, d * e, f"{what}['{key}'] (dL/d{key})")
    if _same(g["d"], a - b) and not _same(a - b, e):
        raise CheckFailed(
            f"{what}['d'] (dL/dd) should be e = a + b = {_f(e)}, but your code gives "
            f"{_f(g['d'])} = a - b: your e is a - b. The diamond's e is the SUM a + b, and "
            f"dL/dd = e * dL/dL.")
    if _same(g["e"], d * g["d"]) and _same(g["d"], e) and not _same(d * e, d):
        raise CheckFailed(
            f"{what}['e'] (dL/de) should be d = {_f(d)}, but your code gives {_f(g['e'])} = "
            f"d * dL/dd (the same as d * e, since dL/dd = e): it multiplies by the gradient "
            f"of the OTHER factor, or by e itself. The gradient "
            f"arriving at L = d * e is dL/dL = 1, for both factors: g['e'] += d * dL_dL.")
    if _same(g["d"], d) and not _same(d, e):
        if _same(g["e"], d):
            raise CheckFailed(
                f"{what}['d'] (dL/dd) should be e = a + b = {_f(e)}, but your code gives "
                f"{_f(g['d'])} = a * b, while dL/de = d is right: your e is a * b, the line "
                f"of d copied. L = d * e hands d the other factor, and the diamond's e is the "
                f"SUM e = a + b.")
        if _same(g["e"], e):
            raise CheckFailed(
                f"{what} gives ['d'] = {_f(g['d'])} = a * b and ['e'] = {_f(g['e'])} = a + b: "
                f"each factor of L = d * e gets its own value. A product hands each input "
                f"the OTHER factor times its gradient: g['d'] += e * dL_dL, g['e'] += d * "
                f"dL_dL. If those are your lines, then d and e are computed the other way "
                f"round: d = a * b, e = a + b.")
    _factor(g["d"], e, d, f"{what}['d'] (dL/dd)", f"e = a + b = {_f(e)}")
    _factor(g["e"], d, e, f"{what}['e'] (dL/de)", f"d = a * b = {_f(d)}")


@check("diamond: a and b each reach L by two paths",
       "a feeds both d = a*b and e = a+b, and so does b: each gets a share from both.",
       "From d = a*b: g['a'] += b * g['d'], g['b'] += a * g['d']. "
       "From e = a+b: g['a'] += g['e'], g['b'] += g['e'].")
def diamond_paths(learner):
    for a, b in _inputs(304):
        _paths_at(learner, a, b)
    _exact_far_from_0(learner, "diamond_grads", ("a", "b", "d", "e"),
                      lambda a, b: (b * (a + b) + a * b, a * (a + b) + a * b, a + b, a * b),
                      lambda a, b: a * b * (a + b))


# Far from 0 (L about 4e13 for the diamond) a nudge of an input rounds: a rate measured by
# nudging is off by about 1e-5, where every exact rule is exact (these inputs have few binary
# digits, so each product and sum of the gradients is exact in floats).
FAR = (98765.25, -4321.5)


def _exact_far_from_0(learner, fn_name, keys, exact, loss):
    """Fail, naming a measured rate, if a gradient at FAR is near its exact value but not it."""
    a, b = FAR
    what, g = _grads_of(learner, fn_name, a, b, keys)
    for key, want in zip(keys, exact(a, b)):
        got = g[key]
        if not _same(got, want) and math.isclose(got, want, rel_tol=1e-2):
            raise CheckFailed(
                f"{what}['{key}'] is {got!r}, near {want!r} but not it: that is a rate measured "
                f"by nudging, not worked out. Far from 0 (L is about {_f(loss(a, b))} "
                f"here) a nudge rounds; each path's share, worked out by the rules, is exact. "
                f"Work backward from L: each path hands back its local gradient times the "
                f"gradient of the node it comes through, and the shares add (+=).")


def _paths_at(learner, a, b):
    """Fail naming the slip if the diamond's dL/da or dL/db is wrong at (a, b)."""
    what, g = _diamond(learner, a, b)
    d, e = a * b, a + b
    for name, other in (("a", b), ("b", a)):
        if _same(g[name], other + d):
            raise CheckFailed(
                f"{what}['{name}'] (dL/d{name}) should be {_f(other * e + d)}, but your code "
                f"gives {_f(g[name])} = {_f(other)} + {_f(d)}: through d = a * b it hands "
                f"{name} the other factor {_f(other)} but forgets to multiply it by dL/dd = "
                f"{_f(e)}. Each share is the local gradient TIMES the gradient of the node "
                f"it comes through: g['{name}'] += {'b' if name == 'a' else 'a'} * g['d'].")
    if _same(g["a"], 0.0) and _same(g["b"], 0.0) and _same(g["d"], e) and _same(g["e"], d):
        raise CheckFailed(
            f"{what} gives a and b a gradient of 0, though dL/dd and dL/de are right: d and "
            f"e handed their gradients on while g['d'] and g['e'] were still 0. Work "
            f"backward from L: first L = d * e (it gives d and e their gradients), then "
            f"d = a * b and e = a + b, which hand them on.")
    if all(_same(g[n], 0.0) for n in ("a", "b", "d", "e")):
        # 0 = b * 0 + 1 * 0 says nothing of how the paths are added: the untouched starter
        # gives every gradient 0, and was told it "adds both paths as it should".
        raise CheckFailed(
            f"{what} gives every gradient 0 (dL/da, dL/db, dL/dd and dL/de), so no gradient "
            f"left L. Start at L: dL/dL = 1, then L = d * e gives d and e their gradients "
            f"(each the OTHER factor), and d = a * b and e = a + b hand them on to a and b, "
            f"adding up both paths.")
    upstream_wrong = not (_same(g["d"], e) and _same(g["e"], d))
    for name, other in (("a", b), ("b", a)):
        own_paths = other * g["d"] + g["e"]
        if upstream_wrong and _same(g[name], own_paths) and \
                not _same(own_paths, other * e + d):
            raise CheckFailed(
                f"{what}['{name}'] (dL/d{name}) should be {_f(other * e + d)}, but your "
                f"code gives {_f(g[name])}. It adds both paths as it should, "
                f"{'b' if name == 'a' else 'a'} * dL/dd + 1 * dL/de, but from your own dL/dd "
                f"= {_f(g['d'])} and dL/de = {_f(g['e'])}, and those are wrong: they should "
                f"be e = {_f(e)} and d = {_f(d)}. Fix the step L = d * e first (each factor "
                f"gets the OTHER one), and dL/d{name} follows.")
    for name, other, own in (("a", b, a), ("b", a, b)):
        _diamond_slip(g[name], name, other, own, d, e, what)
    _paths(g["a"], "a", [("the path through d (b * dL/dd)", b * e),
                         ("the path through e (1 * dL/de)", d)], f"{what}['a'] (dL/da)")
    _paths(g["b"], "b", [("the path through d (a * dL/dd)", a * e),
                         ("the path through e (1 * dL/de)", d)], f"{what}['b'] (dL/db)")


def _diamond_slip(got, name, other, own, d, e, what):
    """Name the slip when dL/d<name> is exactly what one misread path gives (and only that)."""
    right = other * e + d
    if _same(got, right):
        return
    slips = (
        (other * e + 1.0, f"through e = a + b it hands {name} 1 * dL/dL, but the gradient "
                          f"arriving at e is dL/de = d = {_f(d)}: g['{name}'] += 1.0 * g['e']."),
        (other * e + other * d, f"through e = a + b it hands {name} the other input times "
                                f"dL/de, as a product would. e is a sum: it hands each input its "
                                f"gradient unchanged, g['{name}'] += 1.0 * g['e']."),
        (other * e + e, f"through e = a + b it hands {name} dL/dd = {_f(e)}, the gradient of "
                        f"the other node: the share through e is 1 * dL/de = g['e']."),
        (other * e + own * d, f"through e = a + b it hands {name} its own value times "
                              f"dL/de, as a product would. e is a sum: it hands each input its "
                              f"gradient unchanged, g['{name}'] += 1.0 * g['e']."),
        (other * d + d, f"through d = a * b it hands {name} the other factor times dL/de = "
                        f"{_f(d)}, the gradient of the other node: the gradient arriving at d "
                        f"is dL/dd = e = {_f(e)}, so g['{name}'] += "
                        f"{'b' if name == 'a' else 'a'} * g['d']."),
        (other * e + e * d, f"through e = a + b it hands {name} e times dL/de, as if e "
                            f"were a product. e is a sum: it hands each input its gradient "
                            f"unchanged, g['{name}'] += 1.0 * g['e']."),
        (other * d * e + d, f"through d = a * b it hands {name} the other factor times the "
                            f"VALUE of L = d * e = {_f(d * e)}, but the gradient arriving at d "
                            f"is dL/dd = e = {_f(e)}: g['{name}'] += "
                            f"{'b' if name == 'a' else 'a'} * g['d']."),
        (own * e + d, f"through d = a * b it hands {name} its OWN value times dL/dd. A product "
                      f"hands each input the OTHER factor: "
                      f"g['{name}'] += {'b' if name == 'a' else 'a'} * g['d']."),
    )
    found = [why for value, why in slips if _same(got, value) and not _same(value, right)]
    if len(found) == 1:
        raise CheckFailed(f"{what}['{name}'] (dL/d{name}) should be {_f(right)}, but your code "
                          f"gives {_f(got)}: {found[0]}")


@check("diamond: gradients agree with nudging the inputs",
       "Nudge a (or b) by a tiny amount and watch L = (a*b) * (a+b) move.",
       "dL/da = b*(a+b) + a*b and dL/db = a*(a+b) + a*b: the two paths added.")
def diamond_nudged(learner):
    for a, b in _inputs(305):
        # a wrong gradient is named by its cause, as in the checks above, before its rate
        _middle_at(learner, a, b)
        _paths_at(learner, a, b)
        what, g = _diamond(learner, a, b)
        rate_a = slope(lambda t: (t * b) * (t + b), a)
        rate_b = slope(lambda t: (a * t) * (a + t), b)
        close(g["a"], rate_a, f"{what}['a']", tol=1e-5,
              why=f"Nudging a changes L = (a*b) * (a+b) at rate {_f(rate_a)}.")
        close(g["b"], rate_b, f"{what}['b']", tol=1e-5,
              why=f"Nudging b changes L = (a*b) * (a+b) at rate {_f(rate_b)}.")


@check("every gradient, at any inputs (0 and 1 included)",
       "Gradients are products and sums of the inputs: they exist everywhere, at 0 too.",
       "Never divide by an input to get the other factor (c / a is b only when a is not 0): "
       "use the other input itself.")
def any_inputs(learner):
    rng = inputs("edges")
    other = round(rng.uniform(-3.0, 3.0), 3)
    for a, b in ((0.0, other), (other, 0.0), (1.0, other), (other, 1.0), (0.0, 0.0)):
        for fn, keys, want in (
                ("grads", ("a", "b", "c"), {"a": b + 1, "b": a, "c": 1.0}),
                ("diamond_grads", ("a", "b", "d", "e"),
                 {"a": b * (a + b) + a * b, "b": a * (a + b) + a * b, "d": a + b, "e": a * b})):
            try:
                what, g = _grads_of(learner, fn, a, b, keys)
            except CheckFailed as failure:
                if type(failure.__cause__) is ZeroDivisionError:
                    raise CheckFailed(
                        f"{fn}({_f(a)}, {_f(b)}) raised ZeroDivisionError: your code divides by "
                        f"an input, or by a node that is 0 when an input is (c = a * b, say). "
                        f"The gradients exist at 0 too (here dL/da = {_f(want['a'])}): hand "
                        f"each input the OTHER factor itself, not a quotient like c / a, and "
                        f"each node what it is multiplied by, not L / d.") from None
                raise
            for key in keys:
                close(g[key], want[key], f"{what}['{key}']")
