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

__SOLUTION__
