"""The benchmark scripts the README names: each exists, starts, and takes the options the
README shows it with (they print figures and assert nothing, so only their interface is
tested here)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
NAMED: dict[str, set[str]] = {}
for match in re.finditer(r"`(?:python )?benchmarks/(\w+)\.py([^`]*)`", README):
    NAMED.setdefault(match.group(1), set()).update(re.findall(r"--[a-z][a-z-]*", match.group(2)))


def test_the_readme_names_the_benchmarks():
    assert {"grading", "browser_startup", "browser_checks", "mutation"} <= set(NAMED)


@pytest.mark.parametrize("name", sorted(NAMED))
def test_each_benchmark_the_readme_names_takes_the_options_it_shows(name):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / f"{name}.py"), "--help"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for option in NAMED[name]:
        assert option in done.stdout, (name, option)


def test_the_grading_benchmark_measures_the_channel_alone():
    """benchmarks/grading.py prints what one round trip of the job's channel costs with no
    Python on either side (the floor under a request's time): it runs the host's own
    channel.mjs in the Node that grades, and gives each side's CPU beside the time."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import grading
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    figures = grading._channel_round_trip(round_trips=200, repeats=3)
    assert set(figures) == {"wall", "cpu_asking", "cpu_answering"}
    for values in figures.values():
        assert len(values) == 3 and all(0 < v < 100_000 for v in values), figures


def test_the_browser_benchmark_says_how_much_of_pyodides_javascript_a_return_visit_took_compiled():
    """benchmarks/browser_startup.py --trace: a traced return visit says how much of the compiled
    code Chromium kept for Pyodide's JavaScript (the factory, or its twin compiled whole) V8
    took, from the compile event of that script alone: not another script's, and not code
    Chromium offered and V8 rejected (then it compiled the script again), and once though
    Chromium traces the compile twice."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.browser_startup import FACTORY_KEPT, _cpu_until

    base = "http://127.0.0.1:8000/"

    def compiled(ts, url, consumed, rejected=False):
        return {"ph": "X", "name": "v8.compileModule", "pid": 1, "tid": 2, "ts": ts, "dur": 5,
                "tdur": 5, "args": {"data": {"url": base + url, "consumedCacheSize": consumed,
                                             "cacheRejected": rejected}}}

    events = [
        {"name": "thread_name", "ph": "M", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}},
        {"name": "thread_name", "ph": "M", "pid": 1, "tid": 2,
         "args": {"name": "DedicatedWorker thread"}},
        {"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": 0, "dur": 300, "tdur": 200},
        {"ph": "X", "name": "RunTask", "pid": 1, "tid": 2, "ts": 10, "dur": 400, "tdur": 300},
        compiled(20, "pyodide/314-ab/pyodide.asm.compiled.mjs", 1_663_576),
        compiled(21, "pyodide/314-ab/pyodide.asm.compiled.mjs", 1_663_576),  # traced twice
        compiled(30, "pyodide/314-ab/pyodide.mjs", 14_704),
        compiled(40, "assets/app-X.js", 37_904),
        {"ph": "R", "name": "course:first-result", "pid": 1, "tid": 1, "ts": 900_000},
    ]
    assert _cpu_until(events, "course:first-result")[FACTORY_KEPT] == 1663
    events[4:6] = [compiled(20, "pyodide/314-ab/pyodide.asm.mjs", 1_250_000, rejected=True)]
    assert _cpu_until(events, "course:first-result")[FACTORY_KEPT] == 0
    events[4] = compiled(20, "pyodide/314-ab/pyodide.asm.mjs", 0)  # compiled, nothing kept
    figures = _cpu_until(events, "course:first-result")
    assert figures[FACTORY_KEPT] == 0
    assert figures["Python's workers"] == 0.3 and figures["main thread"] == 0.2, figures


@pytest.mark.browser
def test_the_browser_benchmark_says_where_the_cpu_goes_before_the_editor(playwright, site):
    """benchmarks/browser_startup.py --trace: on a machine whose other work steals the CPU the
    editor's wall-clock time says little, so a traced cold visit gives the CPU the page's main
    thread spent before the editor took input (by kind of work), and what Python's worker,
    started by the page at once, spent meanwhile."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.browser_startup import editor_cpu

    figures = editor_cpu(playwright, f"{site['url']}lessons/05-backward/index.html")
    main = figures["main thread, all"]
    assert 0 < figures["page modules (editor made)"] < main <= figures["wall clock"], figures
    assert 0 < figures["parse HTML"] < main, figures
    assert figures["Python's worker"] > 0, figures


@pytest.mark.browser
def test_the_browser_benchmark_says_where_a_return_visits_cpu_goes(playwright, site):
    """benchmarks/browser_startup.py --trace: a browser's 2nd and 3rd visits, traced up to the
    first graded result, give the CPU of the page's main thread, of Python's workers and of the
    renderer's other threads, and, among them, V8's optimizing compile of Pyodide's wasm and
    the feeding of its bytes to the streaming compile; and whether Chromium kept or used the
    wasm's compiled code. The browser has a profile on disk, as a learner's has (a context
    Playwright makes in a launched browser is off the record: Chromium keeps no code there)."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.browser_startup import FACTORY_KEPT, WASM_CACHE, WASM_KINDS, warm_cpu

    visits = warm_cpu(playwright, f"{site['url']}lessons/05-backward/index.html", visits=2)
    assert len(visits) == 2
    for figures in visits:
        assert set(WASM_KINDS.values()) <= set(figures), figures
        assert 0 < figures["main thread"] <= figures["wall clock"], figures
        assert figures["Python's workers"] > 0, figures
        assert all(figures[kind] >= 0 for kind in WASM_KINDS.values()), figures
        assert all(figures[kind] >= 0 for kind in WASM_CACHE.values()), figures
        assert figures[FACTORY_KEPT] >= 0, figures
