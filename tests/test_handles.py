"""The handle layer (grader/core/wire, link, handles, agent) between two sides, in CPython.

The learner's side runs in a thread answering over a pair of queues, the same protocol the
two Pyodide workers speak over their channel (host/channel.mjs), unsealed (sealing would
install audit hooks in this test process). Real Pyodide runs it in tests/test_hostile_split.py
and every `course check`.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading

import pytest

from grader.core import agent as agent_module
from grader.core import split
from grader.core.handles import Handles, Remote, rebuild_error
from grader.core.link import Link, Stopped
from grader.core.wire import Codec


class _Guard:
    attempts: list = []

    def intact(self):
        return True

    def compiling(self):
        return contextlib.nullcontext()



def _pipe(inbox: queue.Queue, outbox: queue.Queue):
    def send(text):
        outbox.put(text)

    def receive(ms):
        try:
            return inbox.get(timeout=None if ms < 0 else ms / 1000)
        except queue.Empty:
            return None
    return send, receive


def _learner(to_learner, to_checks):
    side = agent_module.Agent(*_pipe(to_learner, to_checks))
    side.guard, side.out, side.err = _Guard(), agent_module.CappedText(), agent_module.CappedText()
    threading.Thread(target=lambda: side.link.serve_until(lambda: side.finished),
                     daemon=True).start()
    return side


@pytest.fixture
def learner():
    """Load a learner source; give the checks' side its module as a handle."""
    links = []

    def load(source: str, call_seconds: float = 30.0):
        to_learner, to_checks = queue.Queue(), queue.Queue()
        _learner(to_learner, to_checks)
        send, receive = _pipe(to_checks, to_learner)
        link = Link(send, receive, None, split._refuse, split._pack,
                    lambda info: rebuild_error(info, {}), call_seconds=call_seconds)
        link.codec = Codec(Handles(link).stand_in)
        links.append(link)
        link.request("compile", source, "lab.py")
        return link.request("exec")
    yield load


VALUE = '''
class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0
    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data)
    def __radd__(self, other):
        return self + other
    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data)
    def __neg__(self):
        return self * -1
    def fail(self):
        return {}["missing"]
'''


def test_operators_and_reflected_operators_run_in_the_learners_interpreter(learner):
    Value = learner(VALUE).Value
    a = Value(2.0)
    assert (a + 3).data == 5.0 and (3 + a).data == 5.0 and (-a).data == -2.0
    assert (a * Value(4.0)).data == 8.0
    with pytest.raises(TypeError, match="unsupported operand"):
        3 * a  # no __rmul__: the learner's class has none, so neither does its handle


def test_a_learner_class_is_a_class_and_its_objects_are_its_instances(learner):
    module = learner(VALUE)
    Value = module.Value
    v = Value(1.0)
    assert type(v) is Value and isinstance(v, Value) and isinstance(v, Remote)
    assert type(v).__name__ == "Value" and not callable(v) and callable(Value)
    assert v is not Value(1.0) and (v + 0).data == 1.0


def test_only_plain_data_comes_back_by_value(learner):
    module = learner("items = [1, 2.5, 'x', None, True, (3, 4), {'k': [5]}]\n"
                     "class Box(list): pass\nbox = Box([1])\n")
    assert module.items == [1, 2.5, "x", None, True, (3, 4), {"k": [5]}]
    assert type(module.items[5]) is tuple
    assert isinstance(module.box, Remote) and type(module.box).__name__ == "Box"
    assert list(module.box) == [1] and len(module.box) == 1


def test_a_learner_exception_comes_back_as_its_type_message_and_line(learner):
    Value = learner(VALUE).Value
    with pytest.raises(KeyError) as raised:
        Value(1.0).fail()
    assert raised.value.args == ("missing",)
    assert raised.value.learner_where == (17, "fail")


def test_a_learner_defined_exception_keeps_its_name_and_builtin_base(learner):
    module = learner("class Oops(ValueError): pass\ndef go():\n    raise Oops('no')\n")
    with pytest.raises(ValueError) as raised:
        module.go()
    assert type(raised.value).__name__ == "Oops" and str(raised.value) == "no"


def test_arguments_the_learner_changes_change_for_the_checks_too(learner):
    module = learner("def take(steps, values):\n    steps.pop()\n    values['new'] = 1\n")
    steps, values = [("a", "+", ("x", "y")), ("b", "*", ("a", "a"))], {"x": 1.5}
    kept = values["x"]
    module.take(steps, values)
    assert steps == [("a", "+", ("x", "y"))] and values == {"x": 1.5, "new": 1}
    assert values["x"] is kept  # unchanged items stay the checks' own objects


def test_an_object_the_learner_puts_into_an_argument_arrives_with_its_class(learner):
    # Comparing the arguments before and after the call once took up the class's
    # description, and the Value came as a bare object with no operators.
    module = learner(VALUE + "def keep(outs):\n    out = Value(2.0)\n    outs.append(out)\n"
                             "    return out\n")
    outs = []
    out = module.keep(outs)
    assert type(out) is module.Value and (out * 3).data == 6.0
    assert len(outs) == 1 and type(outs[0]) is module.Value and outs[0].data == 2.0


def test_a_check_function_given_to_learner_code_is_called_back(learner):
    module = learner("def nudge(f, x, h=1e-3):\n    return (f(x + h) - f(x - h)) / (2 * h)\n")
    assert abs(module.nudge(lambda t: t * t, 3.0) - 6.0) < 1e-9


def test_a_checks_exception_passing_through_learner_code_is_itself_again(learner):
    module = learner("def call(f):\n    return f()\n")

    class Mine(Exception):
        pass

    def boom():
        raise Mine("from the checks")
    with pytest.raises(Mine):
        module.call(boom)


def test_a_check_may_subclass_a_learner_class(learner):
    Value = learner(VALUE).Value
    touched = []

    class Counted(Value):
        def __getattribute__(self, name):
            touched.append(name)
            return super().__getattribute__(name)
    x = Counted(2.0)
    assert (x + x).data == 4.0 and "data" in touched


def test_a_call_that_never_returns_is_stopped_at_its_time_limit(learner):
    module = learner("def spin():\n    while True:\n        pass\n", call_seconds=0.3)
    with pytest.raises(Stopped) as stopped:
        module.spin()
    assert stopped.value.reason == "time"
    with pytest.raises(Stopped):
        module.spin  # the link is dead: nothing more is asked of that interpreter


def test_the_checks_and_their_seed_never_reach_the_learners_side():
    to_learner, to_checks = queue.Queue(), queue.Queue()
    seen = []

    def send(text):
        seen.append(text)
        to_learner.put(text)
    _learner(to_learner, to_checks)
    _, receive = _pipe(to_checks, to_learner)
    checks = ("from grader.core.checks import check, need, inputs\n"
              "SECRET_MARKER = 'hidden-check-text'\n"
              "@check('defines f')\ndef has_f(learner):\n"
              "    need(learner, 'f')(inputs('s').random())\n")
    job = {"lab": "x", "file": "lab.py", "source": "def f(x):\n    return x\n",
           "checks_source": checks, "timeout": 30, "seed": 987654321}
    report = json.loads(split.run_job(json.dumps(job), send, receive))
    assert report["checks"][0]["passed"] is True
    assert seen and not any("hidden-check-text" in m or "987654321" in m for m in seen)


def test_an_int_too_long_to_cross_is_named_as_one_in_a_checks_message(learner):
    """It crosses as a reference: a check said "should be a plain number (int or float), but
    it is a int"."""
    from grader.core.checks import CheckFailed, number

    big = learner("big = 10 ** 5000\n").big
    assert isinstance(big, Remote) and type(big).__name__ == "int"
    with pytest.raises(CheckFailed) as failed:
        number(big, "L")
    assert str(failed.value) == "L should be a number a float can hold, but it is an int of over 4,000 digits."


# -- reads and calls sent together (checks.read_each, checks.call_each) -------------------

READ_LOG = '''
log = []
class Node:
    def __init__(self, n):
        self.n = n
    @property
    def grad(self):
        log.append(self.n)
        if self.n == 2:
            raise ValueError("node 2 refuses")
        return self.n * 10
'''


def _link_of(module):
    return type(type(module)).__handles__.link


def test_reads_of_learner_objects_go_in_one_round_trip_and_give_what_getattr_gives(learner):
    from grader.core.checks import read_each
    module = learner(VALUE)
    values = [module.Value(float(x)) for x in range(5)]
    link = _link_of(module)
    before = link.calls
    got = read_each(values, "data", lambda i: f"reading {i}.data")
    assert link.calls - before == 1
    assert got == [getattr(v, "data") for v in values] == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_reads_sent_together_stop_at_the_first_that_raises_as_one_by_one_would(learner):
    from grader.core.checks import CheckFailed, read_each
    module = learner(READ_LOG)
    nodes = [module.Node(n) for n in range(5)]
    with pytest.raises(CheckFailed, match=r"`reading node 2` raised ValueError: node 2 refuses"):
        read_each(nodes, "grad", lambda i: f"reading node {i}")
    assert module.log == [0, 1, 2]  # the reads after the failing one never ran


def test_reads_sent_together_fail_through_the_labs_own_attempt_when_given(learner):
    """A lab's reading helpers pass their own `attempt` (lab 5's names an unhashable Value):
    read_each once dropped it and failed through the core's."""
    from grader.core.checks import CheckFailed, attempt, read_each
    module = learner(READ_LOG)
    seen = []

    def labs_attempt(what, fn, *args):
        seen.append(what)
        return attempt(what, fn, *args)

    with pytest.raises(CheckFailed, match="node 2 refuses"):
        read_each([module.Node(n) for n in range(4)], "grad", lambda i: f"node {i}", labs_attempt)
    assert seen == ["node 0", "node 1", "node 2"]


def test_a_read_sent_together_falls_back_to_the_learners_getattr_as_python_does(learner):
    from grader.core.checks import read_each
    module = learner("class Lazy:\n    def __getattr__(self, name):\n        return name * 2\n"
                     "class Plain:\n    x = 1\n")
    objects = [module.Plain(), module.Lazy(), module.Plain()]
    assert read_each(objects, "x", str) == [1, "xx", 1]


def test_calls_go_in_one_round_trip_unless_an_argument_is_a_list_a_call_may_change(learner):
    from grader.core.checks import call_each
    module = learner(VALUE + "def grow(items):\n    items.append(len(items))\n"
                             "    return len(items)\n")
    link, Value, grow = _link_of(module), module.Value, module.grow
    before = link.calls
    made = call_each(Value, [(1.0,), (2,), (3.5,)], str)
    assert link.calls - before == 1
    assert [type(v) for v in made] == [Value] * 3 and [v.data for v in made] == [1.0, 2, 3.5]
    shared = []  # each call must see what the one before it appended, as one by one
    assert call_each(grow, [(shared,), (shared,)], str) == [1, 2] and shared == [0, 1]


def test_the_learners_side_does_only_reads_and_calls_sent_together(learner):
    module = learner(VALUE)
    link = _link_of(module)
    with pytest.raises(TypeError, match="not a request that may be sent with others"):
        link.many([("compile", "x = 1", "lab.py")])
    assert module.Value(2.0).data == 2.0  # the link is whole


def test_a_learners_set_is_listed_in_one_request_with_its_items_in_their_order(learner):
    from grader.core.checks import as_tuple
    module = learner(VALUE + "a, b = Value(1.0), Value(2.0)\nprev = {a, b, 3}\n"
                             "frozen = frozenset(prev)\n"
                             "class Bag(set):\n    def __iter__(self):\n        return iter([7])\n"
                             "bag = Bag({1, 2})\n")
    link, prev, frozen, bag = _link_of(module), module.prev, module.frozen, module.bag
    before = link.calls
    got = as_tuple(prev)
    assert link.calls - before == 1
    assert got == tuple(prev) and {x if type(x) is int else x.data for x in got} == {1.0, 2.0, 3}
    assert as_tuple(frozen) == tuple(frozen)
    before = link.calls
    assert as_tuple(bag) == (7,) and link.calls - before > 1  # its own __iter__: item by item


ODD = '''
log = []
class Odd:
    @property
    def x(self):
        log.append("property")
        raise AttributeError("x")
    def __getattr__(self, name):
        log.append("getattr " + name)
        if name == "y":
            return 5
        raise AttributeError(name)
'''


def test_an_attribute_found_by_the_learners_getattr_is_one_request_running_what_two_ran(learner):
    # The class's lookup, then (on AttributeError) the learner's getattr that the handle's
    # __getattr__ asked for in a second request: now both in one, the same code in order.
    module = learner(ODD)
    link, odd = _link_of(module), module.Odd()
    before = link.calls
    assert odd.y == 5 and link.calls - before == 1
    with pytest.raises(AttributeError, match="^x$"):
        odd.x
    assert link.calls - before == 2 and not hasattr(odd, "z") and link.calls - before == 3
    assert module.log == ["getattr y", "property", "property", "getattr x", "getattr z"]
