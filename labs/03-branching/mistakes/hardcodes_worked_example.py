# mistake: returns the worked example's numbers 4, 2, 1 whatever the inputs
# fails: L = a*b + a: every gradient, at random inputs
# message: gives the worked example's gradients


def diamond_grads(a, b):
    d = a * b
    e = a + b
    g = {"a": 0.0, "b": 0.0, "d": 0.0, "e": 0.0}
    g["d"] += e
    g["e"] += d
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    g["a"] += g["e"]
    g["b"] += g["e"]
    return g

def grads(a, b):
    return {"a": 4.0, "b": 2.0, "c": 1.0}
