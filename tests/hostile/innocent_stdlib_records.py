# Innocent: a correct file that keeps its records the standard library's ways. Each of these
# reads a function's code or sets the defaults of a function it makes (inspect.signature for
# a dataclass without a docstring, namedtuple's __new__), which the grader's seal once took
# for an attack on it.
import collections
import typing
from dataclasses import dataclass, field


@dataclass
class Step:
    name: str
    inputs: list = field(default_factory=list)


class Edge(typing.NamedTuple):
    parent: str
    child: str = "?"


Pair = collections.namedtuple("Pair", "left right", defaults=(0,))


class Row(typing.TypedDict):
    name: str


RECORDS = [Step("c", ["a", "b"]), Edge("a"), Pair(1), Row(name="L")]
print(RECORDS)

__SOLUTION__
