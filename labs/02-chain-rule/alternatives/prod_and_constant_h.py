"""Lab 2, unusual but correct: type hints, the default h in a module constant, the change divided
by 2 and then by h, the rates set one by one (as ints), math.prod over them, and a print."""
from math import prod
from typing import Callable, Dict

H: float = 1e-6


def nudge(f: Callable[[float], float], x: float, h: float = H) -> float:
    right, left = f(x + h), f(x - h)
    return (right - left) / 2 / h


def local_derivatives(x: float) -> Dict[str, float]:
    y = 3 * x
    rates = dict()
    rates["dy/dx"] = 3
    rates["dz/dy"] = 2 * y
    rates["dL/dz"] = 1
    return rates


def chain_rule(x: float) -> float:
    return prod(local_derivatives(x).values())


print("nudge, local_derivatives and chain_rule are ready")
