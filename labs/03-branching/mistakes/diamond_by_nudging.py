# mistake: diamond_grads measures the gradients by nudging the inputs (h = 0.001) instead of working them out
# fails: diamond: a and b each reach L by two paths
# message: it looks measured by nudging

def grads(a, b):
    c = a * b
    g = {"a": 0.0, "b": 0.0, "c": 0.0}
    g["c"] += 1.0
    g["a"] += 1.0
    g["a"] += b * g["c"]
    g["b"] += a * g["c"]
    return g
def diamond_grads(a, b):
    h = 0.001
    L = lambda a, b: (a * b) * (a + b)
    d, e = a * b, a + b
    return {"a": (L(a + h, b) - L(a, b)) / h, "b": (L(a, b + h) - L(a, b)) / h,
            "d": ((d + h) * e - d * e) / h, "e": (d * (e + h) - d * e) / h}
