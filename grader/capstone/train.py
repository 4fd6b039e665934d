"""The training loop of "Train it": full-batch hinge loss, Adam steps on the floats.

Every step builds the graph of the whole loss (60 points) with the given Value class, calls
backward() once, and takes one Adam step: each parameter moves against a running average of
its grads, so now and then with this step's own grad. The caller hears about every step through
`on_step` (loss, accuracy and, every few steps, the decision boundary on a grid) and can stop
the loop by raising from it; the page's Stop button interrupts Python the same way.
"""

from __future__ import annotations

import gc
import math
import time
from dataclasses import dataclass, field

from .mlp import MLP
from .moons import Point, two_moons

SIZES = [2, 12, 1]  # one hidden layer of 12 tanh units: enough to bend around the moons
GRID = 24  # boundary cells per side
EXTENT = 1.6  # the boundary grid covers [-EXTENT, EXTENT]², the data with a margin


@dataclass
class Step:
    step: int
    loss: float
    accuracy: float
    seconds: float
    boundary: list[list[float]] | None = None  # GRID x GRID scores over [-EXTENT, EXTENT]²


@dataclass
class Settings:
    steps: int = 100
    rate: float = 0.1
    boundary_every: int = 5
    seed: int = 1
    sizes: list[int] = field(default_factory=lambda: list(SIZES))


def train(Value, on_step, settings: Settings | None = None, points: list[Point] | None = None) -> Step:
    settings = settings or Settings()
    points = points if points is not None else two_moons()
    model = MLP(Value, settings.sizes, seed=settings.seed)
    params = model.parameters()
    first, second = [0.0] * len(params), [0.0] * len(params)
    started = time.perf_counter()
    last = None
    # A graph of closures (micrograd's design) is full of reference cycles: left on, the cycle
    # collector wakes thousands of times per step. Collect once per step instead.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for step in range(1, settings.steps + 1):
            loss, correct = _loss(model, Value, points)
            for p in params:
                p.grad = 0.0
            loss.backward()
            _adam(params, first, second, step, settings.rate)
            last = Step(step, float(loss.data), correct / len(points), time.perf_counter() - started)
            # A hinge loss of 0 means every point sits on its side with room to spare: the
            # grads are all 0 and further steps would change nothing.
            finished = step == settings.steps or last.loss == 0
            if step == 1 or step % settings.boundary_every == 0 or finished:
                last.boundary = boundary(model)
            on_step(last)
            del loss
            gc.collect()
            if finished:
                break
    finally:
        if was_enabled:
            gc.enable()
    return last


def _loss(model: MLP, Value, points: list[Point]):
    """Mean hinge loss relu(1 - label·score), and how many points are on the right side."""
    total = Value(0.0)
    correct = 0
    for point in points:
        score = model([Value(point.x), Value(point.y)])
        correct += (score.data > 0) == (point.label > 0)
        total = total + (1 + -point.label * score).relu()
    return total * (1.0 / len(points)), correct


def _adam(params, first, second, step, rate, beta1=0.9, beta2=0.99, eps=1e-8):
    # Adam keeps the step size steady while the grads shrink: on a few dozen points it reaches
    # a clean boundary in far fewer steps than plain gradient descent.
    for i, p in enumerate(params):
        g = p.grad
        first[i] = beta1 * first[i] + (1 - beta1) * g
        second[i] = beta2 * second[i] + (1 - beta2) * g * g
        m = first[i] / (1 - beta1 ** step)
        v = second[i] / (1 - beta2 ** step)
        p.data -= rate * m / (math.sqrt(v) + eps)


def boundary(model: MLP, size: int = GRID, extent: float = EXTENT) -> list[list[float]]:
    """Scores over a square grid, row by row from the top: the page shades them by sign."""
    cells = [-extent + (i + 0.5) * 2 * extent / size for i in range(size)]
    return [[round(model.score(x, y), 3) for x in cells] for y in reversed(cells)]
