"""Lab 1, unusual but correct: the ops in a table of operator functions, type hints, a print
in forward, and computed nodes merged with the inputs at the end."""
import operator
from typing import Dict, List, Tuple

OPS = {"+": operator.add, "*": operator.mul}


def forward(a: float, b: float, c: float, f: float) -> Dict[str, float]:
    nodes: Dict[str, float] = {}
    nodes["e"] = a * b
    nodes["d"] = nodes["e"] + c
    nodes["L"] = nodes["d"] * f
    print("forward:", nodes)
    return nodes


def evaluate(steps: List[Tuple[str, str, Tuple[str, str]]], inputs: Dict[str, float]):
    computed = {}
    def look(n):
        return computed[n] if n in computed else inputs[n]
    for step in steps:
        name, op, args = step
        computed[name] = OPS[op](*map(look, args))
    return {**inputs, **computed}
