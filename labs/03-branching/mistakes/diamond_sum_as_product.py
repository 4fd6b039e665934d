# mistake: in the diamond, treats e = a + b like a product, handing each input the other input times dL/de
# fails: diamond: a and b each reach L by two paths
# message: e is a sum


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
    g["a"] += b * g["e"]
    g["b"] += a * g["e"]
    return g
