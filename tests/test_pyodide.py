"""Real Pyodide under Node: the default runtime, its walls, and what it refuses."""

from __future__ import annotations

import json
import subprocess

import pytest

from grader import grading
from grader.runtimes.node import node_binary, permission_flags, pyodide_dir
from grader.runtimes.pyodide import PyodideRuntime
from grader.runtimes.submission import Submission
from tests.conftest import ROOT

pytestmark = pytest.mark.pyodide


def _grade(course, *files, timeout=10.0):
    lab = course.labs["05-backward"]
    runtime = PyodideRuntime(course.root, timeout=timeout)
    return grading.grade(lab, list(files), runtime), runtime


def test_solution_passes_stub_fails_and_a_cheat_fails(course):
    lab = course.labs["05-backward"]
    cheat = "import builtins\nbuiltins.float = lambda x: 4.0\n" + lab.solution.read_text()
    (solution, starter, cheater), runtime = _grade(
        course, ("solution.py", lab.solution.read_text()), ("starter.py", lab.starter.read_text()),
        ("cheat.py", cheat))
    assert solution.passed and solution.runtime == "pyodide" and solution.score == len(solution.checks) >= 13
    assert not starter.passed and "does not define `Value`" in starter.checks[0].message
    assert not cheater.passed and "changed the grader's own objects" in cheater.error
    assert runtime.refused == [], "grading must never fetch anything"


def test_an_infinite_loop_is_stopped_and_the_next_file_is_graded(course):
    lab = course.labs["05-backward"]
    (looping, after), _ = _grade(course, ("loop.py", "while True:\n    pass\n"),
                                 ("after.py", lab.solution.read_text()), timeout=4.0)
    assert not looping.passed and "ran for more than 4 s" in looping.error
    # Interrupted where it was, the learner's interpreter names the line (link.py, GRACE).
    assert "It was at line 2 of your file, outside any function" in looping.error, looping.error
    assert looping.seconds < 8
    assert after.passed


def test_code_that_swallows_the_interrupt_gets_2_s_to_answer_then_is_ended(course):
    """README: at the time limit the learner's interpreter is interrupted and has 2 s, from
    when it takes the interrupt, to say where it was; code that catches KeyboardInterrupt is
    ended with its worker after that. (It takes it at once: were the channel's `taken()` wrong,
    it would wait link.TAKE, 4 s, instead.)"""
    swallow = ("while True:\n    try:\n        while True:\n            pass\n"
               "    except KeyboardInterrupt:\n        pass\n")
    (report,), _ = _grade(course, ("swallow.py", swallow), timeout=2.0)
    assert not report.passed and "ran for more than 2 s" in report.error, report.error
    assert 3.8 <= report.seconds < 5.6, report.seconds


def test_code_in_one_long_c_call_is_ended_when_it_never_takes_the_interrupt(course):
    """Pyodide looks for an interrupt between Python's instructions only: one call into C that
    never returns never takes it, and is ended link.TAKE (4 s) after it was asked."""
    (report,), _ = _grade(course, ("c_call.py", "sum(range(10 ** 15))\n"), timeout=2.0)
    assert not report.passed and "ran for more than 2 s" in report.error, report.error
    assert 5.8 <= report.seconds < 8.5, report.seconds


def test_a_time_sleep_is_stopped_where_it_waits_and_its_line_named(course):
    """time.sleep waits inside C, where Pyodide never reads its interrupt: the report said
    "ran for more than 2 s" and no place. The learner's side sleeps in slices
    (deadline.sleep_in_slices), as the page's worker does, so the stop lands on its line."""
    lab = course.labs["05-backward"]
    sleepy = "import time\n\ntime.sleep(1000)\n" + lab.solution.read_text()
    (report,), _ = _grade(course, ("sleepy.py", sleepy), timeout=2.0)
    assert not report.passed and "ran for more than 2 s" in report.error, report.error
    assert ("It was at line 3 of your file, outside any function, so it runs as soon as the "
            "file loads: it waits there (time.sleep)") in report.error, report.error


def test_a_misspelt_name_is_offered_pythons_did_you_mean(course):
    """A learner's likeliest NameError or AttributeError is a slip of case or spelling, and
    Python's own traceback names the fix ("Did you mean: 'L'?"); the report left it out. It is
    computed on the learner's side, where the frames are, and crosses with the error. A class
    that makes its own names (a `__dir__`) is not asked: no learner code runs for a message."""
    lab1, lab4 = course.labs["01-graphs"], course.labs["04-value"]
    typo = lab1.solution.read_text().replace('"L": L', '"L": l')
    assert typo != lab1.solution.read_text()
    attr = lab4.solution.read_text().replace("self.data + other.data", "self.dat + other.data")
    looping = attr.replace("class Value:", "class Value:\n    def __dir__(self):\n"
                           "        while True:\n            pass\n", 1)
    runtime = PyodideRuntime(course.root, timeout=10.0)
    (named,) = grading.grade(lab1, [("typo.py", typo)], runtime)
    (misread, unasked) = grading.grade(lab4, [("attr.py", attr), ("dir.py", looping)], runtime)
    said = [c.message for c in named.checks if not c.passed]
    assert said and all("name 'l' is not defined. Did you mean: 'L'?" in m for m in said), said
    said = [c.message for c in misread.checks if "'dat'" in c.message]
    assert said and all("no attribute 'dat'. Did you mean: 'data'?" in m for m in said), said
    said = [c.message for c in unasked.checks if "'dat'" in c.message]
    assert said and not any("Did you mean" in m for m in said), said
    assert not unasked.error, unasked.error


def test_self_outside_every_method_is_said_so_across_the_channel(course):
    """The checks' side words a load error from the error the learner's side sends: a line of
    a method typed at column 0 is told it is outside every method (learner_errors.hint_for)."""
    dedented = ("class Value:\n    def __init__(self, data):\n        self.data = data\n\n"
                "    def backward(self):\n        topo = []\nfor child in self._prev:\n"
                "    print(child)\n")
    (report,), _ = _grade(course, ("dedented.py", dedented))
    assert report.error == ("Running your file failed: NameError: name 'self' is not defined "
                            "(line 7 of your file); line 7 is outside every method, where `self` "
                            "is not defined: if it belongs to a method, indent it under that "
                            "method's `def` line"), report.error


def test_the_time_limit_is_the_files_whole_not_each_requests(course):
    """README: every request has a limit, the rest of the file's --timeout. A file whose every
    call takes 0.4 s, well under the limit, is stopped once its calls add up to 2 s."""
    lab = course.labs["01-graphs"]
    slow = (lab.solution.read_text() + "\nimport time\n_forward = forward\n\n"
            "def forward(*args):\n    time.sleep(0.4)\n    return _forward(*args)\n")
    runtime = PyodideRuntime(course.root, timeout=2.0, workers=1)
    (report,) = grading.grade(lab, [("slow.py", slow)], runtime)
    assert not report.passed and "ran for more than 2 s" in report.error, report.error
    assert report.seconds < 3.5, report.seconds


def test_a_check_that_loops_by_itself_is_not_blamed_on_the_file(course):
    """Runaway learner code is ended by the checks' side, which names its line; a check whose
    own code never ends is ended by the host, and says so: an author reading `course check`
    once saw their solution told to look for its loop."""
    checks = ('from grader.core.checks import check, need\n\n\n'
              '@check("double is defined", "Define double.")\n'
              'def doubles(learner):\n'
              '    need(learner, "double")\n'
              '    while True:\n'
              '        pass\n')
    submission = Submission(lab="99-looping-checks", file="double.py",
                            source="def double(x):\n    return 2 * x\n", checks_source=checks,
                            check_names=["double is defined"], check_hints=[["Define double."]])
    (report,) = PyodideRuntime(course.root, timeout=2.0).grade([submission])
    assert not report.passed
    assert "while the lab's checks were running, not your code" in report.error, report.error
    assert "Look for a loop" not in report.error
    # README: the host ends such a job 8 s after its time limit (2 s here).
    assert 9.5 <= report.seconds < 12.5, report.seconds


def test_a_loop_in_a_check_names_the_check_and_the_line_it_was_stuck_on(course):
    """What a learner sees of runaway code graded from the command line (or Gradescope): the
    check that never finished and the line of their file it was stuck on, as on the page;
    the checks before it keep their results and the ones after it are not run."""
    lab = course.labs["05-backward"]
    lines = lab.solution.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if "def backward(self" in line) + 1
    stuck = "\n".join(lines[:at] + ["        while True:", "            pass"] + lines[at:])
    (report,), _ = _grade(course, ("stuck.py", stuck), timeout=4.0)
    first, stopped, after = report.checks[0], report.checks[1], report.checks[2]
    assert first.passed and not stopped.passed and not report.passed
    where = f"at line {at + 2} of your file (in `backward`)"
    assert where in stopped.message and "does a loop there ever end?" in stopped.message
    assert stopped.cause == "stopped" and after.message.startswith("Not run: Check was stopped")
    assert stopped.hints[0].startswith("Code that is stopped never finished")  # then its own
    assert f"was stopped in the check “{stopped.name}”. It was {where}" in report.error, \
        report.error


@pytest.mark.parametrize("attempt, named", [
    ("import sys\nsys.settrace(lambda *args: None)\n", "sys.settrace"),
    ("import os, signal\ntry:\n    os.kill(os.getpid(), signal.SIGINT)\nexcept OSError:\n"
     "    pass\n", "os.kill"),
], ids=["tracer", "signal"])
def test_the_seal_refuses_a_tracer_and_a_signal_and_the_file_fails(course, attempt, named):
    """README: the seal refuses setting a tracer, and signals; an attempt disqualifies the file
    even when its own code catches the refusal."""
    lab = course.labs["01-graphs"]
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=1)
    (report,) = grading.grade(lab, [("attempt.py", attempt + lab.solution.read_text())], runtime)
    assert not report.passed and report.score == 0
    assert f"tried to reach the grading machine ({named})" in report.error, report.error


def test_the_seal_refuses_changing_the_code_or_defaults_of_a_stdlib_function(course):
    """README: the seal refuses changes to the code or defaults of functions of modules that
    existed before the file ran."""
    lab = course.labs["01-graphs"]
    files = [("code.py", "import textwrap\n"
                         "textwrap.dedent.__code__ = (lambda text: text).__code__\n"),
             ("defaults.py", "import textwrap\ntextwrap.indent.__defaults__ = (None,)\n")]
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=1)
    code, defaults = grading.grade(lab, [(name, source + lab.solution.read_text())
                                         for name, source in files], runtime)
    assert "tried to reach the grading machine (changing dedent.__code__)" in code.error
    assert "tried to reach the grading machine (changing indent.__defaults__)" in defaults.error
    assert code.score == defaults.score == 0


@pytest.mark.xfail(strict=True, reason="setting a class attribute raises no audit event, so "
                   "the seal (grader/core/seal.py) never sees a change to a class that existed "
                   "before the file ran; the file passes. It passes no wrong file: a rewrite of "
                   "the agent's own classes is one more wrong answer (test_hostile.py, "
                   "patch_agent_classes.py)")
def test_the_seal_refuses_changing_a_class_that_existed_before_the_file_ran(course):
    lab = course.labs["01-graphs"]
    patch = "import collections\ncollections.Counter.most_common = lambda self, n=None: []\n"
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=1)
    (report,) = grading.grade(lab, [("patch.py", patch + lab.solution.read_text())], runtime)
    assert not report.passed and "changing Counter.most_common" in report.error


def test_a_submission_cannot_fetch_from_a_cdn(course):
    source = ("import urllib.request\n"
              "urllib.request.urlopen('https://cdn.jsdelivr.net/pyodide/v314.0.7/full/micropip.whl')\n")
    (report,), runtime = _grade(course, ("cdn.py", source))
    assert not report.passed and "tried to reach the grading machine" in report.error


def _escaped(course, js_code: str) -> Submission:
    """A submission that got past the Python seal into its worker's JavaScript: through the
    finder class that object.__subclasses__() lists, with no import. What is tested here is
    the outer wall, the worker and the Node process around the learner's interpreter."""
    source = ("def _all(cls, seen):\n"
              "    for sub in type.__subclasses__(cls):\n"
              "        if sub not in seen:\n"
              "            seen.add(sub)\n"
              "            _all(sub, seen)\n"
              "    return seen\n"
              "for cls in _all(object, set()):\n"
              "    if cls.__name__ == 'JsFinder':\n"
              "        js = cls.register_js_module.__globals__['jsfinder'].jsproxies['js']\n"
              f"        js.eval({js_code!r})\n")
    checks_source = ("from grader.core.checks import check\n"
                     "@check('never reached', 'hint')\n"
                     "def never(learner):\n    pass\n")
    return Submission(lab="05-backward", file="escaped.py", source=source,
                      checks_source=checks_source, check_names=["never reached"],
                      check_hints=[["hint"]])


@pytest.mark.parametrize("js_code, what", [
    ("process.exit(0)", "exit"),
    ("process.getBuiltinModule('fs').readFileSync('/etc/hostname')", "builtin modules"),
    ("process.kill(process.ppid || 1, 'SIGKILL')", "signals"),
    ("fetch('https://cdn.jsdelivr.net/pyodide/')", "fetch"),
    ("new (globalThis.WebSocket || Object)('ws://127.0.0.1:1')", "sockets"),
    ("gc()", "the checks' worker's gc"),  # exposed for it (node.py); refused to learners
])
def test_the_node_host_survives_code_that_escaped_into_javascript(course, js_code, what):
    lab = course.labs["05-backward"]
    after = grading.submissions(lab, [("after.py", lab.solution.read_text())])
    runtime = PyodideRuntime(course.root, timeout=5.0, workers=1)
    escaped, good = runtime.grade([_escaped(course, js_code)] + after)
    assert escaped.passed is False and escaped.error, what
    assert good.passed, f"the file after an escape ({what}) must still be graded"
    if what == "fetch":
        assert runtime.refused == ["https://cdn.jsdelivr.net/pyodide/"]


@pytest.mark.parametrize("js, allowed", [
    ("require('fs').readFileSync(process.argv[1] + '/pyodide.mjs')", True),
    (f"require('fs').readFileSync({str(ROOT / 'labs/05-backward/solution.py')!r})", False),
    ("require('fs').writeFileSync('/tmp/course-permission-probe', 'x')", False),
    ("require('child_process').execSync('true')", False),
    ("process.binding('fs')", False),
])
def test_the_host_process_may_read_pyodide_and_nothing_else(js, allowed):
    pyodide = pyodide_dir(ROOT)
    done = subprocess.run([node_binary(), *permission_flags(pyodide), "-e", js, "--", str(pyodide)],
                          capture_output=True, text=True, env={}, timeout=60)
    if allowed:
        assert done.returncode == 0, done.stderr
    else:
        assert done.returncode != 0 and "ERR_ACCESS_DENIED" in done.stderr


def test_large_reports_in_a_row_all_arrive(course):
    """A report near the output limit is a large frame; a pipe may take it in parts."""
    lab = course.labs["05-backward"]
    flood = "for i in range(5000):\n    print('x' * 50, i)\n" + lab.solution.read_text()
    runtime = PyodideRuntime(course.root, timeout=5.0, workers=1)
    reports = grading.grade(lab, [("a.py", lab.solution.read_text())] + [("flood.py", flood)] * 3,
                            runtime)
    assert [r.passed for r in reports] == [True, True, True, True]
    assert all("[output truncated:" in r.stdout for r in reports[1:])


def test_every_worker_compiles_pyodide_from_the_hosts_code_cache(course):
    """The host takes V8's code cache of Pyodide's factory after its boot (host/factory.mjs);
    each worker, a new isolate, compiles from it instead of from 1.25 MB of source."""
    lab = course.labs["05-backward"]
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=1)
    reports = grading.grade(lab, [("a.py", lab.solution.read_text()),
                                  ("b.py", lab.starter.read_text())], runtime)
    assert [r.passed for r in reports] == [True, False]
    assert [t.get("cached") for t in runtime.timings] == [1, 1], runtime.timings


def test_the_hosts_breakdown_says_where_each_threads_cpu_goes(course):
    """Each job's figures give the CPU of the learner worker's start, step by step, of the
    checks' worker (its fingerprint apart), of the host's own thread and of the whole process
    during the job (benchmarks/grading.py prints them): each thread measures its own."""
    lab = course.labs["05-backward"]
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=1)
    reports = grading.grade(lab, [("a.py", lab.solution.read_text())] * 2, runtime)
    assert [r.passed for r in reports] == [True, True]
    steps = ("cpu_thread", "cpu_import", "cpu_compile", "cpu_restore", "cpu_agent")
    for timing in runtime.timings:
        assert all(timing[step] >= 0 for step in steps), timing
        # a thread's start and its restore take CPU; the steps are laps of one clock
        assert timing["cpu_thread"] > 0 and timing["cpu_restore"] > 0, timing
        assert sum(timing[step] for step in steps) <= timing["cpuStart"] + 0.01, timing
        assert 0 <= timing["cpuState"] <= timing["cpuChecks"], timing
        # (the kernel counts a thread's CPU in ticks of a few ms: a short part may read 0)
        assert timing["cpuChecks"] > 0 and timing["cpuHost"] >= 0, timing
        # the process's CPU holds both threads' over the same job (ticks apart)
        assert timing["cpuJob"] >= timing["cpuChecks"] + timing["cpuHost"] - 10, timing


def test_a_node_that_cannot_tell_a_threads_cpu_grades_without_those_figures():
    """process.threadCpuUsage came in Node 23.9; the grader runs on Node >= 22.15 (worker.mjs),
    where a learner worker that called it would die before its first file."""
    boot = ROOT / "grader/runtimes/host/boot.mjs"
    script = ("delete process.threadCpuUsage;\n"
              "const { threadCpu } = await import(%r);\n"
              "const value = threadCpu();\n"
              "console.log(JSON.stringify([Number.isNaN(value), JSON.stringify({ value })]));"
              % boot.as_uri())
    done = subprocess.run([node_binary(), "--input-type=module", "-e", script],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    # NaN crosses to Python as null, which the host's breakdown leaves out
    assert json.loads(done.stdout) == [True, '{"value":null}']


FACTORY_PROBE = """
import { compileFactory } from %(factory)s;
const [dir, cache] = process.argv.slice(2);
const made = compileFactory(dir, cache ? Buffer.from(cache) : undefined);
console.log(JSON.stringify(made && { type: typeof made.createPyodideModule,
                                     rejected: made.rejected, cache: made.cache().length }));
"""


def _factory(tmp_path, asm_text: str | None, cache: str = "") -> dict | None:
    folder = tmp_path / "pyodide"
    folder.mkdir(exist_ok=True)
    source = pyodide_dir(ROOT) / "pyodide.asm.mjs"
    (folder / "pyodide.asm.mjs").write_text(source.read_text() if asm_text is None else asm_text)
    probe = tmp_path / "probe.mjs"
    factory = ROOT / "grader/runtimes/host/factory.mjs"
    probe.write_text(FACTORY_PROBE % {"factory": repr(factory.as_uri())})
    done = subprocess.run([node_binary(), "--disable-warning=ExperimentalWarning", str(probe),
                           str(folder), cache], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


LINKING_PROBE = """
import { compileFactory } from %(factory)s;
import { restore } from %(boot)s;
import { readFileSync } from "node:fs";
const [dir, other] = process.argv.slice(2);
const wasmModule = await WebAssembly.compile(readFileSync(`${dir}/pyodide.asm.wasm`));
const made = compileFactory(dir);
const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${dir}/`).href);
const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true,
                               createPyodideModule: made.createPyodideModule });
py.runPython("import json, decimal");
const snapshot = py.makeMemorySnapshot().slice().buffer;
const table = py._module.wasmTable.length;
const restored = async (pyodideDir, code, size = table) => {
  try {
    const again = await restore({ pyodideDir, snapshot: snapshot.slice(0), wasmModule, code,
                                  table: size }, () => {});
    return again.runPython("str(decimal.Decimal(1) / 8)");
  } catch (error) {
    return String(error.message);
  }
};
// Every wasm module compiled while one interpreter is restored (got.mjs: one per signature of
// the JavaScript functions the wasm takes by address, not one per function).
const Compiled = WebAssembly.Module;
let modules = 0;
WebAssembly.Module = new Proxy(Compiled, {
  construct(target, args) { modules += 1; return Reflect.construct(target, args); },
});
const same = await restored(dir, made.cache());
WebAssembly.Module = Compiled;
console.log(JSON.stringify({ table, same, modules,
                             elsewhere: await restored(other, made.cache()),
                             counted: await restored(dir, made.cache(), table + 1) }));
"""


def test_interpreters_link_only_what_pyodide_imports_and_refuse_another_linking(tmp_path):
    """host/got.mjs: the factory fills only the ~280 global-offset entries Pyodide's wasm
    imports, not one for each of its ~8,500 exports, so the function table is smaller, and
    compiles the wrapper of a JavaScript function once per signature, not per function. A
    snapshot's function pointers are indices into that table: restored by the same linking,
    Python runs; where the host's factory cannot be compiled (so Pyodide would link its own
    way), or the restored table is not the snapshot's size, boot.mjs refuses."""
    pyodide = pyodide_dir(ROOT)
    other = tmp_path / "other-pyodide"  # the same Pyodide, but a factory of another shape
    other.mkdir()
    for item in pyodide.iterdir():
        if item.name != "pyodide.asm.mjs":
            (other / item.name).symlink_to(item)
    (other / "pyodide.asm.mjs").write_text((pyodide / "pyodide.asm.mjs").read_text() + "\n//")
    probe = tmp_path / "linking.mjs"
    host = ROOT / "grader/runtimes/host"
    probe.write_text(LINKING_PROBE % {"factory": repr((host / "factory.mjs").as_uri()),
                                      "boot": repr((host / "boot.mjs").as_uri())})
    done = subprocess.run([node_binary(), "--disable-warning=ExperimentalWarning", str(probe),
                           str(pyodide), str(other)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["same"] == "0.125"
    assert 5000 < found["table"] < 11000  # stock linking: 14,175 functions (Pyodide 314.0.7)
    # 259 JavaScript functions get a table slot; they have 52 signatures (Pyodide 314.0.7).
    assert 0 < found["modules"] < 100
    assert found["elsewhere"] == "Pyodide's factory could not be compiled as the host's was"
    assert found["counted"] == (f"restored with a function table of {found['table']}, "
                                f"the snapshot's has {found['table'] + 1}")


def test_the_linking_rewrite_leaves_any_other_pyodide_as_it_is():
    rewrite = ROOT / "grader/runtimes/host/got.mjs"
    stock = (pyodide_dir(ROOT) / "pyodide.asm.mjs").read_text()
    script = ("import { linkImportedOnly } from %r;\n"
              "import { readFileSync } from 'node:fs';\n"
              "const text = readFileSync(process.argv.at(-1), 'utf8');\n"
              "const out = linkImportedOnly(text);\n"
              "console.log(JSON.stringify([out === text, out.includes('updateGOT(origExports)'),"
              " linkImportedOnly('updateGOT(origExports);LDSO.init();') === "
              "'updateGOT(origExports);LDSO.init();']));" % rewrite.as_uri())
    done = subprocess.run([node_binary(), "--input-type=module", "-e", script, "--",
                           str(pyodide_dir(ROOT) / "pyodide.asm.mjs")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    # This Pyodide is rewritten (its one call to updateGOT for the main module is gone); a
    # file without Emscripten's linker around that call is left alone.
    assert json.loads(done.stdout) == [False, False, True]
    assert stock.count("updateGOT(origExports);LDSO.init();") == 1


def test_the_factory_compiles_pyodide_and_falls_back_on_anything_else(tmp_path):
    made = _factory(tmp_path, None)
    assert made["type"] == "function" and made["rejected"] is False and made["cache"] > 0
    # A cache that is not V8's for this source is refused by V8 and costs only time.
    assert _factory(tmp_path, None, cache="not a code cache")["rejected"] is True
    # A Pyodide whose file is shaped differently is imported as before (null here).
    assert _factory(tmp_path, "export const x = import.meta.dirname;\n") is None
    assert _factory(tmp_path, "async function _createPyodideModule() {}\n") is None
    broken = ("async function _createPyodideModule() { export let y; }\n"
              "export default _createPyodideModule;")
    assert _factory(tmp_path, broken) is None


def test_errors_found_after_parsing_keep_their_line_on_the_command_line(course):
    """Python 3.14 keeps the line of some of them only in attributes, not in the args that
    cross from the learner's interpreter: the report said "(somewhere)"."""
    files = [("late_future.py", "x = 1\nfrom __future__ import annotations\n"),
             ("nonlocal.py", "def f():\n    nonlocal x\n")]
    reports, _ = _grade(course, *files)
    assert [r.error for r in reports] == [
        "Python could not read your file: from __future__ imports must occur at the beginning "
        "of the file (line 2).\n    from __future__ import annotations\n    ^",
        "Python could not read your file: no binding for nonlocal 'x' found (line 2).\n"
        "    nonlocal x\n    ^"]


def _huge_answer(size):
    return ("def forward(a, b, c, f):\n"
            f"    return {{'e': 'x' * {size}, 'd': 0, 'L': 0}}\n"
            "def evaluate(steps, inputs):\n    return {}\n")


@pytest.fixture(scope="module")
def huge_answers(course):
    """README: a message on the channel is at most 4 MiB. A 4 000 000-character answer
    crosses it; a 4 300 000-character one (over 4 MiB) cannot."""
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=1)
    return grading.grade(course.labs["01-graphs"], [("under.py", _huge_answer(4_000_000)),
                                                    ("over.py", _huge_answer(4_300_000))],
                         runtime)


def test_a_message_of_up_to_4_mib_crosses_the_channel_and_a_larger_one_fails_the_file(
        huge_answers):
    under, over = huge_answers
    assert "but it is a str" in under.checks[0].message, under.checks[0].message
    assert not over.passed and over.score == 0


def test_an_answer_over_the_channels_4_mib_says_which_limit(huge_answers):
    """The learner's side ended its interpreter when the channel refused its reply, and the
    report said it "stopped before it could report", not which limit."""
    _, over = huge_answers
    assert "stopped before it could report" not in over.error
    message = over.checks[0].message
    assert "more than the 4 MiB a message between your code and the checks may hold" in message


def test_the_host_runs_in_empty_network_and_pid_namespaces_where_the_machine_allows():
    """README: where the machine allows (root, or unprivileged user namespaces), the host runs
    in empty network and PID namespaces: no network, and no other process to signal."""
    import socket
    import sys

    from grader.runtimes.node import host_command, namespace_prefix

    prefix = namespace_prefix()
    if not prefix:
        pytest.skip("this machine allows no namespaces (the README's 'where the machine allows')")
    assert host_command(pyodide_dir(ROOT))[:len(prefix)] == prefix
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        probe = ("import os, socket\nprint(os.getpid())\n"
                 "try:\n    socket.create_connection(('127.0.0.1', %d), timeout=5)\n"
                 "    print('reached')\nexcept OSError as exc:\n    print('refused', exc)\n"
                 % listening.getsockname()[1])
        done = subprocess.run(prefix + [sys.executable, "-c", probe], capture_output=True,
                              text=True, timeout=60)
    pid, reached = done.stdout.splitlines()
    assert pid == "1" and reached.startswith("refused"), done.stdout + done.stderr


def test_the_host_process_and_its_node_start_with_an_empty_environment(course, monkeypatch):
    """README: the host's environment is empty, so a secret in the grading job's environment
    (CI tokens) is not there to be read, even by code that escaped into JavaScript."""
    import time
    from pathlib import Path

    from grader.runtimes.pyodide import NodeHost

    monkeypatch.setenv("COURSE_TEST_SECRET", "not-for-the-host")
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=1)
    host = NodeHost(runtime.pyodide, runtime.stdlib, package=runtime.package)
    try:
        for _ in range(100):  # until the host's Node has started (unshare forks it first)
            pids, seen = [host.proc.pid], []
            while pids:  # the host (unshare, where namespaces are used) and all under it
                pid = pids.pop()
                seen.append((pid, Path(f"/proc/{pid}/environ").read_bytes()))
                for task in Path(f"/proc/{pid}/task").iterdir():
                    pids += [int(p) for p in (task / "children").read_text().split()]
            if any(b"node" in Path(f"/proc/{pid}/cmdline").read_bytes() for pid, _ in seen):
                break
            time.sleep(0.05)
        else:
            pytest.fail("the host's Node never started")
        assert all(environ == b"" for _, environ in seen), seen
    finally:
        host.close()


def test_many_files_share_one_boot_per_job_lane(course):
    """README: many files share one Pyodide boot; --jobs N grades N files at once. Four files
    with two lanes boot Python twice, not four times."""
    lab = course.labs["01-graphs"]
    runtime = PyodideRuntime(course.root, timeout=10.0, workers=2)
    files = [(f"{n}.py", lab.solution.read_text()) for n in "abcd"]
    assert all(r.passed for r in grading.grade(lab, files, runtime))
    assert len(runtime.boot_seconds) == 2, runtime.boot_seconds


@pytest.mark.parametrize("after_ready, says", [
    ("sys.stdin.read()\n", "it said nothing within its time limit"),  # until closed
    ("os._exit(0)\n", "the grading process ended"),
])
def test_a_host_that_hangs_is_not_said_to_have_ended(monkeypatch, after_ready, says):
    """A host silent past a job's time is still running: the file fails, the host is replaced,
    and the report says it did not answer in time; only a host whose output ended 'ended'."""
    import sys
    from types import SimpleNamespace

    from grader.runtimes import pyodide

    stand_in = ("import os, sys\n"
                "sys.stdout.write('\\nREADY 1\\n'); sys.stdout.flush()\n"
                "sys.stdin.readline(); sys.stdin.readline()\n"  # the host's init, then the job
                + after_ready)
    monkeypatch.setattr(pyodide, "host_command", lambda *a: [sys.executable, "-c", stand_in])
    monkeypatch.setattr(pyodide, "GRACE", 0.5)
    package = SimpleNamespace(compiled=False, lock=None, load="", folder=None)
    host = pyodide.NodeHost(ROOT, package=package)
    try:
        submission = Submission("05-backward", "a.py", "x = 1\n", "", ["one"], [[]])
        report, fit = host.grade(submission, timeout=0.3)
    finally:
        host.close()
    assert not fit and not report.passed
    assert "stopped before it could report" in report.error and says in report.error, report.error


def test_a_host_that_ends_under_a_file_marks_its_report_for_a_second_look(course):
    """A machine loaded past its cores can end or silence a host under an innocent file
    ("stopped before it could report (the grading process ended)" at load 12): the report
    says the host failed (`host_failed`, the trusted side's alone), so `course grade` grades
    it again in a new host; a report the checks gave does not say so."""
    import threading

    from grader.runtimes.pyodide import NodeHost

    lab = course.labs["01-graphs"]
    solution = lab.solution.read_text()
    slow, plain = grading.submissions(lab, [("slow.py", "import time\ntime.sleep(30)\n" + solution),
                                            ("plain.py", solution)])
    runtime = PyodideRuntime(course.root, timeout=60.0, workers=1)
    host = NodeHost(runtime.pyodide, runtime.stdlib, package=runtime.package)
    try:
        graded, _ = host.grade(plain, 60.0)
        assert graded.passed and not graded.host_failed, graded.error
        killer = threading.Timer(2.0, host.proc.kill)  # from outside, as the OOM killer would
        killer.start()
        report, fit = host.grade(slow, 60.0)
        killer.join()
    finally:
        host.close()
    assert not fit and not report.passed
    assert "stopped before it could report (the grading process ended)" in report.error, report.error
    assert report.host_failed
    assert "host_failed" not in report.to_dict()
