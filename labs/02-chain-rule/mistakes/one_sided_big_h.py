# mistake: measures the slope one-sided, (f(x + h) - f(x)) / h, with a largish default h
# fails: nudge measures the slope by nudging x both ways
# message: that is a one-sided nudge


def nudge(f, x, h=0.01):
    return (f(x + h) - f(x)) / h


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]
