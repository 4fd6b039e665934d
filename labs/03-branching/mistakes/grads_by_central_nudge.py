# mistake: measures every gradient by nudging each input both ways by a tiny h (lab 2's nudge), instead of working backward from L
# fails: L = a*b + a: every gradient, at random inputs
# message: that is a rate measured by nudging, not worked out
"""Lab 3, with a mistake."""

H = 1e-6


def _rate(f, a, b, which):
    if which == "a":
        return (f(a + H, b) - f(a - H, b)) / (2 * H)
    return (f(a, b + H) - f(a, b - H)) / (2 * H)


def grads(a, b):
    """Gradients of L = c + a, where c = a * b."""
    L = lambda a, b: a * b + a  # noqa: E731
    return {"a": _rate(L, a, b, "a"), "b": _rate(L, a, b, "b"), "c": 1.0}


def diamond_grads(a, b):
    """Gradients of L = d * e, where d = a * b and e = a + b."""
    L = lambda a, b: (a * b) * (a + b)  # noqa: E731
    return {"a": _rate(L, a, b, "a"), "b": _rate(L, a, b, "b"), "d": a + b, "e": a * b}
