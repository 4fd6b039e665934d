# mistake: looks every step's inputs up in `inputs` only, so a step that needs an earlier step's result runs before that result exists
# fails: a step can use the result of an earlier step
# message: it is the result of an earlier step


def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = inputs[x] + inputs[y]
        else:
            values[name] = inputs[x] * inputs[y]
    return values
