# mistake: indents return values inside the for loop, so evaluate returns after the first step
# fails: evaluate returns a value for every node
# message: Is `return values` indented inside the

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        else:
            values[name] = values[x] * values[y]
        return values
