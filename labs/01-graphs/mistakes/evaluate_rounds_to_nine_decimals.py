# mistake: evaluate rounds every step's result to 9 decimals, to hide float noise like 0.30000000000000004
# fails: a step can use the result of an earlier step
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
            result = values[x] + values[y]
        else:
            result = values[x] * values[y]
        values[name] = round(result, 9)
    return values
