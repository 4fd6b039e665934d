# -*- coding: utf-8 -*-
"""A correct file as some editors and learners write one: CRLF line endings, a form feed
between sections, tabs for indentation, a coding line, `from __future__ import annotations`
first, Unicode names, a module-level __getattr__ (PEP 562), the Zen of Python imported, every
warning made an error, and a larger limit for int digits."""
from __future__ import annotations

__SOLUTION__

import sys
import warnings

warnings.filterwarnings("error")
sys.set_int_max_str_digits(10_000)
import this  # noqa: E402,F401  (prints the Zen of Python)


def __getattr__(name):
	if name == "LEARNING_RATE":
		return 0.05
	raise AttributeError(f"module has no attribute {name!r}")


def étape(paramètres: list[Value], δ: float = 0.01) -> int:
	for p in paramètres:
		p.data -= δ * p.grad
	return len(paramètres)


Δ = Value(2.0)
Δ.grad = 1.0
print("odd source:", étape([Δ]), round(Δ.data, 2), len(str(10 ** 5000)))
