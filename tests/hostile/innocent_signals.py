__SOLUTION__

# Innocent: a learner's own timeout helper, which falls back to calling the function when this
# Python has no alarm for it (Pyodide has no signal.alarm; under --runtime python SIGALRM is
# the grader's time limit), its own Ctrl-C handler, and the signal module's help (in Pyodide,
# Python 3.14's inspect.signature evals there with the builtins' dict as globals).
import inspect
import pydoc
import signal


def with_timeout(fn, seconds):
    def on_alarm(signum, frame):
        raise TimeoutError(f"took more than {seconds} s")

    try:
        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.alarm(seconds)
    except (AttributeError, ValueError, OSError):
        return fn()  # no alarm here: run it plainly
    try:
        return fn()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def train():
    x = Value(2.0)
    y = x * x + x
    y.backward()
    return x.grad


def on_interrupt(signum, frame):
    raise KeyboardInterrupt


before = signal.signal(signal.SIGINT, on_interrupt)
signal.signal(signal.SIGINT, before)
mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
text = pydoc.render_doc(signal, renderer=pydoc.plaintext)  # help(signal), as text
try:
    about = str(inspect.signature(signal.alarm))
except (AttributeError, ValueError, TypeError):
    about = "?"
print("signals:", with_timeout(train, 5), "pthread_sigmask" in text, type(mask).__name__,
      callable(signal.getsignal(signal.SIGINT)))
