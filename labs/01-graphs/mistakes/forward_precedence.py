# mistake: writes the last step as a*b + c*f, losing the parentheses of (a*b + c) * f
# fails: forward computes L = (a*b + c) * f
# message: The parentheses matter


def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = a * b + c * f
    return {"e": e, "d": d, "L": L}


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
