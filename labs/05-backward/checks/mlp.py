"""Part 4 of lab 5: a Neuron, a Layer and an MLP (micrograd's nn.py), and train_step training
it with the learner's own Value."""

from math import tanh as _tanh

from grader.core.checks import check, CheckFailed, close, expect, inputs, kind_of, need, slope

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: attempt, backward, data_of, _draw, _f, grad_of, _same
# training_step.py: _step


def _values(learner, got, what):
    """A learner list of Values (a parameters() list, a layer's outputs), as a list."""
    Value = value_class(learner)
    items = attempt(f"listing {what}", list, got)
    for item in items:
        # isinstance: a learner's `class Parameter(Value)` holds Values (handles mirror the
        # learner's class hierarchy); a float or a look-alike class does not.
        if not isinstance(item, Value):
            nested = (" The lists are nested: a list inside the list, as [self.w, self.b] or "
                      "[layer.parameters() for layer in self.layers] make. Join them into one "
                      "flat list of Values: self.w + [self.b], and "
                      "[p for layer in self.layers for p in layer.parameters()] (extend, not "
                      "append)." if type(item).__name__ in ("list", "tuple") else "")
            raise CheckFailed(f"{what} should hold Values, but one item is a "
                              f"{type(item).__name__}.{nested}")
    return items


COPIES = ("{what}.parameters() listed {n} Values, then {n} other Values when called again: "
          "it makes new Values (copies, such as Value(w.data)) each time it is asked. Training "
          "moves what parameters() gives, so it must give the network's own weights and "
          "biases, the very Values the neurons compute with: self.w + [self.b] for a Neuron.")


SHARED = ("{what}.parameters() lists {n} Value(s) that {other}, made before it, lists too: "
          "the two share parameters, so a step on one moves the other. Something made once is "
          "handed to every {kind}: a default argument (def __init__(self, nin, b=Value(0.0)) "
          "makes that Value once, when the def runs), or a list written in the class body "
          "(w = [] or layers = [], then self.w.append(...) in __init__), one list for the "
          "whole class. Make each {kind}'s own in __init__, as the given __init__ does: {fix}.")


def _shared(params, earlier, what, other, kind, fix):
    """Fail if `params` (of `what`) lists any Value of `earlier` (of `other`, built before)."""
    ids = {id(p) for p in earlier}
    n = sum(1 for p in params if id(p) in ids)
    if n:
        raise CheckFailed(SHARED.format(what=what, n=n, other=other, kind=kind, fix=fix))


def _params(learner, model, what):
    method = attempt(f"reading {what}.parameters", getattr, model, "parameters")
    try:
        got = attempt(f"{what}.parameters()", method)
    except CheckFailed as failed:
        if type(failed.__cause__) is TypeError and "'method' object is not iterable" in \
                str(failed):
            raise CheckFailed(f"{str(failed).rstrip('.')}: a parameters() adds a method to its "
                              f"list, not what the method returns: n.parameters without "
                              f"parentheses only names it. Call it: n.parameters() (and "
                              f"layer.parameters()).") from None
        if type(failed.__cause__) is TypeError and "list" in str(failed):
            raise CheckFailed(f"{str(failed).rstrip('.')}: parameters() adds a list and a single "
                              f"Value (self.w + self.b, say). + joins two lists: put the bias in "
                              f"a list of its own, self.w + [self.b].") from None
        raise
    if got is None:
        raise CheckFailed(f"{what}.parameters() returned None: a method that ends without "
                          f"`return` gives None, and so does return self.w.append(self.b) "
                          f"(list.append changes its list, here self.w for good, and gives "
                          f"back None). Return a new list: self.w + [self.b] for a Neuron.")
    return _values(learner, got, f"{what}.parameters()")


def _set(params, numbers):
    for p, x in zip(params, numbers):
        attempt("setting a parameter's .data", setattr, p, "data", x)


def _net(flat, sizes, x, last=_tanh):
    """The float network: per layer, per neuron, its weights then its bias; tanh everywhere
    (`last`: what the last layer's neurons apply instead)."""
    i = 0
    layers = list(zip(sizes, sizes[1:]))
    for k, (nin, nout) in enumerate(layers):
        squash = last if k == len(layers) - 1 else _tanh
        out = []
        for _ in range(nout):
            act = flat[i + nin]
            for wj, xj in zip(flat[i:i + nin], x):
                act += wj * xj
            out.append(squash(act))
            i += nin + 1
        x = out
    return x


def _count(sizes):
    return sum((nin + 1) * nout for nin, nout in zip(sizes, sizes[1:]))


def _told_apart(sizes):
    """True if every parameter count the MLP check reads a wrong shape from (the weights only,
    some layers only, one neuron per layer, layers built from the wrong sizes) differs from
    the others and from the right count: then each wrong shape is named for what it is."""
    want = _count(sizes)
    counts = [want, want - sum(sizes[1:]), sum(n + 1 for n in sizes[:-1]),
              sum(n * (n + 1) for n in sizes[:-1]),
              sum(nin * (nout + 1) for nin, nout in zip(sizes, sizes[1:]))]
    if len(sizes) > 2:
        counts += [_count(sizes[:2]), _count(sizes[-2:]),
                   sum((sizes[0] + 1) * n for n in sizes[1:])]
    if len(sizes) > 3:
        counts.append(_count(sizes[:2]) + _count(sizes[-2:]))
    return len(set(counts)) == len(counts) and sizes[1] != sizes[-1]


def _shapes(rng):
    """The MLP check's three networks, their shapes drawn: two layers with a wide first one
    (5 or 6 neurons) and a last of several; four or five layers ending in one neuron; two or
    three layers ending in one. Each is drawn until its wrong shapes can be told apart."""
    makers = (lambda: [rng.randint(2, 4), rng.randint(5, 6), rng.randint(2, 3)],
              lambda: [rng.randint(2, 3)] + [rng.randint(2, 3) for _ in range(rng.randint(3, 4))]
              + [1],
              lambda: [rng.randint(1, 3)] + [rng.randint(2, 4) for _ in range(rng.randint(1, 2))]
              + [1])
    shapes = []
    for make in makers:
        sizes = make()
        while not _told_apart(sizes):
            sizes = make()
        shapes.append(sizes)
    return shapes


def _mlp(what, MLP, nin, nouts):
    """MLP(nin, nouts); an IndexError while the layers are built is named."""
    try:
        return attempt(what, MLP, nin, nouts)
    except CheckFailed as failed:
        if type(failed.__cause__) is IndexError:
            raise CheckFailed(f"{str(failed).rstrip('.')}: building the layers ran off the end "
                              f"of a list. sizes = [nin] + nouts has one entry more than there "
                              f"are layers, and layer i reads sizes[i] and sizes[i + 1]: loop i "
                              f"over range(len(nouts)), one layer per entry of nouts "
                              f"(range(len(sizes)) goes one too far).") from failed.__cause__
        raise


@check("a Neuron computes tanh(w·x + b) from its weights and its bias",
       "A neuron weighs each input, adds them up with its bias, and squashes the sum with "
       "tanh. Build it from the Values self.w and self.b, so gradients can reach them.",
       "__call__: act = self.b, then act = act + wi * xi for each pair in zip(self.w, x); "
       "return act.tanh(). parameters(): return self.w + [self.b].")
def neuron(learner):
    Neuron = need(learner, "Neuron")
    rng = inputs("neuron")
    wide = attempt("Neuron(60)", Neuron, 60)
    start = [data_of(p, "a parameter of Neuron(60)") for p in _params(learner, wide, "Neuron(60)")]
    expect(len(start) == 61, f"Neuron(60).parameters() should list its 60 weights and then its "
                             f"bias, 61 Values, but it lists {len(start)}.")
    wide_params = _params(learner, wide, "Neuron(60)")
    if len(wide_params) == 61 and len({id(p) for p in wide_params[:-1]}) == 1:
        raise CheckFailed("Neuron(60)'s 60 weights are one and the same Value, listed 60 times: "
                          "[Value(...)] * nin repeats ONE Value (its number drawn once), so "
                          "every weight moves together and a step on one is a step on all. "
                          "Make a new Value for each input: [Value(random.uniform(-1, 1)) for "
                          "_ in range(nin)].")
    if start[0] == 0.0 and start[-1] != 0.0:
        raise CheckFailed("Neuron(60).parameters() lists the bias (0 when new) first: list the "
                          "weights, then the bias, self.w + [self.b], the order every layer and "
                          "network (and these checks) count parameters in.")
    # The bias may start at 0 (micrograd's nn.py, the given __init__) or random in [-1, 1]
    # (as in micrograd's video): both train.
    expect(all(-1.0 <= x <= 1.0 for x in start) and min(start[:-1]) < -0.5 < 0.5
           < max(start[:-1]), "A new Neuron's weights should start random in [-1, 1] (and its "
                              "bias at 0), as the given __init__ makes them.")
    twin = [data_of(p, "a parameter of Neuron(60)")
            for p in _params(learner, attempt("Neuron(60)", Neuron, 60), "Neuron(60)")]
    if twin == start:
        raise CheckFailed("Two new Neuron(60) start with the same 60 weights: something sets "
                          "the random numbers back each time a Neuron is made (random.seed(...) "
                          "in __init__, say). Then every neuron of a layer starts as the same "
                          "neuron, computing the same number from the same inputs, where each "
                          "should start somewhere of its own. Seed at most once, at the top of "
                          "the file, and let each Neuron draw its own weights.")
    expect(start[-1] == 0.0 or twin[-1] != start[-1],
           f"Two new Neuron(60) both start with bias {_f(start[-1])}: a new Neuron's bias "
           f"starts at 0, as the given __init__ makes it, self.b = Value(0.0) (or random in "
           f"[-1, 1], drawn like each weight).")
    # Called on a drawn number of inputs (5 to 8): a neuron right only for the first few
    # inputs meets more.
    nin = rng.randint(5, 8)
    what = f"Neuron({nin})"
    n = attempt(what, Neuron, nin)
    params = _params(learner, n, what)
    _shared(params, wide_params, what, "Neuron(60)", "Neuron",
            "self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)] and self.b = Value(0.0)")
    if len(params) == nin:
        raise CheckFailed(f"{what}.parameters() lists {nin} Values, the weights only: add the "
                          "bias, self.w + [self.b], or training can never move it.")
    expect(len(params) == nin + 1, f"{what}.parameters() should list {nin} weights and a "
                                   f"bias, {nin + 1} Values, but it lists {len(params)}.")
    # A training loop asks for the parameters every step: they must not change by being asked.
    again = _params(learner, n, what)
    if len(again) == nin + 1 and not any(x is y for x, y in zip(again, params)):
        raise CheckFailed(COPIES.format(what=what, n=nin + 1))
    expect(len(again) == nin + 1 and all(x is y for x, y in zip(again, params)),
           f"{what}.parameters() listed {nin + 1} Values, then {len(again)} when called again: "
           f"asking must not change the neuron. Return a new list, self.w + [self.b], rather "
           f"than appending the bias to self.w.")
    # w·x + b kept away from 0, where tanh(s) is s to 1e-9: a right neuron would be told it
    # forgot tanh (|s| < 0.0014 in about one draw in a thousand), and away from tanh's flat
    # tails, where a wrong sum gives the same output and a gradient near 0.
    while True:
        ws, bias = [_draw(rng, -1.0, 1.0) for _ in range(nin)], _draw(rng, -1.0, 1.0)
        xs = tuple(_draw(rng, -2.0, 2.0) for _ in range(nin))
        raw = sum(w * x for w, x in zip(ws, xs)) + bias
        if 0.1 < abs(raw) < 2.0:
            break
    _set(params, ws + [bias])
    shown = f"weights {', '.join(map(_f, ws))}, bias {_f(bias)} and x = {', '.join(map(_f, xs))}"
    # The neuron gets a list of its own: a change its code makes comes back into that list
    # (handles.call), never into xs, which the expected gradients below are computed from.
    given = list(xs)
    out = attempt(f"{what}(x)", n, given)
    if not isinstance(out, value_class(learner)) and type(out).__name__ == "method":
        raise CheckFailed(f"A neuron's output should be a Value, but {what}(x) gives a method: "
                          "act.tanh without parentheses only names the method. Call it: return "
                          "act.tanh().")
    if type(out).__name__ in ("float", "int"):
        raise CheckFailed(f"A neuron's output should be a Value, but {what}(x) gives a "
                          f"{type(out).__name__}, a plain number: math.tanh(act.data) (or "
                          f"anything read from .data) leaves the graph, so no gradient can "
                          f"flow back to the weights. Use your Value's own tanh: return "
                          f"act.tanh().")
    expect(isinstance(out, value_class(learner)), "A neuron's output should be a Value.")
    names = [f"weight {i + 1}" for i in range(nin)] + ["the bias"]
    for p, name, was in zip(params, names, ws + [bias]):
        now = data_of(p, name)
        if not _same(now, was):
            raise CheckFailed(f"Calling the neuron changed its own parameters: with {shown}, "
                              f"{name} went from {_f(was)} to {_f(now)}. A neuron only reads "
                              f"its weights and bias. If your Value has an __iadd__ that changes "
                              f"its Value in place (self.data += ...), then act = self.b "
                              f"followed by act += wi * xi changes the bias itself: write "
                              f"act = act + wi * xi, which makes a new Value (or delete "
                              f"__iadd__).")
    got = data_of(out, "the neuron's output")
    if _same(got, raw):
        raise CheckFailed(f"The neuron's output with {shown} is {_f(got)}, the sum w·x + b "
                          f"itself: nothing squashed it (relu would not either: it leaves a "
                          f"positive sum as it is). This lab's neuron squashes with tanh, "
                          f"return act.tanh().")
    if raw < 0 and _same(got, 0.0):
        raise CheckFailed(f"The neuron's output with {shown} is 0, relu(w·x + b) of the sum "
                          f"{_f(raw)}: this lab's neuron squashes with tanh, return act.tanh().")
    for end, which in ((-1, "last"), (0, "first")):
        if _same(got, _tanh(raw - ws[end] * xs[end])):
            raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = tanh(w·x + b) "
                              f"without the {which} weight times the {which} input: the loop "
                              f"skips one pair (range(len(x) - 1) stops one short, and "
                              f"range(1, len(x)) starts one late; lists count from 0). Take "
                              f"every pair: for wi, xi in zip(self.w, x).")
    if _same(got, _tanh(raw + (nin - 1) * bias)):
        raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = tanh(w·x + {nin}b): the "
                          f"bias {_f(bias)} is added once per input, inside the loop. Add it "
                          f"once: start the sum from it, act = self.b, then add each wi * xi.")
    if _same(got, _tanh(raw - bias)):
        raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = tanh(w·x), without "
                          f"the bias {_f(bias)}: add self.b to the sum.")
    if _same(got, _tanh((raw - bias) * bias)):
        raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = tanh((w·x) * b): the "
                          f"sum is MULTIPLIED by the bias {_f(bias)}. The bias is added: start "
                          f"the sum from it, act = self.b, then add each wi * xi.")
    dot = raw - bias
    # Slips in how the bias or the inputs enter the sum, each told by the formula it computes.
    slips = (
        (dot + 2 * bias, "tanh(w·x + 2b): the bias is added twice (the sum starts from it, "
                         "act = self.b, and it is added again at the end). Add it once."),
        (dot - bias, "tanh(w·x - b): the bias comes in with a minus sign. Add it: start the "
                     "sum from it, act = self.b, then add each wi * xi."),
        (dot + bias * xs[0], "tanh(w·x + b * x1): the bias is multiplied by the first input. "
                             "The bias is a number of its own, added alone: act = self.b, "
                             "then add each wi * xi."),
        (sum(x * x for x in xs) + bias, "tanh(x·x + b): each input is multiplied by itself, "
                                        "not by its weight: act = act + wi * xi."),
        (ws[0] * sum(xs) + bias, f"tanh(w1 * (x1 + ... + x{nin}) + b): every input is multiplied by "
                                 "the FIRST weight, self.w[0]. Pair each input with its own "
                                 "weight: for wi, xi in zip(self.w, x): act = act + wi * xi."),
        (ws[-1] * sum(xs) + bias, f"tanh(w{nin} * (x1 + ... + x{nin}) + b): every input is multiplied by "
                                  "the LAST weight (wi left over from an earlier loop, say). Pair "
                                  "each input with its own weight: for wi, xi in zip(self.w, x): "
                                  "act = act + wi * xi."),
    )
    for value, told in slips:
        if _same(got, _tanh(value)) and not _same(got, _tanh(raw)):
            raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = {told}")
    each = sum(_tanh(w * x) for w, x in zip(ws, xs))
    for value, told in ((bias + each, f"b + tanh(w1*x1) + ... + tanh(w{nin}*x{nin})"),
                        (_tanh(bias + each), "tanh(b + tanh(w1*x1) + ...)")):
        if _same(got, value) and not _same(got, _tanh(raw)):
            raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = {told}: tanh is "
                              f"taken of each product wi * xi, inside the loop. Add up the "
                              f"products and the bias first, act = act + wi * xi, and take tanh "
                              f"once, of the whole sum: return act.tanh().")
    for value, told in ((_tanh(dot) + bias, "tanh(w·x) + b"), (_tanh(raw) + bias,
                                                              "tanh(w·x + b) + b")):
        if _same(got, value) and not _same(got, _tanh(raw)):
            raise CheckFailed(f"The neuron's output with {shown} is {_f(got)} = {told}: the bias "
                              f"is added AFTER tanh, to the squashed output. It belongs inside, "
                              f"with the products: start the sum from it, act = self.b, add "
                              f"each wi * xi, then return act.tanh().")
    close(got, _tanh(raw), f"The neuron's output with {shown}, tanh(w·x + b),",
          why="The weights and the bias were set through parameters() (the weights first, "
              f"then the bias): the output is tanh(w1*x1 + ... + w{nin}*x{nin} + b).")
    backward(out, "the neuron's output")
    slope_out = 1 - _tanh(raw) ** 2
    for i, (p, want) in enumerate(zip(params, [slope_out * x for x in xs] + [slope_out])):
        name = names[i]
        close(grad_of(p, name), want, f"The gradient of {name} after backward(), with {shown}",
              why="Build the output from the parameter Values themselves (wi * xi), not from "
                  "their .data, or no gradient can reach them.")
    # Last: a neuron right in every number may still have written into its caller's list.
    changed = [i for i, x in enumerate(xs) if i >= len(given) or
               type(given[i]) not in (int, float) or not _same(given[i], x)]
    if changed or len(given) != len(xs):
        where = f"x[{changed[0]}]" if changed else "its length"
        raise CheckFailed(f"Calling the neuron changed the list x it was given ({where} first): "
                          f"with {shown}, x is no longer {', '.join(map(_f, xs))}. A neuron "
                          f"only reads its inputs: a Layer hands the same list x to each of its "
                          f"neurons, so the next neuron would read what this one wrote there. "
                          f"Keep the sum in a variable of its own, act = act + wi * xi, and "
                          f"leave x as it came.")
    # And once with a sum of the other sign: a neuron right for one sign only (relu before
    # tanh, say: tanh(relu(s)) is tanh(s) for s > 0) is found out whichever sign came first.
    while True:
        ws2 = [_draw(rng, -1.0, 1.0) for _ in range(nin)]
        xs2, bias2 = tuple(_draw(rng, -2.0, 2.0) for _ in range(nin)), _draw(rng, -1.0, 1.0)
        raw2 = sum(w * x for w, x in zip(ws2, xs2)) + bias2
        if raw2 * raw < 0 and 0.1 < abs(raw2) < 2.0:
            break
    _set(params, ws2 + [bias2])
    shown2 = (f"weights {', '.join(map(_f, ws2))}, bias {_f(bias2)} and x = "
              f"{', '.join(map(_f, xs2))}")
    got2 = data_of(attempt(f"{what}(x)", n, list(xs2)), "the neuron's output")
    sign = "negative" if raw2 < 0 else "positive"
    close(got2, _tanh(raw2), f"The neuron's output with {shown2}, tanh(w·x + b),",
          why=f"Your neuron was right for a sum w·x + b of {_f(raw)}, but not for this "
              f"{sign} one, {_f(raw2)}"
              + (": 0 is what relu gives there, tanh(relu(s)) is tanh(s) only for s > 0. "
                 "This lab's neuron squashes with tanh alone, return act.tanh()."
                 if raw2 < 0 and _same(got2, 0.0) else
                 ": tanh(w·x + b) for every sum, whatever its sign, return act.tanh()."))


def _twice(params, sizes, what, net=None):
    """Fail naming the repeat when parameters() lists one Value twice: a Value the network
    holds once but parameters() collects twice, a whole neuron repeated ([Neuron(nin)] *
    nout), or one Value repeated inside a neuron."""
    first = {}
    for j, p in enumerate(params):
        i = first.setdefault(id(p), j)
        if i != j:
            break
    try:
        laid = None if net is None else _layout(net)
    except _Unlaid:
        laid = None
    if laid is not None and len({id(p) for p in laid}) == len(laid) == _count(sizes):
        raise CheckFailed(f"{what}.parameters() lists the same Value twice (at positions {i} "
                          f"and {j}), though the network holds it once: parameters() collects "
                          f"it again (a list added to twice, or one more Value appended at the "
                          f"end), so a training step would move it twice. List each weight "
                          f"and bias once: [p for layer in self.layers for p in "
                          f"layer.parameters()].")
    for nin in sizes[:-1]:
        k = nin + 1
        if j - i == k and i + 2 * k <= len(params) and \
                all(params[i + t] is params[j + t] for t in range(k)):
            raise CheckFailed(f"{what}.parameters() lists the same {k} Values twice in a row: one "
                              f"Neuron object repeated in a layer, as [Neuron(nin)] * nout "
                              f"makes it (the list holds the same neuron nout times, so every "
                              f"neuron of the layer computes and learns the same thing). Make "
                              f"each neuron anew: [Neuron(nin) for _ in range(nout)].")
    raise CheckFailed(f"{what}.parameters() lists the same Value twice (at positions {i} and "
                      f"{j}): parameters are shared that should be separate, as [Value(...)] * n "
                      f"(one Value n times) makes them, or a list written in a class body "
                      f"(neurons = [], then self.neurons.append(...)), which every object of "
                      f"the class shares. Make each weight, bias and neuron anew, in a "
                      f"comprehension: [Value(random.uniform(-1, 1)) for _ in range(nin)].")


@check("an MLP runs its layers in order, and parameters() lists every weight and bias",
       "Each layer's output list is the next layer's input; the parameters of a network are "
       "those of all its neurons.",
       "Layer: outs = [n(x) for n in self.neurons], return outs[0] if there is one, else outs; "
       "parameters(): [p for n in self.neurons for p in n.parameters()]. MLP: for layer in "
       "self.layers: x = layer(x); parameters(): every layer's, in order.")
def mlp(learner):
    MLP = need(learner, "MLP")
    rng = inputs("mlp")
    built = []  # (what, parameters) of each network made so far, kept alive
    for sizes in _shapes(rng):
        what = f"MLP({sizes[0]}, {sizes[1:]})"
        # A list the check keeps: a change MLP's code makes to it comes back here (as in
        # neuron()), and a network built from it must leave it as it came.
        nouts = sizes[1:]
        net = _mlp(what, MLP, sizes[0], nouts)
        if nouts != sizes[1:]:
            raise CheckFailed(f"{what} changed the list nouts it was given: it is {nouts} "
                              f"afterwards, no longer {sizes[1:]} (nouts.insert(0, nin), say, "
                              f"or sizes = nouts, then sizes.insert(...), which is the same "
                              f"list under a second name). A second network made from the same "
                              f"list would get a layer more. Build a new list and leave nouts "
                              f"as it came: sizes = [nin] + nouts, as the given __init__ does.")
        params = _params(learner, net, what)
        again = _params(learner, net, what)
        if len(again) == len(params) and not any(x is y for x, y in zip(again, params)):
            raise CheckFailed(COPIES.format(what=what, n=len(params)))
        if len(again) != len(params) or any(x is not y for x, y in zip(again, params)):
            raise CheckFailed(f"{what}.parameters() listed {len(params)} Values, then "
                              f"{len(again)} when called again: asking must not change what "
                              f"it lists. A list kept between calls (a default argument like "
                              f"params=[], which Python makes once, or a list stored on the "
                              f"object and extended) grows every time. Build a new list in "
                              f"each call: [p for n in self.neurons for p in n.parameters()].")
        for other, earlier in built:
            _shared(params, earlier, what, other, "network",
                    "self.layers = [Layer(sizes[i], sizes[i + 1]) for i in range(len(nouts))], "
                    "and in Layer and Neuron the same: a new list, new Values, for each")
        built.append((what, params))
        weights, want = _count(sizes) - sum(sizes[1:]), _count(sizes)
        # A repeat first: a list with a Value twice can have the count of a wrong shape by
        # chance (MLP(3, [4, 2]) with its last bias listed again would have 27, as swapped
        # layers do).
        if len(params) > want and len({id(p) for p in params}) != len(params):
            _twice(params, sizes, what, net)
        if len(params) == weights:
            raise CheckFailed(f"{what}.parameters() lists {weights} Values: the weights, but "
                              f"none of the {sum(sizes[1:])} biases (one per neuron), so "
                              f"training could never move them. Collect each neuron's "
                              f"parameters() (its weights and its bias).")
        ends = _count(sizes[:2]) + _count(sizes[-2:])
        if len(sizes) > 3 and len(params) == ends:
            raise CheckFailed(f"{what} has {len(sizes) - 1} layers, but its parameters() lists "
                              f"{ends} Values, those of its first and last layer only (all of "
                              f"them: {want}). Loop over every layer, self.layers, in "
                              f"parameters() and in __call__.")
        if len(sizes) > 2 and len(params) == _count(sizes[:2]):
            raise CheckFailed(f"{what}.parameters() lists {len(params)} Values, those of its first "
                              f"layer only (all of them: {want}). Collect the parameters of "
                              f"every layer: [p for layer in self.layers for p in "
                              f"layer.parameters()].")
        if len(sizes) > 2 and len(params) == _count(sizes[-2:]) != want:
            raise CheckFailed(f"{what}.parameters() lists {len(params)} Values, those of its last "
                              f"layer only (all of them: {want}): a loop that assigns, params = "
                              f"layer.parameters(), keeps only the last layer's. Add each "
                              f"layer's to one list: [p for layer in self.layers for p in "
                              f"layer.parameters()].")
        if len(params) == sum(n + 1 for n in sizes[:-1]) != want:
            raise CheckFailed(f"{what}.parameters() lists {len(params)} Values, one neuron's per "
                              f"layer (all of them: {want}): Layer.parameters() gives the "
                              f"parameters of a single neuron (the first, or the last one a loop "
                              f"assigned). Collect every neuron's: [p for n in self.neurons for p "
                              f"in n.parameters()].")
        if len(sizes) > 2 and len(params) == sum((sizes[0] + 1) * n for n in sizes[1:]) != want:
            raise CheckFailed(f"{what}.parameters() lists {len(params)} Values, not {want}: every "
                              f"layer's neurons have {sizes[0]} weights, as if each layer took "
                              f"the network's {sizes[0]} inputs. A layer's inputs are the "
                              f"outputs of the layer before it: Layer(sizes[i], sizes[i + 1]) "
                              f"with sizes = [nin] + nouts, as the given __init__ builds them.")
        if len(params) == sum(n * (n + 1) for n in sizes[:-1]) != want:
            raise CheckFailed(f"{what}.parameters() lists {len(params)} Values, not {want}: each "
                              f"layer i is built as Layer(sizes[i], sizes[i]), with as many "
                              f"neurons as inputs. Layer i takes sizes[i] inputs and has "
                              f"sizes[i + 1] neurons: Layer(sizes[i], sizes[i + 1]), as the "
                              f"given __init__ builds them.")
        swapped = sum(nin * (nout + 1) for nin, nout in zip(sizes, sizes[1:]))
        if len(params) == swapped != want:
            raise CheckFailed(f"{what}.parameters() lists {len(params)} Values, not {want}: each "
                              f"layer i is built as Layer(sizes[i + 1], sizes[i]), its inputs and "
                              f"its neurons swapped, so layer i has sizes[i] neurons of "
                              f"sizes[i + 1] weights. Layer(nin, nout) takes the number of inputs "
                              f"first: Layer(sizes[i], sizes[i + 1]), as the given __init__ "
                              f"builds them.")
        if len(params) != want:
            _shapes_told(net, sizes, what, len(params), want)
        expect(len(params) == want, f"{what}.parameters() should list {want} Values (every "
                                    f"neuron's weights and bias), but it lists {len(params)}.")
        if len({id(p) for p in params}) != want:
            _twice(params, sizes, what, net)
        try:
            laid = _layout(net)
        except _Unlaid:
            laid = None
        if laid is not None and len(laid) == want and {id(p) for p in laid} == \
                {id(p) for p in params} and any(x is not y for x, y in zip(laid, params)):
            raise CheckFailed(f"{what}.parameters() lists every weight and bias, but in another "
                              f"order than the network holds them: layer by layer, neuron by "
                              f"neuron, each neuron's weights and then its bias. A set (or "
                              f"anything made from one) has no order of its own. Keep a list: "
                              f"[p for layer in self.layers for p in layer.parameters()].")
        flat = [round(rng.uniform(-1.0, 1.0), 3) for _ in range(want)]
        xs = tuple(_draw(rng, -2.0, 2.0) for _ in range(sizes[0]))
        _set(params, flat)
        wanted = _net(flat, sizes, xs)
        # A list of its own, as in neuron(): xs stays what the outputs and gradients below
        # are computed from, whatever the network's code does to its input list.
        try:
            got = attempt(f"{what}(x)", net, list(xs))
        except CheckFailed as failed:
            _one_value_layer(learner, failed, what, xs)
            raise
        shown = f"{what}(x) with x = {', '.join(map(_f, xs))}"
        if sizes[-1] == 1:
            if not isinstance(got, value_class(learner)):
                raise CheckFailed(f"{shown} should give one Value, as its last layer has one "
                                  f"neuron, but it gives {kind_of(got, returned=True)}: give back that "
                                  f"neuron's Value itself (in Layer.__call__, return outs[0] "
                                  f"when the layer has one neuron, the whole list otherwise).")
            got = [got]
        else:
            if isinstance(got, value_class(learner)):
                raise CheckFailed(f"{shown} gives one Value, but its last layer has "
                                  f"{sizes[-1]} neurons: return the whole list of their "
                                  f"outputs (x[0] keeps the first only). A Layer of one neuron "
                                  f"already gives its Value alone.")
            got = _values(learner, got, shown)
            first = _net(flat, sizes[:2], xs)
            if len(sizes) > 2 and len(got) == sizes[1] != sizes[-1] and not all(
                    _same(data_of(v, f"output {i + 1}"), f, 1e-7)
                    for i, (v, f) in enumerate(zip(got, first))):
                raise CheckFailed(f"{shown} gives {len(got)} Values, as many as its FIRST layer "
                                  f"has neurons, not the {sizes[-1]} of its last, and they are "
                                  f"not what the first layer alone gives either: __call__ runs "
                                  f"the layers in another order than self.layers holds them "
                                  f"(reversed, say), so the first layer runs last. Feed x "
                                  f"through the layers in order: for layer in self.layers: "
                                  f"x = layer(x).")
            if len(sizes) > 2 and len(got) == sizes[1] != sizes[-1]:
                raise CheckFailed(f"{shown} gives {len(got)} Values, as many as its FIRST layer "
                                  f"has neurons, not the {sizes[-1]} of its last: __call__ "
                                  f"returns after the first layer (a return inside the for "
                                  f"loop). Feed x through every layer, x = layer(x), and return "
                                  f"after the loop.")
            expect(len(got) == sizes[-1], f"{shown} should give a list of {sizes[-1]} Values, "
                                          f"one per neuron of its last layer, but it gives "
                                          f"{len(got)}.")
        values = [data_of(out, f"output {i + 1}") for i, out in enumerate(got)]
        linear = _net(flat, sizes, xs, last=lambda s: s)
        if all(_same(v, x, 1e-7) for v, x in zip(values, linear)):
            for i, (value, want_out) in enumerate(zip(values, wanted)):
                if abs(value - want_out) > 1e-4:
                    raise CheckFailed(
                        f"Output {i + 1} of {shown} is {value:.6g}, the last layer's sum "
                        f"w·x + b without tanh (it should be {want_out:.6g}). micrograd's own "
                        f"MLP leaves its last layer linear, but in this lab every neuron is the "
                        f"Neuron above, tanh(w·x + b), the last layer's too.")
        if all(_same(v, _tanh(x), 1e-7) for v, x in zip(values, wanted)) and \
                not all(_same(v, x, 1e-4) for v, x in zip(values, wanted)):
            raise CheckFailed(f"Output 1 of {shown} is {values[0]:.6g}, tanh of what it should "
                              f"be ({wanted[0]:.6g}): tanh is applied twice at the end. Each "
                              f"Neuron already ends in tanh, the last layer's too, so the MLP "
                              f"returns the last layer's outputs as they are: for layer in "
                              f"self.layers: x = layer(x), then return x.")
        alone = _net(flat[-_count(sizes[-2:]):], sizes[-2:], xs)
        if all(_same(v, x, 1e-7) for v, x in zip(values, alone)) and \
                not all(_same(v, x, 1e-4) for v, x in zip(values, wanted)):
            raise CheckFailed(f"Output 1 of {shown} is {values[0]:.6g}, what the last layer "
                              f"gives when it is handed x itself (it should be "
                              f"{wanted[0]:.6g}): every layer is called on the network's input "
                              f"x, and only the last one's outputs are kept (out = layer(x) in "
                              f"the loop). Each layer takes the outputs of the layer before it: "
                              f"for layer in self.layers: x = layer(x), then return x.")
        for i, (value, want_out) in enumerate(zip(values, wanted)):
            close(value, want_out, f"Output {i + 1} of {shown}",
                  why="Feed each layer's outputs to the next layer, in order (parameters() "
                      "goes layer by layer, neuron by neuron).")
    backward(got[0], f"the output of {what}")
    grads = [grad_of(p, f"parameter {i + 1}") for i, p in enumerate(params)]
    wants = [slope(lambda t: _net(flat[:i] + [t] + flat[i + 1:], sizes, xs)[0], flat[i])
             for i in range(len(params))]
    shown = f"{what} after backward() on its output, x = {', '.join(map(_f, xs))}"
    _cut_between_layers(grads, wants, len(params) - _count(sizes[-2:]), shown)
    for i, (g, want_g) in enumerate(zip(grads, wants)):
        close(g, want_g, f"The gradient of parameter {i + 1} of {shown}", tol=1e-4)


def _cut_between_layers(grads, wants, last, shown):
    """Fail naming it when the last layer's parameters (from index `last` on) have their
    gradients and every parameter before them has 0: the layers were handed numbers, not
    Values (a Neuron multiplying by xi.data), so the graph stops at the last layer."""
    if not 0 < last < len(grads) or any(g != 0.0 for g in grads[:last]) or \
            all(abs(w) < 1e-4 for w in wants[:last]):
        return
    if all(_same(g, w, 1e-4) or abs(g - w) < 1e-4 for g, w in zip(grads[last:], wants[last:])):
        i = next(i for i, w in enumerate(wants[:last]) if abs(w) >= 1e-4)
        raise CheckFailed(f"For {shown}, the last layer's weights and biases get their "
                          f"gradients, but every parameter of the layers before it gets 0 "
                          f"(parameter {i + 1}'s should be {_f(wants[i])}): the gradient never "
                          f"crosses from one layer back into the one before. The next layer "
                          f"was handed numbers, not the Values the layer before made, and a "
                          f"number remembers no graph: a Neuron that multiplies by xi.data "
                          f"(or a Layer or MLP that passes on out.data) cuts it there. Use "
                          f"each input as it comes, act = act + wi * xi: Value's operations "
                          f"already take plain numbers and Values alike.")


def _layout(net):
    """The network's weights and biases as the starter's __init__ lays them out (layers,
    neurons, w, b), layer by layer and neuron by neuron, or None if it keeps them otherwise."""
    found = []
    for layer in _listed(net, "layers"):
        for neuron in _listed(layer, "neurons"):
            w, b = _listed(neuron, "w"), attempt("reading b", getattr, neuron, "b", None)
            if b is None:
                raise _Unlaid
            found += w + [b]
    return found


class _Unlaid(Exception):
    pass


def _shapes_told(net, sizes, what, got, want):
    """Fail naming each layer as built (inputs per neuron, neurons) if the network keeps the
    starter's layers/neurons/w and its layers are not chained as sizes says."""
    try:
        built = [[len(_listed(neuron, "w")) for neuron in _listed(layer, "neurons")]
                 for layer in _listed(net, "layers")]
    except _Unlaid:
        return
    shapes = [(ws[0] if ws and len(set(ws)) == 1 else None, len(ws)) for ws in built]
    right = list(zip(sizes, sizes[1:]))
    if shapes == right or any(n is None for n, _ in shapes):
        return
    told = ", ".join(f"Layer({n}, {m})" for n, m in shapes)
    should = ", ".join(f"Layer({n}, {m})" for n, m in right)
    raise CheckFailed(f"{what}.parameters() lists {got} Values, not {want}: its layers are "
                      f"built as {told} (inputs, neurons), where they should be {should}. "
                      f"Layer i takes sizes[i] inputs, the outputs of the layer before, and has "
                      f"sizes[i + 1] neurons: Layer(sizes[i], sizes[i + 1]) for i in "
                      f"range(len(nouts)), with sizes = [nin] + nouts.")


def _listed(obj, name):
    got = attempt(f"reading {name}", getattr, obj, name, None)
    if type(got).__name__ not in ("list", "tuple"):
        raise _Unlaid
    return list(got)


def _one_value_layer(learner, failed, what, xs):
    """Fail with the cause if `what`(x) raised TypeError because a Layer of several neurons
    gives one Value (outs[0] always), which the next layer cannot loop over."""
    if type(failed.__cause__) is not TypeError or "not iterable" not in str(failed):
        return
    Layer = need(learner, "Layer")
    layer = attempt(f"Layer({len(xs)}, 2)", Layer, len(xs), 2)
    out = attempt(f"Layer({len(xs)}, 2)(x)", layer, list(xs))
    if isinstance(out, value_class(learner)):
        raise CheckFailed(f"{str(failed).rstrip('.')}: Layer({len(xs)}, 2)(x) gives one Value, not a list of its 2 "
                          f"neurons' outputs, so the next layer has no list to loop over. Return "
                          f"every neuron's output, outs; only a layer of one neuron gives its "
                          f"Value alone, outs[0] if len(outs) == 1 else outs.") from None


@check("train_step trains your MLP: the loss falls, step by step",
       "Everything together: an MLP, a loss over a few points, and your train_step in a loop.",
       "The loss is built afresh from the network in each step: "
       "train_step(net.parameters(), lambda: sum((net(x) - y)**2 ...), lr).")
def trains_mlp(learner):
    MLP = need(learner, "MLP")
    rng = inputs("trains")
    # A drawn shape, of 17 to 31 parameters: a train_step that moves only the first few
    # meets more.
    sizes, lr = [rng.randint(2, 3), rng.randint(4, 6), 1], 0.05
    what = f"MLP({sizes[0]}, {sizes[1:]})"
    data = [(tuple(_draw(rng, -1.5, 1.5) for _ in range(sizes[0])), y) for y in (0.5, -0.5, 0.5)]
    net = _mlp(what, MLP, sizes[0], sizes[1:])
    params = _params(learner, net, what)
    expect(len(params) == _count(sizes), f"{what}.parameters() should list {_count(sizes)} "
                                         f"Values.")
    flat = [round(rng.uniform(-1.0, 1.0), 3) for _ in params]
    _set(params, flat)

    def loss_fn():
        total = None
        for x, y in data:
            # a fresh list each time: the network's code never reaches the x that plain()
            # computes the expected losses from
            term = (net(list(x)) - y) ** 2
            total = term if total is None else total + term
        return total

    def plain(ps):
        return sum((_net(ps, sizes, x)[0] - y) ** 2 for x, y in data)

    losses = []
    method = attempt("reading net.parameters", getattr, net, "parameters")
    for k in range(1, 5):
        # what net.parameters() gives, afresh each step, as a training loop passes it: a
        # train_step that empties or reorders its list cannot change what the next step is
        # given, and one that reads it twice must be given something that can be read twice
        given = attempt("net.parameters()", method)
        kind = type(given).__name__
        got = _step(learner, given, loss_fn, lr, f"train_step(net.parameters(), "
                                                 f"loss_fn, {lr}), step {k}")
        want = plain(flat)
        if losses and _same(got, losses[-1], 1e-12) and kind not in ("list", "tuple"):
            raise CheckFailed(f"The loss stayed at {_f(got)} from step {k - 1} to step {k} of "
                              f"train_step(net.parameters(), loss_fn, {lr}): nothing moved. "
                              f"net.parameters() gives a {kind}, which can be read only once: "
                              f"train_step's first loop over it (zeroing the grads) used it up, "
                              f"and the update loop found nothing. Return a list from "
                              f"parameters().")
        if not _same(got, want, 1e-4):
            _stale_outputs(learner, net, params, flat, sizes, data, k)
        close(got, want, f"The loss train_step returns at step {k} of training {what} "
                         f"on 3 points", tol=1e-4)
        losses.append(got)
        grads = [slope(lambda t: plain(flat[:i] + [t] + flat[i + 1:]), flat[i])
                 for i in range(len(flat))]
        flat = [p - lr * g for p, g in zip(flat, grads)]
    expect(losses[-1] < losses[0], f"The loss should fall while training, but it went from "
                                   f"{_f(losses[0])} to {_f(losses[-1])}.")


def _stale_outputs(learner, net, params, flat, sizes, data, k):
    what = f"MLP({sizes[0]}, {sizes[1:]})"
    """Fail with the cause if, its parameters set back to `flat`, the network gives outputs
    other than those parameters make: outputs kept from an earlier call (a cache on a Layer,
    the MLP or its class), which the MLP check's one call per network cannot see."""
    _set(params, flat)
    outs = []
    for x, _ in data:
        out = attempt(f"{what}(x)", net, list(x))
        outs.append(data_of(out, "the network's output") if isinstance(
            out, value_class(learner)) else None)
    wants = [_net(flat, sizes, x)[0] for x, _ in data]
    if None in outs or all(_same(o, w, 1e-7) for o, w in zip(outs, wants)):
        return
    bad = next(i for i, (o, w) in enumerate(zip(outs, wants)) if not _same(o, w, 1e-7))
    x = data[bad][0]
    same = [i for i, o in enumerate(outs) if i != bad and _same(o, outs[bad], 1e-12)]
    raise CheckFailed(f"At step {k} of training, {what}(x) with x = "
                      f"{', '.join(map(_f, x))} gives {_f(outs[bad])}, but with its parameters "
                      f"as they are it should give {_f(wants[bad])}"
                      + (f", and it gives the same for the point x = "
                         f"{', '.join(map(_f, data[same[0]][0]))}" if same else "")
                      + ": the network hands back an output kept from an earlier call (a list "
                        "or a dict stored on a Layer, the MLP or their class, filled once), "
                        "not one computed from this x and the weights as they are now. "
                        "Compute every output afresh in each call: outs = [n(x) for n in "
                        "self.neurons].")
