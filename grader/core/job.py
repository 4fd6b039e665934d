"""The sealed entry point: grade one job in a fresh interpreter that will be thrown away.

Both the Node host (Pyodide) and the CPython runtime start a new interpreter per submission,
import this module, and call `run_job` once. Order matters: the lab's checks are loaded first,
then the interpreter is sealed (seal.py) and the grader's modules are taken out of
`sys.modules`, and only then does learner code run.
"""

from __future__ import annotations

import json
import signal
import sys
from contextlib import nullcontext

from . import seal
from .checks import seed_of, use_seed
from .deadline import Deadline
from .learner_errors import line_of, ran_too_long
from .report import Report, encode
from .run import grade, load_checks, stopped_check


def run_job(job_json: str, on_check=None) -> str:
    """`{"lab", "file", "source", "checks_source", "runtime"[, "seed"]}` in, a report's JSON out.

    The checks draw their inputs from the job's seed: by default one made from the file's own
    text, so any change to a file changes its numbers (no file can be tuned to them), while
    grading the same file again, in either runtime, gives the same verdict.
    """
    job = json.loads(job_json)
    use_seed(job.get("seed", seed_of(job["source"])))
    checks, namespace = load_checks(job["checks_source"], job["lab"])
    ours = [name for name in sys.modules if name.split(".")[0] == "grader"]
    watched = tuple(sys.modules[name].__dict__ for name in ours) + (namespace,)
    guard = seal.seal(watched)
    for name in ours:
        del sys.modules[name]
    # The file runs as its own name (its __file__, its tracebacks' name), as in Pyodide
    # (agent.py) and on the page: under its path on disk, a correct file that read itself
    # (`open(__file__)`) was disqualified for "reading '/srv/.../lab.py'" where Pyodide said
    # FileNotFoundError, and its tracebacks showed the grader's folders. The report keeps the
    # path it was graded under.
    report = grade(job["lab"], checks, job["source"], _own_name(job["file"]),
                   runtime=job.get("runtime", ""), guard=guard, on_check=on_check)
    report.file = job["file"]
    return encode(report.to_dict())


def _site_builtins() -> None:
    """The builtins `site` adds (help, exit, quit, copyright, credits, license), as every other
    Python a learner runs has them (Pyodide's too): this interpreter starts with -S, and a
    correct file that called help(Value.backward) failed with "name 'help' is not defined"
    (innocent_help.py). Added before the seal, which then watches them like any builtin."""
    import site

    site.setquit()
    site.setcopyright()
    site.sethelper()


def _own_name(filename) -> str:
    """A file's own name, without the grader's folders (agent.py runs it under this name)."""
    name = str(filename).replace("\\", "/").rsplit("/", 1)[-1]
    # "<checks of ...>" is the checks' own code's name here: a file of that name would share
    # the checks' lines in linecache and tracebacks.
    return name if name not in ("", ".", "..") and not name.startswith("<") else "lab.py"


def _check_frames(token: str):
    """That the file has loaded (`{"loaded": true}`: a stop after it is in a check), then each
    check's result, framed as the report is (`{"check": ...}`), on its way to the
    CPython runtime's parent as soon as it is known: a file that then ends this interpreter
    (os._exit) or sits in one long C call past the limit loses only the checks after it, as in
    Pyodide (tests/hostile/ends_mid_checks.py). No new power: a file that can read the token
    (through frames) can already frame a whole report; the parent counts these only when the
    report never comes, and a report it writes that way always fails (it has an error)."""
    def on_check(result, _out=sys.__stdout__, _token=token, _encode=encode):
        said = {"loaded": True} if result is None else {"check": result.to_dict()}
        _out.write(f"\n{_token} {_encode(said)}\n")
        _out.flush()
    return on_check


def _disqualified(result: str) -> bool:
    """Whether a report's error is a disqualification, which a time limit that also fired
    must not replace: every check said "disqualified (see above)" under a time limit's words
    (a file that caught a refused gc.get_objects() and then looped)."""
    return str(json.loads(result).get("error", "")).startswith("This submission")


def main() -> None:
    """CPython runtime: read one job from stdin, print its report after a framing token.

    `"stop_after"` seconds: the learner's code is then interrupted where it is, so the report
    names the line that was running, as the Pyodide runtime's does (the parent ends the
    process a little later if the code catches the interrupt, or sits in one C call).
    """
    job_json = sys.stdin.read()
    job = json.loads(job_json)
    # The file's command line is its own name alone, as `python lab.py` gives (and as in
    # Pyodide): it was this runner's, the grader's core folder and a memory limit, so a
    # correct file that parsed its options with argparse exited on "unrecognized arguments".
    sys.argv[:] = [_own_name(job.get("file", ""))]
    # And its SIGINT is Python's KeyboardInterrupt, as `python lab.py` has: a `course grade`
    # started in the background of a shell (`&`, nohup, some CI launchers) inherits SIGINT
    # ignored, and Python then installs no handler, so a file that asked for it read SIG_IGN.
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    _site_builtins()
    token = job.pop("token", "")
    limit = (Deadline(job["stop_after"], _own_name(job["file"])) if job.get("stop_after")
             else nullcontext())
    with limit:
        result = run_job(job_json, _check_frames(token))
    if getattr(limit, "fired", False) and not _disqualified(result):
        report = json.loads(result)
        report["error"] = ran_too_long(job["stop_after"], stopped_check(Report.from_dict(report)),
                                       limit.where, line_of(job.get("source", ""), limit.where))
        result = encode(report)
    out = sys.__stdout__
    out.write(f"\n{token} {result}\n")
    out.flush()


if __name__ == "__main__":
    main()
