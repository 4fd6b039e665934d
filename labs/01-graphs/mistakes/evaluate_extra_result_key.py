# mistake: evaluate stores each result under the name and also under a scratch key "result", so the returned dict holds a node the graph does not have
# fails: evaluate leaves its arguments alone and keeps nothing between calls
# message: which is no node of the graph
def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}

def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            values["result"] = values[x] + values[y]
        else:
            values["result"] = values[x] * values[y]
        values[name] = values["result"]
    return values
