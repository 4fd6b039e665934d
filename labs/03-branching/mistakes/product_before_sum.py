# mistake: works through c = a * b before L = c + a has given c its gradient, so c hands on 0
# fails: worked example: a=2, b=3 gives dL/da = 4, dL/db = 2
# message: handed its gradient on while g['c'] was still 0


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
    g = {"a": 0.0, "b": 0.0, "c": 0.0}
    g["a"] += b * g["c"]
    g["b"] += a * g["c"]
    g["c"] += 1.0
    g["a"] += 1.0
    return g
