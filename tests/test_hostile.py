"""Hostile submissions graded in real Pyodide: each must fail with a plain message, leave no
trace on the machine, and not disturb the correct files graded around it."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

from grader import grading
from grader.runtimes.node import HOST
from grader.runtimes.pyodide import NodeHost, PyodideRuntime

HOSTILE = Path(__file__).resolve().parent / "hostile"
SECRET = "course-test-secret-7f3a"
# Seconds: course grade's default. Under CI's load a memory bomb once took 7 s to reach its
# MemoryError (fresh pages are slow on these VMs); the cap is 512 MiB now, and this is margin.
TIMEOUT = 10.0
REACH = "tried to reach the grading machine"

pytestmark = pytest.mark.pyodide


class Listener:
    """A TCP server on loopback that counts the connections it receives."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.running = True
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while self.running:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()


# Hostile files whose engine is right, so a pass is their right verdict: not in this batch,
# where every file not named innocent_ must fail. test_hostile_habits.py grades them and
# asserts what they try (patched_draws.py: the checks' draws never reach its code in Pyodide).
GRADED_ELSEWHERE = ("patched_draws.py",)


@pytest.fixture(scope="module")
def batch(course, tmp_path_factory, monkeypatch_module):
    lab = course.labs["05-backward"]
    marker = tmp_path_factory.mktemp("outside") / "marker.txt"
    listener = Listener()
    monkeypatch_module.setenv("COURSE_TEST_SECRET", SECRET)
    files = [("first-correct.py", lab.solution.read_text())]
    for path in sorted(HOSTILE.glob("*.py")):
        if path.name in GRADED_ELSEWHERE:
            continue
        source = (_source(path, lab).replace("__MARKER__", str(marker))
                  .replace("__PORT__", str(listener.port)))
        files.append((path.name, source))
    # Under the CLI's 1 MB, but six characters a byte as the channel's JSON writes it.
    files.append(("control_characters.py",
                  lab.solution.read_text() + 'NOISE = "' + "\x01" * 900_000 + '"\n'))
    files.append(("last-correct.py", lab.solution.read_text()))
    before = _processes()
    runtime = grading.make_runtime("pyodide", course.root, TIMEOUT)
    started = time.perf_counter()
    reports = {r.file: r for r in grading.grade(lab, files, runtime)}
    elapsed = time.perf_counter() - started
    # As `course grade` does (runtimes/second_look.py): a file the time limit stopped
    # while others ran beside it is judged once it has had the machine to itself. Only the
    # innocent ones here (the hostile ones' stops are what the tests read): under load,
    # innocent_stdlib_tour_2.py was stopped at 10 s importing http modules.
    # Likewise an innocent file whose host ended or hung under it (`host_failed`, which
    # `course grade` grades again too): innocent_devices.py got that once in a run whose batch
    # took 139 s on two cores at load 12, and passed in every run alone or not.
    again = [(name, source) for name, source in files
             if name.startswith("innocent_") and (reports[name].interrupted
                                                  or reports[name].host_failed)]
    if again:
        alone = grading.make_runtime("pyodide", course.root, TIMEOUT, 1)
        reports.update({r.file: r for r in grading.grade(lab, again, alone)})
    time.sleep(0.5)
    listener.running = False
    from grader.core.run import load_checks

    checks = len(load_checks(lab.checks_source(), lab.slug)[0])
    return {"reports": reports, "marker": marker, "listener": listener, "elapsed": elapsed,
            "checks": checks,
            "runtime": runtime, "left": _processes() - before}


def _source(path: Path, lab) -> str:
    """A file of tests/hostile/ as graded: `__SOLUTION__` is the lab's reference solution."""
    # Bytes decoded, not read_text: a file's own line endings (CRLF) are kept as written.
    return (path.read_bytes().decode("utf-8").replace("__LAB_DIR__", str(lab.folder.resolve()))
            .replace("__SOLUTION__", lab.solution.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def monkeypatch_module():
    patch = pytest.MonkeyPatch()
    yield patch
    patch.undo()


def _below_another_python(pid: int) -> bool:
    """Whether a process descends from a Python process other than this one (and its own
    ancestors): another course command's, not this test's."""
    ours, at = set(), os.getpid()
    while at > 1:
        ours.add(at)
        at = _parent(at)
    at = _parent(pid)
    while at > 1:
        if at not in ours:
            try:
                if b"python" in Path(f"/proc/{at}/cmdline").read_bytes():
                    return True
            except OSError:
                pass
        at = _parent(at)
    return False


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def _processes() -> set[str]:
    names = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                names.add(f"{entry.name}:{(entry / 'cmdline').read_bytes()!r}")
            except OSError:
                pass
    return names


def test_correct_files_around_hostile_ones_still_pass(batch):
    reports = batch["reports"]
    assert reports["first-correct.py"].passed and reports["last-correct.py"].passed
    hostile = [name for name in reports
               if not name.endswith("-correct.py") and not name.startswith("innocent_")]
    assert hostile and not any(reports[name].passed for name in hostile)


INNOCENT_PASSES = ["innocent_bom.py", "innocent_optional_numpy.py", "innocent_stdlib_records.py",
                   "innocent_stdlib_tools.py", "innocent_randomness.py", "innocent_doctest.py",
                   "innocent_environment.py", "innocent_streams.py", "innocent_dict_update.py",
                   "innocent_devices.py", "innocent_pdb.py", "innocent_profiler.py",
                   "innocent_own_hash.py", "innocent_callback_name.py", "innocent_getpass.py",
                   "innocent_argv.py", "innocent_stdlib_data.py", "innocent_stdlib_tour.py",
                   "innocent_stdlib_tour_2.py",
                   "innocent_asyncio.py", "innocent_platform.py", "innocent_help.py",
                   "innocent_metaclass_eq.py", "innocent_wide_output.py", "innocent_threads.py",
                   "innocent_value_protocols.py", "innocent_signals.py",
                   "innocent_object_lifecycle.py", "innocent_own_exceptions.py",
                   "innocent_odd_source.py", "innocent_clear_screen.py",
                   "innocent_buggy_finalizers.py", "innocent_quiet_print.py",
                   "innocent_big_history.py"]
INNOCENT_SYNTAX = [("innocent_syntax_error.py", "'(' was never closed (line 4).\n    total = (1 +\n            ^"),
                   ("innocent_indentation.py", "unexpected indent (line 6).\n    extra = 2\n    ^\n"
                    "Line 6 is indented 6 spaces, more than line 5 (4), which does not end in ':' "
                    "to open a block.")]


def _judged_fairly(reports, pyodide=True):
    for name in INNOCENT_PASSES:
        assert reports[name].passed, (name, reports[name].error)
    assert "numpy is not here" in reports["innocent_optional_numpy.py"].stdout
    assert "Edge(parent='a', child='?')" in reports["innocent_stdlib_records.py"].stdout
    tools = reports["innocent_stdlib_tools.py"]
    assert "tools done" in tools.stdout and "KeyError: 'missing'" in tools.stderr, tools.stderr
    assert "<module>: built the engine" in tools.stderr
    assert "drawn: 8 8 36 True True" in reports["innocent_randomness.py"].stdout
    assert "doctest: TestResults(failed=0" in reports["innocent_doctest.py"].stdout
    assert "∂L/∂a by bytes\nstreams done" in reports["innocent_streams.py"].stdout
    assert "uses of a: 3" in reports["innocent_dict_update.py"].stdout
    assert "devices: b'' True" in reports["innocent_devices.py"].stdout
    assert "debugger calls returned: Pdb" in reports["innocent_pdb.py"].stdout
    assert "profiled: 1.0 1.0 True" in reports["innocent_profiler.py"].stdout
    assert "training with " in reports["innocent_callback_name.py"].stdout
    # No terminal: getpass falls back to the empty standard input, EOFError, as input() does.
    assert "key: None 6.0" in reports["innocent_getpass.py"].stdout
    # A file's command line holds none of the grader's arguments (its folders, its limits).
    argv = reports["innocent_argv.py"].stdout
    assert "lr 0.1" in argv and "course-core" not in argv, argv
    assert "type: True" in reports["innocent_stdlib_data.py"].stdout
    wide = reports["innocent_wide_output.py"]  # kept as printed: its last step, emoji and all
    assert "step  2999 " + "\U0001F525" * 30 in wide.stdout and "\U0001F7E9" * 39 in wide.stderr
    assert "tour done" in reports["innocent_stdlib_tour.py"].stdout
    protocols = reports["innocent_value_protocols.py"].stdout
    assert "protocols: 0 False 2 True 6.0 True True 2\nas numbers: True False True" in protocols
    # No thread starts in either runtime's sealed interpreter: the file works inline in both.
    assert "threads: inline (can't start new thread) 12.0" in reports["innocent_threads.py"].stdout
    assert "tour 2 done" in reports["innocent_stdlib_tour_2.py"].stdout
    # Finalizers, weakref callbacks, __init_subclass__, frames read by a debugging helper and
    # a generator, exec() of a function, sys.excepthook set: the file's own objects, no attack.
    lifecycle = reports["innocent_object_lifecycle.py"].stdout
    assert ("lifecycle: ['del', 'finalize', 'weakref'] ['Leaf'] 3 True True True\n"
            "frames: ('tick', True) tick 1 4.0 Shown([...]) True") in lifecycle, lifecycle
    # CRLF line endings, a form feed, tabs, a coding line, a __future__ import, Unicode names,
    # a module __getattr__, `import this`, warnings made errors: read and run as Python does.
    odd = reports["innocent_odd_source.py"].stdout
    assert "Namespaces are one honking great idea" in odd and "odd source: 1 1.99 5001" in odd
    # os.system("clear") between epochs: no shell, nothing ran, a line on stderr says so; it
    # was "tried to reach the grading machine (os.system)" in both runtimes.
    clear = reports["innocent_clear_screen.py"]
    assert "epoch 2 ######## 1.536" in clear.stdout, clear.stdout
    assert ("os.system('clear'): nothing ran; there is no shell where files are graded\n"
            in clear.stderr), clear.stderr
    # A __del__ and a weakref callback that raise: Python prints them, with the line's text
    # (from linecache), and goes on. Under --runtime python, Python's own hook opened the file
    # by its path on disk to show that line, and the file was disqualified for "reading" it.
    finalizers = reports["innocent_buggy_finalizers.py"]
    assert "finalizers done" in finalizers.stdout
    assert ("    print(\"freed\", self.name)  # AttributeError when __init__ failed\n"
            in finalizers.stderr), finalizers.stderr
    assert "ZeroDivisionError: division by zero" in finalizers.stderr
    # Its own exception classes (one under BaseException, one whose __str__ formats a Value),
    # chained, noted, grouped, and a generator closed early: all caught in its own code.
    assert ("own exceptions: ['log of a non-positive number at Value(data=-1.0)', "
            "\"StopTraining ['after 3 steps']\", 'group 1', 'value', 'closed']"
            in reports["innocent_own_exceptions.py"].stdout)
    # Its own timeout helper falls back where there is no alarm for it (Pyodide has none; on
    # CPython SIGALRM is the time limit's), and nothing of it is taken for an attack.
    assert "signals: 5.0 True set True" in reports["innocent_signals.py"].stdout
    # platform.processor() answers "" without `uname -p` (a process) in either runtime.
    assert "machine: True True " in reports["innocent_platform.py"].stdout
    assert "backward(self)" in reports["innocent_help.py"].stdout
    assert "helped: True True True" in reports["innocent_help.py"].stdout
    # asyncio (which imports subprocess, and so _posixsubprocess) runs its own loop.
    assert "asyncio: [3.0, 6.0] True\nloop: 12.0" in reports["innocent_asyncio.py"].stdout
    # An in-memory SQLite database: in Pyodide all SQLite can open is the interpreter's own
    # memory; on CPython it opens files beneath the seal (ATTACH), refused, saying so.
    sqlite = reports["innocent_sqlite.py"]
    if pyodide:
        assert sqlite.passed, sqlite.error
        assert "sqlite: 5.0\nattach: OperationalError" in sqlite.stdout
    else:
        assert not sqlite.passed
        assert REACH + " (sqlite3.connect: SQLite opens files beneath" in sqlite.error
    # Files of its own, in Pyodide's in-memory working folder and /tmp (seal.py, scratch);
    # CPython's runtime works on disk and refuses.
    scratch = reports["innocent_scratch_files.py"]
    if pyodide:
        assert scratch.passed, scratch.error
        assert "scratch: 3 ['losses.csv', 'notes.txt'] a scratch line" in scratch.stdout
        assert ("run folder: ['copy.txt', 'copy.txt', 'log.txt', 'log.txt'] False"
                in scratch.stdout)
        assert "left: []" in scratch.stdout
    else:
        assert not scratch.passed and REACH in scratch.error
    if pyodide:  # its logs zipped and unzipped in its working folder (CPython: refused writes)
        archives = reports["innocent_archives.py"]
        assert archives.passed, archives.error
        assert ("'archive ok', 'unpack ok', 'unpacked ok', 'rmtree ok', 'rmtree missing ok', "
                "'remove zip ok']" in archives.stdout), archives.stdout
        paths = reports["innocent_pathlib_scratch.py"]
        assert paths.passed, paths.error
        assert "'move ok', 'mkstemp ok'" in paths.stdout and "Error" not in paths.stdout, \
            paths.stdout
    # Standard input is empty, whichever way a file reads it; in Pyodide descriptor 0 and
    # /dev/stdin are the interpreter's own (host/boot.mjs). CPython's runtime reads its job
    # on descriptor 0 and refuses.
    reading = reports["innocent_standard_input.py"]
    if pyodide:
        assert reading.passed, reading.error
        assert "stdin: '' b'' '' EOFError" in reading.stdout
    else:
        assert not reading.passed and REACH in reading.error
    environment = reports["innocent_environment.py"]
    assert "no helpers here" in environment.stdout and "adding Values" in environment.stderr
    for name, shown in INNOCENT_SYNTAX:
        error = reports[name].error
        assert REACH not in error
        assert error == "Python could not read your file: " + shown, error
    _long_line_shown(reports["innocent_long_line_syntax.py"].error)


def _long_line_shown(error: str) -> None:
    """A syntax error on a line of 600 characters names its line and shows the part of it
    around the error, with the caret under the missing comma's place."""
    assert error.count("\n") == 2 and "somewhere" not in error, error
    said, shown, caret = error.split("\n")
    assert said == ("Python could not read your file: invalid syntax. Perhaps you forgot a "
                    "comma? (line 5)."), error
    assert "0.3 0.4" in shown and len(shown) <= 200, error
    assert caret.index("^") == shown.index("0.3 0.4"), error


def test_a_file_that_globs_its_own_folder_is_not_accused(batch):
    """glob.glob of the file's own working folder (Pyodide's, in its memory) is a listing
    like os.listdir there; outside it, the listing is refused (read_solution.py)."""
    report = batch["reports"]["innocent_glob.py"]
    assert report.passed, report.error
    assert "globbed: ['losses-first.csv', 'losses-second.csv'] True" in report.stdout


def test_a_file_that_runs_coroutines_is_not_accused(batch):
    """asyncio.run in Pyodide was its wrapper that imports the JavaScript bridge, refused as
    an attack; the sealed interpreter has CPython's run() and a loop without a socket pair."""
    report = batch["reports"]["innocent_asyncio.py"]
    assert report.passed, report.error
    assert "asyncio: [3.0, 6.0] True\nloop: 12.0\nasyncio done" in report.stdout


def test_a_file_that_names_its_host_is_not_accused(batch):
    """In Pyodide the host is the interpreter's own ("emscripten", as platform.node() says)
    and Emscripten resolves names from a table of its own: socket.gethostname, getfqdn and
    email.utils.make_msgid reach nothing, and were refused as attacks. (CPython's runtime,
    on the real machine, still refuses them.)"""
    report = batch["reports"]["innocent_hostname.py"]
    assert report.passed, report.error
    assert "host: emscripten True True\nmessage id: True" in report.stdout


def test_a_file_that_writes_to_its_own_output_streams_is_not_accused(batch):
    """open("/dev/stdout", "w") and os.fdopen(1, "w") lead where print(file=sys.__stdout__)
    and os.write(1, ...) do, in Pyodide the worker's own output; they were refused as
    attacks. (CPython's runtime, whose descriptor 1 carries the report, still refuses.)"""
    report = batch["reports"]["innocent_output_streams.py"]
    assert report.passed, report.error
    assert "output streams done" in report.stdout


def test_a_file_that_moves_to_its_own_folder_is_not_accused(batch):
    """os.chdir into the working folder or /tmp (Pyodide's, in its memory), as scripts that
    read files beside them do; anywhere else is refused (device_doors.py)."""
    report = batch["reports"]["innocent_chdir.py"]
    assert report.passed, report.error
    assert "moved: started | in tmp" in report.stdout
    assert "move to the root refused: PermissionError" in batch["reports"]["device_doors.py"].stdout


def test_innocent_files_next_to_hostile_ones_are_judged_fairly(batch):
    """A syntax error is a syntax error (line and caret), a BOM is accepted, a missing module
    is an ImportError the file's own code catches, and dataclasses and named tuples are
    records, never "reaching the machine"."""
    _judged_fairly(batch["reports"])


@pytest.mark.parametrize("name, words", [
    ("import_js_exit.py", REACH + " (import js)"),
    ("js_doors.py", REACH + " (process._kill; process.getBuiltinModule"),
    ("env_read.py", REACH),
    ("write_file.py", REACH + " (writing"),
    ("read_solution.py", REACH),
    ("network.py", REACH),
    ("device_doors.py", REACH + " (writing '/dev/urandom'; writing '/dev/fd/../null'; "
                        "shutil.copyfile"),
    ("tamper_gc.py", REACH + " (gc.get_objects)"),
    ("scrub_records.py", REACH + " (gc.get_objects)"),
    ("deep_refusal.py", REACH + " (gc.get_objects"),
    ("tamper_builtins.py", "changed the grader's own objects"),
    ("builtins_key.py", "changed the grader's own objects"),
    ("tamper_checker.py", "changed the grader's own objects"),
    ("os_exit.py", "stopped before it could report"),
    ("sys_exit.py", "your code exited (line 2 of your file): sys.exit(), exit() and quit()"),
    ("deep_recursion.py", "RecursionError"),
    ("deep_stack.py", "Your code recursed so deeply that the interpreter running it ran out of "
                      "stack and ended in the check"),
    ("memory_bomb.py", "MemoryError"),
    ("child_process.py", "Running your file failed"),
    ("infinite_loop.py", f"ran for more than {TIMEOUT:g} s"),
    ("sleep_forever.py", f"ran for more than {TIMEOUT:g} s"),
    ("catches_interrupt.py", f"ran for more than {TIMEOUT:g} s"),
    ("colliding_keys.py", "broke the link between its interpreter and the checks: a dict whose "
                          "keys share one hash"),
    ("deep_message.py", "broke the link between its interpreter and the checks: a message "
                        "nested deeper than any value"),
    ("late_break.py", "broke the link between its interpreter and the checks: not a value"),
    ("lying_exception.py", "Running your file failed: Lying: boom (line 16 of your file)"),
    ("exception_group.py", "Running your file failed: ExceptionGroup: several slips (2 "
                           "sub-exceptions) (line 4 of your file)"),
    ("archive_outside.py", REACH + " (shutil.make_archive; shutil.make_archive; "
                           "shutil.unpack_archive)"),
    ("seal_globals.py", REACH + " (changing the grader's seal"),
    ("seal_cells.py", REACH + " (changing refuse.__defaults__"),
    ("seal_tracer.py", REACH + " (sys.settrace"),
    ("spawn_stand_in.py", REACH + " (_posixsubprocess.fork_exec; import _posixsubprocess)"),
    ("unaudited_calls.py", REACH + " (writing '"),
    ("long_refused_path.py", REACH + " (writing '/home/\U0001F525"),
    ("long_module_name.py", "Running your file failed: ModuleNotFoundError: No module named 'x"),
    ("builtin_copies.py", REACH + " (_imp.create_builtin: a copy of a built-in module"),
    ("capi_modules.py", REACH + " (import _testcapi)"),
    ("compiled_modules.py", REACH + " (import _testcapi; loading the compiled module made from "
                                    "'/tmp/made.so')"),
])
def test_each_attempt_fails_with_a_plain_message(batch, name, words):
    report = batch["reports"][name]
    assert report.passed is False and report.score == 0
    assert words in report.error
    assert len(report.checks) == report.max_score == batch["checks"]


def test_a_submission_in_javascript_finds_every_door_of_its_process_shut(course):
    """Learner code can reach its worker's JavaScript (tests/hostile/js_doors.py shows two
    ways); a thread shares its process's file descriptors and signals. Once, closing fd 0
    there ended the host, and the next file on it was reported as broken. Every door is
    refused now, and the file graded after it on the same host is graded as usual."""
    lab = course.labs["05-backward"]
    runtime = PyodideRuntime(course.root, timeout=TIMEOUT, workers=1)
    doors, after = grading.grade(lab, [("js_doors.py", _source(HOSTILE / "js_doors.py", lab)),
                                       ("after.py", lab.solution.read_text())], runtime)
    assert "reached JavaScript: True and Pyodide's API: True" in doors.stdout
    tried = [line for line in doors.stdout.splitlines()[1:] if line]
    assert len(tried) == 6 and all(" refused: " in line for line in tried), doors.stdout
    assert "does not exist" in tried[4]  # Pyodide's own words for a folder it may not stat
    assert after.passed and after.score == len(after.checks), after.error


def test_the_host_runs_in_its_own_folder(course):
    """Node 24 lets a worker thread read files below the process's working folder (outside
    what --allow-fs-read grants): the host's is its own folder, which it may read anyway."""
    runtime = PyodideRuntime(course.root, timeout=TIMEOUT, workers=1)
    host = NodeHost(runtime.pyodide, runtime.stdlib, package=runtime.package)
    try:
        assert os.readlink(f"/proc/{host.proc.pid}/cwd") == str(HOST.parent)
    finally:
        host.close()


def test_nothing_happened_outside(batch):
    assert not batch["marker"].exists(), "a submission wrote a file on the machine"
    assert not Path("/tmp/course-pwned.txt").exists()
    assert batch["listener"].connections == 0, "a submission opened a network connection"
    assert batch["runtime"].refused == []
    # Grading hosts only (by their script's path): other Node programs on a shared machine,
    # such as a Playwright driver, come and go on their own.
    # Another course command running beside these tests (a shared machine, CI's other jobs)
    # has hosts of its own, below its own Python: only those below none but ours count (a host
    # this run left behind is below ours, or an orphan below init).
    leftovers = [p for p in batch["left"] if (str(HOST) in p or "unshare" in p)
                 and not _below_another_python(int(p.split(":", 1)[0]))]
    if leftovers:
        # Failed twice (4 and 9 hosts) while other course commands ran beside this run, and
        # none was left a minute later: a host whose parent Python is exiting reads an empty
        # cmdline there, so it looks like no one's. A host this run left stays; look again.
        time.sleep(5)
        leftovers = [p for p in leftovers if Path(f"/proc/{p.split(':', 1)[0]}").exists()
                     and not _below_another_python(int(p.split(":", 1)[0]))]
    assert leftovers == [], "grading processes were left running"


def test_no_secret_or_hidden_file_reaches_a_report(batch):
    texts = [r.to_json() for r in batch["reports"].values()]
    assert not any(SECRET in t for t in texts)
    assert not any("STOLEN" in t for t in texts)
    assert not any("def backward(self):\\n        # Topological order" in t for t in texts)


def test_faked_reports_are_only_output(batch):
    report = batch["reports"]["fake_report.py"]
    assert report.passed is False and '"passed": true' in report.stdout
    assert "does not define `Value`" in report.checks[0].message


def test_no_format_holds_a_line_a_ci_runner_would_obey(batch):
    """ci_commands.py prints GitHub Actions' and Azure's workflow commands and raises them in
    its errors. Every format keeps the text (escaped in text, a reference in XML, a JSON
    escape), and none holds a line a runner reads as a command: "::" after leading whitespace,
    or "##[" / "##vso[" anywhere."""
    import json
    import re
    import xml.etree.ElementTree as ET

    from grader.formats import render
    from grader.graded import Graded

    report = batch["reports"]["ci_commands.py"]
    assert "::add-mask::FAILED" in report.stdout and "##[group]" in report.checks[0].message
    graded = [Graded(report, "ci_commands.py")]
    for name in ("text", "json", "junit", "gradescope", "prairielearn"):
        document = render(name, graded)
        for shown in document.splitlines():
            assert not shown.strip().startswith("::"), (name, shown)
            assert not re.search(r"##[A-Za-z]*\[", shown), (name, shown)
    assert "\\x3a:add-mask::FAILED" in render("text", graded)
    assert json.loads(render("json", graded))[0]["stdout"] == report.stdout
    suite = ET.fromstring(render("junit", graded).split("\n", 1)[1])
    assert suite.find(".//system-out").text == report.stdout


def test_an_output_flood_is_truncated(batch):
    report = batch["reports"]["output_flood.py"]
    assert len(report.stdout) < 70_000 and "[output truncated:" in report.stdout
    # Cut in the middle only: the last line printed is kept (in Pyodide it was lost).
    assert report.stdout.count("[output truncated") == 1
    assert report.stdout.endswith('{"passed": true, "score": 12, "max_score": 12}\n')


def test_a_flood_below_sys_stdout_is_only_output(batch):
    """os.write to fd 1 and 2, 400 MB and no newline: Pyodide's default writer kept the line
    in the worker's JavaScript heap until V8 ended the whole host ("the grading process
    ended"). Now the file is graded like any other: its checks run and say what is missing."""
    report = batch["reports"]["fd_flood.py"]
    assert report.error == "", report.error
    assert "does not define `Value`" in report.checks[0].message
    assert "flooded" in report.stdout


def test_a_file_that_spends_memory_or_the_channel_is_told_which_and_keeps_its_checks(batch):
    """Resources a file spends are its own: memory_per_call.py runs its interpreter out of
    memory mid-checks (the checks before keep their verdicts, the one it ran out in says
    MemoryError); too_many_items.py gives back more items than any message carries, and is
    told so at once, not stopped by the time limit at a line that could not be named."""
    report = batch["reports"]["memory_per_call.py"]
    assert report.error == "", report.error
    failed = [c for c in report.checks if not c.passed]
    assert 0 < report.score < report.max_score and "MemoryError" in failed[0].message
    report = batch["reports"]["too_many_items.py"]
    assert report.error == "", report.error
    failed = [c for c in report.checks if not c.passed]
    assert failed and all("more than a message between your code and the checks may hold"
                          in c.message for c in failed), [c.message for c in failed]


def test_output_made_to_break_a_document_leaves_every_format_well_formed(batch):
    """output_in_checks.py prints 100 kB of XML, CSV, a formula, NUL and escapes at every
    addition, to both streams: each report's output stays bounded, and every format of the
    whole batch still reads back with its own parser, one suite, row or result per file."""
    import csv
    import io
    import json
    import re
    import xml.etree.ElementTree as ET

    from grader.formats import render
    from grader.graded import Graded

    report = batch["reports"]["output_in_checks.py"]
    assert not report.passed and "relu" in next(c for c in report.checks if not c.passed).message
    assert len(report.stdout) < 70_000 and len(report.stderr) < 70_000
    graded = [Graded(r, name) for name, r in batch["reports"].items()]
    names = [g.report.file for g in graded]
    documents = {name: render(name, graded) for name in
                 ("json", "junit", "csv", "gradescope", "prairielearn", "text")}
    assert [r["file"] for r in json.loads(documents["json"])] == names
    suites = ET.fromstring(documents["junit"].split("\n", 1)[1]).findall(".//testsuite")
    assert len(suites) == len(names)
    rows = list(csv.reader(io.StringIO(documents["csv"].lstrip("\ufeff"))))
    assert len(rows) == len(names) + 1 and {len(row) for row in rows} == {len(rows[0])}
    assert not any(cell[:1] in ("=", "+", "-", "@") for row in rows for cell in row)
    json.loads(documents["gradescope"]) and json.loads(documents["prairielearn"])
    # The text's only escapes are its own colours (click.style on PASSED / FAILED).
    shown = re.sub("\x1b\\[(?:0|31|32)m", "", documents["text"])
    assert "\x00" not in shown and "\x1b" not in shown


def test_rewriting_the_agents_classes_is_only_another_wrong_answer(batch):
    """The seal does not see a class attribute set (test_pyodide.py's strict xfail): a file
    rewrote the classes of the agent that answers for it, so that every float it sends is 1.0
    and its last word claims an intact seal. The checks judge in their own interpreter: the
    lie is one more wrong number, and nothing is hidden but the file's own answers."""
    report = batch["reports"]["patch_agent_classes.py"]
    assert report.error == "" and "agent rewritten" in report.stdout
    failed = [c for c in report.checks if not c.passed]
    assert failed and "but your code gives 1." in failed[0].message, failed[0].message


def test_a_reply_that_asks_again_while_it_is_read_fails_only_its_own_check(batch):
    """Reading a dict keyed by a learner object hashes the key, which is one more request to
    the learner's side: a file answered each hash with such a dict again, without end. The
    check that hashed fails as a recursion too deep; the checks' worker lives on, grades the
    rest of that file's checks, and the files after it (test_correct_files_around_...)."""
    report = batch["reports"]["nested_hash_replies.py"]
    assert report.error == ""
    failed = [c for c in report.checks if not c.passed]
    assert len(failed) == 1 and "recursed too deeply" in failed[0].message, failed
    assert sum(c.passed for c in report.checks) == len(report.checks) - 1


def test_a_file_too_large_for_the_channel_is_told_so_not_accused(batch):
    """The checks' side could not send a 900 KB file of control characters (each is six
    characters as JSON) to its interpreter, broke the link, and the report said the file
    tried to reach the grading machine before a line of it ran."""
    error = batch["reports"]["control_characters.py"].error
    assert error.startswith("Your file is too large to grade: sent to the interpreter that "
                            "runs it, it is 5,"), error
    assert "more than the 4 MiB a message may hold" in error
    assert REACH not in error


def test_a_submission_s_memory_is_capped_at_512_mib(batch):
    """The README's cap: the bomb's MemoryError comes from the cap on wasm memory (the
    interpreter itself holds some tens of MB of it), not from the host's 2.5 GiB."""
    held = int(batch["reports"]["memory_bomb.py"].stdout.split("held ")[1].split()[0])
    assert 384 <= held < 512


def test_time_limits_are_enforced_promptly(batch):
    for name in ("infinite_loop.py", "sleep_forever.py", "catches_interrupt.py", "alarm_off.py",
                 "interrupt_off.py"):
        assert batch["reports"][name].seconds < TIMEOUT + 5
    # Refused as it is read: the checks' side never spends its time on such a message.
    assert batch["reports"]["colliding_keys.py"].seconds < TIMEOUT / 2


def test_a_file_that_switches_the_alarm_off_keeps_its_passed_checks(batch):
    """The pair of test_python_runtime's test_a_file_cannot_switch_the_time_limit_off: here the
    limit is the host's, out of the file's reach, and the checks before the loop still pass."""
    from test_python_runtime import stopped_with_its_passed_checks

    report = batch["reports"]["alarm_off.py"]
    stopped_with_its_passed_checks(report)


def test_checks_passed_before_the_interpreter_ended_are_kept(batch):
    """The pair of test_python_runtime's test of the same name: a file that ends its
    interpreter mid-checks, or sits in one long C call, keeps the checks it passed before."""
    from test_python_runtime import kept_what_passed_before

    kept_what_passed_before(batch["reports"]["ends_mid_checks.py"], crashed=True)
    kept_what_passed_before(batch["reports"]["long_c_call.py"], crashed=False)
    # Its interpreter told, through its JavaScript, never to look at the interrupt word: the
    # checks' side gives up on it after link.TAKE, and the stop is reported as any other.
    kept_what_passed_before(batch["reports"]["interrupt_off.py"], crashed=False)


UNAUDITED_SHOWN = ("pidfd refused: AttributeError\nmkfifo refused: AttributeError\n"
                   "mknod refused: AttributeError\nsetpriority refused: AttributeError\n"
                   "create read-only refused: PermissionError\n"
                   "shared memory refused: PermissionError\nmade: False")


def _unaudited_calls_refused(reports, pyodide=True):
    """Calls that raise no audit event are missing (UNAUDITED), O_CREAT and O_TRUNC count as
    writing, and no built-in module can be copied to get them (or the JS bridge) back."""
    assert UNAUDITED_SHOWN in reports["unaudited_calls.py"].stdout
    assert "import _posixshmem" in reports["unaudited_calls.py"].error
    copies = reports["builtin_copies.py"].stdout
    assert "posix refused: PermissionError\n_signal refused: PermissionError" in copies
    if pyodide:
        assert ("_pyodide_core refused: PermissionError\n_ctypes refused: PermissionError"
                in copies), copies


def test_calls_no_audit_event_sees_are_out_of_reach(batch):
    _unaudited_calls_refused(batch["reports"])


def test_no_compiled_module_is_loaded_from_a_file_the_submission_wrote(batch):
    """A WebAssembly module written to /tmp, or planted in lib-dynload through a folder
    descriptor, was loaded into the learner's interpreter (code beneath the seal); a str
    subclass named a refused module unread. Pyodide's file system now refuses the plant
    itself (the folders a file may read are read-only there)."""
    compiled = batch["reports"]["compiled_modules.py"].stdout
    assert ("subclass refused\nwritten refused\nplanted refused\n"
            "imported failed: ModuleNotFoundError") in compiled, compiled


def test_the_cpython_runtime_refuses_the_same_attempts(course, tmp_path):
    """--runtime python (for authors) seals its fresh interpreters the same way."""
    lab = course.labs["05-backward"]
    marker = tmp_path / "marker.txt"
    names = ["write_file.py", "tamper_checker.py", "tamper_builtins.py", "builtins_key.py",
             "os_exit.py", "deep_refusal.py",
             "memory_bomb.py", "read_solution.py", "import_js_exit.py"]
    names += [name for name, _ in INNOCENT_SYNTAX] + INNOCENT_PASSES + ["innocent_scratch_files.py",
                                                                 "innocent_long_line_syntax.py",
                                                                 "innocent_standard_input.py",
                                                                 "innocent_sqlite.py",
                                                                 "child_process.py",
                                                                 "spawn_stand_in.py",
                                                                 "unaudited_calls.py",
                                                                 "builtin_copies.py",
                                                                 "capi_modules.py",
                                                                 "compiled_modules.py",
                                                                 "long_refused_path.py",
                                                                 "long_module_name.py"]
    files = [(n, _source(HOSTILE / n, lab).replace("__MARKER__", str(marker))) for n in names]
    files.append(("correct.py", lab.solution.read_text()))
    # A generous limit: filling memory takes a few seconds on a busy machine.
    reports = {r.file: r for r in grading.grade(lab, files, grading.make_runtime(
        "python", course.root, 15.0))}
    assert reports.pop("correct.py").passed
    _judged_fairly(reports, pyodide=False)
    assert not any(r.passed for n, r in reports.items() if not n.startswith("innocent_"))
    assert REACH in reports["write_file.py"].error and not marker.exists()
    assert "changed the grader's own objects" in reports["tamper_checker.py"].error
    assert "changed the grader's own objects" in reports["builtins_key.py"].error
    assert REACH + " (gc.get_objects" in reports["deep_refusal.py"].error
    assert "MemoryError" in reports["memory_bomb.py"].error
    assert "STOLEN" not in reports["read_solution.py"].stdout
    assert REACH + " (subprocess.Popen)" in reports["child_process.py"].error
    spawn = reports["spawn_stand_in.py"]
    assert REACH + " (_posixsubprocess.fork_exec; import _posixsubprocess)" in spawn.error
    assert "stand-in refused: PermissionError\nagain refused: PermissionError" in spawn.stdout
    _unaudited_calls_refused(reports, pyodide=False)
    assert REACH + " (import _testcapi)" in reports["capi_modules.py"].error
    compiled = reports["compiled_modules.py"]
    assert "renamed refused\nsubclass refused" in compiled.stdout, compiled.stdout
    assert REACH + " (import cover._ctypes; import _testcapi)" in compiled.error
    _long_paths_said_short(reports["long_refused_path.py"])
    module = reports["long_module_name.py"].error
    assert "ModuleNotFoundError: No module named 'x" in module and len(module) < 2_000, module[:300]


def test_a_refusal_of_a_long_path_is_said_in_few_words(batch):
    _long_paths_said_short(batch["reports"]["long_refused_path.py"])


def _long_paths_said_short(report):
    """Three paths of a million characters, refused: the report says so, each cut short (in
    --runtime python it said the interpreter stopped before it could report)."""
    assert REACH + " (writing '/home/\U0001F525" in report.error, report.error[:300]
    assert len(report.error) < 2_000
    printed = report.stdout.splitlines()  # what the file's own code was told, each time
    assert len(printed) == 3 and all(line.startswith("PermissionError ")
                                     and int(line.split()[1]) < 400 for line in printed), printed


def test_a_manifest_slug_with_a_trailing_newline_is_refused(tmp_path):
    """`$` also matches before a final newline: a manifest listing lab "05-backward\\n" beside
    "05-backward" was read as holding two labs, the second one of no name the course knows."""
    import json
    import zipfile

    from grader.intake.exports import read_export_zip
    from grader.intake.regular import Refused

    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("manifest.json", json.dumps({
            "course": "autograd-course", "version": "0.1.0", "exported_at": "",
            "labs": [{"slug": "05-backward", "file": "a.py"},
                     {"slug": "05-backward\n", "file": "b.py"}]}))
        archive.writestr("a.py", "x = 1\n")
        archive.writestr("b.py", "x = 2\n")
    with pytest.raises(Refused, match="lists a lab as"):
        read_export_zip(path, "export.zip")


def test_a_file_that_looks_beside_itself_is_not_accused(course):
    """Files are graded under the paths the instructor keeps them at; in the learner's
    interpreter a file runs as its own name in the working folder (agent.py), so its folder
    is one it may look in, as on the page."""
    lab = course.labs["05-backward"]
    name = "/srv/class-of-2026/learner-7/innocent_own_folder.py"
    (report,) = grading.grade(lab, [(name, _source(HOSTILE / "innocent_own_folder.py", lab))],
                              PyodideRuntime(course.root, timeout=TIMEOUT, workers=1))
    assert report.passed, report.error
    assert "beside me: [['losses.csv'], ['losses.csv'], ['losses.csv'], []]" in report.stdout
