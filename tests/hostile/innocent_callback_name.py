__SOLUTION__


# Innocent: a correct train_step that logs the name of the loss function it is given. In
# Pyodide that function is the checks', called back across the wall, and reading its
# __name__ raised AttributeError ('Callback' object has no attribute '__name__').
_step = train_step


def train_step(params, loss_fn, lr):
    print("training with", loss_fn.__name__)
    return _step(params, loss_fn, lr)
