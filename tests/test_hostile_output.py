"""The stream that keeps a learner's printed output (grader/core/run.py, CappedText): what a
flood of prints costs the grader, in CPython (the learner's side of either runtime uses it)."""

from __future__ import annotations

import math
import random
import re
import time
from pathlib import Path

import grader
from grader.core.report import Report, encode
from grader import course as course_model
from grader.checks_loading import load_lab_checks
from grader.core.run import LINE_CUT, OUTPUT_LIMIT, CappedText, not_run

ROOT = Path(__file__).resolve().parents[1]


def _kept_by_hand(pieces: list[str], limit: int) -> str:
    """What CappedText must show: the first and last halves of everything written."""
    text = "".join(pieces)
    head_limit = limit // 2
    tail_limit = limit - head_limit
    head, rest = text[:head_limit], text[head_limit:]
    if len(rest) <= tail_limit:
        return head + rest
    # Cut to whole lines where a line end is at most LINE_CUT characters away.
    tail, dropped = rest[-tail_limit:], len(rest) - tail_limit
    if not head.endswith("\n"):
        end = head.rfind("\n", max(0, len(head) - LINE_CUT)) + 1
        dropped += len(head) - end if end else 0
        head = head[:end] if end else head + "\n"
    if rest[-tail_limit - 1] != "\n":
        start = tail.find("\n", 0, LINE_CUT) + 1
        dropped, tail = dropped + start, tail[start:]
    return f"{head}[output truncated: {dropped} characters not shown]\n{tail}"


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


def _report_limit() -> int:
    """The host's limit on one report's JSON, in bytes (host/host.mjs, REPORT_LIMIT)."""
    text = (Path(grader.__file__).parent / "runtimes" / "host" / "host.mjs").read_text()
    found = re.search(r"const REPORT_LIMIT = ([\d\s*]+);", text)
    assert found, "host.mjs names its report limit REPORT_LIMIT"
    return math.prod(int(n) for n in found.group(1).split("*"))


def test_the_largest_output_a_report_keeps_fits_the_host_s_report_limit():
    """Each stream is cut to about 64 000 characters, but the report's JSON is ASCII: a
    character beyond the Basic Multilingual Plane is written as two escapes, 12 bytes, so both
    streams kept whole came to 1.5 MB, and a correct file that printed emoji failed for the
    size of its report (tests/hostile/innocent_wide_output.py)."""
    from grader.core.split import _text

    lab = course_model.load(ROOT).labs["05-backward"]
    checks = load_lab_checks(lab)
    wide = "\U0001F525" * (OUTPUT_LIMIT * 3)
    report = Report(lab=lab.slug, file="innocent_wide_output.py", runtime="pyodide",
                    stdout=_text(wide), stderr=_text(wide + "\n"))
    # Every check with the longest message a learner's error gives (300 characters, wide too).
    report.checks = not_run(checks, "Your code raised an error during this check: ValueError: "
                            + "\U0001F525" * 300)
    size = len(encode(report.to_dict()).encode("utf-8"))
    assert size > 12 * OUTPUT_LIMIT  # (the streams are kept, escaped as the host receives them)
    assert size < _report_limit(), (size, _report_limit())


def test_the_kept_output_crosses_whole_with_its_last_line():
    """The learner's side cut the kept output (the limit's head and tail, and a note of what
    was dropped between them) to the limit again as it sent it: the note's length came off
    the end, so in Pyodide a file that printed a long log lost its last line (its final
    loss) and the report ended "[output truncated]"; --runtime python kept it."""
    from grader.core.agent import _cut

    stream = CappedText()
    for step in range(20_000):
        stream.write(f"loss at step {step}\n")
    stream.write("FINAL LOSS 0.001\n")
    assert stream.value().endswith("loss at step 19999\nFINAL LOSS 0.001\n")
    assert _cut(stream.value()) == stream.value()
    # Text stuffed past what the stream keeps (learner code can reach it) is still cut.
    stuffed = _cut("x" * (5 * OUTPUT_LIMIT))
    assert len(stuffed) < OUTPUT_LIMIT + 200 and stuffed.startswith("x") and stuffed.endswith("x")
