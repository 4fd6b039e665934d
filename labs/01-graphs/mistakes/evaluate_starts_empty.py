# mistake: starts the dict of values empty, so a step cannot find an input (KeyError on an input name)
# fails: evaluate returns a value for every node
# message: is an input, and your code looked it up in a dict that does not hold the inputs
"""Lab 1, with a mistake."""


def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    """Run the steps in order; return a dict with the value of every node."""
    values = {}
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        elif op == "*":
            values[name] = values[x] * values[y]
        else:
            raise ValueError(f"unknown op {op!r}")
    return {**inputs, **values}
