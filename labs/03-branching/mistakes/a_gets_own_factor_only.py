# mistake: on the path through c = a * b, hands a its own value, b right (at a=2, b=3: 1 + a = 3 = b, read as a lost path)
# fails: worked example: a=2, b=3 gives dL/da = 4, dL/db = 2
# message: a gets its OWN value


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
    g["a"] += a * g["c"]
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
    g["e"] += d * dL_dL
    # d = a * b
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    # e = a + b
    g["a"] += 1.0 * g["e"]
    g["b"] += 1.0 * g["e"]
    return g
