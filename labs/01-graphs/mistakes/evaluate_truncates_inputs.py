# mistake: evaluate copies the inputs with int(), so every input loses its decimals
# fails: evaluate returns a value for every node
# message: decimals cut off
def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}

def evaluate(steps, inputs):
    values = {k: int(v) for k, v in inputs.items()}
    for name, op, (x, y) in steps:
        if op == "+":
            values[name] = values[x] + values[y]
        else:
            values[name] = values[x] * values[y]
    return values
