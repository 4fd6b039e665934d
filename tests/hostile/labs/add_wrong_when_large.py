# A wrong answer to lab 1 (tests/test_hostile_labs.py), right only for the sizes of number
# the checks once tried: evaluate's `+` drops a part of any sum whose size passes 1000. Every
# input the checks drew was within 5 of 0, so it passed 7/7.


def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    for name, op, (x, y) in steps:
        if op == "+":
            total = values[x] + values[y]
            values[name] = total if abs(total) < 1000 else total * 0.999
        else:
            values[name] = values[x] * values[y]
    return values
