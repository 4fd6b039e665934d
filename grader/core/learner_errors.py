"""How a learner's error reads in a report: its type and message, and the line of the
learner's file it came from (`learner_frame` reads that from a traceback). The checker
(run.py), both sides of a split grading (split.py and agent.py) and Run (execute.py) all word
errors with these.
"""

from __future__ import annotations

# How a KeyboardInterrupt (the page's Stop, or a time limit) reads in a report.
INTERRUPTED = "your code was stopped (it ran too long, or Stop was pressed)."


def describe(exc: BaseException, filename: str, where=None) -> str:
    """One line on an exception: its type, message and the learner's line it came from."""
    kind = type(exc).__name__
    if isinstance(exc, SystemExit):
        return "your code called sys.exit(); a lab file should define things, not exit."
    where = where if where is not None else learner_frame(exc, filename)
    if isinstance(exc, KeyboardInterrupt):
        return INTERRUPTED + stopped_at(where)
    if isinstance(exc, RecursionError):
        return "your code recursed too deeply (RecursionError)" + in_your_file(exc, where)
    return f"{kind}: {_message(exc)}" + in_your_file(exc, where)


def stopped_at(where) -> str:
    """Where stopped code was, as a sentence of its own ("" when it was not in the file)."""
    if where is None:
        return ""
    line, function = where
    if function == "<module>":
        # Code outside any function runs as the file loads, before a single check.
        return (f" It was at line {line} of your file, outside any function, so it runs as "
                f"soon as the file loads: does a loop there ever end?")
    return f" It was at line {line} of your file (in `{function}`): does a loop there ever end?"


def at_line(where) -> str:
    """", at line N of your file (in `f`)", where stopped code was ("" when not in the file)."""
    return f", at line {where[0]} of your file (in `{where[1]}`)" if where else ""


def _message(exc: BaseException) -> str:
    try:
        return str(exc)[:300]
    except BaseException:
        return ""


def in_your_file(exc: BaseException, where) -> str:
    """Where in the learner's file an exception came from, as the end of a sentence."""
    if where is None:
        return ""
    line, function = where
    if isinstance(exc, RecursionError) and function != "<module>":
        return f" in `{function}`, line {line}"
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


def syntax_message(exc: SyntaxError, source: str = "") -> str:
    where = f"line {exc.lineno}" if exc.lineno else "somewhere"
    text = (exc.text or "").rstrip("\n")
    lines = source.splitlines()
    if not text and exc.lineno and 0 < exc.lineno <= len(lines):
        # Errors found after parsing ('return' outside function, 'await' outside async) come
        # without their line's text when the source was a string: shown from the source.
        text = lines[exc.lineno - 1]
    shown = ""
    if text:
        body = text.lstrip()
        shown = f"\n    {body}"
        if exc.offset:
            shown += "\n    " + " " * max(exc.offset - 1 - (len(text) - len(body)), 0) + "^"
    return f"Python could not read your file: {exc.msg} ({where}).{shown}"
