# mistake: nudge divides by h * 2 written without parentheses, / h * 2, which Python reads as divided by h, then multiplied by 2: four times the slope
# fails: nudge measures the slope by nudging x both ways
# message: then MULTIPLIED by 2


def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / h * 2


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]
