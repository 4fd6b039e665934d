"""Lab 1, unusual but correct: type hints, a helper for the op, a deep copy of the inputs,
the inputs echoed among forward's nodes, and a print."""

from typing import Dict, List, Tuple
def forward(a: float, b: float, c: float, f: float) -> Dict[str, float]:
    e = a * b
    d = e + c
    L = d * f
    print("forward", a, b, c, f, "->", L)
    return {"a": a, "b": b, "c": c, "f": f, "e": e, "d": d, "L": L}

def _apply(op: str, u: float, v: float) -> float:
    if op == "+":
        return u + v
    if op == "*":
        return u * v
    raise ValueError(op)

def evaluate(steps: List[Tuple[str, str, Tuple[str, str]]], inputs: Dict[str, float]) -> Dict[str, float]:
    import copy
    values = copy.deepcopy(inputs)
    for step in steps:
        name, op, args = step
        values[name] = _apply(op, *(values[n] for n in args))
    return values
