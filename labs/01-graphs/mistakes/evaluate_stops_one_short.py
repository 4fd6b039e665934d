# mistake: loops for i in range(len(steps) - 1), one step short, so the last step never runs
# fails: evaluate returns a value for every node
# message: the loop stops one step short

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for i in range(len(steps) - 1):
        name, op, (x, y) = steps[i]
        if op == "+":
            values[name] = values[x] + values[y]
        else:
            values[name] = values[x] * values[y]
    return values
