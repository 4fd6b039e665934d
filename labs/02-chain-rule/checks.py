"""Hidden checks of lab 02-chain-rule: along a path, local derivatives multiply.

The chain is x -> y = 3x -> z = y**2 -> L = z + 1. Expected values come from plain-float
formulas and from the grader's own slope(); learner values go through number()/close().
"""

import math

from grader.core.checks import check, CheckFailed, need, attempt, number, close, slope
from grader.core.checks import inputs, mapping

KEYS = ("dy/dx", "dz/dy", "dL/dz")


def _odd_swap(name):
    """For an odd f (f(-t) = -f(t), as t**3): f(h - x) is -f(x - h), so a left point written
    h - x reads as the two values added. Said as well, or a learner who subtracts is lost."""
    return (f" (For {name}, f(h - x) = -f(x - h): if your code does subtract, look at its left "
            f"point, which must be x - h, not h - x.)" if name in ("cube",) else "")


def _f(x):
    # A -0.0 shows as 0: it equals 0, and "-0" in a message puzzled learners.
    return f"{0.0 if type(x) is float and x == 0 else x:.6g}"


def _p(x):
    """A number as a term of a sum or product: negative ones in parentheses."""
    return f"({_f(x)})" if x < 0 else _f(x)


def _same(x, y, tol=1e-9):
    return math.isclose(x, y, rel_tol=tol, abs_tol=tol)


def _cut(got, want, what):
    """Fail naming it if got is want cut to a whole number or rounded to a few decimals."""
    if _same(got, want) or type(got) not in (int, float):
        return
    for cut, how in ((math.trunc(want), "cut to a whole number (int() does that)"),
                     (round(want), "rounded to a whole number"),
                     (round(want, 1), "rounded to 1 decimal"),
                     (round(want, 2), "rounded to 2 decimals"),
                     (round(want, 3), "rounded to 3 decimals")):
        if got == cut:
            raise CheckFailed(
                f"{what} should be {_f(want)}, but your code gives {_f(got)}: that number "
                f"{how}. Return the rate exactly as computed, without int() or round(): "
                f"a rate is rarely a whole number.")


def _points(seed, n=5):
    """n random x in [-3, 3], kept away from 0 (where several mistakes would agree)."""
    rng = inputs(f"points {seed}")
    xs = []
    while len(xs) < n:
        x = round(rng.uniform(-3.0, 3.0), 3)
        if abs(x) > 0.25:
            xs.append(x)
    return xs


def _cube(t):
    return t ** 3


def _falling(t):
    return 2.0 - t ** 3


def _L(t):
    """The whole chain as one plain function: L = (3t)**2 + 1."""
    return (3 * t) ** 2 + 1


# --- nudge ----------------------------------------------------------------------------------


# A nudge divided by h instead of 2*h, named by both nudge checks.
TWICE = ("twice too much: x - h and x + h are 2*h apart, so divide the change in f by 2 * h, "
         "not by h.")


@check("nudge measures the slope by nudging x both ways",
       "Evaluate f a little to the right AND a little to the left of x, using the h you "
       "are given.",
       "The two points x - h and x + h are 2*h apart: "
       "return (f(x + h) - f(x - h)) / (2 * h).")
def nudge_both_ways(learner):
    nudge = need(learner, "nudge")
    cases = [(_cube, "cube", "t**3"), (_falling, "falling", "2 - t**3")] * 2
    # No h of 0.5, where 2 * h * h is h: dividing by 2*h*h would look like dividing by h.
    for x, h, (fn, name, formula) in zip(_points(201, 4), (0.4, 0.25, 0.1, 0.3), cases):
        what = f"nudge({name}, {_f(x)}, {h})"
        got = number(attempt(what, nudge, fn, x, h), what)
        expected = slope(fn, x, h)
        if _same(got, expected):
            continue
        start = (f"{what} with {name}(t) = {formula} should be {_f(expected)}, but your code "
                 f"gives {_f(got)}")
        if expected < 0 and _same(got, -expected):
            raise CheckFailed(
                f"{start}: the right size but the wrong sign. {name} goes DOWN as t grows, so "
                f"its slope is negative: do not take abs() of the change, nor swap its two "
                f"sides. Return (f(x + h) - f(x - h)) / (2 * h) as it is.")
        if _same(got, -expected):
            raise CheckFailed(
                f"{start}: the right size but the wrong sign. {name} goes UP as t grows here, "
                f"so its slope is positive: the change is f(x + h) - f(x - h), right minus "
                f"left, not the other way round.")
        change = fn(x + h) - fn(x - h)
        if _same(got, change / 2 * h):
            raise CheckFailed(
                f"{start}, which is (f(x + h) - f(x - h)) / 2 * h: Python reads that as "
                f"divided by 2, then MULTIPLIED by h. Put the distance in parentheses: "
                f"/ (2 * h).")
        if _same(got, change / h * 2):
            raise CheckFailed(
                f"{start}, four times too much, which is (f(x + h) - f(x - h)) / h * 2: Python "
                f"reads that as divided by h, then MULTIPLIED by 2. Put the distance in "
                f"parentheses: / (2 * h).")
        if _same(got, change):
            raise CheckFailed(
                f"{start}, which is the change f(x + h) - f(x - h) itself: a slope is a change "
                f"PER UNIT of x, so divide it by the distance between the two points, 2 * h.")
        if _same(got, (fn(x + h) - fn(x)) / h) or _same(got, (fn(x) - fn(x - h)) / h):
            raise CheckFailed(
                f"{start}: that is a one-sided nudge, (f(x + h) - f(x)) / h. Nudge both ways, "
                f"(f(x + h) - f(x - h)) / (2 * h): the errors of the two sides cancel, so it "
                f"is far more accurate for the same h.")
        if _same(got, (fn(x + h) - fn(x)) / (2 * h)) or _same(got, (fn(x) - fn(x - h)) / (2 * h)):
            raise CheckFailed(
                f"{start}, about half the slope: your two points are x and x + h (or x - h and "
                f"x), only h apart, but you divide by 2 * h. Nudge both ways from x itself: "
                f"f(x + h) and f(x - h), 2*h apart, so (f(x + h) - f(x - h)) / (2 * h). (Moving "
                f"x by h and then back by h lands on x, not on x - h.)")
        if _same(got, change / 2e-6) or _same(got, change / 1e-6):
            raise CheckFailed(
                f"{start}: your code nudges x by the h it is given ({h}) but divides by a fixed "
                f"distance (2 * 1e-6, say). The two points x - h and x + h are 2 * h apart for "
                f"whatever h is passed: divide by (2 * h).")
        if _same(got, 2 * expected):
            raise CheckFailed(
                f"{start}, {TWICE}")
        if _same(got, fn(x + h) - fn(x - h) / (2 * h)):
            raise CheckFailed(
                f"{start}, which is f(x + h) - f(x - h) / (2 * h): Python divides before it "
                f"subtracts, so only f(x - h) is divided. Put the change in parentheses: "
                f"(f(x + h) - f(x - h)) / (2 * h).")
        if _same(got, change // (2 * h)):
            raise CheckFailed(
                f"{start}, which is (f(x + h) - f(x - h)) // (2 * h): // is FLOOR division, "
                f"which rounds the quotient down to a whole number. Divide with a single /.")
        if _same(got, slope(fn, x), 1e-4):
            raise CheckFailed(
                f"{start}, which is the slope measured with a different, tinier h: your nudge "
                f"seems to ignore the h it was given. Use the h argument.")
        _cut(got, expected, what)
        if _same(got, (fn(x + h) + fn(x - h)) / (2 * h)):
            raise CheckFailed(
                f"{start}, which is (f(x + h) + f(x - h)) / (2 * h): the two values are ADDED. "
                f"A slope is how much f CHANGES between the two points: subtract, "
                f"(f(x + h) - f(x - h)) / (2 * h).{_odd_swap(name)}")
        if _same(got, change / (2 * h * h)):
            raise CheckFailed(
                f"{start}, which is (f(x + h) - f(x - h)) / (2 * h * h): divided by h twice. "
                f"The two points are 2 * h apart, so divide by that distance once: / (2 * h).")
        if not _same(fn(h) - fn(-h), change) and _same(got, (fn(h) - fn(-h)) / (2 * h)):
            raise CheckFailed(
                f"{start}, which is (f(h) - f(-h)) / (2 * h), the slope at 0: your code nudges "
                f"0, not x. The two points are x + h and x - h: (f(x + h) - f(x - h)) / (2 * h).")
        # A distance relative to x (h * |x|, h * (1 + |x|)): the points move, and so does
        # the slope measured between them, or the points move and the distance divided by not.
        for far, said in ((h * abs(x), "h * |x|"), (h * x, "h * x"),
                          (h * (1 + abs(x)), "h * (1 + |x|)"),
                          (h * max(1.0, abs(x)), "h * max(1, |x|)")):
            if _same(far, h):
                continue
            moved = fn(x + far) - fn(x - far)
            if _same(got, moved / (2 * far)) or _same(got, moved / (2 * h)):
                divided = "2 * h" if _same(got, moved / (2 * h)) else f"2 * {said}"
                raise CheckFailed(
                    f"{start}, which is the change between x - {said} and x + {said}, divided "
                    f"by {divided}: your code scales the nudge by x (h relative to x, "
                    f"{_f(far)} here), not by the h it is given. nudge(f, x, h) nudges by "
                    f"exactly h, whatever x is: (f(x + h) - f(x - h)) / (2 * h).")
        close(got, expected, what, why="It is (f(x + h) - f(x - h)) / (2 * h).")


@check("nudge's default h is tiny, so it matches the true slope",
       "Called without h, nudge uses its default h, which should be tiny.",
       "Keep the signature nudge(f, x, h=1e-6); with a tiny h nudging both ways gives the "
       "slope to about 9 digits.")
def nudge_default_h(learner):
    nudge = need(learner, "nudge")
    # t**3 is flat at 0, and a nudge of it there gives exactly h*h (both ways or one way), with
    # no rounding to speak of: the default h shows itself. Tiny means well below the step the
    # lesson shows its error with, h = 0.001: h*h under 1e-7, so h below about 3e-4 (the
    # lab's default is 1e-6). A too tiny h is left to the rounding the nudges below show.
    what = "nudge(cube, 0)"
    try:
        got = nudge_at_0 = number(attempt(what, nudge, _cube, 0.0), what)
    except CheckFailed as failed:
        if type(failed.__cause__) is not ZeroDivisionError:
            raise
        raise CheckFailed(f"{str(failed).rstrip('.')}: called without h, nudge divides by 2 * h "
                          f"with h = 0, its default. The default must be tiny but not 0: "
                          f"nudge(f, x, h=1e-6).") from failed.__cause__
    if abs(got) > 1e-7:
        raise CheckFailed(
            f"{what} with cube(t) = t**3 should be 0 (t**3 is flat at 0), but your code gives "
            f"{_f(got)}. Nudging t**3 at 0 gives h*h, so your default h is about "
            f"{_f(math.sqrt(abs(got)))}: too big to match the true slope closely. Make the "
            f"default tiny, nudge(f, x, h=1e-6).")
    cases = (("cube", _cube, lambda t: 3 * t * t), ("sin", math.sin, math.cos),
             ("exp", math.exp, math.exp))
    # At 0 a default h of 1e-6 gave h*h = 1e-12; under 1e-16 it is below 1e-8, so tiny that
    # f(x + h) and f(x - h) share almost every digit and rounding is most of the change.
    too_tiny = abs(got) < 1e-16
    for x, (name, f, df) in zip(_points(202, 6), cases + cases):
        what = f"nudge({name}, {_f(x)})"
        got = number(attempt(what, nudge, f, x), what)
        _cut(got, slope(f, x), what)
        if too_tiny and not _same(got, df(x), 1e-5):
            raise CheckFailed(
                f"{what} should be {_f(df(x))}, the true slope of {name} there, but your code "
                f"gives {_f(got)}. Your default h is TOO tiny (nudge(cube, 0) gives h*h = "
                f"{nudge_at_0:.3g}, so h is about {math.sqrt(abs(nudge_at_0)):.1g}): f(x + h) and "
                f"f(x - h) then agree in almost every digit a float holds, and what is left of "
                f"their difference is mostly rounding. Tiny, but not that tiny: h=1e-6.")
        if not _same(got, df(x), 1e-5) and _same(got, 2 * df(x), 1e-5):
            # Told "keep the default h tiny", a learner dividing by h changed the wrong thing.
            raise CheckFailed(
                f"{what} should be {_f(df(x))}, the true slope of {name} there, but your code "
                f"gives {_f(got)}, {TWICE}")
        close(got, df(x), what, tol=1e-5,
              why=f"That is the true slope of {name} at {_f(x)}; yours is off by "
                  f"{_f(abs(got - df(x)))}. Nudge both ways and keep the default h tiny "
                  f"(like 1e-6).")


# --- local derivatives and the chain rule ---------------------------------------------------


def _locals(learner, x):
    local_derivatives = need(learner, "local_derivatives")
    what = f"local_derivatives({x:.10g})"
    rates = mapping(attempt(what, local_derivatives, x),
                    f"{what} (a dict {{'dy/dx': ..., 'dz/dy': ..., 'dL/dz': ...}})")
    for key in KEYS:
        if key not in rates:
            raise CheckFailed(f"{what} has no '{key}': return all three local derivatives, "
                              f"one per step of the path x -> y -> z -> L.")
    return what, [number(rates[key], f"{what}['{key}']") for key in KEYS]


LOCAL_AT_ZERO = ("write each local derivative as its formula, dz/dy = 2 * y, without dividing by "
                 "y or x (2 * z / y is 2y everywhere but 0)")


def _at_zero(learner, call, what, how=LOCAL_AT_ZERO):
    """call(learner, 0.0), with a ZeroDivisionError named: the rates exist at 0 too."""
    try:
        return call(learner, 0.0)
    except CheckFailed as failed:
        if type(failed.__cause__) is not ZeroDivisionError:
            raise
        raise CheckFailed(f"{failed}, at x = 0. Every rate of this chain exists at 0 (there "
                          f"y = 0 and dz/dy = 2y = 0): {how}.") from failed.__cause__


@check("local derivative of each step, at that step's own input",
       "Run the chain forward first (y = 3 * x, z = y ** 2); each local derivative is the "
       "rate of ONE step.",
       "y = 3x changes 3 times as fast as x; z = y**2 changes 2y times as fast as y "
       "(at y = 3x, not at x); L = z + 1 changes exactly as fast as z.")
def local_rates(learner):
    earlier = []
    for x in _points(203):
        what, (dy_dx, dz_dy, dL_dz) = _locals(learner, x)
        earlier.append(x)
        y = 3 * x
        if not _same(dy_dx, 3.0):
            why = "y = 3 * x moves 3 times as fast as x, whatever x is."
            if _same(dy_dx, y):
                why = ("That is the VALUE y = 3x, not its rate: y = 3 * x moves 3 times as "
                       "fast as x, so dy/dx = 3.")
            elif _same(dy_dx, 1.0):
                why = ("That is 1, the rate of x itself: the constant factor stays in front, "
                       "so y = 3 * x moves 3 times as fast as x, and dy/dx = 3 * 1 = 3.")
            close(dy_dx, 3.0, f"{what}['dy/dx']", why=why)
        exact = 2 * y
        measured = slope(lambda t: t ** 2, y)
        if not _same(dz_dy, exact):
            why = (f"Nudging z = y**2 at y = 3x = {_f(y)} changes z at rate "
                   f"{_f(measured)} = 2y.")
            if _same(dz_dy, 2 * y * 3):
                why = (f"That is 2y * 3 = dz/dx, the rate of z as x moves, which already "
                       f"includes the step y = 3x. A local derivative is the rate of ONE step: "
                       f"z = y**2 moves 2y = {_f(exact)} times as fast as y.")
            elif _same(dz_dy, 2 * x):
                why = (f"That is 2y taken at x. A local derivative is taken at its step's own "
                       f"input: z = y**2 gets y = 3x = {_f(y)}, so dz/dy = 2y = {_f(exact)}.")
            elif _same(dz_dy, y * y):
                why = "That is the value z = y**2, not its rate 2y."
            elif _same(dz_dy, y):
                why = (f"That is y itself, y**1: the power went down by one, but the old "
                       f"power 2 did not come down in front. The power rule for y**n is "
                       f"n * y**(n-1): for z = y**2 that is 2 * y = {_f(exact)}.")
            elif _same(dz_dy, 2 * y * y):
                why = (f"That is 2 * y**2: the power 2 came down in front, but it stayed 2. "
                       f"The power rule for y**n is n * y**(n-1), one power lower: for "
                       f"z = y**2 that is 2 * y**1 = 2y = {_f(exact)}.")
            elif _same(dz_dy, 2.0):
                why = (f"That is 2 alone, the power brought down with no y left: the power "
                       f"rule for y**n is n * y**(n-1), and for z = y**2 that leaves y**1 = y, "
                       f"so dz/dy = 2 * y = {_f(exact)}, which changes with y.")
            elif any(_same(dz_dy, 6 * e) for e in earlier[:-1]):
                why = ("That is dz/dy for an earlier x, one the checks asked for before: "
                       "local_derivatives hands back a result it kept from an earlier call (a "
                       "cache, or a dict outside the function). Work the rates out afresh for "
                       "each x: y = 3 * x, then dz/dy = 2 * y.")
            close(dz_dy, exact, f"{what}['dz/dy']", why=why)
        if not _same(dL_dz, 1.0):
            why = "L = z + 1 moves exactly as fast as z."
            if _same(dL_dz, y * y + 1) or _same(dL_dz, y * y):
                why = (f"That is the VALUE of {'L' if _same(dL_dz, y * y + 1) else 'z'} at "
                       f"this x, not a rate: L = z + 1 moves exactly as fast as z, so "
                       f"dL/dz = 1.")
            if _same(dL_dz, 0.0):
                why = ("The constant 1 in L = z + 1 only shifts L; it does not stop L from "
                       "moving with z. L moves exactly as fast as z, so dL/dz = 1.")
            close(dL_dz, 1.0, f"{what}['dL/dz']", why=why)


    # At x = 0 too, after the random points (where many slips would agree with 0): y = 0 and
    # dz/dy = 2y = 0 (a rate written as 2 * z / y, equal everywhere else, divides by zero).
    what, (dy_dx, dz_dy, dL_dz) = _at_zero(learner, _locals, "local_derivatives(0)")
    for key, got, want in zip(KEYS, (dy_dx, dz_dy, dL_dz), (3.0, 0.0, 1.0)):
        close(got, want, f"{what}['{key}']",
              why="At x = 0, y = 0: y = 3x still moves 3 times as fast as x, z = y**2 is flat "
                  "there (2y = 0), and L = z + 1 moves as fast as z.")

    # Far from 0 (z about 8.8e10), where a nudge of a step rounds (or is lost entirely:
    # z + 1e-6 is z), the rates are still exact: 3, 2 * y (exact, x has few binary digits), 1.
    x = 98765.25
    what, rates = _locals(learner, x)
    for key, got, want in zip(KEYS, rates, (3.0, 6 * x, 1.0)):
        if not _same(got, want, 1e-12):
            measured = _same(got, want, 1e-3) or got == 0.0
            close(got, want, f"{what}['{key}']", tol=1e-12,
                  why=(f"That looks like a rate measured by nudging, not the step's own rate: "
                       f"far from 0 (here z = y**2 is about {_f(9 * x * x)}) a nudge rounds, "
                       f"or is lost entirely (z + 1e-6 is z, so a nudge of z gives 0). Write "
                       f"each local rate as its formula: dy/dx = 3, dz/dy = 2 * y, dL/dz = 1.")
                  if measured else "")


@check("dL/dx multiplies the local derivatives along the path",
       "The chain rule: rates along a path multiply.",
       "chain_rule(x) = dy/dx * dz/dy * dL/dz = 3 * (2 * 3x) * 1.")
def chain_multiplies(learner):
    chain_rule = need(learner, "chain_rule")
    for x in _points(204):
        what = f"chain_rule({_f(x)})"
        got = number(attempt(what, chain_rule, x), what)
        rates = (3.0, 6 * x, 1.0)
        expected = rates[0] * rates[1] * rates[2]
        if _same(got, expected):
            continue
        start = f"{what} should be dL/dx = {_f(expected)}, but your code gives {_f(got)}"
        if _same(got, sum(rates)):
            raise CheckFailed(
                f"{start}, the SUM of the local derivatives 3 + {_p(6 * x)} + 1. Along a path "
                f"the rates MULTIPLY: if y moves 3 times as fast as x and z moves "
                f"{_p(6 * x)} times as fast as y, then z moves 3 * {_p(6 * x)} times as fast "
                f"as x.")
        if _same(got, rates[0] * rates[1] + rates[2]):
            raise CheckFailed(
                f"{start} = 3 * {_p(6 * x)} + 1: the last local derivative, dL/dz = 1, is ADDED "
                f"to the product instead of multiplied in. Every link of the path multiplies: "
                f"dy/dx * dz/dy * dL/dz.")
        if _same(got, 3 * expected):
            raise CheckFailed(
                f"{start}, three times too much: the factor 3 of y = 3x is counted twice. "
                f"local_derivatives(3 * x) takes dz/dy at 3y instead of at y (it wants x, and "
                f"works out y = 3x itself), and 3 * dy/dx * dz/dy counts dy/dx twice. Call "
                f"local_derivatives(x) and multiply its three rates: dy/dx * dz/dy * dL/dz.")
        if _same(got, rates[1] * rates[2]):
            raise CheckFailed(
                f"{start} = dz/dy * dL/dz: the link dy/dx = 3 is missing from the product (or "
                f"dz/dy was taken at x instead of at y = 3x). Multiply EVERY local derivative "
                f"along the path: dy/dx * dz/dy * dL/dz.")
        _cut(got, expected, what)
        if _same(got, expected * _L(x)):
            raise CheckFailed(
                f"{start} = 3 * {_p(6 * x)} * {_p(_L(x))}: the last factor is the VALUE of "
                f"L = (3x)**2 + 1 at x, not the local rate dL/dz. L = z + 1 moves exactly as "
                f"fast as z, so dL/dz = 1: multiply dy/dx * dz/dy * dL/dz.")
        close(got, expected, what, why="It is dy/dx * dz/dy * dL/dz = 3 * 6x * 1.")
    # At x = 0, after the random points: dL/dx = 3 * 0 * 1 = 0 (a rate written as 2 * z / y or
    # 2 * (L - 1) / x, equal everywhere else, divides by zero there).
    got = _at_zero(learner, lambda learner, x: ("chain_rule(0)", number(
        attempt("chain_rule(0)", need(learner, "chain_rule"), x), "chain_rule(0)")),
        "chain_rule(0)", "multiply the local derivatives, dy/dx * dz/dy * dL/dz, each written as "
        "its formula, without dividing by x or y (2 * (L - 1) / x is 18x everywhere but 0)")[1]
    close(got, 0.0, "chain_rule(0)", why="At x = 0, dL/dx = 3 * (2 * 0) * 1 = 0.")
    # Far from 0, where L is about 1e11, a nudge's rounding shows; the product is exact there
    # (x has few binary digits, so 3 * 6x * 1 is, in whatever order it is multiplied).
    x = 98765.25
    what = f"chain_rule({x})"
    got = number(attempt(what, chain_rule, x), what)
    expected = 3.0 * (6 * x) * 1.0
    if not _same(got, expected, 1e-12) and _same(got, expected, 1e-3):
        raise CheckFailed(f"{what} gives {got!r}, near dL/dx = {expected!r} but not it: that is "
                          f"a measured slope (a nudge rounds), not the chain rule. Multiply the "
                          f"local derivatives: dy/dx * dz/dy * dL/dz.")
    close(got, expected, what, why="It is dy/dx * dz/dy * dL/dz = 3 * 6x * 1.")


@check("dL/dx agrees with nudging L",
       "Whatever chain_rule computes, nudging x in L = (3x)**2 + 1 must give the same rate.",
       "Compare with nudge(lambda t: (3 * t) ** 2 + 1, x): the product "
       "dy/dx * dz/dy * dL/dz should match it.")
def chain_agrees_with_nudge(learner):
    chain_rule = need(learner, "chain_rule")
    for x in _points(205, 4) + [-7.5, 12.25]:
        what = f"chain_rule({_f(x)})"
        got = number(attempt(what, chain_rule, x), what)
        if not _same(got, slope(_L, x), 1e-5) and _same(got, 3.0 + 6 * x + 1.0):
            # The numbers alone ("0.166") left a learner who added the rates guessing.
            raise CheckFailed(
                f"{what} gives {_f(got)} = 3 + {_p(6 * x)} + 1, the SUM of the local "
                f"derivatives, but nudging x in L = (3x)**2 + 1 changes L at "
                f"{_f(slope(_L, x))} per unit of x: along a path the rates MULTIPLY, "
                f"3 * {_p(6 * x)} * 1.")
        _cut(got, 18 * x, what)
        close(got, slope(_L, x), what, tol=1e-5,
              why="Nudging x by a tiny amount changes L = (3x)**2 + 1 at that rate.")
