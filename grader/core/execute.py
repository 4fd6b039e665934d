"""Run: execute a learner's file and show what happened, in the learner's own terms.

Used by the browser's Run button. Output is captured and truncated like in a check, and an
error is shown as a short traceback through the learner's lines only (the grader's frames
are noise to a learner). A caller may also look at what the file defined (`graph_of`): the
browser uses it to draw the computation graph of the learner's output Value.
"""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import dataclass

from .deadline import STOPS, counting_interrupts
from .learner_errors import (EXITS, hint_for, learner_frame, own_interrupt, syntax_message,
                             with_suggestion)
from .report import encode
from .run import CappedText, exec_module, learner_limits


@dataclass
class RunOutput:
    stdout: str
    stderr: str
    error: str = ""        # a friendly traceback, empty when the file ran
    line: int | None = None  # the learner's line the error points at
    seconds: float = 0.0
    graph: dict | None = None  # what `graph_of` made of the learner's module, if anything

    def to_json(self) -> str:
        return encode({"stdout": self.stdout, "stderr": self.stderr, "error": self.error,
                       "line": self.line, "seconds": round(self.seconds, 4),
                       "graph": self.graph})


def run_source(source: str, filename: str = "lab.py", graph_of=None) -> RunOutput:
    """Run the learner's file; `graph_of(namespace)`, if given, is called once it ran.

    `graph_of` reads learner objects, which can raise: that costs the graph, never the run.
    It runs while output is still captured, so a property that prints shows up as output.
    """
    started = time.perf_counter()
    out, err = CappedText(), CappedText()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    graph = None
    # A stop (the page's Stop: SIGINT through Pyodide's interrupt buffer) is counted as it comes
    # (deadline.py); a KeyboardInterrupt with none is the file's own `raise KeyboardInterrupt`,
    # which Run read as "Stopped at line 2" when nobody had pressed Stop.
    heard = STOPS.count
    try:
        with learner_limits(), counting_interrupts():
            module = exec_module(compile(source, filename, "exec"), source, filename)
        error, line = "", None
        if graph_of is not None:
            try:
                graph = graph_of(module.__dict__)
            except Exception:
                graph = None
    except SyntaxError as exc:
        error, line = syntax_message(exc, source), exc.lineno
    except BaseException as exc:  # anything the learner's code raises, exits included
        error, line = friendly_traceback(exc, filename, stopped=STOPS.count != heard)
    finally:
        sys.stdout, sys.stderr = saved
    return RunOutput(out.value(), err.value(), error, line, time.perf_counter() - started, graph)


def friendly_traceback(exc: BaseException, filename: str,
                       stopped: bool = True) -> tuple[str, int | None]:
    """The traceback through the learner's file only, and the last learner line in it.
    `stopped`: whether a stop came while the code ran; a KeyboardInterrupt without one is the
    file's own, worded as Check words it (learner_errors.own_interrupt)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    if isinstance(exc, SystemExit):
        line = frames[-1].lineno if frames else None
        at = f" at line {line}" if line else ""
        return (f"Your code exited{at} ({EXITS} end the program). In a lab file, define things "
                "instead."), line
    if isinstance(exc, KeyboardInterrupt) and not stopped:
        where = learner_frame(exc, filename)
        return "Your code raised " + own_interrupt(exc, where), where and where[0]
    if isinstance(exc, KeyboardInterrupt):
        # Stop (or a swallowed-then-raised interrupt): where the code was is what a learner
        # needs, to find the loop that did not end; the traceback adds nothing to it.
        if not frames:
            return "Stopped.", None
        where = frames[-1]
        inside = "" if where.name == "<module>" else f" (in `{where.name}`)"
        return f"Stopped at line {where.lineno} of your file{inside}.", where.lineno
    lines = ["Traceback (your code, most recent call last):"]
    for frame, repeats in _collapse([(f.lineno, f.name, (f.line or "").strip()) for f in frames]):
        if repeats:
            size = sum(2 if text else 1 for _, _, text in frame)
            lines.append(f"  … the same {size} lines repeated {repeats} times")
            continue
        lineno, name, text = frame[0]
        lines.append(f"  line {lineno}, in {name}")
        if text:
            lines.append(f"    {text}")
    last_line = "".join(traceback.format_exception_only(exc)).rstrip()
    # Python finds a NameError's "Did you mean" in the frames, which format_exception_only is
    # not given: Run left out the suggestion that is the whole fix for a day-one typo.
    if "Did you mean" not in last_line:
        last_line = with_suggestion(exc, last_line)
    lines.append(last_line)
    last = frames[-1] if frames else None
    hint = hint_for(exc, last and (last.lineno, last.name))
    if hint:
        lines.append(hint[0].upper() + hint[1:] + ".")
    return "\n".join(lines), frames[-1].lineno if frames else None


def _collapse(frames: list, longest: int = 4):
    """Frames as ([frame], 0) items, with a cycle that repeats given once and then as
    (cycle, times): a recursion that never ends shows its lines once, not a thousand times."""
    out, i = [], 0
    while i < len(frames):
        for size in range(1, longest + 1):
            cycle = frames[i:i + size]
            times = 1
            while frames[i + times * size:i + (times + 1) * size] == cycle:
                times += 1
            if times >= 3:
                out += [([f], 0) for f in cycle]
                out.append((cycle, times - 1))
                i += times * size
                break
        else:
            out.append(([frames[i]], 0))
            i += 1
    return out
