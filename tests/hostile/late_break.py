# A correct Value that passes the first checks honestly, then, at its 300th Value, writes a
# malformed reply straight onto the channel (its side's link, reached through frames). The
# checks' side breaks the link and the file is disqualified: the checks it passed before
# must count for nothing, as for an attempt the seal sees (once they kept their points).
import sys
import time

__SOLUTION__

_made = [0]
_plain_init = Value.__init__


def _counting_init(self, *args, **kwargs):
    _made[0] += 1
    if _made[0] == 300:
        frame = sys._getframe(1)
        while frame is not None and not ("ident" in frame.f_locals
                                         and hasattr(frame.f_locals.get("self"), "send")):
            frame = frame.f_back
        if frame is not None:
            frame.f_locals["self"].send('{"r":%d,"v":{"bogus":1}}' % frame.f_locals["ident"])
            while True:
                time.sleep(1)
    _plain_init(self, *args, **kwargs)


Value.__init__ = _counting_init
