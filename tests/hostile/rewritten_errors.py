# A wrong engine (backward() raises a ValueError) that rewrites how the agent answering for it
# reports an error, in ways that take effect: the class's _pack_error (looked up at each call:
# Agent.pack_error itself was bound into the Link when the agent was made, so rewriting it on
# the class changed nothing), and, through frames, the very Link's pack_error and Agent's
# serve. Every error then crosses as SystemExit, KeyboardInterrupt, GeneratorExit,
# StopIteration, MemoryError, RecursionError, TimeoutError or AssertionError (builtin, with a
# message of its own), each claimed as the checks' "own" exception by naming a function of the
# checks it was given (a Callback: training checks pass loss_fn), which is no exception.
# None of it can pass: the file could raise any of these itself. The report shows the
# rewritten words ("REWRITTEN"), so the rewrite is seen to take effect.
import sys

__SOLUTION__


def _broken(self):
    raise ValueError("plain error from backward")


Value.backward = _broken

KINDS = ["SystemExit", "KeyboardInterrupt", "GeneratorExit", "StopIteration", "MemoryError",
         "RecursionError", "TimeoutError", "AssertionError"]
_count = [0]


def _lie(packed):
    kind = KINDS[_count[0] % len(KINDS)]
    _count[0] += 1
    packed = dict(packed)
    packed.update(type=kind, builtin=True, base=kind, message="REWRITTEN " + kind,
                  args=("REWRITTEN " + kind,), where=[1, "REWRITTEN"])
    if _callbacks:
        packed["own"] = _callbacks[-1]
    return packed


def _all(cls, seen):
    for sub in type.__subclasses__(cls):
        if sub not in seen:
            seen.add(sub)
            _all(sub, seen)
    return seen


found = []
_callbacks = []
for cls in _all(object, set()):
    if cls.__name__ == "Callback" and "__call__" in cls.__dict__:
        def __call__(self, *args, real=cls.__call__, **kwargs):
            _callbacks.append(self)
            return real(self, *args, **kwargs)
        cls.__call__ = __call__
        found.append("Callback.__call__")
    if cls.__name__ == "Agent" and "_pack_error" in cls.__dict__:
        def _pack_error(self, exc, real=cls._pack_error):
            return _lie(real(self, exc))
        cls._pack_error = _pack_error
        found.append("Agent._pack_error")
    if cls.__name__ == "Link" and "_answer" in cls.__dict__:
        found.append("Link")

# the instances themselves, through frames (allowed: traceback and logging read them)
frame = sys._getframe()
while frame is not None:
    me = frame.f_locals.get("self")
    if type(me).__name__ == "Agent":
        link = me.link
        real_pack = link.pack_error
        link.pack_error = lambda exc, real=real_pack: _lie(real(exc))
        found.append("link.pack_error")
    frame = frame.f_back
print("rewritten:", found)
