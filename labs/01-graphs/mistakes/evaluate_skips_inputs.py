# mistake: returns only the steps' values, forgetting that the inputs are nodes of the graph too
# fails: evaluate returns a value for every node
# message: has no value for the input 'x'


def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = {}
    for name, op, (x, y) in steps:
        left = values[x] if x in values else inputs[x]
        right = values[y] if y in values else inputs[y]
        values[name] = left + right if op == "+" else left * right
    return values
