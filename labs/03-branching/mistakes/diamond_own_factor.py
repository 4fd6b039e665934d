# mistake: at L = d * e, hands each factor its own value (dL/dd = d) instead of the other factor
# fails: diamond L = (a*b) * (a+b): dL/dd and dL/de
# message: A product hands each input the OTHER factor


def grads(a, b):
    c = a * b
    g = {"a": 0.0, "b": 0.0, "c": 0.0}
    g["c"] += 1.0
    g["a"] += 1.0
    g["a"] += b * g["c"]
    g["b"] += a * g["c"]
    return g


def diamond_grads(a, b):
    d = a * b
    e = a + b
    g = {"a": 0.0, "b": 0.0, "d": 0.0, "e": 0.0}
    g["d"] += d
    g["e"] += e
    g["a"] += b * g["d"]
    g["b"] += a * g["d"]
    g["a"] += g["e"]
    g["b"] += g["e"]
    return g
