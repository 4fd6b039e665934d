# mistake: reads a value with values.get(x) or ..., so a step whose result is 0 counts as missing
# fails: a step can use the result of an earlier step
# message: your code treats a 0 as a missing value
"""Lab 1, with a mistake."""


def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    """Run the steps in order; return a dict with the value of every node."""
    results = {}
    for name, op, (x, y) in steps:
        left = results.get(x) or inputs[x]
        right = results.get(y) or inputs[y]
        if op == "+":
            results[name] = left + right
        elif op == "*":
            results[name] = left * right
        else:
            raise ValueError(f"unknown op {op!r}")
    return {**inputs, **results}
