"""The course package: one wheel, compiled by pyodide-build inside Pyodide, in Pyodide's lock,
and the only place the browser worker and the Node host import the grader from (the
JupyterLite kernel's side is in test_jupyterlite.py)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from grader.pyodide_files import course_package
from grader.pyodide_files.course_package import build_course_package
from grader.runtimes.node import node_binary, pyodide_dir
from grader.runtimes.pyodide import PyodideRuntime
from grader.runtimes.submission import Submission
from tests.browser_support import set_code, wait_ready

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
print("PATH", *sys.path)
"""
SITE_PACKAGES = "/lib/python3.14/site-packages/"


@pytest.fixture(scope="module")
def package(course):
    return build_course_package(course, pyodide_dir(course.root))


@pytest.fixture(scope="module")
def pyodide_magic() -> bytes:
    done = subprocess.run([node_binary(), "--input-type=module", "-e", MAGIC_JS, "--",
                           str(pyodide_dir(Path(__file__).parent.parent))],
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
    first_wheel, first_lock = package.wheel.read_bytes(), package.lock.read_bytes()
    kept = tmp_path / "kept"
    shutil.copytree(package.folder, kept)
    shutil.rmtree(package.folder)  # nothing cached: every tool runs again
    try:
        again = build_course_package(course, pyodide_dir(course.root))
        assert again.wheel == package.wheel
        assert again.wheel.read_bytes() == first_wheel
        assert again.lock.read_bytes() == first_lock
    finally:
        if not package.folder.exists():
            shutil.copytree(kept, package.folder)


def test_a_changed_check_gives_another_package(course, package, monkeypatch):
    files = course_package.project_files(course)
    changed = dict(files)
    changed["course_labs/checks/01-graphs.py.txt"] += b"# changed\n"
    pyodide = pyodide_dir(course.root)
    assert course_package._key(files, pyodide, []) != course_package._key(changed, pyodide, [])


def test_the_node_host_imports_the_grader_from_the_package_alone(course, package):
    checks = (
        "import sys\nfrom grader.core.checks import check, expect\n\n"
        "@check('where')\ndef where(learner):\n"
        "    found = sorted({m.__spec__.origin for n, m in list(sys.modules.items())\n"
        "                    if n.split('.')[0] == 'grader' and getattr(m, '__spec__', None)})\n"
        "    expect(False, 'FROM ' + ' '.join(found) + ' PATH ' + ' '.join(sys.path))\n")
    runtime = PyodideRuntime(course.root, timeout=20.0, workers=1)
    assert runtime.package == package and package.compiled
    [report] = runtime.grade([Submission("probe", "probe.py", "x = 1\n", checks, ["where"], [[]])])
    message = report.checks[0].message
    found = message.split("FROM ", 1)[1].split(" PATH ")[0].split()
    assert "grader/core/split.pyc" in " ".join(found) and len(found) >= 8, message
    assert all(p.startswith(SITE_PACKAGES) and p.endswith(".pyc") for p in found), message
    assert "/grader_core" not in message.split(" PATH ")[1]


@pytest.mark.browser
def test_the_browser_worker_imports_the_grader_from_the_package_alone(browser, site):
    context = browser.new_context()
    requests = []
    context.on("request", lambda request: requests.append(request.url))
    try:
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
            if restored == "false":
                page.wait_for_function("caches.open('python-snapshots-v1').then(c => c.keys())"
                                       ".then(keys => keys.length === 1)", timeout=30_000)
                page.reload()
    finally:
        context.close()
    lock, entry = _site_package(site)
    wheel = f"{site['url']}py/{lock.parent.name}/{entry['file_name']}"
    assert wheel in requests, [u for u in requests if "/py/" in u]  # (the worker's, and the
    # service worker's for its offline copy)
    assert not [u for u in requests if not u.startswith(site["url"])]
