"""A small two-moons data set: two interleaved half circles, one per class (labels -1 and +1).

Generated from a fixed seed so every learner (and every test) sees the same points.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: int  # -1 or +1


def two_moons(n: int = 60, noise: float = 0.1, seed: int = 5) -> list[Point]:
    rng = random.Random(seed)
    points = []
    for i in range(n):
        upper = i % 2 == 0
        angle = math.pi * rng.random()
        if upper:
            x, y = math.cos(angle), math.sin(angle)
        else:
            x, y = 1 - math.cos(angle), 0.5 - math.sin(angle)
        x += rng.gauss(0, noise)
        y += rng.gauss(0, noise)
        # Centred and scaled to about [-1, 1]: tanh units start in their useful range.
        points.append(Point((x - 0.5) / 1.2, (y - 0.25) / 0.8, -1 if upper else 1))
    return points
