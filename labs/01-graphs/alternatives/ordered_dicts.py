"""Lab 1, unusual but correct: OrderedDict for the nodes, and a step table of functions."""

import operator
from collections import OrderedDict

OPS = {"+": operator.add, "*": operator.mul}


def forward(a, b, c, f):
    nodes = OrderedDict()
    nodes["e"] = a * b
    nodes["d"] = nodes["e"] + c
    nodes["L"] = nodes["d"] * f
    return nodes


def evaluate(steps, inputs):
    values = OrderedDict(inputs)
    for name, op, (x, y) in steps:
        values[name] = OPS[op](values[x], values[y])
    return values
