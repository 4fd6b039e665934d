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
    from benchmarks.browser_startup import WASM_CACHE, WASM_KINDS, warm_cpu

    visits = warm_cpu(playwright, f"{site['url']}lessons/05-backward/index.html", visits=2)
    assert len(visits) == 2
    for figures in visits:
        assert set(WASM_KINDS.values()) <= set(figures), figures
        assert 0 < figures["main thread"] <= figures["wall clock"], figures
        assert figures["Python's workers"] > 0, figures
        assert all(figures[kind] >= 0 for kind in WASM_KINDS.values()), figures
        assert all(figures[kind] >= 0 for kind in WASM_CACHE.values()), figures
