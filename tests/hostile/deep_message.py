# Answers the first attribute the checks read with 2 MB of "[" written straight onto the
# channel (its side's link is reached through frames, which is allowed: that side is its
# own). json's C scanner reads arrays by recursion, and some 20 000 levels down, V8's stack
# overflowed before Python's recursion check: the checks' interpreter suffered a fatal error
# ("Maximum call stack size exceeded"), and the report blamed the learner's interpreter. The
# checks' side now refuses a message nested past any value before it reads it.
import sys
import time


class Value:
    def __init__(self, data, *args, **kwargs):
        self.data = data

    @property
    def grad(self):
        frame = sys._getframe(1)
        while frame is not None and not ("ident" in frame.f_locals
                                         and hasattr(frame.f_locals.get("self"), "send")):
            frame = frame.f_back
        link, ident = frame.f_locals["self"], frame.f_locals["ident"]
        link.send('{"r":%d,"v":%s}' % (ident, "[" * 2_000_000))
        while True:
            time.sleep(1)
