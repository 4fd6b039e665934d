# mistake: gives dz/dy as 2y * 3, the rate of z with respect to x, folding the step y = 3x into a local derivative
# fails: local derivative of each step, at that step's own input
# message: which already includes the step y = 3x


def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)

def chain_rule(x):
    d = local_derivatives(x)
    return d["dy/dx"] * d["dz/dy"] * d["dL/dz"]

def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y * 3, "dL/dz": 1.0}
