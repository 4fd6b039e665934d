# mistake: returns only the final result of the graph instead of a value for every node
# fails: evaluate returns a value for every node
# message: should return a dict with a value for every node


def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    result = None
    for name, op, (x, y) in steps:
        if op == "+":
            result = values[x] + values[y]
        else:
            result = values[x] * values[y]
        values[name] = result
    return result
