"""How a learner's error reads in a report: its type and message, and the line of the
learner's file it came from (`learner_frame` reads that from a traceback). The checker
(run.py), both sides of a split grading (split.py and agent.py) and Run (execute.py) all word
errors with these.
"""

from __future__ import annotations

import re
import sys

# What raises SystemExit in a learner's file.
EXITS = "sys.exit(), exit() and quit()"

# What a stop other than a time limit is where grade() runs (its `runtime`). A time limit is
# worded by its Deadline's caller (ran_too_long), so what is left is an interrupt: on the page
# only its Stop (the page sends its time limit as SIGALRM, site/js/python.js), in the notebook
# the kernel's Interrupt. A Stop read "(it ran too long, or Stop was pressed)" under a status
# that said "you pressed Stop".
_STOPPED_BY = {"browser": "you pressed Stop", "notebook": "the kernel was interrupted"}


def interrupted(runtime: str) -> str:
    """How a stop that no time limit made reads in a report, on `runtime`."""
    return f"your code was stopped ({_STOPPED_BY.get(runtime, 'it was interrupted')})."


def describe(exc: BaseException, filename: str, where=None, stop: str = "",
             source: str = "") -> str:
    """One line on an exception: its type, message and the learner's line it came from.
    `stop`: how a stop that came while the code ran reads (`interrupted`), "" when none came;
    a KeyboardInterrupt without one is the learner's own raise (own_interrupt). `source`:
    the file's text, to read the stopped line from."""
    kind = type(exc).__name__
    where = where if where is not None else learner_frame(exc, filename)
    if isinstance(exc, SystemExit):
        # exit() and quit() raise it too: naming only sys.exit() sent learners looking for a
        # call their file does not have.
        at = f" (line {where[0]} of your file)" if where else ""
        return (f"your code exited{at}: {EXITS} end the program, and a lab file should define "
                "things, not exit.")
    if isinstance(exc, KeyboardInterrupt):
        if not stop:
            return "your code raised " + own_interrupt(exc, where)
        return stop + stopped_at(where, line_of(source, where))
    if isinstance(exc, RecursionError):
        # Worded where it was as a check's message words it (in_your_file), "(in `f`, line 2 of
        # your file)": the file's load said "in f, line 2", a place without its file.
        return placed("your code recursed too deeply " + RECURSION_TAG, exc, where)
    hint = hint_for(exc, where)
    said = f"{kind}: {_message(exc)}" + in_your_file(exc, where)
    return f"{said}; {hint}" if hint else said


# A KeyboardInterrupt that no stop raised: the learner's file raised it, and reading it as a
# stop ("does a loop there ever end?") sent learners looking for a loop they did not have.
NOBODY_STOPPED = ("nobody stopped it. Stop and the time limit end code with KeyboardInterrupt; "
                  "a lab file has no reason to raise it.")


def own_interrupt(exc: BaseException, where, during: str = "") -> str:
    """"KeyboardInterrupt at line 3 of your file (in `f`)[during]; nobody stopped it. …": a
    KeyboardInterrupt (or a subclass) the learner's code raised itself."""
    kind = type(exc).__name__
    if type(exc) is not KeyboardInterrupt:
        kind += " (a KeyboardInterrupt)"
    message = _message(exc)
    said = f"{kind}: {message}" if message else kind
    at = ""
    if where:
        at = f" at line {where[0]} of your file"
        if where[1] != "<module>":
            at += f" (in `{where[1]}`)"
    return f"{said}{at}{during}; {NOBODY_STOPPED}"


def missing_module(exc: BaseException) -> str:
    """For an import of a module the lab's Python does not have (numpy, say), what it has."""
    if not isinstance(exc, ModuleNotFoundError) or not isinstance(exc.name, str):
        return ""
    top = exc.name.partition(".")[0]
    if top in sys.stdlib_module_names:
        return ""
    # Cut as the error's own message is (_message): a name of a million characters made a
    # report too large to read (long_module_name.py).
    top = top[:80] + ("…" if len(top) > 80 else "")
    return (f"`{top}` is not here: a lab has Python's standard library only, so write what "
            "you need yourself")


def self_outside_a_method(exc: BaseException, where) -> str:
    """For `self` used on a line outside every function: what it means. A method's line that
    lost its indentation (Enter or Home then typing at column 0, say) runs as the file loads,
    and "name 'self' is not defined" read as "my class is broken"."""
    if type(exc) is not NameError or where is None or where[1] != "<module>":
        return ""
    try:
        if str(exc) != "name 'self' is not defined":
            return ""
    except BaseException:
        return ""
    return (f"line {where[0]} is outside every method, where `self` is not defined: if it "
            "belongs to a method, indent it under that method's `def` line")


# A Value's operators, by method name: where an operand that is not a number fails.
_VALUE_OPERATORS = {
    "__add__": "+", "__radd__": "+", "__sub__": "-", "__rsub__": "-", "__mul__": "*",
    "__rmul__": "*", "__truediv__": "/", "__rtruediv__": "/", "__pow__": "**", "__neg__": "-",
}
# Not numbers, as Python names their types in an error, and what to do instead of each.
_NOT_A_NUMBER = {
    "str": ("text (a str)", "write the number itself (3, not \"3\"), or turn the text into "
                            "one first with float(...)"),
    "NoneType": ("None", "a function that ends without `return` gives None: return the Value "
                         "or number it computes"),
    "list": ("a list", "it holds ONE number, so combine the items one at a time, with a "
                       "loop or sum(...)"),
    "tuple": ("a tuple", "it holds ONE number, so combine the items one at a time, with a "
                         "loop or sum(...)"),
    "dict": ("a dict", "take the number out of the dict first"),
    "sequence": ("text (a str) or a list", "write the number itself (3, not \"3\"), and "
                                           "combine a list's items one at a time"),
}


_ABSENT = object()  # no .data in an instance dict: not a None the learner's code made


def _plain_data(obj):
    """`obj.data` read from its instance dict without running any of its class's code (a
    property, __getattr__), or _ABSENT when it has no such dict entry."""
    try:
        names = object.__getattribute__(obj, "__dict__")
        return names.get("data", _ABSENT) if type(names) is dict else _ABSENT
    except BaseException:
        return _ABSENT


def value_given_a_non_number(exc: BaseException, where=None) -> str:
    """For a Value operation that met text, None or a list (Value(2.0) + "3", say): that a
    Value holds a number, what it was given instead and what to write. Python's own words
    ("unsupported operand type(s) for +: 'float' and 'str'") name two types and no Value.
    Read from the Value operator's frame in the traceback (its `other`, or either side's
    .data); where there are no frames (an error remade from the learner's side of a split
    grading), from the error's words when it came from a Value operator's method of the
    file (`where`), or names a Value ("3" + v)."""
    if not isinstance(exc, (TypeError, AttributeError)):
        return ""
    culprit = op = None
    try:
        tb = exc.__traceback__
        while tb is not None and culprit is None:
            frame = tb.tb_frame
            op = _VALUE_OPERATORS.get(frame.f_code.co_name)
            me = frame.f_locals.get("self") if op else None
            if me is not None and type(me).__name__ == "Value":
                other = frame.f_locals.get("other")
                for seen in (other, _plain_data(other), _plain_data(me)):
                    if type(seen).__name__ in _NOT_A_NUMBER:
                        culprit = (type(seen).__name__, _shown(seen))
                        break
            tb = tb.tb_next
        if culprit is None:
            culprit, op = _named_non_number(str(exc)[:300], where)
    except BaseException:
        return ""
    if culprit is None:
        return ""
    kind, shown = culprit
    name, instead = _NOT_A_NUMBER[kind]
    shown = f", {shown}" if shown else ""
    return (f"a Value holds a number (int or float), but this `{op}` on a Value met {name}"
            f"{shown}: {instead}")


def _named_non_number(said: str, where):
    """((type name, ""), operator) of a non-number an error's words name, in a Value
    operator's method (`where`) or beside a 'Value'; (None, None) when none is named."""
    found = re.search(r"for ([-+*/]|\*\*)[^:]*: '(\w+)' and 'Value'", said) or \
        re.search(r"^can only concatenate (\w+) \(not \"(Value)\"\)", said)
    if found is not None:
        kind = found.group(2) if found.group(2) != "Value" else found.group(1)
        op = found.group(1) if found.group(2) != "Value" else "+"
        return ((kind, ""), op) if kind in _NOT_A_NUMBER else (None, None)
    op = _VALUE_OPERATORS.get(where[1]) if where else None
    if op is None:
        return None, None
    if said.startswith("can't multiply sequence"):
        return ("sequence", ""), op
    concatenated = re.match(r"can only concatenate (\w+) ", said)
    named = [concatenated.group(1)] if concatenated else re.findall(r"'(\w+)'", said)
    kinds = [kind for kind in named if kind in _NOT_A_NUMBER]
    return ((kinds[0], ""), op) if kinds else (None, None)


def _shown(obj) -> str:
    """A short repr of the str, list, tuple or dict the hint names: Python's own repr, so no
    learner code runs (a subclass of one gets none)."""
    try:
        text = {str: str.__repr__, list: list.__repr__, tuple: tuple.__repr__,
                dict: dict.__repr__}.get(type(obj))
        text = text(obj) if text else ""
    except BaseException:
        return ""
    return text if len(text) <= 40 else text[:37] + "…"


def hint_for(exc: BaseException, where) -> str:
    """A sentence that says what a Python error of a known shape means for a lab, or ""."""
    return (missing_module(exc) or self_outside_a_method(exc, where)
            or value_given_a_non_number(exc, where))


# A time limit's words when the stopped code was not in the learner's file, or could not say
# where it was (in Pyodide a time.sleep does not answer the interrupt): a sleep is named beside
# loops, which are what a lab's code has.
LOOK_FOR = ("Look for a loop that never ends (a while loop whose condition never changes, or a "
            "recursion with no base case), or a time.sleep: a lab's code has nothing to wait for.")
TIMEOUT = "Your code ran for more than {timeout:g} s and was stopped. " + LOOK_FOR


def in_check(check: str | None) -> str:
    """" in the check “X”", or "" when no check was running: the text report lists no failed
    check beside a file's error, so the error names it."""
    return f" in the check “{check}”" if check else ""


# A time limit's words when the learner's code was stopped inside a check at no line that
# can be named: it never answered the interrupt (it caught KeyboardInterrupt in its loop,
# ignored SIGINT, or sat in one call), or answered from a recursion too deep to place. The check can be named.
# The generic TIMEOUT alone left a learner with "1/18" and no word of the check that never
# finished (the text report lists no failed check beside an error).
UNPLACED = ("Your code ran for more than {timeout:g} s and was stopped in the check “{check}”, "
            "at a line that could not be named (an `except` that catches everything around a "
            "loop, Ctrl-C ignored or handled by the file's own signal.signal(SIGINT, ...), one "
            "call that never returns, or a recursion thousands of calls deep hides it). "
            + LOOK_FOR)


def never_answered(timeout: float, check: str | None) -> str:
    """A time limit's report for learner code stopped at no line that can be named: the check
    it was in when there was one (UNPLACED), else the generic words (TIMEOUT)."""
    return (UNPLACED.format(timeout=timeout, check=check) if check
            else TIMEOUT.format(timeout=timeout))


def ran_too_long(timeout: float, check: str | None, where, text: str = "") -> str:
    """A time limit's report: how long, the check it was stopped in, and the line (`text`:
    that line of the file, when the caller has it)."""
    if where is None:
        return TIMEOUT.format(timeout=timeout)
    # The text report lists no failed check beside a file's error, so the error names it.
    during = in_check(check)
    return (f"Your code ran for more than {timeout:g} s and was stopped{during}."
            + stopped_at(where, text))


def stopped_at(where, text: str = "") -> str:
    """Where stopped code was, as a sentence of its own ("" when it was not in the file)."""
    if where is None:
        return ""
    line, function = where
    if function == "<module>":
        # Code outside any function runs as the file loads, before a single check.
        return (f" It was at line {line} of your file, outside any function, so it runs as "
                f"soon as the file loads: {stuck(text)}")
    return f" It was at line {line} of your file (in `{function}`): {stuck(text)}"


def stuck(text: str) -> str:
    """What to ask of the line stopped code was at (`text`, "" when unknown). A line that
    sleeps waits, it does not loop: "does a loop there ever end?" sent a learner whose file
    called time.sleep(60) looking for a loop it did not have."""
    if re.search(r"\bsleep\s*\(", text):
        return "it waits there (time.sleep), and a lab's code has nothing to wait for."
    return "does a loop there ever end?"


def line_of(source: str, where) -> str:
    """The text of the file's line `where` names, "" when there is none."""
    lines = source.splitlines()
    return lines[where[0] - 1] if where and 0 < where[0] <= len(lines) else ""


# The first hint of a check stopped by the time limit (or by Stop): the check's own hints
# are about what it checks, while what this learner needs first is why nothing finished.
LOOP_HINT = ("Code that is stopped never finished: look at the loop at the line named above "
             "and ask what in its body brings it to an end (a `while` whose condition never "
             "changes, a list it appends to while looping over it, a recursion with no case "
             "that returns without calling itself). Run a small example first: if Run never "
             "finishes either, the loop is there too.")

def printed_too_much(printed: int) -> str:
    """A sentence for a stopped check when the code had printed more than a report keeps
    (`printed` characters in all; 0 when it did not): a loop that ends may still be stopped
    because it prints on every pass."""
    if printed <= 0:
        return ""
    return (f" It had printed {printed:,} characters by then: printing on every pass of a "
            "long loop makes it slow, so print less (or only at the end).")


def explain_stops(checks, printed: int, stopped: str) -> None:
    """Give each check stopped by the time limit (cause `stopped`) the loop hint first and,
    when the code printed a flood (`printed` characters, counted by the grader's own stream,
    never read from the text), say so."""
    for check in checks:
        if check.cause != stopped or check.passed or check.message.startswith("Not run:"):
            continue  # (an interpreter that stopped answering is no loop of the learner's)
        if LOOP_HINT not in check.hints:
            check.hints = [LOOP_HINT, *check.hints]
        check.message += printed_too_much(printed)


def at_line(where) -> str:
    """", at line N of your file (in `f`)", where stopped code was ("" when not in the file)."""
    return f", at line {where[0]} of your file (in `{where[1]}`)" if where else ""


def _message(exc: BaseException) -> str:
    try:
        message = str(exc)[:300]
    except BaseException:
        return ""
    return with_suggestion(exc, message)


def with_suggestion(exc: BaseException, message: str) -> str:
    """`message`, then Python's "Did you mean" for `exc` when it has one (did_you_mean)."""
    suggested = did_you_mean(exc)
    return f"{message}. Did you mean: '{suggested}'?" if suggested else message


def did_you_mean(exc: BaseException) -> str:
    """The name Python's own traceback offers for a NameError or AttributeError ("name 'l' is
    not defined. Did you mean: 'L'?"), "" when none: a learner's likeliest NameError is a
    case or spelling slip, and the report left out the suggestion that is the whole fix.

    Python computes it (3.12 and later: Pyodide's, not the 3.11 of `--runtime python`) from the
    frame the name was missing in, or from dir() of the object. An exception made again from
    data, on the checks' side of `course grade`, carries the learner side's (`suggested`).
    Only where no learner code runs for it: dir() of an object whose class makes its own
    names (its `__dir__`, `__getattribute__`, a `__dict__` of its own) is not asked."""
    if type(exc) not in (NameError, AttributeError):
        return ""
    try:
        carried = exc.__dict__.get("suggested")
        if type(carried) is str:
            return carried[:80]
        if type(exc) is AttributeError and not _names_without_learner_code(exc.obj):
            return ""
        import traceback

        compute = getattr(traceback, "_compute_suggestion_error", None)
        suggested = compute(exc, exc.__traceback__, exc.name) if compute and \
            type(exc.name) is str else None
        return suggested[:80] if type(suggested) is str else ""
    except BaseException:  # a learner's name that cannot be compared, say: no suggestion
        return ""


def _names_without_learner_code(obj) -> bool:
    """Whether dir(obj) runs none of the learner's code: no class of it written in Python
    makes its own names, nor does a module (PEP 562's `__dir__`)."""
    getset = type(type.__dict__["__dict__"])
    for cls in type.__dict__["__mro__"].__get__(type(obj)):
        if not type.__dict__["__flags__"].__get__(cls) & _HEAP_TYPE:
            continue  # Python's own, in C
        names = type.__dict__["__dict__"].__get__(cls)
        if "__dir__" in names or "__getattribute__" in names:
            return False
        if "__dict__" in names and type(names["__dict__"]) is not getset:
            return False
    module = type(sys)
    if isinstance(obj, module) and "__dir__" in module.__dict__["__dict__"].__get__(obj):
        return False
    return True


_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement or type()


RECURSION_TAG = "(RecursionError)"  # how the grader names a recursion, in its own parentheses


def placed(message: str, exc: BaseException, where) -> str:
    """A check's (or the file's) message with the place in the learner's file `exc` came
    from. One that ends with the grader's own "(RecursionError)" takes the place inside those
    parentheses: two in a row, "(RecursionError) (in `f`, line 2 of your file)", stuttered."""
    place = in_your_file(exc, where)
    if place and message.endswith(RECURSION_TAG):
        return message[:-1] + ", " + place[2:]
    return message + place


def in_your_file(exc: BaseException, where) -> str:
    """Where in the learner's file an exception came from, in parentheses: it follows a
    check's message, which may end with a full stop."""
    if where is None:
        return ""
    line, function = where
    if function and function != "<module>" and not function.startswith("<"):
        return f" (in `{function}`, line {line} of your file)"
    return f" (line {line} of your file)"


def cause_of(exc: BaseException, where) -> str:
    """One text per distinct learner error, so a report can say once what fails many checks."""
    at = f" (line {where[0]} of your file)" if where else ""
    if isinstance(exc, RecursionError):
        return "RecursionError: your code recursed too deeply" + (
            f" in `{where[1]}`, line {where[0]}" if where else "")
    return f"{type(exc).__name__}: {_message(exc)}{at}"


def learner_frame(exc: BaseException, filename: str):
    """(line, function) of the last frame in the learner's file in a traceback, or None."""
    found = None
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == filename:
            found = (tb.tb_lineno, code.co_name)
        tb = tb.tb_next
    return found


# Characters of a long line shown around a syntax error's place: a line of data written out
# can be thousands, and the whole of it said nothing more (innocent_long_line_syntax.py).
SHOWN = 120


def around(text: str, offset):
    """A line cut to the SHOWN characters around `offset` (1-based, as a SyntaxError's), with
    "…" where it was cut, and the offset in what is left. A line already cut stays as it is,
    so the learner's side may cut it before it crosses and the checks' side cut it again."""
    if len(text) <= SHOWN + 2:
        return text, offset
    start = min(max(0, (offset or 1) - 1 - SHOWN // 2), len(text) - SHOWN)
    cut = ("…" if start else "") + text[start:start + SHOWN] + ("…" if start + SHOWN < len(text) else "")
    return cut, (offset - start + (1 if start else 0) if offset else offset)


def syntax_message(exc: SyntaxError, source: str = "") -> str:
    where = f"line {exc.lineno}" if exc.lineno else "somewhere"
    message = str(exc.msg)
    if exc.lineno and message.endswith(f" (detected at line {exc.lineno})"):
        # CPython says where it noticed an unclosed string or bracket; on the same line, that
        # and "(line N)" said one thing twice. On a later line, both are worth reading.
        message = message[:-len(f" (detected at line {exc.lineno})")]
    text = (exc.text or "").rstrip("\n")
    lines = source.splitlines()
    if not text and exc.lineno and 0 < exc.lineno <= len(lines):
        # Errors found after parsing ('return' outside function, 'await' outside async) come
        # without their line's text when the source was a string: shown from the source.
        text = lines[exc.lineno - 1]
    text, offset = around(text, exc.offset)
    shown = ""
    if text:
        body = text.lstrip()
        shown = f"\n    {body}"
        if offset:
            shown += "\n    " + " " * max(offset - 1 - (len(text) - len(body)), 0) + "^"
    said = f"Python could not read your file: {message} ({where}).{shown}"
    hint = indentation_hint(exc, lines) if isinstance(exc, IndentationError) else \
        typeset_hint(message)
    return f"{said}\n{hint}" if hint else said


# Characters a PDF, a slide or a word processor puts where Python's own belong: pasted code
# read "invalid character '‘' (U+2018)", and a learner does not know what U+2018 is.
_TYPESET = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00ab": '"',
            "\u00bb": '"', "\u2032": "'", "\u2033": '"', "\u2013": "-", "\u2014": "-",
            "\u2212": "-", "\u00d7": "*", "\u00f7": "/"}


def typeset_hint(message: str) -> str:
    """For "invalid character 'X'", when X is typesetting's stand-in for one of Python's
    characters: which one to type instead."""
    found = re.match(r"invalid character '(.)'", message)
    if not found or found.group(1) not in _TYPESET:
        return ""
    char, plain = found.group(1), _TYPESET[found.group(1)]
    if plain in "'\"":
        said = f"{char} is a curly quote, as a PDF or a word processor writes it; Python's quotes " \
               "are the plain ' and \""
    else:
        said = f"{char} is a typeset sign, not Python's {plain}"
    return f"{said}. Type it again from the keyboard (and any others like it you pasted)."


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def indentation_hint(exc: IndentationError, lines: list[str]) -> str:
    """Which indentation the line has and which it needs, in spaces: CPython's wording names
    neither, and a learner counting spaces in a class cannot see which is off. A tab in the
    indentation is said too: counted to column 8, it is no number of spaces the learner sees."""
    if not exc.lineno or not 0 < exc.lineno <= len(lines):
        return ""
    said = _indentation_said(exc, lines)
    tabbed = [n for n, line in enumerate(lines[:exc.lineno], 1)
              if "\t" in line[:len(line) - len(line.lstrip())] and line.strip()]
    if not tabbed:
        return said
    named = tabbed if len(tabbed) <= 3 else tabbed[:3]
    which = (f"Line {named[0]} is" if len(tabbed) == 1 else
             "Lines " + ", ".join(map(str, named[:-1])) + f" and {named[-1]} are"
             if len(tabbed) <= 3 else
             "Lines " + ", ".join(map(str, named)) + f" and {len(tabbed) - 3} more are")
    tab = (f"{which} indented with a tab, which Python counts to the next multiple of 8 "
           f"columns however wide your editor shows it: mixed with spaces, a tab does not line "
           f"up as it looks. Indent with spaces only, 4 per level: replace each tab at the "
           f"start of a line.")
    return f"{said}\n{tab}" if said else tab


def _indentation_said(exc: IndentationError, lines: list[str]) -> str:
    here = _indent(lines[exc.lineno - 1])
    message = str(exc.msg)
    opener = re.search(r"on line (\d+)$", message)
    if message.startswith("expected an indented block") and opener:
        number = int(opener.group(1))
        if not 0 < number <= len(lines):
            return ""
        needs = _indent(lines[number - 1]) + 4
        return (f"Line {exc.lineno} is indented {_spaces(here)}, no further than line {number}; "
                f"as line {number}'s body it needs {needs} (4 more than line {number}).")
    code = [(n, _indent(line)) for n, line in enumerate(lines[:exc.lineno - 1], 1)
            if line.strip() and not line.lstrip().startswith("#")]
    if message == "unexpected indent" and code:
        number, before = code[-1]
        return (f"Line {exc.lineno} is indented {_spaces(here)}, more than line {number} "
                f"({before}), which does not end in ':' to open a block.")
    if message.startswith("unindent does not match"):
        levels = []
        for _, indent in reversed(code):  # the blocks still open at this line, innermost first
            if not levels or indent < levels[-1]:
                levels.append(indent)
        shown = ", ".join(str(level) for level in sorted(set(levels)))
        return (f"Line {exc.lineno} is indented {_spaces(here)}, but the blocks around it are "
                f"at {shown}: line it up with one of them.")
    return ""


def _spaces(count: int) -> str:
    return f"{count} space" + ("" if count == 1 else "s")
