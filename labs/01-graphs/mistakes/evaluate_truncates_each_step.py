# mistake: evaluate cuts every step's result to a whole number with int()
# fails: evaluate returns a value for every node
# message: decimals cut off

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}

def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = int(values[x] + values[y])
        else:
            values[name] = int(values[x] * values[y])
    return values
