# mistake: in the diamond, the path through e reads g['d'] instead of g['e']
# fails: diamond: a and b each reach L by two paths
# message: the gradient of the other node


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
    g["d"] += e
    g["e"] += d
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    g["a"] += g["d"]
    g["b"] += g["d"]
    return g
