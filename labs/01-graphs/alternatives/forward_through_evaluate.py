"""Lab 1, unusual but correct: forward runs its three steps through evaluate, and evaluate
walks the steps with a while loop, using math.prod and sum."""
import math


def forward(a, b, c, f):
    steps = [("e", "*", ("a", "b")), ("d", "+", ("e", "c")), ("L", "*", ("d", "f"))]
    out = evaluate(steps, dict(a=a, b=b, c=c, f=f))
    return {k: out[k] for k in "edL"}


def evaluate(steps, inputs):
    values = inputs.copy()
    i = 0
    while i < len(steps):
        name, op, pair = steps[i]
        x, y = pair
        values[name] = math.prod([values[x], values[y]]) if op == "*" else sum([values[x], values[y]])
        i += 1
    return values
