"""Ints as they cross between the two interpreters (grader/core/wire.py): one longer than any
number a float holds crosses as a reference (its text would be refused, past ~4300 digits),
and an ordinary int costs what a float does."""

from __future__ import annotations

import time

from grader.core.wire import MAX_DIGITS, Codec


def _codec() -> Codec:
    return Codec(lambda ref, info, codec: object())


def test_an_int_crosses_by_value_up_to_its_limit_and_as_a_reference_past_it():
    codec = _codec()
    limit = 10 ** MAX_DIGITS
    assert codec.encode(limit) is limit and codec.encode(-limit) == -limit
    assert codec.encode([7, -7, True]) == [7, -7, True]
    above, below = limit + 1, -limit - 1
    assert codec.encode(above) == {"M": 0} and codec.encode(below) == {"M": 1}
    assert codec.mine == [above, below] and codec.encode(above) == {"M": 0}


def test_writing_an_ordinary_int_costs_what_a_float_does():
    """Every int written was compared with 10 ** 4000, computed afresh twice (0.2 ms each in
    CPython, more in wasm; a lab-5 file writes about 60): an int cost a thousand floats.
    Measured side by side, as a ratio, so a loaded machine slows both alike."""
    codec = _codec()
    ints, floats = list(range(2000)), [float(i) for i in range(2000)]

    def cost(values) -> float:
        best = float("inf")
        for _ in range(5):
            started = time.perf_counter()
            codec.encode(values)
            best = min(best, time.perf_counter() - started)
        return best

    cost(ints), cost(floats)  # warm
    assert cost(ints) < 20 * cost(floats) + 0.002


def test_a_value_with_more_items_than_any_message_holds_is_refused_before_it_is_walked():
    """A parameters() that gave back 3 million floats was walked item by item and written (12
    MB) before the channel refused it: in Pyodide, longer than the time limit, and the file was
    "stopped at a line that could not be named" instead of told why. Its size is known from
    len() alone; nested containers count together, and the count starts again per value."""
    items = 3_000_000  # two characters an item at least: far more than 4 MiB carry

    class Walked(list):  # a list the codec must not iterate (as an exact list it would)
        pass

    codec = _codec()
    for too_many in ([0.5] * items, [[0.5] * (items // 3)] * 3, {"T": tuple(range(items))}):
        try:
            codec.encode(too_many)
        except ValueError as exc:
            assert "more than a message between your code and the checks may hold" in str(exc)
        else:
            raise AssertionError("encoded a value no message can carry")
    assert codec.encode([0.5] * 1000) == [0.5] * 1000  # the count starts again
    assert codec.encode([[1.0] * 1000] * 1000)[999][999] == 1.0
    assert codec.encode((Walked(),)) == {"T": [{"M": 0}]}
