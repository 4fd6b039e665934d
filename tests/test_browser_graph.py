"""After Run, the lab draws the computation graph of the learner's Value (real Chromium)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser_support import ARTIFACTS, set_code, wait_ready

pytestmark = pytest.mark.browser
LAB = Path(__file__).resolve().parent.parent / "labs" / "05-backward"
EXAMPLE = "\na = Value(2.0); b = Value(3.0); L = a * b + a; L.backward()\n"
GRAPH = "[data-testid=graph]"


@pytest.fixture
def lesson(open_lesson):
    """Lab 5 with Python ready; open_lesson (conftest) fails the test if a request leaves
    127.0.0.1."""
    def open_lab(**options):
        page = open_lesson("05-backward", **options)
        wait_ready(page)
        return page
    return open_lab


def run(page, code: str) -> None:
    set_code(page, code)
    page.click("[data-testid=run]")
    page.wait_for_function("!document.querySelector('[data-testid=run]').disabled"
                           " && document.querySelector('[data-testid=output]').textContent !== ''")


def node_texts(page) -> dict:
    """Each drawn record's text lines, keyed by its first line (the label) or its number."""
    records = page.eval_on_selector_all(f"{GRAPH} svg g.node", """nodes => nodes.map(n => ({
        id: n.dataset.node, lines: [...n.querySelectorAll('text')].map(t => t.textContent)}))""")
    return {r["lines"][0] if not r["lines"][0].startswith("data") else r["id"]: r["lines"]
            for r in records}


def test_run_draws_the_graph_of_the_learners_value(lesson):
    page = lesson()
    source = (LAB / "alternatives" / "stored_local_grads.py").read_text() + EXAMPLE
    run(page, source + "print(a.grad, b.grad)\n")
    assert "4.0 2.0" in page.inner_text("[data-testid=output]")
    graph = page.locator(GRAPH)
    assert graph.is_visible()
    assert "Computation graph of L" in graph.inner_text()
    # L = a*b + a is four Values: a, b, the product a*b and L; a feeds both a*b and L.
    texts = node_texts(page)
    assert len(texts) == 4
    assert texts["L"] == ["L", "data 8", "grad 1"]
    assert texts["a"] == ["a", "data 2", "grad 4"]
    assert texts["b"] == ["b", "data 3", "grad 2"]
    assert ["data 6", "grad 1"] in texts.values()
    edges = page.eval_on_selector_all(f"{GRAPH} svg path.edge",
                                      "paths => paths.map(p => p.getTotalLength())")
    assert len(edges) == 4 and all(length > 10 for length in edges)
    svg = page.locator(f"{GRAPH} svg")
    assert svg.get_attribute("role") == "img"
    assert svg.get_attribute("aria-label") == "Graph of L: 4 nodes, output data 8, grad 1"
    # The same nodes for screen readers, in a table that is hidden only from the eye.
    rows = page.eval_on_selector_all(f"{GRAPH} table tr", """rows => rows.map(
        r => [...r.children].map(c => c.textContent))""")
    assert rows[0] == ["node", "op", "data", "grad", "inputs"] and len(rows) == 5
    assert rows[1][0] == "L" and sorted(rows[1][4].split(", ")) == ["#1", "a"]
    assert ["a", "", "2", "4", "none"] in rows
    assert page.eval_on_selector(f"{GRAPH} .sr-only", "t => t.getBoundingClientRect().width") <= 1
    assert page.get_by_role("img", name=re.compile("Graph of L")).count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(GRAPH).scroll_into_view_if_needed()
    page.locator(".lab").screenshot(path=str(ARTIFACTS / "graph-05-backward.png"))
    # A Run that leaves no Value takes the picture away.
    run(page, "print('no Value here')\n")
    assert page.locator(GRAPH).is_hidden()
    assert page.errors == []


def test_a_large_graph_is_cut_and_scrolls_inside_its_box_on_a_phone(lesson):
    page = lesson(width=390, height=844)
    source = (LAB / "alternatives" / "stored_local_grads.py").read_text()
    run(page, source + "\nx = Value(1.0)\nfor _ in range(399):\n    x = x ** 1\nx.backward()\n")
    graph = page.locator(GRAPH)
    assert re.search(r"showing 300 of 400 nodes", graph.inner_text(), re.IGNORECASE)
    assert graph.locator("svg g.node").count() == 300
    assert graph.locator("svg path.edge").count() == 299
    box = page.locator(f"{GRAPH} .graph-scroll")
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # the graph scrolls, not the page
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    # The output (node 0) starts in view, at the right end of the box.
    assert box.evaluate("""b => { const out = b.querySelector('g.node[data-node="0"]').getBoundingClientRect();
        const view = b.getBoundingClientRect(); return out.right <= view.right + 1 && out.left >= view.left; }""")
    assert page.locator(f"{GRAPH} svg").get_attribute("aria-label").startswith(
        "Graph of x: 400 nodes (300 shown)")
    assert page.errors == []
