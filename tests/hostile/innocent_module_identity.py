# Correct code that asks which module it is: pickle as a deep copy of a trained model (by
# reference to its classes, found through sys.modules[Value.__module__]), typing.get_type_hints
# of a dataclass with postponed annotations, inspect.getmodule, sys.modules[__name__], and
# standard output rewrapped the Windows way (codecs.getwriter / io.TextIOWrapper over
# sys.stdout.buffer). Each works as under `python lab.py` (pickle refuses the solution's
# lambdas there too, with its own words), and none is an attack.
from __future__ import annotations

import codecs
import copy
import dataclasses
import inspect
import io
import pickle
import sys
import typing

__SOLUTION__


@dataclasses.dataclass
class Config:
    lr: float = 0.1
    steps: int = 3
    start: Value | None = None


said = []
for name, probe in [
        ("module", lambda: sys.modules[__name__].Value is Value),
        ("getmodule", lambda: inspect.getmodule(Value) is sys.modules[__name__]),
        ("hints", lambda: sorted(typing.get_type_hints(Config))),
        ("pickle", lambda: pickle.loads(pickle.dumps(Value(2.5))).data),
        ("deepcopy", lambda: copy.deepcopy(Value(1.5) * 2).data)]:
    try:
        said.append(f"{name}={probe()}")
    except Exception as exc:
        said.append(f"{name}!{type(exc).__name__}: {exc}")
print("identity:", "; ".join(said))

real = sys.stdout
try:
    sys.stdout = codecs.getwriter("utf-8")(sys.stdout.buffer)
    print("by codecs: ∂L/∂w")
    sys.stdout.flush()
    sys.stdout = io.TextIOWrapper(real.buffer, encoding="utf-8", line_buffering=True)
    print("by TextIOWrapper: ∂L/∂b")
    sys.stdout.flush()
except Exception as exc:
    said.append(f"streams!{type(exc).__name__}: {exc}")
finally:
    sys.stdout = real
print("streams done", said[-1] if said[-1].startswith("streams") else "")
