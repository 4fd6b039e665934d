"""`--shard K/N`: the K-th of N stable, disjoint shares of a run's inputs.

An input belongs to share `sha256(name) mod N + 1`, so every machine that is given the same
paths computes the same split without talking to the others, and together the shares hold
every input exactly once. Each sharded report carries a `Shard` record so that `course merge`
can tell whether every share came back.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass

MAX_SHARDS = 4096


def bucket(name: str, count: int) -> int:
    """The share (1..count) an input of this name belongs to."""
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def inputs_digest(names: list[str], lab: str | None = None) -> str:
    """A short fingerprint of a whole run, so shards of different runs don't mix: all of its
    inputs and what they were graded against (`lab`, or every lab with --all). Two shards
    of one class graded against different labs are two runs, not one."""
    what = f"lab {lab}" if lab else "--all"
    text = "\n".join([what, *names])
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16]


@dataclass(frozen=True)
class ShardSpec:
    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> ShardSpec:
        """'K/N' with 1 <= K <= N, or ValueError saying what is wrong."""
        left, slash, right = text.partition("/")
        if not slash or not left.strip().isdigit() or not right.strip().isdigit():
            raise ValueError(f"--shard takes K/N, like 2/8 (the second of eight shares), not "
                             f"{text!r}")
        index, count = int(left), int(right)
        if not 1 <= count <= MAX_SHARDS:
            raise ValueError(f"--shard {text}: N must be between 1 and {MAX_SHARDS}")
        if not 1 <= index <= count:
            raise ValueError(f"--shard {text}: K must be between 1 and N ({count}); shares are "
                             f"numbered 1/{count} to {count}/{count}")
        return cls(index, count)

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def holds(self, name: str) -> bool:
        return bucket(name, self.count) == self.index


@dataclass(frozen=True)
class Shard:
    """Where a sharded report came from: its share, and the whole run it is part of."""

    index: int
    count: int
    inputs: int    # how many inputs the whole run has, across all shares
    digest: str    # inputs_digest of the whole run's input names
    position: int  # this report's input's place in the whole run (for the merged order)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Shard:
        return cls(index=int(data["index"]), count=int(data["count"]),
                   inputs=int(data["inputs"]), digest=str(data["digest"]),
                   position=int(data["position"]))
