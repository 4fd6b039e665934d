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


# `module` given: before 3.12, namedtuple reads its caller's frame for it (sys._getframe), which
# the seal refuses in the CPython runtime (the tests grade this file there too); 3.12 and
# Pyodide's 3.14 ask sys._getframemodulename, which it allows.
Pair = collections.namedtuple("Pair", "left right", defaults=(0,), module=__name__)


class Row(typing.TypedDict):
    name: str


RECORDS = [Step("c", ["a", "b"]), Edge("a"), Pair(1), Row(name="L")]
print(RECORDS)

__SOLUTION__
