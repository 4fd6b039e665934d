# mistake: runs the steps last to first (reversed), so a step looks up an earlier step's result before it exists
# fails: a step can use the result of an earlier step
# message: it runs the steps in another order than the list gives them


def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}

def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in reversed(steps):
        values[name] = values[x] + values[y] if op == "+" else values[x] * values[y]
    return values
