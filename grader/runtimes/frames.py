"""Find a framed result ("\n<token> <json>\n") in a stream a submission may also write to.

Learner code can write anything to the same stream, but it does not know the token, so the
only line accepted is the one that starts with it. Memory stays bounded whatever is written.
"""

from __future__ import annotations

import json

KEEP = 1 << 20  # bytes kept while looking for the token


class FrameReader:
    def __init__(self, token: str):
        self.marker = ("\n" + token + " ").encode()
        self.buffer = b""
        self.seen = 0  # bytes written to the stream in all

    def feed(self, chunk: bytes) -> dict | None:
        """Add bytes; return the framed JSON once a whole framed line has arrived."""
        self.seen += len(chunk)
        self.buffer += chunk
        start = self.buffer.find(self.marker)
        if start < 0:
            # Keep just enough of the tail to catch a marker split across chunks.
            self.buffer = self.buffer[-len(self.marker):] if len(self.buffer) > KEEP else self.buffer
            return None
        end = self.buffer.find(b"\n", start + len(self.marker))
        if end < 0:
            self.buffer = self.buffer[start:]
            return None
        line = self.buffer[start + len(self.marker):end]
        self.buffer = self.buffer[end + 1:]
        try:
            value = json.loads(line)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None
