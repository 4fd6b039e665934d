# mistake: folds a*b into d in one go, so the intermediate node e is never recorded
# fails: forward records every node: e, d and L
# message: has no node 'e'


def forward(a, b, c, f):
    d = a * b + c
    L = d * f
    return {"d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        elif op == "*":
            values[name] = values[x] * values[y]
        else:
            raise ValueError(f"unknown op {op!r}")
    return values
