__SOLUTION__

# Hostile (the checks' inputs): a correct file that rewrites every Python-level method of
# random.Random (uniform, random, choice, gauss, ...) for every generator but its own module's,
# so that any generator the CHECKS draw their inputs from would run this file's code. The
# stand-ins still give the real draw here (so the verdict shows nothing) and say, once, on
# stdout, that they were reached. In Pyodide the checks draw in an interpreter of their own and
# the stand-ins are never reached. Under --runtime python (no guarantees, README) the checks
# share this interpreter and draw through them: the file could choose the checks' inputs.
import random

DRAWN = "a draw of the checks ran this file's code"
_told = []


def _stand_in(real):
    def draw(self, *args, **kwargs):
        if self is not random._inst and not _told:
            _told.append(True)
            print(DRAWN)
        return real(self, *args, **kwargs)
    return draw


for _name, _real in list(vars(random.Random).items()):
    if callable(_real) and not _name.startswith("__") and _name not in ("seed", "getstate",
                                                                         "setstate"):
        setattr(random.Random, _name, _stand_in(_real))
