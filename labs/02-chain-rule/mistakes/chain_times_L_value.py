# mistake: chain_rule multiplies by the value of L instead of the local rate dL/dz
# fails: dL/dx multiplies the local derivatives along the path
# message: the VALUE of L
def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)

def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}

def chain_rule(x):
    local = local_derivatives(x)
    L = (3 * x) ** 2 + 1
    return local["dy/dx"] * local["dz/dy"] * L
