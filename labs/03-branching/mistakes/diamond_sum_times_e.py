# mistake: on the path through e = a + b, hands each input e * dL/de, as if e were a product
# fails: diamond: a and b each reach L by two paths
# message: as if e were a product
def grads(a, b):
    """Gradients of L = c + a, where c = a * b."""
    c = a * b
    L = c + a
    g = {"a": 0.0, "b": 0.0, "c": 0.0}
    dL_dL = 1.0
    # L = c + a: a sum hands its gradient to both inputs unchanged
    g["c"] += 1.0 * dL_dL
    g["a"] += 1.0 * dL_dL
    # c = a * b: a product hands each input the OTHER factor times its gradient
    g["a"] += b * g["c"]
    g["b"] += a * g["c"]
    return g
def diamond_grads(a, b):
    d = a * b
    e = a + b
    g = {"a": 0.0, "b": 0.0, "d": 0.0, "e": 0.0}
    g["d"] += e
    g["e"] += d
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    g["a"] += e * g["e"]
    g["b"] += e * g["e"]
    return g
