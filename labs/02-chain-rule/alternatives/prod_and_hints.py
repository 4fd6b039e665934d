"""Lab 2, unusual but correct: type hints, h + h for the distance, int rates collected one
key at a time, and math.prod for the chain."""

import math
from typing import Callable, Dict

def nudge(f: Callable[[float], float], x: float, h: float = 1e-6) -> float:
    """Central difference."""
    right, left = f(x + h), f(x - h)
    return (right - left) / (h + h)

def local_derivatives(x: float) -> Dict[str, float]:
    y = 3 * x
    rates = {}
    rates["dy/dx"] = 3
    rates["dz/dy"] = 2 * y
    rates["dL/dz"] = 1
    return rates

def chain_rule(x: float) -> float:
    return math.prod(local_derivatives(x).values())
