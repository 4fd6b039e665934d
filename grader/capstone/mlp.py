"""A multi-layer perceptron written against any Value class with micrograd's interface.

Only `Value(x)`, `+`, `*`, `.tanh()`, `.data` and `.grad` are used, so the learner's Value
(either design) and the course's tape engine both fit.
"""

from __future__ import annotations

import math
import random


class MLP:
    def __init__(self, Value, sizes: list[int], seed: int = 1):
        rng = random.Random(seed)
        self.layers = []
        for fan_in, fan_out in zip(sizes, sizes[1:]):
            scale = 1 / math.sqrt(fan_in)
            neurons = [([Value(rng.uniform(-scale, scale) * 1.7) for _ in range(fan_in)], Value(0.0))
                       for _ in range(fan_out)]
            self.layers.append(neurons)

    def parameters(self) -> list:
        return [p for layer in self.layers for weights, bias in layer for p in (*weights, bias)]

    def __call__(self, inputs: list):
        """The score for one point, as a Value: tanh hidden layers, a linear last layer."""
        last = len(self.layers) - 1
        for depth, layer in enumerate(self.layers):
            outputs = []
            for weights, bias in layer:
                total = bias
                for w, x in zip(weights, inputs):
                    total = total + w * x
                outputs.append(total if depth == last else total.tanh())
            inputs = outputs
        return inputs[0]

    def score(self, x: float, y: float) -> float:
        """The same function on plain floats, for drawing the boundary on a grid (no graph)."""
        inputs = [x, y]
        last = len(self.layers) - 1
        for depth, layer in enumerate(self.layers):
            outputs = []
            for weights, bias in layer:
                total = bias.data + sum(w.data * v for w, v in zip(weights, inputs))
                outputs.append(total if depth == last else math.tanh(total))
            inputs = outputs
        return inputs[0]
