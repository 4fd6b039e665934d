# mistake: evaluate's two branches are swapped: a "+" step multiplies and a "*" step adds
# fails: evaluate returns a value for every node
# message: your code applied the other op

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}

def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "*":
            values[name] = values[x] + values[y]
        elif op == "+":
            values[name] = values[x] * values[y]
    return values
