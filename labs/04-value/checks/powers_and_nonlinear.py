"""Part 2 of lab 4: a ** k for a plain number k, then relu, tanh and exp, each with its
local gradient."""

import math

from grader.core.checks import CheckFailed, check, close, inputs, need, slope

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: children_of, data_of, exact, FAR, _f, _far, new, result, rounded, _same, _xs
# gradients.py: far_grads, _graph, grads_through, judge, local_grads
# add_and_mul.py: remembers


@check("a ** k for a plain number k",
       "How fast does a**k move when a is nudged? The power comes down in front, and the "
       "power drops by one (k is a plain int or float).",
       "In __pow__'s _backward: self.grad += k * self.data ** (k - 1) * out.grad.")
def power(learner):
    Value = need(learner, "Value")
    # k = 3 first: at k = 2, a rule that reads the output (k * out.data**(k-1)) gives
    # k * a**k, and would be told it forgot to lower the power.
    for x, k in zip(_xs(405, 6, 0.3, 3.0), (3, 2, -1, 0.5, 1.5, -2)):
        a = new(Value, x)
        what = f"a ** {k}"
        try:
            out = result(Value, what, lambda: a ** k, [(a, "a")])
        except CheckFailed as failed:
            if type(failed.__cause__) is AttributeError and "has no attribute 'data'" in \
                    str(failed.__cause__)[:200] and type(k).__name__ in str(failed.__cause__)[:20]:
                raise CheckFailed(f"`{what}` raised AttributeError: {failed.__cause__}. Here k is "
                                  f"a plain number, {k}, and __pow__ reads k.data: use k itself, "
                                  f"self.data ** k, and k * self.data ** (k - 1) for the local "
                                  f"gradient. (Only +, -, * and / take a Value on the other "
                                  f"side.)") from failed.__cause__
            if isinstance(k, float) and type(failed.__cause__) in (AssertionError, TypeError,
                                                                  ValueError):
                raise CheckFailed(f"`{what}` raised {type(failed.__cause__).__name__}: "
                                  f"{failed.__cause__}. Your __pow__ refuses k = {k}, a float: "
                                  f"k is a plain int OR float (a ** 0.5 is a square root), so "
                                  f"accept both, isinstance(k, (int, float)); the power rule, "
                                  f"k * self.data ** (k - 1), holds for either.") \
                    from failed.__cause__
            raise
        remembers(out, what, [(a, "a")])
        got = data_of(out, f"({what})")
        close(got, x ** k, f"({what}).data with a = {_f(x)}",
              why=f"That is a * {k}, a times k: a ** k raises a to the power k, "
                  f"self.data ** k." if _same(got, x * k) and not _same(x * k, x ** k) else "")
        (g,) = local_grads(out, what, [(a, "a")])
        judge(g, k * x ** (k - 1), f"The local gradient of {what} for a (a = {_f(x)})",
              [(k * x ** k, "The power rule is d(a**k)/da = k * a**(k-1), one power lower; "
                            "your code gives k * a**k."),
               (k * x ** k - 1, "That is k * a**k - 1: Python reads a ** k - 1 as (a**k) - 1. "
                                "Put the power in parentheses, k * a ** (k - 1)."),
               (k * (x ** k) ** (k - 1), "That is k * out.data**(k-1): the power rule reads "
                                         "the INPUT, k * self.data ** (k - 1), not the output."),
               ((k - 1) * x ** k, "That is (k-1) * a**k: the power itself comes down in front, "
                                  "and the power goes down by one, k * a**(k-1)."),
               (2 * x, "That is 2a, the rule for a**2 alone: for any k the power rule is "
                       "k * a**(k-1), here " + f"{k} * a**{k - 1}."),
               (k, f"That is {k}, k alone: the power k comes down in front, and a stays, "
                   f"one power lower, k * a**(k-1), here {k} * a**{k - 1}."),
               *([(1 / (k * x ** (1 - k)), f"That is 1 / (k * a**(1-k)), for k = {k}: a "
                                            f"negative power is still brought down as a "
                                            f"factor, not a divisor, and lowered by one: "
                                            f"k * a**(k-1), here {k} * a**{k - 1}.")]
                 if k < -1 else []),
               (k * x, f"That is k * a, {k} * a: the power k comes down in front, and a keeps "
                       f"a power one lower than k, k * a**(k-1), here {k} * a**{k - 1} (it is "
                       f"k * a only for k = 2)."),
               *([(int(k) * x ** (k - 1), f"That is int(k) * a**(k-1): k = {k} was cut to a "
                                          f"whole number, {int(k)}, in front. k is a plain "
                                          f"int or float: use it as it is, k * a**(k-1)."),
                  (k * x ** (k // 1 - 1), f"That is k * a**(k//1 - 1): the power k - 1 was "
                                          f"taken with k cut to a whole number. For k = {k} "
                                          f"the power rule is {k} * a**{k - 1}, with k as it "
                                          f"is.")] if k != int(k) else [])],
              rule=POWER_RULE)
        worked_out(g, k * x ** (k - 1), f"The local gradient of {what} for a (a = {_f(x)})",
                   "k * self.data ** (k - 1)")
    # At a = 0 too: k * 0**(k-1) is 0 for k = 2, 3 and 1 for k = 1 (a rule written as
    # k * out.data / a.data, equal everywhere else, divides by zero there; one that skips
    # a = 0 with a 0 there misses k = 1). Lower powers are not defined at 0 at all.
    for k in (2, 3, 1):
        rule = f"The power rule {k} * a**{k - 1} is {_f(k * 0.0 ** (k - 1))} at a = 0"
        a = new(Value, 0.0)
        what = f"a ** {k}"
        try:
            # inside the try: a stored design computes its local gradient as it builds a ** k
            out = result(Value, what, lambda: a ** k, [(a, "a")])
            (g,) = local_grads(out, what, [(a, "a")])
        except CheckFailed as failed:
            _exponent_child(Value, failed)
            if "ZeroDivisionError" not in str(failed):
                raise
            raise CheckFailed(f"{failed}, with a = 0. {rule}: compute it as written, without "
                              f"dividing by a.") from failed.__cause__
        judge(g, k * 0.0 ** (k - 1), f"The local gradient of {what} at a = 0",
              [(0.0, f"{rule}: compute it as written, with no special case at a = 0.")],
              rule=POWER_RULE)
    # And at a negative a, for a whole k: k * a**(k-1) keeps its sign there (a rule through
    # abs(a) or log(a), right for every positive a, is not).
    for x, k in zip(_xs(411, 3, -3.0, -0.3), (2, 3, -1)):
        a = new(Value, x)
        what = f"a ** {k}"
        out = result(Value, what, lambda: a ** k, [(a, "a")])
        close(data_of(out, f"({what})"), x ** k, f"({what}).data with a = {_f(x)}",
              why=f"a ** {k} is self.data ** k of the input as it is, sign included (no abs()): "
                  f"a negative a to a whole power k is a plain number, {_f(x ** k)} here.")
        try:
            (g,) = local_grads(out, what, [(a, "a")])
        except CheckFailed as failed:
            _exponent_child(Value, failed)
            if type(failed.__cause__) is not ValueError:
                raise
            raise CheckFailed(f"{failed}, with a = {_f(x)}. a ** {k} is defined for a negative "
                              f"a, and so is its local gradient {k} * a**{k - 1}: compute it "
                              f"as written.") from failed.__cause__
        judge(g, k * x ** (k - 1), f"The local gradient of {what} at a negative a (a = {_f(x)})",
              [(abs(k * x ** (k - 1)), f"That has the right size but not the sign: the power "
                                       f"rule holds for a negative a too, {k} * a**{k - 1}, "
                                       f"sign included (no abs()).")],
              rule=POWER_RULE)


    # Far from a few units: a tiny and a huge a (positive for a fractional k), where a
    # gradient clipped to some size, or a value rounded, is no longer right.
    for x, k in zip(_far(413, ((-4, -1), (2, 5))), (2, 3)):
        a = new(Value, x)
        what = f"a ** {k}"
        out = result(Value, what, lambda: a ** k, [(a, "a")])
        got = data_of(out, f"({what})")
        exact(got, x ** k, f"({what}).data with a = {x!r}", rounded(got, x ** k) or FAR,
              tol=1e-9)
        (g,) = far_grads(Value, out, what, [(a, "a")])
        exact(g, k * x ** (k - 1), f"The local gradient of {what} for a (a = {x!r})",
              f"{FAR} {POWER_RULE}", tol=1e-9)


def _exponent_child(Value, failed):
    """Fail with the cause if a ** k raised ValueError (math.log of a <= 0, say) because
    __pow__ keeps k as a second child, with a gradient of its own."""
    if type(failed.__cause__) is not ValueError:
        return
    a = new(Value, 1.5)
    if len(children_of(result(Value, "a ** 2", lambda: a ** 2, [(a, "a")]), "(a ** 2)")) < 2:
        return
    raise CheckFailed(f"{str(failed).rstrip('.')}. Your a ** k keeps k as a second child, with a "
                      f"gradient of its own (log(a) * a**k), and that does not exist where a is "
                      f"0 or negative (math.log raises ValueError there). Here k is a plain "
                      f"number, nothing to train: a ** k has one child, a, with the local "
                      f"gradient k * a**(k-1), and the exponent needs no gradient at all.") \
        from failed.__cause__


@check("relu, tanh and exp: values and local gradients",
       "Each output's local gradient is how fast it moves when its input is nudged.",
       "relu: 1 if the input > 0 else 0. tanh: 1 - t**2 with t the output. exp: the output.",
       "relu's input is self.data: test self.data > 0 (relu's OUTPUT is never negative, so "
       "out.data >= 0 is always true).")
def relu_tanh_exp(learner):
    Value = need(learner, "Value")
    below_one = round(inputs("relu below 1").uniform(0.1, 0.9), 3)
    for x in [-1.5, 2.0, 0.0, below_one] + _xs(406, 4, -3.0, 3.0):
        a = new(Value, x)
        out = result(Value, "a.relu()", lambda: a.relu(), [(a, "a")])
        got = data_of(out, "a.relu()")
        close(got, max(0.0, x), f"a.relu().data with a = {_f(x)}",
              why="That is abs(a), the input without its sign: relu keeps a positive input and "
                  "gives 0 for the others, self.data if self.data > 0 else 0.0."
              if x < 0 and _same(got, -x) else "relu keeps a positive input as it is and gives "
              "0 for the others: self.data if self.data > 0 else 0.0.")
        try:
            g = _gradient_for_a(Value, out, "a.relu()", a)
        except CheckFailed as failed:
            if x != 0 or type(failed.__cause__) is not ZeroDivisionError:
                raise
            raise CheckFailed(f"{failed}, with a = 0. relu's local gradient is 1 if its input "
                              f"is > 0, else 0 (0 at a = 0): write it as that test, without "
                              f"dividing by the input.") from failed.__cause__
        if x == 0:
            judge(g, 0.0, "The local gradient of a.relu() at a = 0",
                  [(1.0, "relu passes gradient only where its input is > 0: at exactly 0 its "
                         "local gradient is 0 (test self.data > 0, not >= 0).")],
                  rule=RELU_RULE)
        elif x < 0:
            judge(g, 0.0, f"The local gradient of a.relu() at a negative input (a = {_f(x)})",
                  [(1.0, "relu is flat for a negative input: its output stays 0 whatever small "
                         "nudge the input gets, so the local gradient is 0. Test the input, "
                         "self.data > 0 (out.data >= 0 is always true, relu's output is never "
                         "negative).")],
                  rule=RELU_RULE)
        else:
            judge(g, 1.0, f"The local gradient of a.relu() at a positive input (a = {_f(x)})",
                  [(0.0, "For a positive input relu passes its input through, so it moves "
                         "one-for-one with it: the local gradient is 1. Your code hands back "
                         "0 here as for a negative input, so relu's rule is never applied. "
                         + NOTHING.partition("nothing was handed back. ")[2]),
                   (x, "That is relu's output, out.data, not how fast it moves: for a positive "
                       "input relu moves one-for-one with it, so its local gradient is 1 "
                       "whatever the input's size (0 for an input <= 0): self.grad += "
                       "(1.0 if self.data > 0 else 0.0) * out.grad.")],
                  rule=RELU_RULE)
    # Far from a few units: a tiny and a huge positive input, and a huge negative one.
    for x in (abs(x) for x in _far(414, ((-9, -5), (3, 9)))):
        a = new(Value, x)
        out = result(Value, "a.relu()", lambda: a.relu(), [(a, "a")])
        exact(data_of(out, "a.relu()"), max(0.0, x), f"a.relu().data with a = {x!r}",
              f"{FAR} relu keeps a positive input as it is, however small, and gives 0 for "
              f"the others: self.data if self.data > 0 else 0.0.", tol=1e-9)
        (g,) = far_grads(Value, out, "a.relu()", [(a, "a")])
        exact(g, 1.0 if x > 0 else 0.0, f"The local gradient of a.relu() (a = {x!r})",
              f"{FAR} {RELU_RULE}", tol=1e-9)
    # 7.5 as well: tanh is still rising there (0.9999994), and an input clipped to keep
    # math.exp from overflowing, min(max(a, -5), 5), gives 0.99991 (overflow is past 350).
    # -3.5 and 5.5 too: an OUTPUT set to 1 (or -1) past some |a| > 3 or 5 (tanh(5.5) is
    # 0.99997) differs there by more than the tolerance; past 7.5 it would not.
    for x in _xs(407, 5, -2.0, 2.0) + [-3.5, 5.5, 7.5]:
        a = new(Value, x)
        out = result(Value, "a.tanh()", lambda: a.tanh(), [(a, "a")])
        got = data_of(out, "a.tanh()")
        clipped = ("tanh keeps rising toward 1 however large a grows (and falling toward -1): "
                   "if your code clips a (min(max(a, -c), c), say, so that math.exp cannot "
                   "overflow), or returns 1 (or -1) past some size of a, do so only where "
                   "tanh is 1 to every digit (|a| > 20), or use math.tanh(a), which never "
                   "overflows.")
        close(got, math.tanh(x), f"a.tanh().data with a = {_f(x)}",
              why="That is tanh(a/2) = (e**a - 1) / (e**a + 1): tanh(a) doubles a in the "
                  "exponent, (e**(2a) - 1) / (e**(2a) + 1), or use math.tanh(a)."
              if _same(got, math.tanh(x / 2)) else clipped if abs(x) > 2 else
              "tanh(a) = (e**(2a) - 1) / (e**(2a) + 1): use math.tanh(self.data).")
        worked_out(got, math.tanh(x), f"a.tanh().data with a = {_f(x)}", "math.tanh(self.data)",
                   value=True)
        g = _gradient_for_a(Value, out, "a.tanh()", a)
        judge(g, slope(math.tanh, x), f"The local gradient of a.tanh() (a = {_f(x)})",
              [(math.tanh(x) ** 2 - 1, "That is t**2 - 1, the right size with the wrong "
                                       "sign: tanh rises everywhere, so its local gradient is "
                                       "positive, 1 - t**2 (t = tanh(a), the output)."),
               (1 - x * x, "tanh's local gradient is 1 - t**2 where t = tanh(a) is the OUTPUT "
                           "(out.data), not 1 - a**2 of the input."),
               (1 - math.tanh(x), "It is 1 - t**2 (t squared), with t = tanh(a)."),
               (1 + math.tanh(x) ** 2, "That is 1 + t**2: the square is taken AWAY from 1, "
                                       "1 - t**2 (t = tanh(a), the output)."),
               ((1 - math.tanh(x)) ** 2, "That is (1 - t)**2: square t first, then take it "
                                         "from 1, 1 - t**2 (t = tanh(a), the output)."),
               (1 - math.tanh(math.tanh(x)) ** 2, "That is 1 - tanh(t)**2, tanh taken twice: t "
                                                  "= out.data already is tanh(a), so the local "
                                                  "gradient is 1 - t**2."),
               (math.tanh(x), f"That is t = tanh(a) itself, the output, as if tanh moved as "
                              f"fast as it is (exp's rule, not tanh's): tanh's local gradient "
                              f"is 1 - t**2. {ONE_LOOP}"),
               (math.tanh(x) * (1 - math.tanh(x)), "That is t * (1 - t), the sigmoid's local "
                                                   "gradient. tanh's is 1 - t**2, with t = "
                                                   "tanh(a) the output.")], tol=1e-5,
              rule="tanh's local gradient is 1 - t**2, where t = tanh(a) is the OUTPUT "
                   "(out.data): self.grad += (1 - t**2) * out.grad.")
        worked_out(g, 1 - math.tanh(x) ** 2, f"The local gradient of a.tanh() (a = {_f(x)})",
                   "1 - t**2, with t = out.data")
    # and once far out, at 52.25: an exp capped against overflow (min(a, 50)) is wrong there
    for x in _xs(408, 5, -2.0, 2.0) + [52.25]:
        a = new(Value, x)
        out = result(Value, "a.exp()", lambda: a.exp(), [(a, "a")])
        got = data_of(out, "a.exp()")
        close(got, math.exp(x), f"a.exp().data with a = {_f(x)}",
              why="a.exp() is e**a, e = 2.71828... raised to the power a: math.exp(self.data).")
        worked_out(got, math.exp(x), f"a.exp().data with a = {_f(x)}",
                   "math.exp(self.data)", value=True)
        g = _gradient_for_a(Value, out, "a.exp()", a)
        judge(g, slope(math.exp, x), f"The local gradient of a.exp() (a = {_f(x)})",
              [(x * math.exp(x - 1), "exp is not a power of a: e**a moves exactly as fast as "
                                     "it is, so its local gradient is the output, out.data."),
               (x, "It is e**a, the output (out.data), not the input."),
               (1.0, "That is 1, the local gradient of +, the same for every a: e**a moves "
                     "exactly as fast as it is, so its local gradient is the output itself, "
                     "e**a (out.data)."),
               (math.exp(math.exp(x)) if x < 5 else math.inf,
                "That is e**(out.data), exp taken twice: out.data already is e**a, and it is "
                "the local gradient itself."),
               (math.e, "That is e itself, 2.71828..., the same for every a: the local "
                         "gradient of e**a is e**a, the output, out.data (math.exp(a))."),
               (x * math.exp(x), "That is a * e**a: e**a moves exactly as fast as it is, so "
                                 "its local gradient is the output itself, out.data, with no "
                                 "factor a."),
               (1 - math.exp(x) ** 2, f"That is 1 - e**(2a), tanh's rule 1 - t**2 applied to "
                                      f"exp's output: exp's local gradient is its output "
                                      f"itself, e**a. {ONE_LOOP}")], tol=1e-5,
              rule="e**a moves exactly as fast as it is: exp's local gradient is its output, "
                   "self.grad += out.data * out.grad.")
        worked_out(g, math.exp(x), f"The local gradient of a.exp() (a = {_f(x)})", "out.data")


def worked_out(got, want, what, rule, value=False):
    """Fail if a local gradient within the checks' tolerance is still off by more than a few
    units in the last digit: a rule worked out exactly (in any order: t * t or t**2, 1 / cosh**2)
    agrees to ~1e-15, while a rate measured by nudging, (f(a + h) - f(a - h)) / (2 * h), is
    off by 1e-11 or more at these inputs (its h**2 error against its rounding error / h)."""
    if abs(got - want) > 1e-12 * max(1.0, abs(want)):
        if value:
            raise CheckFailed(f"{what} should be {want!r}, but your code gives {got!r}: close, "
                              f"but off in the {_digit(got, want)} digit, as a formula built on "
                              f"a rounded number (2.718281828 for e, say) is. Compute it "
                              f"exactly: {rule}.")
        raise CheckFailed(f"{what} should be {want!r}, but your code gives {got!r}: close, but "
                          f"off in the {_digit(got, want)} digit. That is what a rate measured "
                          f"by nudging the input, (f(a + h) - f(a - h)) / (2 * h), gives (or a "
                          f"rule built on a rounded number, 2.718281828 for e). Work the local "
                          f"gradient out exactly from the op's rule, here {rule}; nudging only "
                          f"checks it.")


def _digit(got, want):
    """'7th' for an error in the 7th significant digit of want."""
    n = max(1, int(-math.log10(abs(got - want) / max(abs(want), 1e-300))))
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# The rules, said when a wrong local gradient matches no known slip.
POWER_RULE = ("The power rule: d(a**k)/da = k * a**(k-1), k brought down in front and the "
              "power one lower, self.grad += k * self.data ** (k - 1) * out.grad.")
RELU_RULE = ("relu's local gradient is 1 where its input is > 0 and 0 elsewhere: self.grad "
             "+= (1.0 if self.data > 0 else 0.0) * out.grad.")

# tanh and exp made in one loop (or by one helper fed from it), with a _backward that reads
# the loop's variables when it runs, get the rule of whichever came last.
ONE_LOOP = ("If tanh and exp are made in one loop, each _backward closure reads the loop's "
            "variables when it RUNS, by then the last op's: bind them when it is made, def "
            "_backward(local=local): ....")


def _gradient_for_a(Value, out, what, a):
    """d(out)/da for out = a.relu(), a.tanh() or a.exp(): from out's own local gradient when a
    is its child (the usual one node), else through every node out was built from, for an
    op written with others (tanh as (e - 1) / (e + 1) with e = (2 * a).exp(), say)."""
    kids = children_of(out, f"({what})")
    if not any(kid is a for kid in kids) and any(n is a for n in _graph(Value, out, f"({what})")):
        (g,) = grads_through(Value, out, what, [(a, "a")])
        return g
    remembers(out, what, [(a, "a")])
    (g,) = local_grads(out, what, [(a, "a")])
    return g
