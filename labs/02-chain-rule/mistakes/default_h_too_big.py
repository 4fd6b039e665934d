# mistake: keeps the lesson's demonstration step, h = 0.001, as nudge's default instead of a tiny one
# fails: nudge's default h is tiny, so it matches the true slope
# message: your default h is about 0.001


def nudge(f, x, h=1e-3):
    """The slope of f at x, measured by nudging x by h in both directions."""
    return (f(x + h) - f(x - h)) / (2 * h)


def local_derivatives(x):
    """The local derivatives along x -> y = 3x -> z = y**2 -> L = z + 1, at this x."""
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}


def chain_rule(x):
    """dL/dx at x, by the chain rule."""
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]
