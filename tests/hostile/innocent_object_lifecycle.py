__SOLUTION__

# A correct Value with the Python a curious learner reaches for while learning the object
# model, none of it an attack: a finalizer and a weakref callback that report collected
# nodes, an exit handler, a subclass registry (__init_subclass__), __slots__, a raised
# recursion limit for deep graphs, the garbage collector's own switches, a debugging helper
# that reads its caller's frame, a generator's frame, a traceback walked by hand, exec() of
# a function written as text, sys.excepthook and sys.unraisablehook set, a __repr__ guarded
# by reprlib against cycles, and stdout reconfigured for line buffering.
import atexit
import gc
import inspect
import reprlib
import sys
import weakref

collected = []


class Node(Value):
    registry = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Node.registry.append(cls.__name__)

    def __del__(self):
        collected.append("del")


class Leaf(Node):
    pass


class Slotted:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y


def where_am_i():
    caller = inspect.currentframe().f_back
    return caller.f_code.co_name, sys._getframe(1).f_lineno > 0


def tick():
    yield where_am_i()
    yield 2


atexit.register(print, "bye from atexit")
limit = sys.getrecursionlimit()
sys.setrecursionlimit(max(limit, 5000))
was = gc.isenabled()
gc.disable()
gc.enable()
leaf = Leaf(3.0)
probe = weakref.ref(leaf, lambda ref: collected.append("weakref"))
weakref.finalize(leaf, collected.append, "finalize")
del leaf
gc.collect()
steps = tick()
first = next(steps)
frame_name = steps.gi_frame.f_code.co_name if steps.gi_frame else None
try:
    1 / 0
except ZeroDivisionError as exc:
    tb, depth = exc.__traceback__, 0
    while tb is not None:
        depth += 1
        tb = tb.tb_next
namespace = {}
exec("def double(v):\n    return v * 2\n", {"__builtins__": __builtins__}, namespace)
old_hook, old_unraisable = sys.excepthook, sys.unraisablehook
sys.excepthook = lambda *info: old_hook(*info)
sys.unraisablehook = lambda info: old_unraisable(info)
try:
    sys.stdout.reconfigure(line_buffering=True)
    reconfigured = True
except (AttributeError, ValueError, OSError):
    reconfigured = "n/a"


class Shown:
    def __init__(self):
        self.me = [self]

    @reprlib.recursive_repr()
    def __repr__(self):
        return f"Shown({self.me!r})"


pair = Slotted(1, 2)
print("lifecycle:", sorted(set(collected)), Node.registry, pair.x + pair.y,
      sys.getrecursionlimit() >= 5000, was, gc.isenabled())
print("frames:", first, frame_name, depth, namespace["double"](Value(2.0)).data,
      repr(Shown()), reconfigured)
