# A correct engine that changes a builtin, which disqualifies a file, then keeps its
# interpreter from giving its last word after the checks: it finds the agent that answers for
# it on its own stack and swaps the stream the agent reads its output from for one that ends
# the interpreter (LAST_WORD = "exit") or never returns ("hang"). Every check passed before
# that, and the report kept them: passed false, yet 18 of 18, a full score in Gradescope's and
# PrairieLearn's results, for a file changing builtins scores 0.
import builtins
import os
import sys
import time

__SOLUTION__

LAST_WORD = "__LAST_WORD__"
_abs = builtins.abs
builtins.abs = lambda x: _abs(x)


class _Silent:
    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def value(self):
        if LAST_WORD == "exit":
            os._exit(0)
        time.sleep(1000)


frame = sys._getframe()
while frame is not None:
    agent = frame.f_locals.get("self")
    if type(agent).__name__ == "Agent":
        agent.out = _Silent(agent.out)
        print("silenced")
    frame = frame.f_back
