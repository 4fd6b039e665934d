# mistake: thinks the "+ 1" in L = z + 1 makes the local derivative 0 (derivative of a constant)
# fails: local derivative of each step, at that step's own input
# message: The constant 1 in L = z + 1 only shifts L


def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 0.0}


def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]
