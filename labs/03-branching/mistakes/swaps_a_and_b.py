# mistake: grads returns b + 1 for b and a for a: the two gradients swapped
# fails: worked example: a=2, b=3 gives dL/da = 4, dL/db = 2
# message: gradients are swapped

def grads(a, b):
    return {"a": a, "b": b + 1, "c": 1.0}
def diamond_grads(a, b):
    d, e = a * b, a + b
    g = {"a": 0.0, "b": 0.0, "d": 0.0, "e": 0.0}
    g["d"] += e
    g["e"] += d
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    g["a"] += g["e"]
    g["b"] += g["e"]
    return g
