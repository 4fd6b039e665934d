__SOLUTION__

# Bugs a learner leaves in code that runs on its own, none of them in an answer: a __del__
# that raises (its __init__ failed halfway), a weakref callback that raises, a __del__ that
# prints long after, a finalizer kept for exit, and an exit handler that raises.
import atexit
import gc
import weakref


class Tracked(Value):
    def __init__(self, data, fail=False):
        if fail:
            raise ValueError("no data")
        super().__init__(data)
        self.name = "tracked"

    def __del__(self):
        print("freed", self.name)  # AttributeError when __init__ failed


try:
    Tracked(1.0, fail=True)
except ValueError:
    pass
gc.collect()
node = Tracked(2.0)
watch = weakref.ref(node, lambda ref: 1 / 0)
del node
gc.collect()
kept = [Tracked(float(i)) for i in range(200)]  # freed whenever the interpreter gets to them
weakref.finalize(kept[0], print, "finalized at exit")
atexit.register(lambda: 1 / 0)
print("finalizers done")
