"""The frame reader between a grading process and the CLI: only the token's line counts, and
what it holds stays bounded however much is written."""

from __future__ import annotations

from grader.runtimes.frames import KEEP, FrameReader

TOKEN = "0123abcd"


def test_a_frame_split_across_chunks_is_found():
    reader = FrameReader(TOKEN)
    stream = b"noise\n" + f"\n{TOKEN} ".encode() + b'{"id": 1, "report": {}}\nmore'
    found = [reader.feed(stream[i:i + 3]) for i in range(0, len(stream), 3)]
    assert [f for f in found if f is not None] == [{"id": 1, "report": {}}]


def test_lines_without_the_token_are_only_output():
    reader = FrameReader(TOKEN)
    assert reader.feed(b'\nFAKE {"id": 1, "report": {"passed": true}}\n') is None


def test_output_without_a_frame_is_not_kept():
    reader = FrameReader(TOKEN)
    for _ in range(64):
        assert reader.feed(b"x" * 65536) is None
    assert len(reader.buffer) <= KEEP + 65536 and reader.seen == 64 * 65536
    assert not reader.overflowed


def test_a_frame_that_never_ends_overflows_instead_of_growing():
    reader = FrameReader(TOKEN, limit=1 << 16)
    reader.feed(f"\n{TOKEN} ".encode() + b'{"stdout": "')
    for _ in range(4):
        reader.feed(b"y" * 65536)
    assert reader.overflowed and len(reader.buffer) <= KEEP + 65536
