# Python's recursion limit raised far past what the interpreter's stack holds, then an
# operator that calls itself: Pyodide ends with a JavaScript RangeError before any
# RecursionError. The report said only "stopped before it could report ... exits the
# interpreter, exhausts its memory, or tries to reach the grading machine"; it names the
# recursion now, and the check it happened in.
import sys

sys.setrecursionlimit(10 ** 6)


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data, self.grad, self._prev, self._backward = data, 0.0, set(_children), lambda: None
        self + 0  # in the first check already: Value(x) recurses

    def __add__(self, other):
        return self + other
