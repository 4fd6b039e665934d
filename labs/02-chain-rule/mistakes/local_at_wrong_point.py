# mistake: takes dz/dy = 2y at the chain's input x instead of at the step's own input y = 3x
# fails: local derivative of each step, at that step's own input
# message: taken at its step's own input


def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def local_derivatives(x):
    return {"dy/dx": 3.0, "dz/dy": 2 * x, "dL/dz": 1.0}


def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]
