# Innocent: a correct file that times its own backward() with the standard library's
# profilers, cProfile (a sys.monitoring callback) and profile (sys.setprofile), as a learner
# making the sort "once, however many paths" fast might. A profiler sees only what frames show,
# which a file may read anyway; both were refused once, and the file failed as an attack.
import cProfile
import io
import profile
import pstats

__SOLUTION__


def _deep():
    x = Value(0.5)
    node = x
    for _ in range(20):
        node = node * 0.5 + node * 0.5
    node.backward()
    return x.grad


timed = cProfile.Profile()
timed.enable()
first = _deep()
timed.disable()
shown = io.StringIO()
pstats.Stats(timed, stream=shown).sort_stats("cumulative").print_stats(3)
slow = profile.Profile()
second = slow.runcall(_deep)
print("profiled:", first, second, "function calls" in shown.getvalue())
