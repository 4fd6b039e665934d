# mistake: dy/dx = 1 for y = 3 * x: the constant factor 3 dropped (d/dx of x alone)
# fails: local derivative of each step, at that step's own input
# message: the constant factor stays in front


def nudge(f, x, h=1e-6):
    """The slope of f at x, measured by nudging x by h in both directions."""
    return (f(x + h) - f(x - h)) / (2 * h)


def local_derivatives(x):
    """The local derivatives along x -> y = 3x -> z = y**2 -> L = z + 1, at this x."""
    y = 3 * x
    return {
        "dy/dx": 1.0,      # y = 3 * x
        "dz/dy": 2 * y,    # z = y ** 2, taken at its own input y
        "dL/dz": 1.0,      # L = z + 1
    }


def chain_rule(x):
    """dL/dx at x, by the chain rule."""
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]
