# mistake: in the diamond, the path through e hands a and b 1 * dL/dL instead of 1 * dL/de
# fails: diamond: a and b each reach L by two paths
# message: the gradient arriving at e is dL/de


def grads(a, b):
    c = a * b
    g = {"a": 0.0, "b": 0.0, "c": 0.0}
    g["c"] += 1.0
    g["a"] += 1.0
    g["a"] += b * g["c"]
    g["b"] += a * g["c"]
    return g

def diamond_grads(a, b):
    d, e = a * b, a + b
    g = {"a": 0.0, "b": 0.0, "d": 0.0, "e": 0.0}
    dL_dL = 1.0
    g["d"] += e * dL_dL
    g["e"] += d * dL_dL
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    g["a"] += 1.0 * dL_dL
    g["b"] += 1.0 * dL_dL
    return g
