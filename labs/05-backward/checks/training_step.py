"""Part 3 of lab 5, closing the loop: one training step (zero, forward, backward, step
downhill), each step starting from zeroed gradients."""

from grader.core.checks import check, CheckFailed, close, inputs, need, number

# Defined in earlier files of checks/ (the files share one namespace):
# reading.py: attempt, data_of, _draw, _f, grad_of, leaves_of, _said, _same, _t


def _line(rng):
    """A line w*x + b to fit to three points, a start (w, b) and a learning rate."""
    points = [(_draw(rng, -2.0, 2.0), round(rng.uniform(-2.0, 2.0), 3)) for _ in range(3)]
    return points, _draw(rng, -1.5, 1.5), _draw(rng, -1.5, 1.5), round(rng.uniform(0.02, 0.06), 3)


def _line_loss(w, b, points):
    """sum of (w*x + b - y)**2, on plain floats or on learner Values."""
    total = None
    for x, y in points:
        term = (w * x + b - y) ** 2
        total = term if total is None else total + term
    return total


def _line_grads(w, b, points):
    return (sum(2 * (w * x + b - y) * x for x, y in points),
            sum(2 * (w * x + b - y) for x, y in points))


def _counted(loss_fn):
    """loss_fn (a check's own function) wrapped to count its calls: one wrapper per loss_fn,
    kept on it, so a train_step is given the same function each time a check passes the same
    loss_fn."""
    if not hasattr(loss_fn, "counted"):
        calls = []

        def counted():
            calls.append(1)
            return loss_fn()
        loss_fn.counted = (counted, calls)
    return loss_fn.counted


def _step(learner, params, loss_fn, lr, what):
    """Call the learner's train_step; return the loss number it gives."""
    train_step = need(learner, "train_step")
    counted, calls = _counted(loss_fn)
    calls.clear()
    try:
        got = attempt(what, train_step, params, counted, lr)
    except CheckFailed as failed:
        said, kind = _said(failed.__cause__), type(failed.__cause__)
        if kind is AttributeError and "has no attribute 'backward'" in said and \
                "'Value' object" not in said:
            raise CheckFailed(f"{str(failed).rstrip('.')}: that is loss_fn itself, the function, "
                              f"not the loss it builds. loss = loss_fn without parentheses only "
                              f"names it; call it, loss = loss_fn(), then loss.backward().") \
                from failed.__cause__
        if kind is TypeError and "counted() takes 0 positional arguments" in said:
            raise CheckFailed(f"`{what}` called loss_fn with an argument (loss_fn(params), say), "
                              f"but loss_fn takes none: it reads the parameters itself, as they "
                              f"are when it is called. Call it bare: loss = loss_fn().") \
                from failed.__cause__
        if kind is AttributeError and said.startswith(("'list' object has no attribute 'grad'",
                                                       "'list' object has no attribute 'data'",
                                                       "'tuple' object has no attribute 'grad'",
                                                       "'tuple' object has no attribute 'data'")):
            raise CheckFailed(f"{str(failed).rstrip('.')}: params is a list of Values, and a list "
                              f"has no .grad or .data of its own. Loop over it and set each "
                              f"parameter's: for p in params: p.grad = 0 (and p.data -= lr * "
                              f"p.grad in the update).") from failed.__cause__
        if kind is AttributeError and "object has no attribute 'zero_grad'" in said:
            raise CheckFailed(f"{str(failed).rstrip('.')}: zero_grad() is PyTorch's (its "
                              f"optimizers and modules have one); your Value has none. Zero each "
                              f"gradient yourself: for p in params: p.grad = 0.") \
                from failed.__cause__
        if kind is TypeError and "'NoneType'" in said and "+=" in said:
            raise CheckFailed(f"{str(failed).rstrip('.')}: a grad is None. backward() adds into "
                              f".grad (+=), and None cannot be added to: zero each parameter's "
                              f"grad with a number, p.grad = 0.") from failed.__cause__
        raise
    if not calls:
        raise CheckFailed(f"`{what}` never called loss_fn(): each step builds its loss afresh, "
                          f"loss = loss_fn(), from the parameters as they are now. A loss kept "
                          f"from an earlier step (in a global, say) is a graph of that step's "
                          f"numbers: its backward() gives old gradients, and its data is an old "
                          f"loss.")
    if got is None:
        raise CheckFailed(f"`{what}` returned None: a function that ends without `return` gives "
                          f"None. Return the loss's number, return loss.data, so a training "
                          f"loop can print it.")
    if type(got) is value_class(learner):
        raise CheckFailed(f"`{what}` returned the loss as a Value: return its number, "
                          "loss.data, so a training loop can print it.")
    return number(got, f"the loss `{what}` returns")


def _line_shown(points, lr):
    pts = ", ".join(f"({_f(x)}, {_f(y)})" for x, y in points)
    return f"the loss sum of (w*x + b - y)**2 over the points {pts}, lr = {_f(lr)}"


@check("one training step: zero, forward, backward, then each parameter moves downhill",
       "A step is four lines: zero the grads, loss = loss_fn(), loss.backward(), update.",
       "The gradient points uphill (the way the loss grows): move each parameter the other "
       "way, by lr times its gradient.",
       "for p in params: p.data -= lr * p.grad, after loss.backward(); return loss.data.")
def one_step(learner):
    rng = inputs("one step")
    points, w0, b0, lr = _line(rng)
    if _line_grads(w0, b0, points)[0] * _line_grads(w0, b0, points)[1] > 0:
        # One gradient of each sign, so a step that goes downhill for one sign only
        # (p.data -= lr * abs(p.grad)) is seen: the same line mirrored, x -> -x and w -> -w,
        # keeps every residual and flips w's gradient alone.
        points, w0 = [(-x, y) for x, y in points], -w0
    w, b = leaves_of(learner, [w0, b0])
    shown = f"w = {_f(w0)}, b = {_f(b0)} and {_line_shown(points, lr)}"
    seen = []  # (w.data, b.data) at each call of loss_fn
    built = []  # the losses loss_fn gave

    def loss_fn():
        seen.append((data_of(w, "w"), data_of(b, "b")))
        built.append(_line_loss(w, b, points))
        return built[-1]
    loss = _step(learner, [w, b], loss_fn, lr, "train_step([w, b], loss_fn, lr)")
    # Calling loss_fn() again (to print the loss, say) is no mistake; calling it with a
    # parameter moved a little, neither where it started nor where the step left it, is a
    # gradient measured by nudging.
    final = (data_of(w, "w"), data_of(b, "b"))
    nudged = [v for v in seen if not all(map(_same, v, (w0, b0)))
              and not all(map(_same, v, final))]
    if seen and seen[0] == (0.0, 0.0) and (w0, b0) != (0.0, 0.0):
        raise CheckFailed(f"train_step([w, b], loss_fn, lr) built the loss with w = 0 and b = 0, "
                          f"not with w = {_f(w0)} and b = {_f(b0)}: it set the parameters' "
                          f"numbers to 0 before the forward pass. Zero their gradients, "
                          f"p.grad = 0, and leave p.data as it is: the step starts from there.")
    if nudged and len(seen) > 1:
        raise CheckFailed(f"train_step([w, b], loss_fn, lr) called loss_fn() {len(seen)} times "
                          f"in one step, with w and b moved a little in between: it measures "
                          f"each gradient by nudging its parameter and building the loss again "
                          f"(a numerical gradient). That is how you check gradients, not how you "
                          f"train: one forward pass, loss = loss_fn(), then loss.backward() "
                          f"gives every parameter's exact gradient at once.")
    exact = _line_loss(w0, b0, points)
    if not _same(loss, exact) and any(loss == round(exact, k) for k in range(9)):
        raise CheckFailed(f"The loss train_step returns for {shown} is {loss!r}, the loss "
                          f"{exact!r} rounded: return loss.data as it is, and round only where "
                          f"you print it (as the Try it does, round(loss, 4)). A caller "
                          f"comparing losses step by step needs every digit.")
    close(loss, exact, f"The loss train_step returns for {shown}",
          why="Return the loss of this step's forward pass (loss.data), before the update.")
    stayed = [_same(data_of(leaf, name), start) for leaf, name, start in zip((w, b), "wb", (w0, b0))]
    for leaf, name, start, g in zip((w, b), "wb", (w0, b0), _line_grads(w0, b0, points)):
        moved = data_of(leaf, name)
        if _same(moved, start - lr * g, 1e-7):
            continue
        if _same(moved, start) and grad_of(leaf, name) == 0.0:
            if built and all(grad_of(v, "the loss") == 0.0 for v in built):
                raise CheckFailed(f"{name} stayed at {_f(start)} after one step on {shown}, and "
                                  f"its grad is 0, and so is the loss's own: backward() never "
                                  f"ran on the loss (it starts by setting loss.grad to 1). "
                                  f"loss.backward without parentheses only names the method: "
                                  f"call it, loss.backward(), between the forward pass and the "
                                  f"update.")
            raise CheckFailed(f"{name} stayed at {_f(start)} after one step on {shown}, and its "
                              f"grad is 0: its gradient {_f(g)} never reached the update. Zero "
                              f"the grads first, then build the loss, call loss.backward() on "
                              f"it, then update (zeroing between backward() and the update "
                              f"wipes the gradients out before they are used).")
        if _same(moved, start) and _same(grad_of(leaf, name), (1 - lr) * g, 1e-7):
            raise CheckFailed(f"{name}.data stayed at {_f(start)} after one step on {shown}, "
                              f"and {name}.grad went from {_f(g)} to {_f((1 - lr) * g)}: the "
                              f"update moved the gradient, not the parameter. Move the number: "
                              f"p.data -= lr * p.grad.")
        if _same(moved, start + lr * g) and g != 0:
            up = _line_loss(w0 + lr * (g if name == "w" else 0), b0 + lr * (g if name == "b" else 0),
                            points)
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, WITH its gradient "
                              f"{_f(g)} (start + lr * grad): that climbs, and the loss would go "
                              f"up from {_f(loss)} to {_f(up)}. Step against the gradient: "
                              f"p.data -= lr * p.grad.")
        if _same(moved, start) and _same(grad_of(leaf, name), g, 1e-7):
            late = _update_order(learner, points, w0, b0, lr, shown)
            if late:
                raise CheckFailed(f"{name}.data stayed at {_f(start)} after one step on "
                                  f"{shown}, though {name}.grad holds its gradient {_f(g)}. "
                                  f"{late}")
        if _same(moved, start) and _same(grad_of(leaf, name), g, 1e-7) and not all(stayed):
            raise CheckFailed(f"{name}.data stayed at {_f(start)} after one step on {shown}, "
                              f"though {name}.grad holds its gradient {_f(g)}, while another "
                              f"parameter moved: the update skipped {name}. Update EVERY "
                              f"parameter (range(len(params) - 1) stops one short): for p in "
                              f"params: p.data -= lr * p.grad.")
        if _same(moved, start) and _same(grad_of(leaf, name), g, 1e-7):
            raise CheckFailed(f"{name}.data stayed at {_f(start)} after one step on {shown}, "
                              f"though {name}.grad holds its gradient {_f(g)}: the update never "
                              f"reached the parameter. One of three things: `p -= lr * p.grad` "
                              f"(or p = p - ...) only makes a new Value and points the loop "
                              f"variable p at it, and the parameter keeps its number (change it "
                              f"in place: p.data -= lr * p.grad); or train_step returns before "
                              f"its update loop runs (a `return` above it: update first, then "
                              f"return loss.data); or the update uses grads read BEFORE "
                              f"loss.backward() ran, when they were 0 (read p.grad in the update "
                              f"itself, after backward()).")
        if _same(moved, start - g / lr) and g != 0:
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, by -grad / lr: "
                              f"dividing by a small learning rate makes the step huge. Multiply: "
                              f"p.data -= lr * p.grad, with lr = {_f(lr)}.")
        if _same(moved, start - g) and not _same(lr, 1.0):
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, a whole gradient "
                              f"({_f(g)}) at once: scale the step by the learning rate, "
                              f"p.data -= lr * p.grad, with lr = {_f(lr)}.")
        held = grad_of(leaf, name)
        if held != 0.0 and not _same(held, g, 1e-7) and _same(moved, start - lr * held, 1e-7):
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, by -lr * {_f(held)}, "
                              f"what {name}.grad holds after the step; but its gradient for "
                              f"{shown} is {_f(g)}. The update is right, the grad is not: "
                              f"backward() ran more than once in the step (each call adds on "
                              f"top of the last, and a second sweep hands on the grads the "
                              f"first left in inner nodes). Zero the grads, build the loss "
                              f"once, call loss.backward() once, then update.")
        sign = 1.0 if g > 0 else -1.0
        if g != 0 and not _same(abs(g), 1.0) and (_same(moved, start - lr)
                                                 or _same(moved, start - lr * sign)):
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, by exactly lr = "
                              f"{_f(lr)}, as if its gradient were {_f((start - moved) / lr)}; but "
                              f"its gradient for {shown} is {_f(g)}. The update used 1 (or -1) in "
                              f"place of {name}'s own gradient: the loss's grad (loss.grad, which "
                              f"backward() sets to 1), or only the gradient's sign. The size of "
                              f"the gradient sets the size of the step: p.data -= lr * p.grad, "
                              f"with each parameter's own p.grad.")
        if g != 0 and not _same(start, 1.0) and _same(moved, start - lr * g * start, 1e-7):
            raise CheckFailed(f"{name} moved from {_f(start)} to {_f(moved)}, by -lr * grad * "
                              f"{name}.data (-{_f(lr)} * {_f(g)} * {_f(start)}): the step is also "
                              f"scaled by the parameter's own number, so a parameter near 0 "
                              f"hardly moves and a negative one moves uphill. Step by the "
                              f"gradient alone: p.data -= lr * p.grad.")
        close(moved, start - lr * g, f"{name}.data after one step, for {shown}",
              why=f"Its gradient there is {_f(g)}: it should move by -lr * grad.")


def _update_order(learner, points, w0, b0, lr, shown):
    """Why the parameters stayed put although backward() filled their grads, if the update
    ran at the wrong time: '' otherwise. A probe step on fresh w and b that hold a grad of
    LEFT (as if left from a step before) and get a grad of MARK once the loss is built (in
    loss_fn, before the learner's backward()): an update that runs first moves w by
    -lr * LEFT, one between the forward pass and backward() moves it by -lr * MARK, and a
    right step by -lr * (MARK + gradient)."""
    left, mark = 0.75, -1.25
    w, b = leaves_of(learner, [w0, b0])
    for leaf, name in ((w, "w"), (b, "b")):
        attempt(f"setting {name}.grad", setattr, leaf, "grad", left)

    def loss_fn():
        loss = _line_loss(w, b, points)
        for leaf, name in ((w, "w"), (b, "b")):
            attempt(f"setting {name}.grad", setattr, leaf, "grad", mark)
        return loss
    _step(learner, [w, b], loss_fn, lr, "train_step([w, b], loss_fn, lr)")
    moved = data_of(w, "w")
    if _same(moved, w0 - lr * left, 1e-7):
        return ("Your train_step updates FIRST, with whatever p.grad holds when the step "
                "begins (0 at the very first step, later the gradient left from the step "
                "before), and only then zeroes, builds the loss and calls backward(): every "
                "step moves by the last step's gradient, one step late. Keep the order: zero "
                "the grads, loss = loss_fn(), loss.backward(), and only then update, "
                "p.data -= lr * p.grad.")
    if _same(moved, w0 - lr * mark, 1e-7):
        return ("Your train_step updates before loss.backward(): the grads were just zeroed, "
                "so the update moves nothing, and backward() fills them in too late. Keep the "
                "order: zero the grads, loss = loss_fn(), loss.backward(), and only then "
                "update, p.data -= lr * p.grad.")
    return ""


@check("each training step starts from zeroed gradients",
       "backward() only ever adds into a parameter's .grad. What is still in p.grad from the last step?",
       "Zero every parameter's grad in each step, before loss.backward(): "
       "for p in params: p.grad = 0.")
def zeroes_each_step(learner):
    rng = inputs("zeroes")
    points, w0, b0, lr = _line(rng)
    w, b = leaves_of(learner, [w0, b0])
    shown = _line_shown(points, lr)
    right, piled = [w0, b0], [w0, b0]  # float trajectories: zeroing each step, and not
    total = [0.0, 0.0]
    for k in (1, 2, 3):
        _step(learner, [w, b], lambda: _line_loss(w, b, points), lr,
              f"train_step([w, b], loss_fn, lr), step {k}")
        fresh, pile = _line_grads(right[0], right[1], points), _line_grads(piled[0], piled[1], points)
        before, start = total, right
        total = [t + g for t, g in zip(total, pile)]
        right = [p - lr * g for p, g in zip(right, fresh)]
        piled = [p - lr * t for p, t in zip(piled, total)]
        got = [data_of(w, "w"), data_of(b, "b")]
        if k > 1 and all(_same(x, y, 1e-7) for x, y in zip(got, piled)) \
                and not _same(piled[0], right[0], 1e-7):
            raise CheckFailed(
                f"After step {k} of train_step on {shown}, starting at w = {_f(w0)}, b = "
                f"{_f(b0)}, w is {_f(got[0])}, but it should be {_f(right[0])}. Step {k} moved w "
                f"by -lr * {_t(total[0])}, and {_f(total[0])} = {_f(before[0])} (left in w.grad "
                f"from the steps before) + {_t(pile[0])} (this step's gradient): the gradients "
                f"pile up, because backward() adds into .grad, so every step moves by the sum "
                f"of all gradients so far. Zero every p.grad in each step, before "
                f"loss.backward(), with an assignment, p.grad = 0 (p.grad == 0 only "
                f"compares).")
        if k > 1:
            for value, name, want, last in zip(got, "wb", right, previous):
                if not _same(value, want, 1e-7) and _same(value, want - lr * last, 1e-7):
                    raise CheckFailed(
                        f"After step {k} of train_step on {shown}, {name} is {_f(value)}, but "
                        f"it should be {_f(want)}: it moved by this step's gradient AND the "
                        f"{_f(last)} left in {name}.grad from step {k - 1}. {name}'s grad was "
                        f"not zeroed: zero EVERY parameter's grad in each step, before "
                        f"loss.backward(): for p in params: p.grad = 0.")
        previous = fresh
        for value, name, want, was, g in zip(got, "wb", right, start, fresh):
            moved, should = value - was, -lr * g
            why = ""
            if abs(should) > 1e-9 and not _same(value, want, 1e-7) and not _same(moved, 0.0) \
                    and moved * should > 0:
                why = (f"It moved by {_f(moved)}, {_f(moved / should)} times -lr * grad = "
                       f"{_f(should)} ({name}.grad is {_t(g)} there, lr = {_f(lr)}): the step "
                       f"has the right direction but the wrong size. Every call moves each "
                       f"parameter by exactly -lr * p.grad, the same rule each time (a step "
                       f"size that changes from call to call, through a counter or anything "
                       f"else kept between calls, or a scaled lr, does not).")
            close(value, want, f"{name}.data after step {k} on {shown}", why=why)
