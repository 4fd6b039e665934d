import pytest

from grader.core.checks import (CheckFailed, attempt, check, close, collect, expect, kind_of, need,
                                number, slope)


class Liar(float):
    """A float subclass, as a learner might return to pass any comparison."""

    def __eq__(self, other):
        return True


class Truthy:
    def __bool__(self):
        return True

    def __eq__(self, other):
        return True


def test_number_accepts_plain_ints_and_floats():
    assert number(3, "x") == 3.0 and number(2.5, "x") == 2.5


@pytest.mark.parametrize("value", [True, "3", None, Liar(1.0), Truthy(), [1.0]])
def test_number_refuses_anything_that_could_lie(value):
    with pytest.raises(CheckFailed, match="plain number"):
        number(value, "x")


def test_number_refuses_non_finite_values():
    with pytest.raises(CheckFailed, match="finite"):
        number(float("nan"), "x")


def test_close_reports_expected_and_actual():
    with pytest.raises(CheckFailed, match=r"a.grad should be 4, but your code gives 3\. use \+="):
        close(3.0, 4.0, "a.grad", why="use +=")
    assert close(4.0000000001, 4.0, "a.grad") == pytest.approx(4.0)
    # A -0.0 is shown as the 0 it equals, not as "-0".
    with pytest.raises(CheckFailed, match=r"a.grad should be 4, but your code gives 0\."):
        close(-0.0, 4.0, "a.grad")


def test_expect_wants_exactly_true():
    expect(True, "fine")
    with pytest.raises(CheckFailed, match="nope"):
        expect(Truthy(), "nope")


def test_need_names_the_missing_attribute():
    class Module:
        pass

    with pytest.raises(CheckFailed, match="does not define `Value`"):
        need(Module(), "Value")


def test_attempt_turns_learner_exceptions_into_messages():
    with pytest.raises(CheckFailed, match=r"`1 / 0` raised ZeroDivisionError"):
        attempt("1 / 0", lambda: 1 / 0)


def test_slope_measures_the_rate_of_change():
    assert slope(lambda x: x * x, 3.0) == pytest.approx(6.0, rel=1e-6)


def test_collect_keeps_the_order_checks_were_written_in():
    @check("second", "h")
    def b(_):
        pass

    @check("first", "h")
    def a(_):
        pass

    assert [fn.check_name for fn in collect({"b": b, "helper": len, "a": a})] == ["second", "first"]


def test_number_refuses_ints_too_large_for_a_float():
    with pytest.raises(CheckFailed, match="far too large"):
        number(10**400, "x")


def test_mapping_accepts_any_dict_like_container_by_behaviour():
    from collections import OrderedDict, defaultdict

    from grader.core.checks import mapping

    grown = defaultdict(float, e=1.0)
    assert mapping(OrderedDict(e=1.0, d=2.0), "x") == {"e": 1.0, "d": 2.0}
    assert mapping(grown, "x", keys=("e", "L")) == {"e": 1.0} and dict(grown) == {"e": 1.0}
    assert type(mapping(grown, "x")) is dict


@pytest.mark.parametrize("value", [[("e", 1.0)], "e", 3.0, None])
def test_mapping_refuses_what_is_not_a_mapping(value):
    from grader.core.checks import mapping

    with pytest.raises(CheckFailed, match="should return a dict"):
        mapping(value, "forward(...)")


def test_inputs_are_the_same_for_a_seed_and_differ_between_seeds():
    from grader.core.checks import inputs, use_seed

    use_seed(5)
    first = [inputs("mul").random() for _ in range(2)]
    use_seed(6)
    other = inputs("mul").random()
    use_seed(0)
    assert first[0] == first[1] and other != first[0]
    assert inputs("mul").random() != inputs("add").random()


def test_a_sealed_job_seeds_its_checks_from_the_file_or_the_job():
    from grader.core.checks import seed_of

    assert seed_of("x = 1\n") == seed_of("x = 1\n") != seed_of("x = 2\n")


def test_none_is_named_as_none_and_a_returned_none_as_a_missing_return():
    """A beginner read "it returned a NoneType" and did not see the missing `return`."""
    from grader.core.checks import mapping

    with pytest.raises(CheckFailed) as caught:
        mapping(None, "evaluate(...)")
    assert str(caught.value) == ("evaluate(...) should return a dict, but it returned None "
                                 "(a function that ends without `return` gives None).")
    with pytest.raises(CheckFailed) as caught:
        number(None, "v.grad")
    assert str(caught.value).endswith("but it is None.")
    with pytest.raises(CheckFailed) as caught:
        number("3", "v.grad")
    assert str(caught.value).endswith("but it is a str.")


def test_what_a_value_is_reads_as_english():
    """"but it is a int" read as a slip of the grader's."""
    assert [kind_of(v) for v in (3, "x", [], object(), None)] == [
        "an int", "a str", "a list", "an object", "None"]


# ---- learner_errors.hint_for: a Value operation that met text, None or a list -------------

class Value:
    """A learner's lab-4 Value, enough of it to fail as theirs would."""

    def __init__(self, data):
        self.data = data

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data)

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        return Value(self.data * other.data)   # forgets to wrap a plain operand


def _raised(make):
    try:
        make()
    except Exception as exc:  # noqa: BLE001 - the error the learner's line raises
        return exc
    raise AssertionError("no error")


@pytest.mark.parametrize("make, says", [
    (lambda: Value(2.0) + "3", "met text (a str), '3': write the number itself"),
    (lambda: "3" + Value(2.0), "met text (a str), '3'"),
    (lambda: Value(2.0) + None, "met None: a function that ends without `return`"),
    (lambda: Value(2.0) + [1, 2], "met a list, [1, 2]: it holds ONE number"),
    (lambda: Value("3") + Value(2.0), "met text (a str), '3'"),
    (lambda: Value(2.0) * "3", "`*` on a Value met text (a str), '3'"),   # AttributeError
])
def test_a_value_operation_given_a_non_number_says_a_value_holds_a_number(make, says):
    """Value(2.0) + "3" read only "unsupported operand type(s) for +: 'float' and 'str'", two
    types and no Value; the hint is read from the operator's frame."""
    from grader.core.learner_errors import hint_for
    hint = hint_for(_raised(make), None)
    assert hint.startswith("a Value holds a number (int or float), but this `")
    assert says in hint


@pytest.mark.parametrize("message, where, says", [
    ("unsupported operand type(s) for +: 'float' and 'str'", (9, "__add__"),
     "met text (a str):"),
    ("can only concatenate str (not \"Value\") to str", (9, "<module>"), "met text (a str):"),
    ("unsupported operand type(s) for *: 'NoneType' and 'Value'", (9, "<module>"),
     "`*` on a Value met None"),
    ("can't multiply sequence by non-int of type 'float'", (9, "__mul__"),
     "met text (a str) or a list"),
])
def test_the_hint_is_read_from_the_words_of_an_error_remade_without_frames(message, where, says):
    """In Pyodide the checks' side describes an error remade from the learner's side: no
    frames, only its words and where in the file it came from."""
    from grader.core.learner_errors import hint_for
    assert says in hint_for(TypeError(message), where)


def test_no_value_hint_where_no_value_met_a_non_number():
    from grader.core.learner_errors import hint_for
    assert hint_for(_raised(lambda: 1 + "a"), None) == ""           # no Value in it
    assert hint_for(_raised(lambda: Value(2.0) * 3), None) == ""    # a number: the checks say it
    words = TypeError("unsupported operand type(s) for +: 'float' and 'str'")
    assert hint_for(words, (9, "<module>")) == ""                   # not in a Value's operator
    assert hint_for(words, None) == ""


def test_a_files_seed_keeps_48_bits():
    """seed_of keeps 6 bytes of the sha256: with 4 (2**32), a comment varied through about 2**32
    texts finds a file whose own draws its table of answers fits (minutes of hashing)."""
    from grader.core.checks import seed_of
    seeds = [seed_of("x = %d\n" % i) for i in range(64)]
    assert all(0 <= s < 2 ** 48 for s in seeds)
    assert any(s > 2 ** 40 for s in seeds)   # 4 bytes never pass 2**32
    assert len(set(seeds)) == 64


@pytest.mark.parametrize("source, lines", [
    ("def f():\n\tx = 1\n        return x\n", "Line 2 is"),          # TabError: a tab, then spaces
    ("def f():\n    if 1:\n\tx = 1\n    return x\n", "Line 3 is"),  # TabError: the tab is on it
    ("def f():\n\tif 1:\n  x = 1\n", "Line 2 is"),                    # blocks 'at 0, 8': a tab's 8
    ("class V:\n\tdef f(self):\n\t\tif 1:\n\t\t\tpass\n   return 1\n", "Lines 2, 3 and 4 are"),
])
def test_an_indentation_error_says_a_tab_is_there_when_the_indentation_has_one(source, lines):
    """A tab counts to column 8 in the indentation numbers ('the blocks around it are at 0, 8')
    while an editor shows it 4 wide, and a TabError got no hint at all: the tab is said."""
    from grader.core.learner_errors import syntax_message
    with pytest.raises(SyntaxError) as raised:
        compile(source, "mine.py", "exec")
    said = syntax_message(raised.value, source)
    assert f"{lines} indented with a tab" in said, said
    assert "Indent with spaces only, 4 per level" in said


def test_no_tab_is_said_when_the_indentation_has_none():
    from grader.core.learner_errors import syntax_message
    source = "def f():\n    if 1:\n  x = 1\n"
    with pytest.raises(SyntaxError) as raised:
        compile(source, "mine.py", "exec")
    said = syntax_message(raised.value, source)
    assert "tab" not in said and "blocks around it are at 0, 4" in said, said


def test_a_learner_error_in_a_function_names_the_function_as_a_recursion_does():
    """An EOFError from input() inside __mul__ said only "(line 36 of your file)", while a
    RecursionError said "(in `__neg__`, line N of your file)": every error in a def names it."""
    from grader.core.learner_errors import in_your_file
    assert in_your_file(EOFError("x"), (36, "__mul__")) == " (in `__mul__`, line 36 of your file)"
    assert in_your_file(RecursionError("x"), (2, "f")) == " (in `f`, line 2 of your file)"
    assert in_your_file(ValueError("x"), (3, "<module>")) == " (line 3 of your file)"
    assert in_your_file(ValueError("x"), (4, "<lambda>")) == " (line 4 of your file)"
    assert in_your_file(ValueError("x"), None) == ""
