# mistake: on the path through c = a * b, a gets c (the product's value) instead of b
# fails: worked example: a=2, b=3 gives dL/da = 4, dL/db = 2
# message: a gets c itself

def grads(a, b):
    c = a * b
    g = {"a": 0.0, "b": 0.0, "c": 0.0}
    g["c"] += 1.0
    g["a"] += 1.0
    g["a"] += c * g["c"]
    g["b"] += a * g["c"]
    return g
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
