"""The bytecode stdlib zip: what it holds, and real Pyodide under Node importing from it.

Every Pyodide observation is made three ways: with the built zip, with the stock zip (which
must show the opposite, so the observation is known to discriminate), and, for source
lines, with a bytecode-only zip (which must lose them).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.pyodide_files.stdlib_zip import build_stdlib_zip
from grader.runtimes.node import node_binary, pyodide_dir
from tests.conftest import ROOT

pytestmark = pytest.mark.pyodide

ARCHIVE = "/lib/python314.zip"  # where Pyodide 314 writes the stdlib zip it is given
MODULES = ["json", "dataclasses", "linecache", "traceback"]

# Loads Pyodide with the zip given as stdLibURL, runs a Python file, prints one JSON line.
PROBE_JS = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, zip, code] = process.argv.slice(2);
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: zip });
const startupMs = performance.now() - started;
const result = JSON.parse(py.runPython(readFileSync(code, "utf8")));
console.log(JSON.stringify({ startupMs, ...result }));
"""

PROBE_PY = """
import sys

# 1. Which zip entry each module imported during start-up came from (before this probe
#    imports anything itself).
archive = next(p for p in sys.path if p.endswith(".zip"))
startup = {}
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None)
    if isinstance(origin, str) and origin.startswith(archive + "/"):
        startup[name] = origin[len(archive) + 1:]

import importlib.util, inspect, json, traceback, zipimport

# 2. Get the modules' code the way import does (find_spec, then get_code) and watch the
#    audit events: builtins.compile raises "compile", marshal.loads raises "marshal.loads".
events, recording = [], True
def watch(event, args):
    if not recording:
        return
    if event == "compile" and str(args[1]).startswith(archive + "/"):
        events.append(["compile", str(args[1])[len(archive) + 1:]])
    elif event == "marshal.loads":
        events.append(["marshal.loads", len(args[0])])
sys.addaudithook(watch)
importer = zipimport.zipimporter(archive)
for name in MODULES:
    importer.find_spec(name).loader.get_code(name)
recording = False

# 3. A traceback through stdlib code.
try:
    json.loads("{")
except ValueError as error:
    formatted = "".join(traceback.format_exception(error))
    frames = [[f.filename, f.lineno, f.line] for f in traceback.extract_tb(error.__traceback__)]
try:
    getsource = inspect.getsource(json.dumps)
except OSError as error:
    getsource = repr(error)

json.dumps({  # the value runPython returns
    "archive": archive,
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "startup": startup,
    "origins": {name: sys.modules[name].__spec__.origin for name in MODULES},
    "events": events,
    "formatted": formatted,
    "frames": frames,
    "getsource": getsource,
})
"""


@pytest.fixture(scope="module")
def pyodide():
    return pyodide_dir(ROOT)


@pytest.fixture(scope="module")
def built(pyodide, tmp_path_factory):
    return build_stdlib_zip(pyodide, tmp_path_factory.mktemp("stdlib") / "python_stdlib.zip")


@pytest.fixture(scope="module")
def probe(pyodide, tmp_path_factory):
    folder = tmp_path_factory.mktemp("probe")
    (folder / "probe.mjs").write_text(PROBE_JS)
    (folder / "probe.py").write_text(f"MODULES = {MODULES!r}\n" + PROBE_PY)
    seen = {}

    def run(zip_path: Path) -> dict:
        if zip_path not in seen:
            done = subprocess.run([node_binary(), str(folder / "probe.mjs"), str(pyodide),
                                   str(zip_path), str(folder / "probe.py")],
                                  capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, done.stderr
            seen[zip_path] = json.loads(done.stdout.strip().splitlines()[-1])
        return seen[zip_path]
    return run


@pytest.fixture(scope="module")
def bytecode_only(built, tmp_path_factory):
    """The built zip without the sources that have bytecode: what tracebacks would be."""
    path = tmp_path_factory.mktemp("bytecode_only") / "python_stdlib.zip"
    with zipfile.ZipFile(built) as source, zipfile.ZipFile(path, "w") as out:
        names = set(source.namelist())
        for info in source.infolist():
            if not (info.filename.endswith(".py") and info.filename + "c" in names):
                out.writestr(info, source.read(info))
    return path


def test_the_zip_holds_bytecode_beside_every_stdlib_source(built, pyodide, probe):
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stock, zipfile.ZipFile(built) as new:
        names = set(new.namelist())
        for module in ["json/__init__", "re/__init__", "encodings/__init__", "dataclasses",
                       "linecache", "traceback", "json/decoder", "_pyodide/_base"]:
            assert {module + ".py", module + ".pyc"} <= names, module
        sources = [n for n in stock.namelist() if n.endswith(".py")]
        # Only what start-up and the course import gets bytecode: the download stays small.
        compiled = sum(n + "c" in names for n in sources)
        assert 100 <= compiled <= 0.5 * len(sources)
        assert "tomllib/_parser.pyc" not in names and "tomllib/_parser.py" in names
        # Nothing of the stock zip is lost or altered: only .pyc entries were added.
        for info in stock.infolist():
            assert new.read(info.filename) == stock.read(info), info.filename
        assert names - set(stock.namelist()) == {n + "c" for n in sources} & names
        # Bytecode of Pyodide's own Python (its magic number), PEP 552 unchecked-hash flags.
        magic = bytes.fromhex(probe(built)["magic"])
        for name in ["json/__init__.pyc", "traceback.pyc"]:
            header = new.read(name)[:8]
            assert header[:4] == magic and int.from_bytes(header[4:8], "little") == 0b01, name


def test_pyodide_imports_these_modules_from_bytecode_without_compiling(built, probe):
    seen = probe(built)
    assert seen["archive"] == ARCHIVE
    for name in MODULES:
        assert seen["origins"][name].endswith(".pyc"), (name, seen["origins"][name])
    compiled = [what for event, what in seen["events"] if event == "compile"]
    loaded = [size for event, size in seen["events"] if event == "marshal.loads"]
    assert compiled == []
    assert len(loaded) >= len(MODULES)


def test_the_stock_zip_compiles_them_so_the_checks_above_discriminate(pyodide, probe):
    seen = probe(pyodide / "python_stdlib.zip")
    assert not any(origin.endswith(".pyc") for origin in seen["origins"].values())
    compiled = {what for event, what in seen["events"] if event == "compile"}
    assert {"json/__init__.py", "dataclasses.py", "linecache.py", "traceback.py"} <= compiled
    assert not any(event == "marshal.loads" for event, _ in seen["events"])


def test_start_up_works_and_compiles_no_stdlib_module(built, pyodide, probe):
    stock, new = probe(pyodide / "python_stdlib.zip"), probe(built)

    def from_source(seen):
        return sorted(name for name, entry in seen["startup"].items() if entry.endswith(".py"))

    def from_bytecode(seen):
        return sorted(name for name, entry in seen["startup"].items() if entry.endswith(".pyc"))

    print(f"\nstart-up: stock {stock['startupMs']:.0f} ms, {len(from_source(stock))} modules "
          f"compiled; bytecode zip {new['startupMs']:.0f} ms, {len(from_source(new))} compiled")
    assert len(from_source(stock)) >= 50  # the cost this zip removes
    assert from_source(new) == []
    assert from_bytecode(new) == from_source(stock)  # the same modules, now as bytecode


def _zip_line(zip_path: Path, filename: str, lineno: int) -> str:
    inner = filename[len(ARCHIVE) + 1:]
    with zipfile.ZipFile(zip_path) as archive:
        return archive.read(inner).decode().splitlines()[lineno - 1].strip()


def test_tracebacks_from_bytecode_still_show_stdlib_source_lines(built, probe, bytecode_only):
    seen = probe(built)
    assert seen["origins"]["json"].endswith(".pyc")
    stdlib_frames = [f for f in seen["frames"] if f[0].startswith(ARCHIVE + "/json/")]
    assert len(stdlib_frames) >= 2
    for filename, lineno, line in stdlib_frames:
        expected = _zip_line(built, filename, lineno)
        assert expected and line == expected, (filename, lineno)
        assert f"\n    {expected}\n" in seen["formatted"]
    assert seen["getsource"].startswith("def dumps(")

    # Control: the same traceback from a zip without the .py entries has no lines to show.
    blind = probe(bytecode_only)
    assert blind["origins"]["json"].endswith(".pyc")
    blind_frames = [f for f in blind["frames"] if f[0].startswith(ARCHIVE + "/json/")]
    assert blind_frames and all(line == "" for _, _, line in blind_frames)


def test_rebuilds_are_byte_identical_and_the_cache_skips_work(built, pyodide, tmp_path):
    out = tmp_path / "python_stdlib.zip"
    key = Path(str(built) + ".key")
    assert key.read_text().strip()
    out.write_bytes(b"not a zip")
    Path(str(out) + ".key").write_text("a key from another Pyodide\n")
    assert build_stdlib_zip(pyodide, out) == out  # stale key: built again...
    assert out.read_bytes() == built.read_bytes()  # ...to the very same bytes
    assert Path(str(out) + ".key").read_text() == key.read_text()

    # Fresh key: nothing runs (a missing Node would raise if anything tried to start it).
    stamp = out.stat().st_mtime_ns
    assert build_stdlib_zip(pyodide, out, node=str(tmp_path / "no-such-node")) == out
    assert out.stat().st_mtime_ns == stamp


def test_a_failed_build_raises_with_the_scripts_stderr(pyodide, tmp_path):
    fake = tmp_path / "pyodide"  # version and stock zip, but no pyodide.mjs to load
    fake.mkdir()
    for name in ["package.json", "python_stdlib.zip"]:
        shutil.copy(pyodide / name, fake / name)
    out = tmp_path / "out.zip"
    with pytest.raises(RuntimeError, match=r"(?s)failed.*pyodide\.mjs"):
        build_stdlib_zip(fake, out)
    assert not out.exists() and not Path(str(out) + ".key").exists()


def test_two_commands_at_once_make_the_zip_once_and_both_read_it_whole(pyodide, tmp_path):
    """`course serve` in one terminal and `course grade` in another once filled the cache's
    zip together: one read it while the other rewrote it. The cache's lock lets one make it
    while the other waits, then finds it made (grader/pyodide_files/cache_lock.py)."""
    runs = tmp_path / "runs"
    slow = tmp_path / "slow-compiler"  # stands in for Node: counts its runs, writes slowly
    slow.write_text("#!/bin/sh\necho run >> '%s'\nprintf 'PK' > \"$3\"\nsleep 3\n"
                    "printf 'the rest of the zip' >> \"$3\"\n" % runs)
    slow.chmod(0o755)
    out = tmp_path / "cache" / "python_stdlib.zip"
    call = ("import sys; from grader.pyodide_files.stdlib_zip import build_stdlib_zip; "
            "p = build_stdlib_zip(sys.argv[1], sys.argv[2], node=sys.argv[3]); "
            "sys.stdout.write(open(p).read())")
    commands = [subprocess.Popen([sys.executable, "-c", call, str(pyodide), str(out), str(slow)],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for _ in range(2)]
    results = [command.communicate(timeout=60) for command in commands]
    assert [command.returncode for command in commands] == [0, 0], results
    assert [stdout for stdout, _ in results] == ["PKthe rest of the zip"] * 2
    assert runs.read_text() == "run\n"
    assert any("waiting for another course command" in stderr for _, stderr in results)


def _top_level_imports(source: str, package: str) -> set[str]:
    """The modules a module imports when it is imported: its import statements at the left
    margin, not those in functions nor in a `try` (which may expect an ImportError). Read as
    text: this Python (3.11) cannot parse the 3.14 standard library (t-strings)."""
    names = set()
    for match in re.finditer(r"^(?:import ([\w., ]+)|from (\.*)([\w.]*) import "
                             r"(?:\(([^)]*)\)|([\w, ]+)))", source, re.M):
        plain, dots, module, in_brackets, members = match.groups()
        members = in_brackets or members
        if plain:
            names.update(name.split(" as ")[0].strip() for name in plain.split(","))
            continue
        base = module
        if dots:
            parts = package.split(".")[:len(package.split(".")) - len(dots) + 1]
            base = ".".join(parts + ([module] if module else []))
        names.add(base)
        names.update(f"{base}.{member.split(' as ')[0].strip()}"  # maybe submodules
                     for member in members.replace("\n", " ").split(",") if member.strip())
    return names


def test_no_module_the_browser_zip_keeps_imports_one_it_leaves_out(pyodide, tmp_path):
    # pydoc (kept) imports _pyrepl.pager at its top: with _pyrepl left out, help(len) in a
    # lab's Run failed with "No module named '_pyrepl.pager'".
    browser = build_stdlib_zip(pyodide, tmp_path / "python_stdlib.zip", browser=True)
    with zipfile.ZipFile(browser) as out:
        kept = set(out.namelist())
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stock:
        sources = {info.filename: stock.read(info).decode("utf-8") for info in stock.infolist()
                   if info.filename.endswith(".py")}

    def module_file(name: str) -> str | None:
        path = name.replace(".", "/")
        for candidate in (f"{path}.py", f"{path}/__init__.py"):
            if candidate in sources:
                return candidate
        return None

    missing = {}
    for filename, source in sources.items():
        if filename not in kept and filename + "c" not in kept:
            continue
        module = filename.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        package = module if filename.endswith("__init__.py") else module.rpartition(".")[0]
        for name in _top_level_imports(source, package or module):
            needed = module_file(name)
            if needed and needed not in kept and needed + "c" not in kept:
                missing.setdefault(filename, []).append(name)
    assert missing == {}
