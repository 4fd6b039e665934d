# mistake: writes dz/dy as 2 * z / y (the power rule through the output), which is 2y everywhere but divides by zero at x = 0
# fails: local derivative of each step, at that step's own input
# message: without dividing by y or x

def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)


def local_derivatives(x):
    y = 3 * x
    z = y ** 2
    # power rule: d(y**2)/dy = 2 * y**2 / y
    return {"dy/dx": 3.0, "dz/dy": 2 * z / y, "dL/dz": 1.0}


def chain_rule(x):
    d = local_derivatives(x)
    return d["dy/dx"] * d["dz/dy"] * d["dL/dz"]
