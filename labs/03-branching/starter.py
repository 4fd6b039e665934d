"""Lab 3 - Branching: when a value is used twice, its gradients ADD.

Backpropagation walks a graph from the output back to the inputs. Each node
receives a gradient (dL/dnode) and hands a share of it to each of its inputs:

    out = x + y   ->   x gets 1 * dL/dout,    y gets 1 * dL/dout
    out = x * y   ->   x gets y * dL/dout,    y gets x * dL/dout   (the OTHER factor)

If a value feeds into SEVERAL nodes, it reaches L by several paths, and its
gradient is the SUM of what every path hands back. So gradients are accumulated
with +=, never overwritten with =.

Worked example
--------------
    a = 2, b = 3
    c = a * b        (c = 6)
    L = c + a        (L = 8)

    dL/dL = 1
    L = c + a:  dL/dc += 1 * 1 = 1         dL/da += 1 * 1 = 1    (the direct path)
    c = a * b:  dL/da += b * dL/dc = 3     dL/db += a * dL/dc = 2 (the path through c)

    dL/da = 1 + 3 = 4,   dL/db = 2,   dL/dc = 1

Check: nudge a from 2 to 2.001 and L = a*b + a goes from 8 to 8.004: rate 4.

Your tasks
----------
1. grads(a, b)
   For c = a * b, L = c + a, return {"a": dL/da, "b": dL/db, "c": dL/dc}.
       grads(2, 3)  ->  {"a": 4, "b": 2, "c": 1}

2. diamond_grads(a, b)
   A diamond, where BOTH a and b are used twice:
       d = a * b
       e = a + b
       L = d * e
   Return {"a": dL/da, "b": dL/db, "d": dL/dd, "e": dL/de}.

Work backward from L, node by node, and ADD each path's share into the gradient
of the node it reaches (g["a"] += ...).
"""


def grads(a, b):
    """Gradients of L = c + a, where c = a * b."""
    # forward pass
    c = a * b
    L = c + a
    # backward pass: every gradient starts at 0 and collects the share of each path
    g = {"a": 0.0, "b": 0.0, "c": 0.0}
    dL_dL = 1.0
    # TODO: L = c + a  ->  hand dL_dL back to c and to a
    # TODO: c = a * b  ->  hand g["c"] back to a and to b (each gets the OTHER factor)
    return g


def diamond_grads(a, b):
    """Gradients of L = d * e, where d = a * b and e = a + b."""
    # forward pass
    d = a * b
    e = a + b
    L = d * e
    # backward pass
    g = {"a": 0.0, "b": 0.0, "d": 0.0, "e": 0.0}
    dL_dL = 1.0
    # TODO: L = d * e  ->  hand dL_dL back to d and to e
    # TODO: d = a * b  ->  hand g["d"] back to a and to b
    # TODO: e = a + b  ->  hand g["e"] back to a and to b
    return g
