# mistake: evaluate makes values = dict(inputs) inside the loop, so each step drops the ones before
# fails: evaluate returns a value for every node
# message: has a value for the last step 'u' only

def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    """Run the steps in order; return a dict with the value of every node."""
    for name, op, (x, y) in steps:
        values = dict(inputs)
        if op == "+":
            values[name] = values[x] + values[y]
        elif op == "*":
            values[name] = values[x] * values[y]
        else:
            raise ValueError(f"unknown op {op!r}")
    return values
