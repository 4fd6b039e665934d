# mistake: takes the second input of every step from `inputs` only (values[x] but inputs[y]), so a step whose right side is an earlier step fails
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
            values[name] = values[x] + inputs[y]
        else:
            values[name] = values[x] * inputs[y]
    return values
