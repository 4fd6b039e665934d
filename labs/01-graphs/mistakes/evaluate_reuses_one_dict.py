# mistake: keeps the values in a default argument and empties it at the start of each call, so every call returns the same dict and a later call overwrites an earlier result
# fails: evaluate leaves its arguments alone and keeps nothing between calls
# message: Every call returns the same dict


def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs, values={}):
    """Run the steps in order; return a dict with the value of every node."""
    values.clear()
    values.update(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        elif op == "*":
            values[name] = values[x] * values[y]
        else:
            raise ValueError(f"unknown op {op!r}")
    return values
