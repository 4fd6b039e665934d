"""Lab 2, unusual but correct: the step named eps (callers pass it by position), a print, and functools.reduce over the rates in path order."""

from functools import reduce
import operator

def nudge(f, x, eps=1e-7):
    return (f(x + eps) - f(x - eps)) / (2 * eps)

def local_derivatives(x):
    y = 3 * x
    print("local rates at x =", x)
    return dict([("dy/dx", 3.0), ("dz/dy", 2.0 * y), ("dL/dz", 1.0)])

def chain_rule(x):
    local = local_derivatives(x)
    return reduce(operator.mul, (local[k] for k in ("dy/dx", "dz/dy", "dL/dz")), 1.0)
