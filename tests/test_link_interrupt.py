"""The checks' side of the link at its time limit: how long the learner's interpreter gets to
say where it was stopped (link.py, GRACE and TAKE).

Played on a clock of the test's own, so the learner's thread can be made to wait for a core
as long as a loaded machine made it: in CI, a file stopped in a plain loop was once reported
without its line, because its reply missed a 1 s grace that started when the interrupt was
asked for, not when the learner's interpreter could first take it.
"""

from __future__ import annotations

import pytest

from grader.core import link as link_module
from grader.core.link import GRACE, SLICE, TAKE, Link, Stopped
from grader.core.wire import Codec


class Learner:
    """A learner's side in a plain loop: it takes the interrupt `takes` seconds after it is
    asked (None: never, as in one long C call) and replies `replies` seconds after that
    (None: never, as code that catches the interrupt and loops on)."""

    def __init__(self, monkeypatch, takes, replies, can_tell=True, held_up=0.0):
        self.held_up = held_up  # the checks' side's own stall, once, after a look finds nothing
        self.now = 0.0
        monkeypatch.setattr(link_module, "_clock", lambda: self.now)
        self.takes, self.replies = takes, replies
        self.asked = None
        self.request_id = None
        codec = Codec(lambda ref, info, codec: None)
        self.link = Link(self.send, self.receive, codec, None, None,
                         lambda info: KeyboardInterrupt(info["line"]), call_seconds=2.0,
                         interrupt=self.interrupt, taken=self.taken if can_tell else None)

    def send(self, text):
        self.request_id = self.link.codec.loads(text)["q"]

    def interrupt(self):
        self.asked = self.now

    def taken(self):
        self.seen_taken = self.takes is not None and self.now >= self.asked + self.takes
        return self.seen_taken

    def receive(self, ms):
        ends = self.now + ms / 1000
        if self.asked is not None and None not in (self.takes, self.replies):
            replied = self.asked + self.takes + self.replies
            if replied <= ends:
                self.now = max(self.now, replied)
                return self.link.codec.write({"r": self.request_id, "x": self.link.codec.encode({"line": 3})})
        self.now = ends
        if self.held_up and getattr(self, "seen_taken", False):
            self.now += self.held_up  # the checks' thread waits for a core; the reply comes
            self.held_up = 0.0
        return None

    def stop(self) -> Stopped:
        with pytest.raises(Stopped) as stopped:
            self.link.request("call")
        return stopped.value


def test_a_learner_that_waits_for_a_core_still_names_its_line(monkeypatch):
    # Its thread ran again 1.5 s after the interrupt, and replied in a millisecond.
    learner = Learner(monkeypatch, takes=1.5, replies=0.001)
    stop = learner.stop()
    assert isinstance(stop.learner_error, KeyboardInterrupt) and stop.learner_error.args == (3,)


def test_a_reply_that_came_while_the_checks_side_was_held_up_is_not_lost(monkeypatch):
    # The learner replied 0.2 s after taking the interrupt, while the checks' own thread was
    # held up for 1.5 s just after a look that found nothing: the time was up at its next
    # look, and the reply waiting there was dropped (a stop read without its line, in CI).
    learner = Learner(monkeypatch, takes=0.1, replies=0.2, held_up=1.5)
    stop = learner.stop()
    assert isinstance(stop.learner_error, KeyboardInterrupt) and stop.learner_error.args == (3,)


def test_code_that_catches_the_interrupt_gets_grace_from_when_it_took_it(monkeypatch):
    learner = Learner(monkeypatch, takes=0.2, replies=None)
    stop = learner.stop()
    assert stop.learner_error is None
    assert 0.2 + GRACE <= learner.now - learner.asked <= 0.2 + GRACE + 2 * SLICE


def test_code_that_never_takes_the_interrupt_is_given_up_on_after_take(monkeypatch):
    learner = Learner(monkeypatch, takes=None, replies=None)
    stop = learner.stop()
    assert stop.learner_error is None
    assert TAKE <= learner.now - learner.asked <= TAKE + 2 * SLICE


def test_a_channel_that_cannot_tell_gives_grace_from_the_ask(monkeypatch):
    learner = Learner(monkeypatch, takes=0.5, replies=None, can_tell=False)
    assert learner.stop().learner_error is None
    assert GRACE <= learner.now - learner.asked <= GRACE + 2 * SLICE
