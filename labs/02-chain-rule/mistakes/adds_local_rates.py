# mistake: adds the local derivatives along the path instead of multiplying them
# fails: dL/dx multiplies the local derivatives along the path
# message: the SUM of the local derivatives


def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] + local["dz/dy"] + local["dL/dz"]
