# mistake: nudge rounds the slope to 2 decimals before returning it
# fails: nudge measures the slope by nudging x both ways
# message: rounded to 2 decimals
def nudge(f, x, h=1e-6):
    return round((f(x + h) - f(x - h)) / (2 * h), 2)
def local_derivatives(x):
    y = 3 * x
    return {"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0}

def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]

