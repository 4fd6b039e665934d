# A wrong engine (backward() raises) that reaches its agent through frames and rewrites how
# errors cross: a 3 MB message and args, a type named by a million characters, a message of
# 100 000 newlines, args nested 5000 deep, a "Did you mean" of a million characters, a line
# number of 10**30, control characters and a CI runner's command words. The checks' side cuts
# each to what it shows (a few hundred characters): the report stays small, the checks after
# it run, and the next file is graded as if this one never was.
import sys
__SOLUTION__


def _broken(self):
    raise ValueError("plain error from backward")


Value.backward = _broken
_n = [0]


def _nest(depth):
    v = "deep"
    for _ in range(depth):
        v = (v,)
    return v


def _lie(packed):
    _n[0] += 1
    packed = dict(packed)
    k = _n[0] % 4
    if k == 0:
        packed.update(message="M" * 3_000_000, type="ValueError", builtin=True, args=("A" * 3_000_000,))
    elif k == 1:
        packed.update(type="T" * 1_000_000, builtin=False, base="ValueError", message="\n" * 100000 + "x")
    elif k == 2:
        packed.update(args=_nest(5000), message="nested", suggested="S" * 1_000_000,
                      where=[10 ** 30, "W" * 1_000_000])
    else:
        packed.update(message="{0} %s \x1b[31m ::error::bad \r\x00", type="KeyError", builtin=True,
                      args=({"k": [1] * 100000},))
    return packed


frame = sys._getframe()
while frame is not None:
    me = frame.f_locals.get("self")
    if type(me).__name__ == "Agent":
        me.link.pack_error = lambda exc, real=me.link.pack_error: _lie(real(exc))
        type(me)._pack_error = lambda self, exc, real=type(me)._pack_error: _lie(real(self, exc))
        print("rewritten")
        break
    frame = frame.f_back
