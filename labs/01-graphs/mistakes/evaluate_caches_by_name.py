# mistake: caches each step's result by its name in a module-level dict, so a later call with other inputs gets an earlier call's value for a step of the same name
# fails: evaluate applies each step's op (+ and *)
# message: evaluate remembers results by step name

def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}

_CACHE = {}


def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if name in _CACHE:          # already worked this one out
            values[name] = _CACHE[name]
            continue
        if op == "+":
            values[name] = values[x] + values[y]
        else:
            values[name] = values[x] * values[y]
        _CACHE[name] = values[name]
    return values
