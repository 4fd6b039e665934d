# mistake: loops over steps[1:], thinking the first entry is a header, so the first step never runs
# fails: evaluate returns a value for every node
# message: every step but the first

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps[1:]:
        if op == "+":
            values[name] = values[x] + values[y]
        else:
            values[name] = values[x] * values[y]
    return values
