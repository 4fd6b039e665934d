# mistake: keeps one dict of gradients at the top of the file, zeroes it at each call and returns it, so a later call overwrites the gradients an earlier call returned
# fails: worked example: a=2, b=3 gives dL/da = 4, dL/db = 2
# message: the second call changed the first call's result

G = {"a": 0.0, "b": 0.0, "c": 0.0}


def grads(a, b):
    for k in G:
        G[k] = 0.0
    G["c"] += 1.0
    G["a"] += 1.0
    G["a"] += b * G["c"]
    G["b"] += a * G["c"]
    return G


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
