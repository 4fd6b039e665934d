# mistake: unpacks each step as op, name, (x, y), the first two swapped, so results are stored under '+' and '*'
# fails: evaluate returns a value for every node
# message: your code takes the op for the step's name

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for op, name, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        else:
            values[name] = values[x] * values[y]
    return values
