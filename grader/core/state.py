"""A fingerprint of the checks' interpreter, so that one interpreter can grade many files.

The checks' worker never runs learner code: learner data reaches it only as plain values
and handles made for one job (wire.py, handles.py), and every job loads the lab's checks
into a namespace of its own. What could still carry from one job into the next is module
state: a check (or a grader bug) that keeps something — a learner's value, a handle, a
counter — in a module, a function's or a class's attributes, or a module-level list or dict.
The worker takes this fingerprint when it is ready and again after every job; if the two
differ, the host retires the worker and the next file gets a fresh one.

It covers every module of `grader`, the builtins, and each module the checks import from
(`WATCHED`): the names each defines, the identity of each value, and one level inside it
(the items of a list, dict or set; a function's or class's own attributes and defaults).
Which modules are loaded at all is part of it too.
"""

from __future__ import annotations

import sys

# Standard modules a lab's checks use (labs/*/checks.py) besides `grader`'s own, and `sys`.
WATCHED = ("builtins", "sys", "math", "random", "operator", "functools", "itertools", "json")


def warm() -> None:
    """Do once, before the baseline, what the standard library does lazily on first use in a
    job, so that it is not taken for a change: `random` imports its sha512 on the first seed
    given as a string (checks.inputs seeds that way)."""
    import random

    random.Random("warm")


class Baseline:
    """The state when taken; `unchanged()` says whether it is still the same.

    It holds the objects themselves, not their ids, and compares by identity: an id can be
    reused once its object is gone, an object that is held cannot be replaced unseen."""

    def __init__(self):
        self.parts = _state()

    def unchanged(self) -> bool:
        return _same(self.parts, _state())


def _same(a, b) -> bool:
    if type(a) is tuple and type(b) is tuple:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if type(a) is str and type(b) is str:
        return a == b
    return a is b


def _inside(value) -> tuple:
    """One level inside a value: what a stash in it would change."""
    kind = type(value)
    if kind in (list, tuple, set, frozenset):
        return tuple(value)
    if kind is dict:
        return tuple(dict.items(value))
    if kind is _function:
        return (tuple(value.__dict__.items()), tuple(value.__defaults__ or ()),
                tuple((value.__kwdefaults__ or {}).items()))
    # A type CPython marks immutable (every built-in one) cannot gain or change an attribute,
    # so nothing can be stashed in it: not reading its table saves a quarter of the walk.
    if isinstance(value, type) and not value.__flags__ & _IMMUTABLE:
        return tuple(dict(type.__dict__["__dict__"].__get__(value)).items())
    return ()


_function = type(_same)
_IMMUTABLE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE


def _state() -> tuple:
    modules = dict(sys.modules)
    parts = [tuple(sorted(modules.items(), key=lambda item: item[0]))]
    for name in sorted(modules):
        if name.split(".")[0] != "grader" and name not in WATCHED:
            continue
        namespace = getattr(modules[name], "__dict__", {})
        parts.append((name, tuple((key, value, _inside(value))
                                  for key, value in dict(namespace).items())))
    return tuple(parts)

