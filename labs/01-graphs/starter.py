"""Lab 1 - A formula is a graph of small steps.

The formula

    L = (a*b + c) * f

is really three small steps, each with a name of its own:

    e = a * b
    d = e + c
    L = d * f

Each step is a NODE of a graph. Its inputs are earlier nodes (or the
original inputs a, b, c, f). Evaluating the graph FORWARD means running
the steps in order, each one using values that are already known.
Autograd keeps every one of these intermediate values, because the
backward pass (later labs) needs them.

Your tasks
----------
1. forward(a, b, c, f)
   Compute L = (a*b + c) * f one step at a time and return a dict with
   the value of EVERY intermediate node:  {"e": ..., "d": ..., "L": ...}

       forward(2, -3, 10, -2)  ->  {"e": -6, "d": 4, "L": -8}

2. evaluate(steps, inputs)
   The same idea, with the graph given as data.
   - `inputs` maps the input names to numbers, e.g. {"a": 2, "b": -3, "c": 10}.
   - `steps` is a list of (name, op, (x, y)) tuples. op is "+" or "*";
     x and y are the names of two EARLIER nodes: inputs or earlier steps.
     Every step comes after the nodes it uses.
   Return a dict with the value of every node: the inputs AND every step.

       evaluate([("e", "*", ("a", "b")),
                 ("d", "+", ("e", "c"))],
                {"a": 2, "b": -3, "c": 10})
       ->  {"a": 2, "b": -3, "c": 10, "e": -6, "d": 4}

Replace each `raise NotImplementedError(...)` with your code.
"""


def forward(a, b, c, f):
    """Evaluate L = (a*b + c) * f step by step; return {"e": ..., "d": ..., "L": ...}."""
    # TODO: compute e = a * b
    # TODO: compute d = e + c   (it uses the node e you just computed)
    # TODO: compute L = d * f
    # TODO: return all three nodes in a dict
    raise NotImplementedError("forward: compute e, d and L, and return them in a dict")


def evaluate(steps, inputs):
    """Run the steps in order; return a dict with the value of every node."""
    # TODO: start a dict of known values from the inputs (copy it, don't change `inputs`)
    # TODO: for each (name, op, (x, y)) in steps:
    #           look up the values of x and y among the values known so far,
    #           apply op ("+" or "*"), and store the result under `name`
    # TODO: return the dict of all values
    raise NotImplementedError("evaluate: run each step in order and keep every value")
