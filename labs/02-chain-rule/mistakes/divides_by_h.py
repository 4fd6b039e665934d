# mistake: nudges both ways but divides by h instead of by the distance 2*h between the two points
# fails: nudge measures the slope by nudging x both ways
# message: twice too much


def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]


def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / h
