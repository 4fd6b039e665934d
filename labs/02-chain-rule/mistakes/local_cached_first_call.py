# mistake: local_derivatives keeps its first result in a module-level dict and hands it back for every later x
# fails: local derivative of each step, at that step's own input
# message: kept from an earlier call
def nudge(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)

_cache = {}
def local_derivatives(x):
    if "dy/dx" not in _cache:
        y = 3 * x
        _cache.update({"dy/dx": 3.0, "dz/dy": 2 * y, "dL/dz": 1.0})
    return _cache
def chain_rule(x):
    local = local_derivatives(x)
    return local["dy/dx"] * local["dz/dy"] * local["dL/dz"]

