# mistake: in the diamond, hands on d's and e's gradients before L = d * e has filled them in
# fails: diamond: a and b each reach L by two paths
# message: handed their gradients on while g['d'] and g['e'] were still 0


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
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    g["a"] += g["e"]
    g["b"] += g["e"]
    g["d"] += e
    g["e"] += d
    return g
