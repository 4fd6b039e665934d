# A correct file that silences the seal's alarm before it uses a door: the function that
# refuses is reachable from the replaced sys.settrace, and its alarm was a closure cell, which
# a file may set. It called gc.get_objects(), was refused with no alarm, cleared the list of
# attempts and passed. The alarm is a default argument now, and defaults cannot be changed.
import gc
import sys

__SOLUTION__

quiet = lambda what: None
settrace = sys.settrace
held = [c.cell_contents for c in (settrace.__closure__ or ())] + list(settrace.__defaults__ or ())
refuse = next(v for v in held if getattr(v, "__name__", "") == "refuse")
attempts = None
for cell in refuse.__closure__ or ():
    if type(cell.cell_contents) is list:
        attempts = cell.cell_contents
    elif callable(cell.cell_contents):
        cell.cell_contents = quiet
if refuse.__defaults__:
    attempts = next(d for d in refuse.__defaults__ if type(d) is list)
    try:
        refuse.__defaults__ = tuple(quiet if type(d).__name__ == "JsProxy" else d
                                    for d in refuse.__defaults__)
    except PermissionError as exc:
        print("refused:", exc)
try:
    gc.get_objects()
except PermissionError as exc:
    print("refused:", exc)
attempts.clear()
