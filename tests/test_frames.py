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


def test_by_default_a_frame_of_almost_8_mib_arrives_and_one_past_it_overflows():
    """README: the CLI's frame reader holds at most 8 MiB (checked as each chunk comes)."""
    def frame(size):
        return f"\n{TOKEN} ".encode() + b'{"s": "' + b"z" * size + b'"}\n'

    reader = FrameReader(TOKEN)
    found = [reader.feed(chunk) for chunk in _chunks(frame((8 << 20) - 64))]
    assert [len(f["s"]) for f in found if f is not None] == [(8 << 20) - 64]
    reader = FrameReader(TOKEN)
    found = [reader.feed(chunk) for chunk in _chunks(frame((8 << 20) + (1 << 18)))]
    assert reader.overflowed and not any(found)


def _chunks(data, size=1 << 16):
    return [data[i:i + size] for i in range(0, len(data), size)]
