# mistake: pops the steps off the caller's list as it runs them, so the list is empty afterwards
# fails: evaluate leaves its arguments alone and keeps nothing between calls
# message: the caller's list of steps has changed


def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    """Run the steps in order; return a dict with the value of every node."""
    values = dict(inputs)
    while steps:
        name, op, (x, y) = steps.pop(0)
        if op == "+":
            values[name] = values[x] + values[y]
        elif op == "*":
            values[name] = values[x] * values[y]
        else:
            raise ValueError(f"unknown op {op!r}")
    return values
