# mistake: makes the gradients dict with dict.fromkeys(keys, []), so every node's list is the same list and each share lands on all of them
# fails: worked example: a=2, b=3 gives dL/da = 4, dL/db = 2
# message: The entries of your dict share one object

def grads(a, b):
    g = dict.fromkeys(["a", "b", "c"], [])
    g["c"].append(1.0)
    g["a"].append(1.0)
    g["a"].append(b * sum(g["c"]))
    g["b"].append(a * sum(g["c"]))
    return {k: sum(v) for k, v in g.items()}


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
