"""Find a framed result ("\n<token> <json>\n") in a stream a submission may also write to.

Learner code can write anything to the same stream, but it does not know the token, so the
only line accepted is the one that starts with it. The reader is linear: each byte is
searched once (a search resumes where the last one stopped), and bounded: it holds at most
`limit` bytes of one frame, and says `overflowed` once a stream has sent more than that
without a frame ending, so the caller fails the file instead of reading on for ever.
"""

from __future__ import annotations

import json

KEEP = 1 << 20      # bytes kept while looking for the token
LIMIT = 8 << 20     # bytes of one framed line (a report is capped at 4 MiB in the host)


class FrameReader:
    def __init__(self, token: str, limit: int = LIMIT):
        self.marker = ("\n" + token + " ").encode()
        self.limit = limit
        self.buffer = bytearray()
        self.searched = 0      # bytes of `buffer` already searched for the marker
        self.start = -1        # where the marker starts in `buffer`, once found
        self.seen = 0          # bytes written to the stream in all
        self.overflowed = False

    def feed(self, chunk: bytes) -> dict | None:
        """Add bytes; return the framed JSON once a whole framed line has arrived."""
        self.seen += len(chunk)
        self.buffer += chunk
        if self.start < 0:
            at = self.buffer.find(self.marker, max(0, self.searched - len(self.marker)))
            if at < 0:
                self.searched = len(self.buffer)
                if len(self.buffer) > KEEP:  # keep just enough to catch a split marker
                    del self.buffer[:-len(self.marker)]
                    self.searched = len(self.buffer)
                return None
            del self.buffer[:at]
            self.start, self.searched = 0, len(self.marker)
        end = self.buffer.find(b"\n", self.searched)
        if end < 0:
            self.searched = len(self.buffer)
            if len(self.buffer) > self.limit:
                self.overflowed = True
                self.buffer.clear()
                self.start, self.searched = -1, 0
            return None
        line = bytes(self.buffer[len(self.marker):end])
        del self.buffer[:end + 1]
        self.start, self.searched = -1, 0
        try:
            value = json.loads(line)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None
