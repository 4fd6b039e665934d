# A wrong answer to lab 3 (tests/test_hostile_labs.py): no path is followed and nothing is
# added with +=; every gradient is measured by nudging L (central differences, the check lab 2
# teaches for a derivative). Lab 2 refuses a measured slope ("that is a measured slope, not
# the chain rule") and lab 5 a nudged backward(); lab 3 passed this 7/7: its numbers are right
# to ~1e-9 at the inputs it draws.


def _slope(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def grads(a, b):
    """L = c + a, c = a * b."""
    c = a * b
    return {"a": _slope(lambda t: t * b + t, a), "b": _slope(lambda t: a * t + a, b),
            "c": _slope(lambda t: t + a, c)}


def diamond_grads(a, b):
    """L = d * e, d = a * b, e = a + b."""
    d, e = a * b, a + b
    return {"a": _slope(lambda t: (t * b) * (t + b), a),
            "b": _slope(lambda t: (a * t) * (a + t), b),
            "d": _slope(lambda t: t * e, d), "e": _slope(lambda t: d * t, e)}
