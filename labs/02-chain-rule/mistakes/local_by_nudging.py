# mistake: measures each local derivative with nudge instead of writing its formula, so far from 0 the rates round (and dL/dz becomes 0)
# fails: local derivative of each step, at that step's own input
# message: That looks like a rate measured by nudging


def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)

def chain_rule(x):
    d = local_derivatives(x)
    return d["dy/dx"] * d["dz/dy"] * d["dL/dz"]

def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": nudge(lambda t: 3 * t, x),
            "dz/dy": nudge(lambda t: t ** 2, y),
            "dL/dz": nudge(lambda t: t + 1, y ** 2)}
