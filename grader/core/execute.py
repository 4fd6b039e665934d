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

from .report import encode
from .run import CappedText, exec_module, syntax_message


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
    try:
        module = exec_module(compile(source, filename, "exec"), source, filename)
        error, line = "", None
        if graph_of is not None:
            try:
                graph = graph_of(module.__dict__)
            except Exception:
                graph = None
    except SyntaxError as exc:
        error, line = syntax_message(exc), exc.lineno
    except BaseException as exc:  # anything the learner's code raises, exits included
        error, line = friendly_traceback(exc, filename)
    finally:
        sys.stdout, sys.stderr = saved
    return RunOutput(out.value(), err.value(), error, line, time.perf_counter() - started, graph)


def friendly_traceback(exc: BaseException, filename: str) -> tuple[str, int | None]:
    """The traceback through the learner's file only, and the last learner line in it."""
    if isinstance(exc, SystemExit):
        return "Your code called sys.exit(). In a lab file, define things instead.", None
    if isinstance(exc, KeyboardInterrupt):
        return "Stopped.", None
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    lines = ["Traceback (your code, most recent call last):"]
    for frame in frames:
        lines.append(f"  line {frame.lineno}, in {frame.name}")
        if frame.line:
            lines.append(f"    {frame.line.strip()}")
    lines.append("".join(traceback.format_exception_only(exc)).rstrip())
    return "\n".join(lines), frames[-1].lineno if frames else None
