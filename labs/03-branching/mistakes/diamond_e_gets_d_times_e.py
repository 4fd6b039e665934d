# mistake: at L = d * e, hands e the product d * e instead of d (the other factor) times dL/dL
# fails: diamond L = (a*b) * (a+b): dL/dd and dL/de
# message: or by e itself


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
    """Gradients of L = d * e, where d = a * b and e = a + b."""
    d = a * b
    e = a + b
    L = d * e
    g = {"a": 0.0, "b": 0.0, "d": 0.0, "e": 0.0}
    dL_dL = 1.0
    # L = d * e
    g["d"] += e * dL_dL
    g["e"] += d * e * dL_dL
    # d = a * b
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    # e = a + b
    g["a"] += 1.0 * g["e"]
    g["b"] += 1.0 * g["e"]
    return g
