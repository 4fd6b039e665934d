# mistake: writes f(x + h) - f(x - h) / (2 * h) without parentheses around the change, so only f(x - h) is divided
# fails: nudge measures the slope by nudging x both ways
# message: Python divides before it subtracts

def nudge(f, x, h=1e-6):
    return f(x + h) - f(x - h) / (2 * h)


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    d = local_derivatives(x)
    return d["dy/dx"] * d["dz/dy"] * d["dL/dz"]
