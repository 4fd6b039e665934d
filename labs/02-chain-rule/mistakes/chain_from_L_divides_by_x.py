# mistake: computes dL/dx from L itself as 2 * (L - 1) / x, right everywhere but at x = 0, where it divides by zero
# fails: dL/dx multiplies the local derivatives along the path
# message: 2 * (L - 1) / x is 18x everywhere but 0

def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    # L - 1 = 9x**2, and the power rule brings the 2 down: 2 * (L - 1) / x
    L = (3 * x) ** 2 + 1
    return 2 * (L - 1) / x
