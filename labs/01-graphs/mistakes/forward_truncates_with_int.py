# mistake: forward keeps e as int(a * b), cutting off the decimals
# fails: forward computes e = a*b, then d = e + c
# message: with its decimals cut off

def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = int(a * b)
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    """Run the steps in order; return a dict with the value of every node."""
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        elif op == "*":
            values[name] = values[x] * values[y]
        else:
            raise ValueError(f"unknown op {op!r}")
    return values
