"""What a lab's hidden `checks.py` is written with.

A check is a plain function taking the learner's module, marked with `@check(name, hints...)`.
It passes by returning and fails by raising `CheckFailed` with the message a learner should
read. The helpers here turn learner values into trusted numbers before anything is compared:
a learner object can define `__eq__`, `__float__` or `__bool__` to lie, a float cannot.

Example::

    @check("adds two Values", "Return a new Value whose data is the sum.")
    def adds(learner):
        Value = need(learner, "Value")
        out = attempt("Value(2) + Value(3)", lambda: Value(2) + Value(3))
        close(data_of(out, "(Value(2) + Value(3))"), 5.0, "(Value(2) + Value(3)).data")
"""

from __future__ import annotations

import hashlib
import math
from random import Random as _Random

from . import handles as _handles
from .handles import Remote
from .learner_errors import RECURSION_TAG, with_suggestion
from .wire import MAX_DIGITS

_isclose = math.isclose
_isfinite = math.isfinite
_seed = [0]  # this grading's seed: set once per job (job.py), before any check runs


class CheckFailed(Exception):
    """A check's verdict: the learner-facing message of what is wrong."""


def check(name: str, *hints: str):
    """Mark a function as a check with a learner-facing name and ordered hints."""

    def mark(fn):
        fn.check_name = name
        fn.check_hints = tuple(hints)
        return fn

    return mark


def collect(namespace: dict) -> list:
    """The checks a namespace defines, in the order they were written."""
    return [v for v in namespace.values() if callable(v) and hasattr(v, "check_name")]


def expect(condition: bool, message: str) -> None:
    """Fail with `message` unless `condition` is exactly True (a trusted bool)."""
    if condition is not True:
        raise CheckFailed(message)


def need(learner, name: str):
    """An attribute the learner's module must define."""
    try:
        if isinstance(learner, Remote):  # the module lives in the learner's interpreter
            return type(learner).__need__(learner, name)
        return object.__getattribute__(learner, name)
    except AttributeError:
        raise CheckFailed(f"Your file does not define `{name}`.") from None


def attempt(what: str, fn, *args):
    """Call learner code; an exception it raises becomes a clear failure."""
    try:
        return fn(*args)
    except CheckFailed:
        raise
    except RecursionError as exc:
        # Chained, so the checker can name the learner's function and line that recursed.
        raise CheckFailed(f"`{what}` recursed too deeply {RECURSION_TAG}") from exc
    except Exception as exc:  # learner code may raise anything
        raise CheckFailed(f"`{what}` raised {type(exc).__name__}: {_text(exc)}") from exc


def read_each(objects, name: str, what, using=None) -> list:
    """`[attempt(what(i), getattr, obj, name) for i, obj in enumerate(objects)]`, in one round
    trip to the learner's interpreter instead of one per object: every read still runs there,
    in this order, and the first that raises fails the check as that attempt would (the reads
    after it never run). `what(i)` names read i in that failure, as "reading a.grad".

        grads = read_each(leaves, "grad", lambda i: f"reading input {i + 1}.grad")
    """
    using = using or attempt
    return [using(what(i), read) for i, read in enumerate(_handles.reads(objects, name))]


def call_each(fn, arglists, what, using=None) -> list:
    """`[attempt(what(i), fn, *args) for i, args in enumerate(arglists)]`, in one round trip
    when `fn` is a learner class or function and the arguments are plain numbers, strings or
    learner objects (see `read_each`).

        leaves = call_each(Value, [(x,) for x in xs], lambda i: f"Value({xs[i]!r})")
    """
    using = using or attempt
    return [using(what(i), one) for i, one in enumerate(_handles.calls(fn, arglists))]


def as_tuple(value) -> tuple:
    """`tuple(value)`, in one round trip when `value` is a learner's set (a micrograd Value's
    `_prev`) instead of one per item: `attempt("listing a._prev", as_tuple, prev)`."""
    return _handles.items(value)


def kind_of(value, returned: bool = False) -> str:
    """What a learner's code gave, for a message: "a str"; for None, "None", and when it was
    returned, its usual cause (a beginner read "a NoneType" and did not see the missing return)."""
    if value is None:
        return "None (a function that ends without `return` gives None)" if returned else "None"
    name = type(value).__name__
    if name == "int" and isinstance(value, Remote):
        # An int of the learner's crosses from its interpreter as a reference only when it is
        # too long to write out ("should be a plain number, but it is a int" said nothing).
        return f"an int of over {MAX_DIGITS:,} digits"
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def number(value, what: str) -> float:
    """`value` as a float, if it is a real number (int or float, not bool, not a subclass)."""
    kind = type(value)
    if kind is not float and kind is not int:
        if kind.__name__ == "int" and isinstance(value, Remote):  # too long to cross as a number
            raise CheckFailed(f"{what} should be a number a float can hold, but it is "
                              f"{kind_of(value)}.")
        raise CheckFailed(f"{what} should be a plain number (int or float), "
                          f"but it is {kind_of(value)}.")
    try:
        result = float(value)
    except OverflowError:
        raise CheckFailed(f"{what} should be a number a float can hold, but it is far too "
                          "large.") from None
    if not _isfinite(result):
        raise CheckFailed(f"{what} should be a finite number, but it is {result!r}.")
    return result


def close(actual, expected: float, what: str, tol: float = 1e-6, why: str = "") -> float:
    """Fail unless `actual` is a number within `tol` of `expected` (relative or absolute)."""
    got = number(actual, what)
    if not _isclose(got, expected, rel_tol=tol, abs_tol=tol):
        message = f"{what} should be {_fmt(expected)}, but your code gives {_fmt(got)}."
        raise CheckFailed(message + (" " + why if why else ""))
    return got


def use_seed(seed: int) -> None:
    """Set the seed every check draws its inputs from (the sealed job does it per file)."""
    _seed[0] = seed


def seed_of(source: str) -> int:
    """The default seed of a file: a number made from its text. 48 bits: with 32, a file
    holding a table of answers for the inputs its own text draws could be made by varying a
    comment until the seed fits (about 2**32 hashes, minutes); 48 bits stays exact as a
    JavaScript number if a seed ever crosses JSON."""
    return int.from_bytes(hashlib.sha256(source.encode("utf-8", "replace")).digest()[:6], "big")


def inputs(salt: str) -> _Random:
    """A random generator for one check's inputs, drawn from this grading's seed and `salt`
    (the check's own name, say): no file can be tuned to fixed numbers, yet the same file and
    seed always see the same numbers. Show the numbers drawn in every failure message."""
    return _Random(f"{_seed[0]}/{salt}")


def mapping(value, what: str, keys=None) -> dict:
    """A learner's mapping as a plain dict of str keys, judged by behaviour: a dict, an
    OrderedDict, a defaultdict or any object with `items()` giving (str, value) pairs. With
    `keys`, only those keys are read (a defaultdict must not grow while it is read)."""
    items = getattr(type(value), "items", None)
    if items is None or isinstance(value, (str, bytes)):
        raise CheckFailed(f"{what} should return a dict, but it returned "
                          f"{kind_of(value, returned=True)}.")
    pairs = attempt(f"reading the items of {what}", lambda: list(value.items()))
    plain = {}
    for pair in pairs:
        if type(pair) is not tuple or len(pair) != 2:
            raise CheckFailed(f"{what} should return a dict, but its items() gave something "
                              "that is not a (key, value) pair.")
        key, item = pair
        if type(key) is not str:
            raise CheckFailed(f"{what} should have names (str) as its keys, but one key is a "
                              f"{type(key).__name__}.")
        if keys is None or key in keys:
            plain[key] = item
    return plain


def slope(f, x: float, h: float = 1e-6) -> float:
    """The rate of change of a plain-float function at x, measured by nudging x both ways."""
    return (f(x + h) - f(x - h)) / (2 * h)


def _fmt(x: float) -> str:
    # A -0.0 shows as 0: it equals 0, and "your code gives -0" puzzled learners.
    return f"{0.0 if type(x) is float and x == 0 else x:.6g}"


def _text(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = "(its message could not be shown)"
    return with_suggestion(exc, text[:300])
