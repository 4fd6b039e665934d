# mistake: evaluate rounds every step's result to 2 decimals, to print neat numbers
# fails: evaluate applies each step's op (+ and *)
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
            values[name] = round(values[x] + values[y], 2)
        else:
            values[name] = round(values[x] * values[y], 2)
    return values
