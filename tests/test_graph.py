"""The computation graph Run sends the page (grader/core/graph.py), in CPython."""

from __future__ import annotations

import json
from pathlib import Path

from grader.core.execute import run_source
from grader.core.graph import find_output, looks_like_value, output_graph, value_graph

LAB = Path(__file__).resolve().parent.parent / "labs" / "05-backward"
EXAMPLE = "\na = Value(2.0); b = Value(3.0); L = a * b + a; L.backward()\n"


def _namespace(source: str) -> dict:
    namespace: dict = {"__name__": "lab"}
    exec(compile(source, "lab.py", "exec"), namespace)
    return namespace


def _by_label(graph: dict) -> dict:
    return {n["label"]: n for n in graph["nodes"] if n["label"]}


def _assert_the_example(graph: dict) -> None:
    """L = a*b + a: four nodes, a feeds two of them, and backward() filled the grads."""
    assert graph["total"] == len(graph["nodes"]) == 4 and graph["truncated"] is False
    nodes = _by_label(graph)
    assert graph["nodes"][0]["id"] == nodes["L"]["id"] == 0  # the output comes first
    assert (nodes["L"]["data"], nodes["L"]["grad"]) == (8.0, 1.0)
    assert (nodes["a"]["data"], nodes["a"]["grad"]) == (2.0, 4.0)
    assert (nodes["b"]["data"], nodes["b"]["grad"]) == (3.0, 2.0)
    product = next(n for n in graph["nodes"] if not n["label"])
    assert (product["data"], product["grad"]) == (6.0, 1.0)
    a, b, L, c = nodes["a"]["id"], nodes["b"]["id"], 0, product["id"]
    assert sorted(map(tuple, graph["edges"])) == sorted([(a, c), (b, c), (c, L), (a, L)])
    assert len({n["id"] for n in graph["nodes"]}) == 4


def test_micrograd_design_gives_nodes_ops_and_child_to_parent_edges():
    graph = output_graph(_namespace((LAB / "solution.py").read_text() + EXAMPLE))
    _assert_the_example(graph)
    assert graph["name"] == "L"
    ops = {n["label"] or "product": n["op"] for n in graph["nodes"]}
    assert ops == {"L": "+", "product": "*", "a": "", "b": ""}


def test_microgpt_design_without_ops_gives_the_same_graph():
    graph = output_graph(_namespace((LAB / "alternatives" / "stored_local_grads.py").read_text()
                                    + EXAMPLE))
    _assert_the_example(graph)
    assert all(n["op"] == "" for n in graph["nodes"])


class Node:
    """The smallest Value-like object: children in whichever attribute a test asks for."""

    def __init__(self, data, kids=(), attr="_children", op=""):
        self.data, self.grad, self._op = data, 0.0, op
        setattr(self, attr, kids)


def test_a_node_used_twice_appears_once_with_an_edge_to_each_user():
    a = Node(2.0)
    for container in (tuple, list, set):
        c = Node(6.0, container([a]))
        L = Node(8.0, container([c, a, "not a Value", 3]))  # non-Values are ignored
        graph = value_graph(L)
        assert graph["total"] == 3 and len(graph["nodes"]) == 3
        number = {n["data"]: n["id"] for n in graph["nodes"]}  # 8.0 is L, 6.0 is c, 2.0 is a
        assert sorted(map(tuple, graph["edges"])) == sorted([
            (number[6.0], number[8.0]), (number[2.0], number[8.0]), (number[2.0], number[6.0])])


def test_a_square_draws_one_edge_like_draw_dot():
    a = Node(3.0)
    graph = value_graph(Node(9.0, (a, a), op="*"))
    assert graph["edges"] == [[1, 0]] and graph["total"] == 2


def test_a_long_chain_is_walked_without_recursion_and_cut_at_the_limit():
    node = Node(0.0)
    for i in range(1, 1000):
        node = Node(float(i), (node,), attr="_prev", op="+")
    graph = value_graph(node, limit=300)
    assert graph["total"] == 1000 and graph["truncated"] is True and graph["total_exact"] is True
    assert [n["id"] for n in graph["nodes"]] == list(range(300))
    assert [n["data"] for n in graph["nodes"][:3]] == [999.0, 998.0, 997.0]  # nearest the output
    assert len(graph["edges"]) == 299 and all(c == p + 1 for c, p in graph["edges"])
    assert graph["nodes"][-1]["hidden"] == 1 and graph["nodes"][0]["hidden"] == 0
    deep = Node(0.0)
    for i in range(100_000):  # far deeper than Python's recursion limit
        deep = Node(1.0, [deep])
    assert value_graph(deep)["total"] == 100_001


def test_objects_that_lie_about_being_numbers_give_no_number():
    class Liar(float):
        def __float__(self):
            raise RuntimeError("no")

    class Boom:
        @property
        def data(self):
            raise ValueError("boom")

        grad = 0
        _prev = ()

    weird = Node(Liar(2.0))
    weird.grad = "3"
    nodes = value_graph(Node(True, (weird, Node(10 ** 400))))["nodes"]
    assert [(n["data"], n["grad"]) for n in nodes] == [(None, 0.0), (None, None), (None, 0.0)]
    json.dumps(nodes, allow_nan=False)  # plain JSON, always
    assert value_graph(Boom()) is None  # a data that raises is no Value at all
    assert len(value_graph(Node(1.0, (Boom(), weird)))["nodes"]) == 2


def test_looks_like_value_needs_data_grad_and_children():
    assert looks_like_value(Node(1.0)) and looks_like_value(Node(1.0, attr="_prev"))
    assert not looks_like_value(Node) and not looks_like_value(3.0) and not looks_like_value(None)
    bare = Node(1.0)
    del bare._children
    assert not looks_like_value(bare) and value_graph(bare) is None


def test_find_output_picks_the_value_with_most_ancestors():
    a, b = Node(2.0), Node(3.0)
    c = Node(6.0, (a, b))
    L = Node(8.0, (c, a))
    assert find_output({"a": a, "b": b, "L": L, "c": c, "Node": Node, "x": 3}) == ("L", L)
    assert find_output({"x": 1, "Node": Node}) is None


def test_find_output_breaks_ties_by_name_then_by_the_last_defined():
    a, b, c = Node(1.0), Node(2.0), Node(3.0)
    p, q = Node(0.0, (a,)), Node(0.0, (b,))
    assert find_output({"p": p, "loss": q, "r": Node(0.0, (c,))}) == ("loss", q)
    assert find_output({"L": p, "out": q, "loss": a})[0] == "L"
    assert find_output({"p": p, "q": q}) == ("q", q)
    assert find_output({"out": p, "again": p})[0] == "out"


def test_run_json_carries_the_graph_and_stays_compatible():
    source = (LAB / "solution.py").read_text() + EXAMPLE + "print(a.grad)\n"
    result = run_source(source, "lab.py", graph_of=output_graph)
    data = json.loads(result.to_json())
    assert data["stdout"] == "4.0\n" and data["error"] == "" and data["line"] is None
    assert set(data) == {"stdout", "stderr", "error", "line", "seconds", "graph"}
    assert data["graph"]["name"] == "L" and data["graph"]["total"] == 4
    plain = json.loads(run_source("print(1)\n", "lab.py").to_json())
    assert plain["graph"] is None and plain["stdout"] == "1\n"


def test_a_graph_that_raises_costs_only_the_graph():
    def broken(namespace):
        raise RuntimeError("the learner's property raised")

    result = run_source("x = 1\nprint(x)\n", "lab.py", graph_of=broken)
    assert result.graph is None and result.error == "" and result.stdout == "1\n"


def test_browser_run_returns_the_graph_of_the_output_value():
    from grader.core import browser

    source = (LAB / "alternatives" / "stored_local_grads.py").read_text() + EXAMPLE
    data = json.loads(browser.run(source))
    assert data["error"] == "" and data["graph"]["name"] == "L"
    _assert_the_example(data["graph"])
    assert json.loads(browser.run("print('no Value here')\n"))["graph"] is None
