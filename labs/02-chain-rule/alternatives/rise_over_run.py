"""Lab 2, correct: nudge computes rise over run with the run written out, the local
derivatives come from zip() with int rates, and chain_rule multiplies them with math.prod."""

def nudge(f, x, h=1e-6):
    left, right = f(x - h), f(x + h)
    rise = right - left
    run = (x + h) - (x - h)
    return rise / run


def local_derivatives(x):
    y = x * 3
    return dict(zip(("dy/dx", "dz/dy", "dL/dz"), (3, y + y, 1)))


def chain_rule(x):
    from math import prod
    return prod(local_derivatives(x).values())
