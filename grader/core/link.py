"""A synchronous call between two interpreters that take turns on one channel.

Both sides use this: the checks' side asks the learner's side to do things to learner
objects ("call this", "add these"), and the learner's side may, while doing so, call back a
function of the checks (a check passes its own `f` to the learner's `nudge(f, x)`). Only one
side runs at a time, so a call is a stack discipline over two interpreters:

    request  {"q": id, "op": name, "a": [args...]}
    reply    {"r": id, "v": value}          or {"r": id, "x": {exception}}

`send(text)` and `receive(ms)` are the channel (host/channel.mjs): `receive` returns None when
its time is up. The checks' side gives every outermost request a time limit; when it passes,
or the other side breaks the protocol, the link is dead and every request raises `Stopped`.
When the time is up and the channel can `interrupt` the other side, the learner's code is
first asked to stop where it is (a KeyboardInterrupt there): its reply names the line it was
stuck on, which the report passes on (`Stopped.learner_error`). Its GRACE to reply starts once
its interpreter has taken the interrupt (`taken()`), not when it was asked: on a loaded machine
the learner's thread may not run for a while, and a file stopped in a plain loop was reported
without its line (CI, a 2-core machine running the suite).
"""

from __future__ import annotations

import time

from .wire import Codec, WireError

NESTING = 100  # calls in flight between the two sides at once (a recursion through both)
# seconds an interrupted learner gets to say where it was, once it took the interrupt: 1 s was
# missed now and then in CI (a plain loop reported without its line) on the two loaded cores
GRACE = 2.0
TAKE = 4.0     # seconds its interpreter may take to take it at all (one long C call never does)
SLICE = 0.05   # seconds between looks at whether it has
CHANNEL_LIMIT = "4 MiB"  # what one message may hold (host/channel.mjs, CAPACITY)
_clock = time.monotonic


class Stopped(KeyboardInterrupt):
    """The learner's side ran past its time limit or broke the link: nothing more is asked of
    it. A KeyboardInterrupt, so a check stops as it does on the page's Stop."""

    def __init__(self, reason: str, seconds: float = 0.0):
        super().__init__(reason)
        self.reason = reason
        self.seconds = seconds
        self.learner_error: BaseException | None = None  # how the interrupted code stopped
        self.at = _clock()                                 # when it was stopped


class TooLarge(ValueError):
    """A request of the checks' side that the channel cannot carry; nothing was sent."""

    def __init__(self, size: int):
        super().__init__(f"a message of {size:,} characters, as the grader writes it, is more "
                         f"than the {CHANNEL_LIMIT} the channel to your code's interpreter holds")
        self.size = size


class Link:
    def __init__(self, send, receive, codec: Codec, serve, pack_error, unpack_error,
                 call_seconds: float | None = None, deadline: float | None = None,
                 interrupt=None, taken=None):
        self.send, self.receive = send, receive
        self.interrupt = interrupt       # interrupt(): stop the other side's code (or None)
        self.taken = taken               # taken(): whether its interpreter has taken the interrupt
        self.codec = codec
        self.serve = serve               # serve(op, args) -> value: the requests we answer
        self.pack_error = pack_error     # our exception -> plain data
        self.unpack_error = unpack_error  # their exception data -> an exception to raise
        self.call_seconds = call_seconds  # None: wait for ever (the learner's side)
        self.deadline = deadline          # the whole job's end, on the checks' side
        self.next_id = 0
        self.depth = 0
        self.call_deadline = None
        self.started = 0.0
        self.dead: Stopped | None = None
        self.calls = 0                    # requests made (a benchmark figure)
        self.fell_back = None  # (handle, name, error) of a read whose __getattr__ step is done
        # The exceptions our served calls raised since the outermost request began: the only
        # ones of ours the other side may give back as ours (`raised_here`).
        self.raised: list = []

    def request(self, op: str, *args):
        if self.dead is not None:
            raise self.dead
        if self.depth >= NESTING:
            raise RecursionError("calls between your code and the checks nested too deeply")
        self.next_id += 1
        me = self.next_id
        self.calls += 1
        outermost = self.depth == 0
        if outermost and self.raised:
            self.raised = []
        if outermost and self.call_seconds is not None:
            end = _clock() + self.call_seconds
            self.call_deadline = end if self.deadline is None else min(end, self.deadline)
            self.started = _clock()
        message = self.codec.write({"q": me, "op": op, "a": self.codec.encode(list(args))})
        self.depth += 1
        try:
            self._send(message)
            while True:
                data = self._receive()
                if "r" in data:
                    if data["r"] != me:
                        self._break("a reply to a call that was not made")
                    if "x" in data:
                        raise self.unpack_error(self._decode(data["x"]))
                    return self._decode(data.get("v"))
                self._answer(data)
        finally:
            self.depth -= 1

    def raised_here(self, exc) -> bool:
        """Whether `exc`, one of our exceptions the other side gives back, was raised by a call
        it made of ours during the outermost request now being answered. One kept from an
        earlier request and raised again belongs to that request alone: given back later, it
        is the other side's own error of its name (the same words, never ours to believe:
        a check's failure, stashed and raised in a later check, read as that check's own)."""
        return any(mine is exc for mine in self.raised)

    def many(self, requests: list) -> tuple[list, BaseException | None]:
        """Requests [(op, *args), ...] in one round trip: the other side does them in order,
        exactly as one request after another would, and stops at the first that raises.
        (what each returned, up to that one; its exception, or None). Only for requests a
        caller would make in this order whatever they return: nothing is done ahead of a
        request the caller might then not make."""
        reply = self.request("many", [[op, list(args)] for op, *args in requests])
        if type(reply) is not list or len(reply) != 2 or type(reply[0]) is not list \
                or len(reply[0]) > len(requests):
            raise TypeError("the learner's side answered several requests with something else")
        values, error = reply
        if error is None:
            if len(values) != len(requests):
                raise TypeError("the learner's side answered fewer requests than were made")
            return values, None
        return values, self.unpack_error(error)

    def serve_until(self, finished) -> None:
        """The learner's side: answer requests until `finished()` says the job is over."""
        while not finished():
            data = self._receive()
            if "q" not in data:
                self._break("a reply where a request was due")
            self._answer(data)

    # -- the rest is the protocol itself -----------------------------------------------
    def _answer(self, data: dict) -> None:
        ident, op, args = data.get("q"), data.get("op"), data.get("a")
        if type(ident) is not int or type(op) is not str or type(args) is not list:
            self._break("a request that is not one")
        try:
            value = self.serve(op, self._decode(args))
            reply = self.codec.write({"r": ident, "v": self.codec.encode(value)})
        except Stopped:
            raise
        except BaseException as exc:  # anything a served call raises goes back as data
            self.raised.append(exc)
            reply = self.codec.write({"r": ident, "x": self.codec.encode(self.pack_error(exc))})
        try:
            self.send(reply)
        except Exception as exc:  # the channel refuses a message larger than it holds
            if self.call_seconds is not None:
                self._break(f"a message the channel could not carry ({str(exc)[:100]})")
            # The learner's side: its answer goes back as an error that says which limit,
            # where the interpreter used to end and the report blamed it in general terms.
            too_large = ValueError(
                f"the value your code gave back is {len(reply):,} characters as the grader "
                f"writes it, more than the {CHANNEL_LIMIT} a message between your code and "
                "the checks may hold")
            self._send(self.codec.write({"r": ident,
                                         "x": self.codec.encode(self.pack_error(too_large))}))

    def _decode(self, data):
        try:
            return self.codec.decode(data)
        except WireError as exc:
            self._break(str(exc))

    def _send(self, text: str) -> None:
        try:
            self.send(text)
        except Exception:  # the channel refuses a message larger than it holds
            if self.call_seconds is None:
                raise
            # Nothing was sent (the turn stays ours), so the link is whole: the request fails
            # and says why. Breaking it blamed the learner for a message of the checks' own:
            # a 900 KB file of control characters, each six characters as JSON writes it, was
            # "trying to reach the grading machine" before its first line ran.
            raise TooLarge(len(text)) from None

    def _receive(self) -> dict:
        if self.call_seconds is None:
            text = self.receive(-1)
        else:
            left = self.call_deadline - _clock()
            # at or past the limit, still one look: a reply that came while this side was held
            # up is the learner's answer in time
            text = self.receive(max(0.0, left) * 1000)
            if text is None:
                self.dead = Stopped("time", _clock() - self.started)
                self.dead.learner_error = self._interrupted()
                raise self.dead
        if text == "":  # the host closed the channel: the other interpreter has ended
            self._break("gone")
        if type(text) is not str:
            self._break("no message")
        try:
            data = self.codec.loads(text)
        except WireError as exc:
            self._break(str(exc))
        if type(data) is not dict:
            self._break("a message that is not one")
        if "gone" in data:  # the other side's last word: it cannot go on
            if data["gone"] == "deep":  # the channel's word for a message nested too deeply
                self._break("a message nested deeper than any value")
            # "stack": the learner's worker, as its interpreter ran out of stack (worker.mjs)
            self._break(data["gone"] if data["gone"] in ("changed", "stack") else "gone")
        return data

    def _interrupted(self) -> BaseException | None:
        """Stop the learner's code where it is; the error its reply carries (a
        KeyboardInterrupt naming its line), or None if it gives none within GRACE of taking the
        interrupt (code that catches it keeps running, and the host ends it with its
        interpreter), or does not take it within TAKE (one long C call, where Pyodide never
        looks). GRACE counts from the first look that finds it taken: time the learner's thread
        waited for a core before that is not held against it."""
        if self.interrupt is None:
            return None
        try:
            self.interrupt()
            asked = _clock()
            took = asked if self.taken is None else None
            while True:
                text = self.receive(SLICE * 1000)
                if text is not None:
                    break
                now = _clock()
                if took is None and self.taken():
                    took = now
                if now >= (asked + TAKE if took is None else took + GRACE):
                    # one last look: a reply that came while this side itself was held up (its
                    # thread waiting for a core, a collection) between two looks is not lost
                    text = self.receive(0)
                    if text is None:
                        return None
                    break
            data = self.codec.loads(text) if type(text) is str and text else None
            if type(data) is dict and "r" in data and "x" in data:
                return self.unpack_error(self.codec.decode(data["x"]))
        except Exception:
            pass
        return None

    def _break(self, why: str):
        self.dead = Stopped("broken: " + why)
        raise self.dead
