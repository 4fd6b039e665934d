# mistake: evaluate uses the previous step's result as each step's left side, as if the graph were a chain
# fails: evaluate returns a value for every node
# message: takes the result of the step just before it
def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}

def evaluate(steps, inputs):
    values = dict(inputs)
    last = None
    for name, op, (x, y) in steps:
        left = values[x] if last is None else last
        if op == "+":
            last = left + values[y]
        else:
            last = left * values[y]
        values[name] = last
    return values
