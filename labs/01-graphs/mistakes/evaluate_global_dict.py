# mistake: fills one module-level dict, emptied at the start of each call, and returns it, so an earlier call's result changes when evaluate is called again
# fails: evaluate leaves its arguments alone and keeps nothing between calls
# message: Every call returns the same dict

VALUES = {}


def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    """Run the steps in order; return a dict with the value of every node."""
    VALUES.clear()
    VALUES.update(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            VALUES[name] = VALUES[x] + VALUES[y]
        elif op == "*":
            VALUES[name] = VALUES[x] * VALUES[y]
        else:
            raise ValueError(f"unknown op {op!r}")
    return VALUES
