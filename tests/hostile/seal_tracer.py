# A correct file that sets a line tracer through the seal's own way of taking one away: the
# replaced sys.settrace let the event through while a flag of its closure said it was
# clearing, and held the real settrace. The file set the flag, called the real settrace with
# a tracer, and was not refused. The hook now lets the event through only from that
# function's code, which only ever passes None.
import sys

__SOLUTION__

settrace = sys.settrace
held = [c for c in (settrace.__closure__ or ())]
for cell in held:
    if type(cell.cell_contents) is list:
        cell.cell_contents[0] = True
real = next(v for v in [c.cell_contents for c in held] + list(settrace.__defaults__ or ())
            if getattr(v, "__name__", "") == "settrace" and v is not settrace)
lines = []
try:
    real(lambda frame, event, arg: lines.append(event))
    print("tracing:", bool(lines) or "set")
except PermissionError as exc:
    print("refused:", exc)
real(None) if False else None
