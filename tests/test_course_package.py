"""The course package: one wheel, compiled by pyodide-build inside Pyodide, in Pyodide's lock,
and the only place the browser worker and the Node host import the grader from (the
JupyterLite kernel's side is in test_jupyterlite.py)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader import course as course_model
from grader.pyodide_files import course_package, stdlib_zip
from grader.pyodide_files.build_tools import LiteToolsError
from grader.pyodide_files.course_package import build_course_package, fallback_package
from grader.runtimes.node import compiled_stdlib, node_binary, pyodide_dir
from grader.runtimes.pyodide import NodeHost, PyodideRuntime
from grader.site_builder import jupyterlite
from grader.site_builder.site import BuildError, build_site
from grader.runtimes.submission import Submission
from tests.browser_support import serve, set_code, wait_kept, wait_ready, without_built_snapshot
from tests.conftest import ROOT

pytestmark = pytest.mark.pyodide

# Prints the magic number of the Python running in Pyodide (3.14's), as hex.
MAGIC_JS = """
import { pathToFileURL } from "node:url";
const { loadPyodide } = await import(pathToFileURL(process.argv[1] + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: process.argv[1] + "/" });
console.log(py.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()"));
"""
# Learner code for Run in the page: where every grader module in the interpreter came from.
WHERE = """import sys
found = sorted({m.__spec__.origin for n, m in list(sys.modules.items())
                if n.split(".")[0] == "grader" and getattr(m, "__spec__", None)})
print("FROM", len(found), *found)
print("SOURCE", *sorted(n for n, m in list(sys.modules.items())
                        if str(getattr(getattr(m, "__spec__", None), "origin", "")).endswith(".py")
                        and m.__spec__.origin.startswith("/lib/python314.zip/")))
print("PATH", *sys.path)
"""
SITE_PACKAGES = "/lib/python3.14/site-packages/"


@pytest.fixture(scope="module")
def package(course):
    return build_course_package(course, pyodide_dir(course.root))


@pytest.fixture(scope="module")
def pyodide_magic() -> bytes:
    done = subprocess.run([node_binary(), "--input-type=module", "-e", MAGIC_JS, "--",
                           str(pyodide_dir(ROOT))],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return bytes.fromhex(done.stdout.strip().splitlines()[-1])


def _site_package(site) -> tuple[Path, dict]:
    [lock] = (site["out"] / "py").glob("course-*/pyodide-lock.json")
    return lock, json.loads(lock.read_text())["packages"]["course-grader"]


def test_the_sites_lock_lists_the_course_package_with_its_real_sha256(site):
    lock, entry = _site_package(site)
    wheel = lock.parent / entry["file_name"]
    assert re.fullmatch(r"course_grader-0\.1\.0-cp314-none-any\.whl", entry["file_name"])
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["course_labs", "grader"] and entry["depends"] == []
    # Every lesson's worker is pointed at that lock, and nothing else ships grader sources.
    page = (site["out"] / "lessons" / "05-backward" / "index.html").read_text()
    assert f'"core": "../../py/{lock.parent.name}/pyodide-lock.json"' in page
    assert not list((site["out"] / "py").glob("core*.json"))
    loose = [p for p in site["out"].rglob("*") if "grader" in p.relative_to(site["out"]).parts]
    assert loose == []  # no grader sources beside the wheel


def test_every_module_in_the_wheel_is_bytecode_for_the_sites_pyodide(site, course, pyodide_magic):
    lock, entry = _site_package(site)
    with zipfile.ZipFile(lock.parent / entry["file_name"]) as wheel:
        names = wheel.namelist()
        compiled = {n: wheel.read(n)[:4] for n in names if n.endswith(".pyc")}
    assert pyodide_magic != bytes.fromhex("f30d0d0a")  # 3.13's: the check can tell them apart
    assert set(compiled.values()) == {pyodide_magic}
    assert not [n for n in names if n.endswith(".py")]
    expected = {f"grader/{p.parent.name}/{p.stem}.pyc" for package in ("core", "capstone")
                for p in (course_package.GRADER / package).glob("*.py")}
    assert expected <= set(compiled)
    assert {f"course_labs/checks/{slug}.py.txt" for slug in course.labs} <= set(names)
    assert not [n for n in names if "solution" in n or "mistake" in n]


def test_a_rebuild_with_unchanged_sources_is_byte_identical(package, course, tmp_path):
    """Every tool run again on the same sources gives the same bytes. Built into a folder of
    this test's own: removing the shared cache's build (as this test once did) pulled it from
    under any other command using it at that moment, bypassing its lease."""
    pyodide = pyodide_dir(course.root).resolve()
    cache = pyodide.parent / ".course-cache"  # the tools and py-compile's wheels, as a build
    files = course_package.project_files(course)
    requirements = course_package.requirements_file(course.root)
    key = course_package._key(files, pyodide, [requirements.read_bytes()
                                               if requirements.is_file() else b""])
    assert key == package.folder.name  # the very build the package fixture leased
    done = tmp_path / "course-package" / key
    with course_package.held(cache):  # as a build is made: the shared tools are not changing
        course_package._make_package(files, pyodide, requirements, cache, done,
                                     done / package.wheel.name)
    assert (done / package.wheel.name).read_bytes() == package.wheel.read_bytes()
    assert (done / "pyodide-lock.json").read_bytes() == package.lock.read_bytes()
    assert package.wheel.is_file() and (package.folder / ".complete").is_file()  # untouched


def test_a_changed_check_gives_another_package(course, package, monkeypatch):
    files = course_package.project_files(course)
    changed = dict(files)
    changed["course_labs/checks/01-graphs.py.txt"] += b"# changed\n"
    pyodide = pyodide_dir(course.root)
    assert course_package._key(files, pyodide, []) != course_package._key(changed, pyodide, [])


# Hidden checks that report where the checks' interpreter got every grader module from.
WHERE_CHECKS = (
    "import sys\nfrom grader.core.checks import check, expect\n\n"
    "@check('where')\ndef where(learner):\n"
    "    found = sorted({m.__spec__.origin for n, m in list(sys.modules.items())\n"
    "                    if n.split('.')[0] == 'grader' and getattr(m, '__spec__', None)})\n"
    "    expect(False, 'FROM ' + ' '.join(found) + ' PATH ' + ' '.join(sys.path))\n")
PROBE = Submission("probe", "probe.py", "x = 1\n", WHERE_CHECKS, ["where"], [[]])


def _origins(report) -> tuple[list[str], str]:
    message = report.checks[0].message
    found, path = message.split("FROM ", 1)[1].split(" PATH ")
    return found.split(), path


def test_the_node_host_imports_the_grader_from_the_package_alone(course, package):
    runtime = PyodideRuntime(course.root, timeout=20.0, workers=1)
    assert runtime.package == package and package.compiled
    [report] = runtime.grade([PROBE])
    found, path = _origins(report)
    assert "grader/core/split.pyc" in " ".join(found) and len(found) >= 8, found
    assert all(p.startswith(SITE_PACKAGES) and p.endswith(".pyc") for p in found), found
    assert "/grader_core" not in path.split()


def _no_tools(*args, **kwargs):
    raise LiteToolsError("no Python >= 3.13 here (a test)")


def test_without_the_tools_the_build_warns_and_ships_the_uncompiled_wheel(course, tmp_path,
                                                                          monkeypatch):
    # A course whose package was never built (so no cache can answer), on a machine without
    # the tools.
    for folder in ("lessons", "labs"):
        shutil.copytree(course.root / folder, tmp_path / "course" / folder)
    with open(tmp_path / "course" / "labs" / "01-graphs" / "checks.py", "a") as checks:
        checks.write(f"# {tmp_path}\n")
    course = course_model.load(tmp_path / "course")
    monkeypatch.setattr(course_package, "ensure_tools", _no_tools)
    monkeypatch.setattr(jupyterlite, "ensure_tools", _no_tools)
    pyodide = pyodide_dir(ROOT)
    with pytest.raises(BuildError, match="course package could not be built"):
        build_site(course, tmp_path / "strict", pyodide=pyodide, node_modules=pyodide.parent,
                   strict=True)
    monkeypatch.setattr(stdlib_zip, "build_stdlib_zip", _no_stdlib)  # and Node cannot compile
    result = build_site(course, tmp_path / "site", pyodide=pyodide, node_modules=pyodide.parent,
                        strict=False)
    assert [w for w in result.warnings if "not compiled to bytecode" in w], result.warnings
    assert [w for w in result.warnings if "stock standard library" in w], result.warnings
    [shipped] = (result.out / "pyodide").glob("*/python_stdlib.zip")
    assert shipped.read_bytes() == (pyodide / "python_stdlib.zip").read_bytes()
    [wheel] = (result.out / "py").glob("course-*/course_grader-0.1.0-py3-none-any.whl")
    assert not list(wheel.parent.glob("*.json"))  # in no lock: the page loads it by its URL
    page = (result.out / "lessons" / "05-backward" / "index.html").read_text()
    assert f'"core": "../../py/{wheel.parent.name}/{wheel.name}"' in page
    with zipfile.ZipFile(wheel) as archive:
        assert "grader/core/run.py" in archive.namelist()


def test_the_node_host_grades_with_the_uncompiled_wheel_too(course):
    pyodide = pyodide_dir(course.root)
    package = fallback_package(course, pyodide)
    host = NodeHost(pyodide, compiled_stdlib(pyodide), package=package)
    try:
        report, _ = host.grade(PROBE, 20.0)
    finally:
        host.close()
    found, _ = _origins(report)
    assert len(found) >= 8 and all(p.startswith(SITE_PACKAGES) and p.endswith(".py")
                                   for p in found), found


def test_the_site_ships_the_bytecode_stdlib_and_a_build_that_cannot_says_so(site, course,
                                                                           tmp_path, monkeypatch):
    pyodide = pyodide_dir(ROOT)
    [shipped] = (site["out"] / "pyodide").glob("*/python_stdlib.zip")
    with zipfile.ZipFile(shipped) as archive:
        names = set(archive.namelist())
    # What start-up and loadPackage import is there as bytecode, and only as bytecode.
    for module in ("json/__init__", "tarfile", "importlib/metadata/__init__", "hashlib"):
        assert module + ".pyc" in names and module + ".py" not in names, module
    assert not [n for n in names if n.startswith(("multiprocessing/", "xml/"))
                and not n.endswith("/")]  # (empty folders are left)

    monkeypatch.setattr(stdlib_zip, "build_stdlib_zip", _no_stdlib)
    with pytest.raises(BuildError, match="standard library could not be compiled.*a reason"):
        build_site(course, tmp_path / "strict", pyodide=pyodide, node_modules=pyodide.parent,
                   strict=True)


@pytest.mark.browser
def test_the_browser_worker_imports_the_grader_from_the_package_alone(browser, site):
    context = browser.new_context()
    requests = []
    context.on("request", lambda request: requests.append(request.url))
    try:
        with without_built_snapshot(site["server"]):  # the first worker loads the package
            page = context.new_page()
            page.goto(f"{site['url']}lessons/05-backward/index.html")
            for restored in ("false", "true"):  # first boot, then from the browser's snapshot
                wait_ready(page)
                assert page.get_attribute("[data-testid=status]", "data-restored") == restored
                set_code(page, WHERE)
                page.click("[data-testid=run]")
                output = page.locator("[data-testid=output]")
                output.filter(has_text="PATH").wait_for(timeout=60_000)
                text = output.inner_text()
                found = text.split("FROM ", 1)[1].split("\n")[0].split()[1:]
                assert len(found) >= 8 and "grader/core/browser.pyc" in " ".join(found), text
                assert all(p.startswith(SITE_PACKAGES) and p.endswith(".pyc") for p in found), text
                assert "/course" not in text.split("PATH", 1)[1].split()
                # Start-up and the grader's imports came from the site's bytecode stdlib: no
                # standard-library module was compiled from source (the stock zip compiles ~125).
                assert text.split("SOURCE", 1)[1].split("\n")[0].split() == [], text
                if restored == "false":
                    wait_kept(page)
                    page.reload()
    finally:
        context.close()
    lock, entry = _site_package(site)
    wheel = f"{site['url']}py/{lock.parent.name}/{entry['file_name']}"
    assert wheel in requests, [u for u in requests if "/py/" in u]  # (the worker's, and the
    # service worker's for its offline copy)
    assert not [u for u in requests if not u.startswith(site["url"])]


@pytest.mark.browser
def test_the_browser_refuses_a_course_package_whose_sha256_is_not_the_locks(browser, site,
                                                                            tmp_path):
    tampered = tmp_path / "site"
    shutil.copytree(site["out"], tampered, ignore=shutil.ignore_patterns("lite"))
    lock, entry = _site_package({"out": tampered})
    wheel = lock.parent / entry["file_name"]
    wheel.write_bytes(wheel.read_bytes() + b"\0")  # still a zip, no longer the lock's bytes
    (wheel.parent / (wheel.name + ".gz")).unlink(missing_ok=True)
    server, url = serve(tampered)
    context = browser.new_context()
    try:
        with without_built_snapshot(server):  # (a restored Python has the package: it loads none)
            page = context.new_page()
            page.goto(f"{url}lessons/05-backward/index.html")
            page.wait_for_function("document.querySelector('[data-testid=status]').dataset.state"
                                   " === 'broken'", timeout=60_000)
            assert "course package did not load" in page.inner_text("[data-testid=status]")
    finally:
        context.close()
        server.shutdown()


def _no_stdlib(*args, **kwargs):
    raise RuntimeError("compiling the Pyodide stdlib failed (exit 1): a reason")


# One process's use of the course package cache: it takes the uncompiled package of a course
# whose one lab's checks are the text given (so each text is another build), and either keeps
# it in use (waits for a line on stdin, then says whether its wheel is still there) or exits.
CACHE_USER = """
import sys
from pathlib import Path
from grader.pyodide_files.course_package import fallback_package

class Lab:
    def __init__(self, text):
        self.text = text
    def checks_source(self):
        return self.text

class Course:
    def __init__(self, text):
        self.labs = {"01-lab": Lab(text)}

pyodide, hold, *texts = sys.argv[1:]
for text in texts:
    print(fallback_package(Course(text), Path(pyodide)).wheel, flush=True)
if hold == "hold":
    sys.stdin.readline()
    print("still there" if Path(fallback_package(Course(texts[-1]), Path(pyodide)).wheel).is_file()
          else "gone", flush=True)
"""


def _cache_user(pyodide: Path, hold: bool, *texts: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CACHE_USER, str(pyodide),
                             "hold" if hold else "exit", *texts],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_a_build_another_process_uses_is_not_removed_by_newer_builds(tmp_path):
    # Several courses (or test runs) building at once: each build removed all but the newest
    # three, one a running `course grade` was loading among them, and its hosts then failed
    # ("Access to this API has been restricted ... pyodide-lock.json"). A Pyodide of our own
    # here, so the cache is this test's alone (the package's key reads these two files).
    pyodide = tmp_path / "node_modules" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "package.json").write_text('{"version": "test"}')
    (pyodide / "pyodide-lock.json").write_text('{"info": {"python": "3.14.0"}}')
    user = _cache_user(pyodide, True, "# in use\n")
    try:
        used = Path(user.stdout.readline().strip())
        assert used.is_file(), used
        builder = _cache_user(pyodide, False, *(f"# build {n}\n" for n in range(5)))
        built = [Path(line.strip()) for line in builder.communicate(timeout=120)[0].splitlines()]
        assert builder.returncode == 0 and len(built) == 5
        assert used.is_file(), "a build in use was removed"
        user.stdin.write("\n")
        user.stdin.flush()
        assert user.stdout.readline().strip() == "still there"
    finally:
        user.stdin.close()
        user.wait(timeout=60)
    # Once its process has ended, the lease is gone with it: the next build removes it, and
    # the cache shrinks back to the newest three.
    again = _cache_user(pyodide, False, "# one more\n")
    [last] = [Path(line.strip()) for line in again.communicate(timeout=120)[0].splitlines()]
    assert again.returncode == 0
    kept = sorted(p.parent for p in (pyodide.parent / ".course-cache" / "course-package")
                  .glob("source-*/*.whl"))
    assert kept == sorted({last.parent, *(w.parent for w in built[-2:])}), kept
    assert not used.exists()


def test_a_build_this_process_used_then_made_again_is_leased_again(tmp_path):
    """A process that used a build, saw it removed (rmtree by hand, a cleaned cache) and made
    it again still held only the removed build's lease: the new one was anyone's to remove
    while this process used it."""
    pyodide = tmp_path / "node_modules" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "package.json").write_text('{"version": "test"}')
    (pyodide / "pyodide-lock.json").write_text('{"info": {"python": "3.14.0"}}')

    class Lab:
        def checks_source(self):
            return "# used here\n"

    class Course:
        labs = {"01-lab": Lab()}

    first = fallback_package(Course(), pyodide)
    shutil.rmtree(first.folder)
    again = fallback_package(Course(), pyodide)
    assert again.wheel == first.wheel and again.wheel.is_file()
    builder = _cache_user(pyodide, False, *(f"# build {n}\n" for n in range(4)))
    builder.communicate(timeout=120)
    assert builder.returncode == 0
    assert again.wheel.is_file(), "a build this process uses was removed"
