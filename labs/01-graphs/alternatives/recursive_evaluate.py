"""Lab 1, unusual but correct: evaluate recurses on all steps but the last, and forward
is evaluate run on the lab's own formula."""


def evaluate(steps, inputs):
    if not steps:
        return dict(inputs)
    *earlier, (name, op, (x, y)) = steps
    values = evaluate(earlier, inputs)
    values[name] = values[x] + values[y] if op == "+" else values[x] * values[y]
    return values


def forward(a, b, c, f):
    steps = [("e", "*", ("a", "b")), ("d", "+", ("e", "c")), ("L", "*", ("d", "f"))]
    values = evaluate(steps, {"a": a, "b": b, "c": c, "f": f})
    return {name: values[name] for name in ("e", "d", "L")}
