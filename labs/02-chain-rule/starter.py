"""Lab 2 - The chain rule: follow the path, multiply the local derivatives.

A derivative is a rate: if you nudge x by a tiny h, how much does the output move,
per unit of h? You can MEASURE it by nudging, with no calculus at all:

    slope of f at x  ~=  (f(x + h) - f(x - h)) / (2 * h)      with h tiny, e.g. 1e-6

(Nudging both ways is much more accurate than (f(x + h) - f(x)) / h.)

Now take a chain of small steps:

    x  ->  y = 3 * x  ->  z = y ** 2  ->  L = z + 1

Each step has its own LOCAL derivative, the rate of that step alone, taken at
that step's own input:

    dy/dx = 3        dz/dy = 2 * y  (at y = 3 * x)        dL/dz = 1

The CHAIN RULE: the rate along the whole path is the PRODUCT of the local rates,

    dL/dx = dy/dx * dz/dy * dL/dz

If y moves 3 times as fast as x and z moves 2y times as fast as y, then z moves
3 * 2y times as fast as x.

Your tasks
----------
1. nudge(f, x, h=1e-6)
   The slope of the plain function f at x, measured by nudging x both ways by h.
   Use the h you are given.

       nudge(lambda t: t ** 2, 3.0)  ->  about 6.0

2. local_derivatives(x)
   For the chain above at this x, return the three local derivatives in a dict:
       {"dy/dx": ..., "dz/dy": ..., "dL/dz": ...}

       local_derivatives(2.0)  ->  {"dy/dx": 3.0, "dz/dy": 12.0, "dL/dz": 1.0}

3. chain_rule(x)
   dL/dx at x: the product of the local derivatives along the path.
   (Check it yourself: nudge(lambda t: (3 * t) ** 2 + 1, x) should agree.)

       chain_rule(2.0)  ->  36.0

Replace each `raise NotImplementedError(...)` with your code.
"""


def nudge(f, x, h=1e-6):
    """The slope of f at x, measured by nudging x by h in both directions."""
    # TODO: evaluate f a little to the right (x + h) and a little to the left (x - h)
    # TODO: return the change in f divided by the distance between those two points
    raise NotImplementedError("nudge: return (f(x + h) - f(x - h)) / distance")


def local_derivatives(x):
    """The local derivatives along x -> y = 3x -> z = y**2 -> L = z + 1, at this x."""
    # TODO: run the chain forward first: y = ..., z = ...
    # TODO: the local rate of each step, at that step's own input
    raise NotImplementedError("local_derivatives: return {'dy/dx': .., 'dz/dy': .., 'dL/dz': ..}")


def chain_rule(x):
    """dL/dx at x, by the chain rule."""
    # TODO: get the local derivatives at x and combine them along the path
    raise NotImplementedError("chain_rule: combine the local derivatives into dL/dx")
