"""Lab 3, unusual but correct: one sweep over a small tape of (node, [(input, local)]) with a
defaultdict, and grads() returns an extra entry for L itself."""
from collections import defaultdict


def _sweep(tape, out):
    g = defaultdict(float)
    g[out] = 1.0
    for node, parts in reversed(tape):
        for child, local in parts:
            g[child] += local * g[node]
    return g


def grads(a, b):
    tape = [("c", [("a", b), ("b", a)]), ("L", [("c", 1.0), ("a", 1.0)])]
    g = _sweep(tape, "L")
    return {"a": g["a"], "b": g["b"], "c": g["c"], "L": g["L"]}


def diamond_grads(a, b):
    d, e = a * b, a + b
    tape = [("d", [("a", b), ("b", a)]), ("e", [("a", 1), ("b", 1)]), ("L", [("d", e), ("e", d)])]
    g = _sweep(tape, "L")
    return dict(a=g["a"], b=g["b"], d=g["d"], e=g["e"])
