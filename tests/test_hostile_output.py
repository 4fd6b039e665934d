"""The stream that keeps a learner's printed output (grader/core/run.py, CappedText): what a
flood of prints costs the grader, in CPython (the learner's side of either runtime uses it)."""

from __future__ import annotations

import random
import time

from grader.core.run import CappedText


def _kept_by_hand(pieces: list[str], limit: int) -> str:
    """What CappedText must show: the first and last halves of everything written."""
    text = "".join(pieces)
    head_limit = limit // 2
    tail_limit = limit - head_limit
    head, rest = text[:head_limit], text[head_limit:]
    if len(rest) <= tail_limit:
        return head + rest
    return (f"{head}\n[output truncated: {len(rest) - tail_limit} characters not shown]\n"
            f"{rest[-tail_limit:]}")


def test_the_kept_output_is_the_first_and_last_characters_written():
    rng = random.Random(9)
    for _ in range(2000):
        limit = rng.choice([2, 3, 10, 17, 64, 101])
        stream, pieces = CappedText(limit), []
        for _ in range(rng.randrange(40)):
            piece = "".join(rng.choice("ab\n∂") for _ in range(rng.choice([0, 1, 2, 7, 30, 250])))
            stream.write(piece)
            pieces.append(piece)
            assert stream.written() == sum(map(len, pieces))
        assert stream.value() == _kept_by_hand(pieces, limit), (limit, pieces)


def test_a_write_costs_its_own_length_not_the_kept_tail_s():
    """The tail was one string, copied whole at every write: with a tail of 2 MB, 20 000
    prints of 200 characters copied about 30 GB (minutes); as pieces, a few MB (milliseconds).
    With the real limit (32 000 characters) the same copying made long training logs slower
    than the file's own loop."""
    stream = CappedText(4_000_000)
    line = "loss " + "0" * 194 + "\n"
    started = time.perf_counter()
    for _ in range(30_000):
        stream.write(line)
    assert time.perf_counter() - started < 2.0
    assert stream.value().endswith(line) and stream.written() == 30_000 * len(line)
