# mistake: computes L in one go and then backs d out of it as L / f, which divides by zero when f = 0
# fails: forward computes e = a*b, then d = e + c
# message: No step of L = (a*b + c) * f divides


def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = a * b
    L = (e + c) * f
    d = L / f
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
