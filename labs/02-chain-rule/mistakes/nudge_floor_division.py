# mistake: divides the change by 2*h with //, floor division, so every slope is rounded down to a whole number
# fails: nudge measures the slope by nudging x both ways
# message: // is FLOOR division

def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) // (2 * h)


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    d = local_derivatives(x)
    return d["dy/dx"] * d["dz/dy"] * d["dL/dz"]

