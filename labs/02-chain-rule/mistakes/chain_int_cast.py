# mistake: chain_rule wraps the product in int(), cutting off the decimals of dL/dx
# fails: dL/dx multiplies the local derivatives along the path
# message: cut to a whole number
def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)

def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}

def chain_rule(x):
    local = local_derivatives(x)
    return int(local["dy/dx"] * local["dz/dy"] * local["dL/dz"])
