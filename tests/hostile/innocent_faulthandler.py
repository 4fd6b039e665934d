# Innocent: turns faulthandler on, as tutorials on crashes teach (in IDLE or a notebook,
# where standard error has no descriptor, Python accepts it too), then is a correct lab 5.
import faulthandler
import sys

faulthandler.enable()
assert faulthandler.is_enabled()
faulthandler.enable(file=sys.stderr, all_threads=False)
faulthandler.disable()
assert not faulthandler.is_enabled()
faulthandler.enable()
print("faulthandler on:", faulthandler.is_enabled())
faulthandler.dump_traceback_later(60)  # a watchdog for hangs, as CI scripts set
faulthandler.cancel_dump_traceback_later()


def where_am_i():
    faulthandler.dump_traceback(file=sys.stdout, all_threads=False)


where_am_i()

__SOLUTION__
