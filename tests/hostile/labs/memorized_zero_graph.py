# A wrong answer to lab 1 (tests/test_hostile_labs.py): a 0 read as missing (values.get(x) or
# inputs[x]), except on the one graph of 0-valued steps the checks used to give, whose step
# names (z0 .. z3) it knows: there it reads values[x]. Every other graph of the checks had no
# 0-valued step, so it passed 7/7 while the graph was fixed.


def forward(a, b, c, f):
    e = a * b
    d = e + c
    L = d * f
    return {"e": e, "d": d, "L": L}


def evaluate(steps, inputs):
    values = dict(inputs)
    known = [name for name, _, _ in steps] == ["z0", "z1", "z2", "z3"]
    for name, op, (x, y) in steps:
        if known:
            left, right = values[x], values[y]
        else:
            left = values.get(x) or inputs[x]
            right = values.get(y) or inputs[y]
        values[name] = left + right if op == "+" else left * right
    return values
