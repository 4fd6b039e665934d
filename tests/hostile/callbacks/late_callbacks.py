__SOLUTION__


# Late calls: every function the checks give this file is kept, and called again long after
# its check has ended, from places Python chooses the moment of: a Value's __del__, weakref
# finalizers, and the garbage collector's callbacks, in the middle of later checks' requests.
# Each late call runs the old check's function in the checks' interpreter (it may read and
# build Values there), and changes no verdict: the file's answers are the solution's, so it
# passes every check, and counts its late calls to show that they happened.
import gc
import weakref

_kept = []
_late = [0]
_plain_step = train_step


def train_step(params, loss_fn, lr):
    print("late calls so far:", _late[0])
    _kept.append(loss_fn)
    return _plain_step(params, loss_fn, lr)


def _call_kept(*_):
    if _kept and _late[0] < 40:
        _late[0] += 1
        try:
            _kept[_late[0] % len(_kept)]()
        except Exception:
            pass


Value.__del__ = lambda self: _call_kept()
gc.callbacks.append(lambda phase, info: _call_kept() if phase == "stop" else None)
_plain_init = Value.__init__


def _init(self, *args, **kwargs):
    _plain_init(self, *args, **kwargs)
    weakref.finalize(self, _call_kept)


Value.__init__ = _init

