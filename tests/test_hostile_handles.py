"""Handles as seen by the hidden checks (grader/core/handles.py), for the ordinary Python of
correct files that checks once misjudged. In CPython, with test_handles.py's two sides in
threads; real Pyodide runs the same layer in test_hostile.py."""

from __future__ import annotations

import pytest

from grader.core.handles import Remote
from tests.test_handles import VALUE, learner  # noqa: F401 (a fixture)


def test_a_learner_subclass_is_a_subclass_for_the_checks_too(learner):  # noqa: F811
    """isinstance and issubclass answer as in the learner's interpreter: an object of a
    learner's `class Parameter(Value)` is a Value. Every mirrored class used to stand alone
    under the handle base, so a check could not accept a correct file whose parameters were
    a subclass of Value (lab 5 told it "one item is a Parameter", not a Value)."""
    module = learner(VALUE + "class Parameter(Value):\n    pass\n"
                             "class Box(list):\n    pass\n"
                             "class Mixed(Parameter, dict):\n    pass\n"
                             "p = Parameter(2.0)\nm = Mixed(1.0)\nbox = Box()\n")
    Value, Parameter = module.Value, module.Parameter
    p = module.p
    assert type(p) is Parameter and type(p) is not Value
    assert isinstance(p, Value) and issubclass(Parameter, Value) and isinstance(p, Remote)
    assert not isinstance(Value(1.0), Parameter)
    assert (p + 1).data == 3.0 and (p * Value(2.0)).data == 4.0
    m = module.m
    assert isinstance(m, Parameter) and isinstance(m, Value) and m.data == 1.0
    assert not isinstance(module.box, Value) and not isinstance(module.box, list)


def test_a_class_that_claims_thousands_of_bases_is_a_plain_handle(learner):  # noqa: F811
    """Ordering a class's bases takes time Python spends without looking at the clock: a
    learner class with more bases than any real one is mirrored under the handle alone."""
    bases = ", ".join(f"B{i}" for i in range(40))
    module = learner("".join(f"class B{i}:\n    pass\n" for i in range(40))
                     + f"class Many({bases}):\n    pass\nmany = Many()\n")
    assert type(module.many).__name__ == "Many" and not isinstance(module.many, module.B0)
    assert isinstance(module.B0(), module.B0)


def test_a_checks_subclass_gives_learner_code_its_own_dicts_and_lists(learner):  # noqa: F811
    """A check may subclass a learner class to count attribute reads (lab 5's "sorts once").
    Its reads cross by value, so the learner's code on its object got copies: a correct
    `self.__dict__.update(...)` in __init__ (or `self._uses.append(...)`) changed a copy, and
    the object had no `data`. The check's class had an empty __dict__ of its own, too."""
    module = learner("class Value:\n"
                     "    def __init__(self, data):\n"
                     "        self.__dict__.update(data=data, grad=0.0, _uses=[])\n"
                     "    def __add__(self, other):\n"
                     "        self._uses.append(other)\n"
                     "        return Value(self.data + other.data)\n")
    touched = []

    class Counted(module.Value):
        def __getattribute__(self, name):
            touched.append(name)
            return super().__getattribute__(name)

    x = Counted(2.0)
    assert (x + x).data == 4.0 and len(x._uses) == 1
    assert "__dict__" in touched and "_uses" in touched


def test_an_object_in_the_deepest_list_arrives_with_its_class_and_bases(learner):  # noqa: F811
    """A class crosses with its bases, nested in its description: a Parameter first met in
    a list nested as deep as lists cross by value must not make the message too deep to
    read (the link would break, and a correct file be told it reached the machine)."""
    module = learner(VALUE + "class Parameter(Value):\n    pass\n"
                             "class Deeper(Parameter):\n    pass\n"
                             "def nest():\n    box = Deeper(1.0)\n"
                             "    for _ in range(39):\n        box = [box]\n    return box\n")
    box = module.nest()
    for _ in range(39):
        (box,) = box
    assert type(box) is module.Deeper and isinstance(box, module.Value) and box.data == 1.0


def test_a_checks_subclass_may_call_the_learners_own_special_methods(learner):  # noqa: F811
    """A check's subclass that overrides a special method and calls the learner's own
    (lab 5's "sorts once" counts `__hash__`, then calls super().__hash__()) reaches the
    learner's method. It used to ask the learner's side for hash(obj), which, on the object
    of the check's class, called the check's __hash__ again: a correct Value that defined
    `def __hash__(self): return id(self)` recursed too deeply, in Pyodide only."""
    module = learner(VALUE + "    def __hash__(self):\n        return 12345\n"
                             "    def __neg__(self):\n        return Value(-self.data)\n"
                             "    def __rmul__(self, other):\n        return self * other\n"
                             "    def __setattr__(self, name, value):\n"
                             "        object.__setattr__(self, name, value)\n"
                             "def seen(v):\n    return hash(v), len({v, v}), (-v).data\n")
    calls = []

    class Counted(module.Value):
        def __hash__(self):
            calls.append("hash")
            return super().__hash__()

        def __neg__(self):
            calls.append("neg")
            return super().__neg__()

        def __mul__(self, other):
            calls.append("mul")
            return super().__mul__(other)

        def __rmul__(self, other):
            calls.append("rmul")
            return super().__rmul__(other)

        def __setattr__(self, name, value):
            calls.append("setattr")
            super().__setattr__(name, value)

        def __repr__(self):
            calls.append("repr")
            return "counted " + super().__repr__()

    x = Counted(2.0)
    assert hash(x) == 12345 and module.seen(x) == (12345, 1, -2.0)
    assert (-x).data == -2.0 and (x * 3).data == 6.0 and (3 * x).data == 6.0
    x.grad = 5.0
    assert x.grad == 5.0 and repr(x).startswith("counted <")
    assert {"hash", "neg", "mul", "rmul", "setattr", "repr"} <= set(calls)


def test_an_exception_no_message_can_make_again_keeps_its_name_and_line(learner):  # noqa: F811
    """An ExceptionGroup crosses as its type, message and line, but no ExceptionGroup is made
    from a message alone: the TypeError of rebuilding it was reported as the file's own error
    ("BaseExceptionGroup.__new__() takes exactly 2 arguments"), at no line."""
    from grader.core.split import where_of

    module = learner("def boom():\n"
                     "    raise ExceptionGroup('many', [ValueError('a'), KeyError('b')])\n")
    try:
        module.boom()
    except Exception as exc:  # noqa: BLE001
        raised = exc
    assert type(raised).__name__ == "ExceptionGroup" and "many" in str(raised)
    assert where_of(raised) == (2, "boom")


def test_a_unicode_error_is_reported_as_itself(learner):  # noqa: F811
    """A UnicodeEncodeError's args hold bytes or need five of them, so it crosses by its
    message, and no UnicodeEncodeError is made from a message alone: a file's
    `"é".encode("ascii")` was reported as "TypeError: function takes exactly 5 arguments"."""
    module = learner("def shout():\n    return 'é'.encode('ascii')\n")
    try:
        module.shout()
    except Exception as exc:  # noqa: BLE001
        raised = exc
    assert type(raised).__name__ == "UnicodeEncodeError", repr(raised)
    assert "codec can't encode character" in str(raised)


def test_a_checks_function_given_to_learner_code_has_its_name(learner):  # noqa: F811
    """Correct code may log the name of the function it was given (a train_step printing
    loss_fn.__name__): it raised AttributeError on the stand-in, in Pyodide only."""
    module = learner("def named(f):\n    return f.__name__, f.__qualname__, f()\n")

    def loss_fn():
        return 1.5
    assert module.named(loss_fn) == ("loss_fn", loss_fn.__qualname__, 1.5)
    assert module.named(lambda: 2)[0] == "<lambda>"


def test_a_missing_attribute_of_a_checks_function_is_worded_as_a_functions(learner):  # noqa: F811
    """`loss = loss_fn` then `loss.backward()`: lab 5 names that slip by the error, which
    reads as a function's own, as in CPython."""
    module = learner("def run(f):\n    return f.backward()\n")
    with pytest.raises(AttributeError, match="'function' object has no attribute 'backward'"):
        module.run(lambda: 1)


def test_a_learner_class_handed_where_a_value_belongs_is_named_a_type(learner):  # noqa: F811
    """`return Value` (the class, not a Value) told a learner, in Pyodide only, "`a + b` should
    give a new Value, but it gave a LearnerClass": the handle layer's own name. A class's type
    is named "type" as in CPython, where the same file is told "it gave a type"."""
    from grader.core.checks import kind_of

    module = learner(VALUE + "def make():\n    return Value\n")
    cls = module.make()
    assert cls is module.Value and isinstance(cls, type)
    assert kind_of(cls) == kind_of(type(1.0)) == "a type"
    assert type(cls).__name__ == type(cls).__qualname__ == "type"
    assert cls(2.0).data == 2.0 and repr(cls) == repr(module.Value)
