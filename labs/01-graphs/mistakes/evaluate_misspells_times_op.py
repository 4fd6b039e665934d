# mistake: compares op with "x" for a product, so every '*' step matches no branch and is skipped
# fails: evaluate returns a value for every node
# message: your code never recognises the op '*'

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        elif op == "x":
            values[name] = values[x] * values[y]
    return values
