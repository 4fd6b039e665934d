"""The computation graph of a learner's Value, as small JSON-ready data for the page to draw.

After Run, the lesson page draws the graph behind the Value the learner's file leaves, like
micrograd's draw_dot. Both designs the course teaches are read: micrograd's (`_prev` set,
`_op` string) and microgpt's (`_children` tuple, maybe no op). Only attributes are read,
never methods called, and the walk is iterative: a learner's graph can be a chain thousands
of nodes deep, which recursion would not survive.

Everything here reads objects made by learner code, which may lie (a property that raises,
`data` that is a str subclass), so every read is guarded and only exact built-in types are
trusted. Stdlib only: this runs in Pyodide as well as CPython.
"""

from __future__ import annotations

from collections import deque

LIMIT = 300          # nodes sent to the page: more would not be legible and dagre slows down
WALK_LIMIT = 200_000  # nodes counted at most: stops a graph that grows as it is read
PREFERRED = ("out", "loss", "L")  # names that win a tie, the last one most
_CONTAINERS = (set, frozenset, tuple, list)  # exact types: their iteration cannot be overridden
_TEXT = 40  # characters kept of an op or a label


def _read(obj, name):
    """obj.name, or None when it is missing or its getter raises."""
    try:
        return getattr(obj, name, None)
    except Exception:
        return None


def _has(obj, name) -> bool:
    try:
        return hasattr(obj, name)
    except Exception:
        return False


def looks_like_value(obj) -> bool:
    """A Value of either design: an instance with data and grad, and children of some kind."""
    if isinstance(obj, type):  # the class itself is not a node
        return False
    return (_has(obj, "data") and _has(obj, "grad")
            and (_has(obj, "_prev") or _has(obj, "_children")))


def children(node) -> list:
    """The Value-like entries of a node's `_prev` (micrograd) or `_children` (microgpt)."""
    for name in ("_prev", "_children"):
        kids = _read(node, name)
        if any(type(kids) is kind for kind in _CONTAINERS):
            return [kid for kid in kids if looks_like_value(kid)]
    return []


def _number(x):
    """A plain float for the page, or None for anything that only claims to be a number."""
    if type(x) is int or type(x) is float:
        try:
            return float(x)
        except OverflowError:  # an int too big for a float
            return None
    return None


def _text(x) -> str:
    return x[:_TEXT] if type(x) is str else ""


def _walk(output, limit: int):
    """Breadth-first from the output: the first `limit` nodes, the edges among them, the count.

    Each node gets a small number in the order it is first met (the output is 0), so the
    nodes kept are the ones nearest the output. `held` keeps every node alive while its id()
    is a key, in case a learner's `_children` builds new objects each time it is read.
    """
    number = {id(output): 0}
    held, kept, edges, seen_edges = [output], [], [], set()
    hidden: dict[int, int] = {}
    exact = True
    queue = deque([output])
    while queue:
        node = queue.popleft()
        mine = number[id(node)]
        if mine >= limit and not exact:
            break  # nothing left to keep, and counting has already stopped
        if mine < limit:
            kept.append((mine, node))
        for kid in children(node):
            if id(kid) not in number:
                if len(number) >= WALK_LIMIT:
                    exact = False  # counted enough: the total becomes "at least"
                    if mine < limit:
                        hidden[mine] = hidden.get(mine, 0) + 1
                    continue
                number[id(kid)] = len(number)
                held.append(kid)
                queue.append(kid)
            theirs = number[id(kid)]
            if mine < limit and (theirs, mine) not in seen_edges:
                seen_edges.add((theirs, mine))  # a*a: one edge, as in draw_dot
                if theirs < limit:
                    edges.append([theirs, mine])
                else:
                    hidden[mine] = hidden.get(mine, 0) + 1
    return kept, edges, hidden, len(number), exact


def value_graph(value, limit: int = LIMIT, names: dict | None = None) -> dict | None:
    """The graph behind `value`: nodes (output first), child→parent edges, and the total.

    `names` maps id() of some nodes to a variable name, used as the label of a node that
    has no `label` of its own. A node whose inputs were cut off says how many in `hidden`.
    """
    if not looks_like_value(value):
        return None
    kept, edges, hidden, total, exact = _walk(value, max(int(limit), 1))
    names = names or {}
    nodes = []
    for number, node in kept:
        label = _text(_read(node, "label")) or names.get(id(node), "")
        nodes.append({"id": number, "op": _text(_read(node, "_op")), "label": label,
                      "data": _number(_read(node, "data")), "grad": _number(_read(node, "grad")),
                      "hidden": hidden.get(number, 0)})
    return {"nodes": nodes, "edges": edges, "total": total, "total_exact": exact,
            "truncated": total > len(nodes)}


def _count(value) -> int:
    """How many nodes `value` depends on, itself included (at most WALK_LIMIT)."""
    seen = {id(value)}
    held, queue = [value], deque([value])
    while queue and len(seen) < WALK_LIMIT:
        for kid in children(queue.popleft()):
            if id(kid) not in seen:
                seen.add(id(kid))
                held.append(kid)
                queue.append(kid)
    return len(seen)


def _candidates(namespace: dict) -> list:
    """(name, value) for the module's top-level Values, in the order the names were defined."""
    return [(name, obj) for name, obj in list(namespace.items())
            if type(name) is str and not name.startswith("__") and looks_like_value(obj)]


def find_output(namespace: dict):
    """The Value a learner's module ends with: (name, value) of the one with most ancestors.

    Ties go to L, then loss, then out, then whichever name was defined last.
    """
    found = _candidates(namespace)
    if not found:
        return None
    counts: dict[int, int] = {}  # one walk per object, even when two names share it
    best, best_key = None, None
    for position, (name, obj) in enumerate(found):
        if id(obj) not in counts:
            counts[id(obj)] = _count(obj)
        preference = PREFERRED.index(name) + 1 if name in PREFERRED else 0
        key = (counts[id(obj)], preference, position)
        if best_key is None or key > best_key:
            best, best_key = (name, obj), key
    return best


def output_graph(namespace: dict, limit: int = LIMIT) -> dict | None:
    """What Run sends the page: the graph of the output Value, named, or None.

    Nodes bound to top-level names are labelled with them (the first name wins, the output's
    own name for the output), so the picture reads like the learner's code: a, b, L.
    """
    found = find_output(namespace)
    if found is None:
        return None
    name, value = found
    names: dict[int, str] = {}
    for other, obj in _candidates(namespace):
        if not other.startswith("_"):
            names.setdefault(id(obj), other)
    names[id(value)] = name
    graph = value_graph(value, limit, names)
    graph["name"] = name
    return graph
