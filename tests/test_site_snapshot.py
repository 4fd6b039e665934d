"""The memory snapshot of Python that `course build` ships for a first visit to restore
(grader/site_builder/snapshot.py); the browser's side is in test_browser.py."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import random
import re
import struct
import time

import pytest

from grader.site_builder import site as site_module
from grader.site_builder import pyodide_folder
from grader.site_builder import snapshot as snapshot_module
from grader.site_builder.site import BuildError, build_site
from grader.site_builder.snapshot import SnapshotError
from grader.runtimes.node import pyodide_dir

pytestmark = pytest.mark.pyodide


def page_urls(out, slug: str) -> dict:
    page = (out / "lessons" / slug / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r'id="page-data">(.*?)</script>', page, re.S).group(1))["urls"]


def unpacked(packed: bytes) -> bytes:
    """The memory a packed snapshot restores (site/js/snapshots.js's format)."""
    magic, length, count = struct.unpack_from("<3I", packed)
    assert magic == 0x70797331
    memory = bytearray(length)
    at = 12 + 8 * count
    for i in range(count):
        start, end = struct.unpack_from("<2I", packed, 12 + 8 * i)
        memory[start:end] = packed[at:at + end - start]
        at += end - start
    assert at == len(packed)
    return bytes(memory)


def test_every_lesson_names_the_builds_snapshot_and_the_offline_copy_keeps_it(course, site):
    out = site["out"]
    [built] = (out / "py").glob("snapshot-*.bin")
    for lesson in course.lessons:
        urls = page_urls(out, lesson.slug)
        assert (out / "lessons" / lesson.slug / urls["snapshot"]).resolve() == built
        assert built.name == f"snapshot-{urls['snapshotKey']}.bin"  # valid for those files only
    assert f'"py/{built.name}"' in (out / "sw.js").read_text(encoding="utf-8")
    # Gzipped by the build, whatever the host does; Python's memory, without its zero pages.
    memory = unpacked(gzip.decompress(built.read_bytes()))
    assert len(memory) > 20_000_000 and built.stat().st_size < 8_000_000
    # Made as a browser's worker would be: nothing of the build machine's Node script in it.
    assert b"./this.program" in memory and b"snapshot.mjs" not in memory
    assert b"grader/core/browser" in memory  # the grader imported before it was taken


def test_every_labs_data_carries_its_checks_compiled_by_the_snapshots_python(course, site):
    # grader/core/checks_code.py: a worker loads them instead of compiling the source; they
    # say which source and which Python they are for (a browser using them: test_browser.py).
    out = site["out"]
    for lesson in course.lessons:
        urls = page_urls(out, lesson.slug)
        data = json.loads((out / "lessons" / lesson.slug / urls["lab"]).resolve().read_text())
        entry = data["checks_code"]
        assert entry["sha256"] == hashlib.sha256(data["checks_source"].encode()).hexdigest()
        assert len(entry["python"]) == 8 and len(base64.b64decode(entry["code"])) > 1000


def test_the_sites_pyodide_links_only_what_its_wasm_imports_and_is_named_by_its_files(
        course, site):
    # pyodide_folder.py: the grading host's linking (got.mjs), in the folder the snapshot was
    # made from; hosts keep /pyodide/ as immutable, so the name changes with any of its files.
    out = site["out"]
    [folder] = (out / "pyodide").iterdir()
    factory = (folder / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert "updateGOT(origExports);LDSO.init();" not in factory
    assert "entry.value!=-1||isInternalSym(symName)" in factory
    # ... and its restore: a packed snapshot is written without its pages of zeros (sparse.mjs).
    assert "var w=t.writeMemory;if(w)t=t.header;" in factory
    assert all(page_urls(out, lesson.slug)["sparseRestore"] is True for lesson in course.lessons)
    # Beside it, the same factory with V8's hint to compile it whole (compiled-code.js).
    hinted = (folder / pyodide_folder.COMPILED_FACTORY).read_text(encoding="utf-8")
    assert hinted == "//# allFunctionsCalledOnLoad\n" + factory
    version = json.loads((pyodide_dir(course.root) / "package.json").read_text())["version"]
    digest = hashlib.sha256()
    for name in pyodide_folder.FILES:
        file_hash = hashlib.sha256((folder / name).read_bytes()).digest()
        digest.update(name.encode() + b"\0" + file_hash)
    assert folder.name == f"{version}-{digest.hexdigest()[:10]}"
    for lesson in course.lessons:
        urls = page_urls(out, lesson.slug)
        assert (out / "lessons" / lesson.slug / urls["pyodide"]).resolve() == folder
        assert (out / "lessons" / lesson.slug / urls["compiledFactory"]).resolve() == \
            folder / pyodide_folder.COMPILED_FACTORY
    # A snapshot made by one linking must never be restored by another: the key (which names
    # the snapshot a browser keeps, too) is made from the folder's name.
    wheel = next((out / "py").glob("course-*/*.whl"))
    key = hashlib.sha256(f"pyodide/{folder.name}/".encode() + wheel.read_bytes()).hexdigest()[:16]
    assert urls["snapshotKey"] == key


def test_another_linking_or_stdlib_gets_another_folder_and_a_strange_pyodide_keeps_its_own(
        course, tmp_path, monkeypatch):
    pyodide = pyodide_dir(course.root)
    linked, was_linked, was_sparse = pyodide_folder.write_pyodide(tmp_path / "a", pyodide, None)
    assert was_linked and was_sparse
    monkeypatch.setattr(pyodide_folder, "link_factory", lambda factory: (False, False))
    stock, _, _ = pyodide_folder.write_pyodide(tmp_path / "b", pyodide, None)
    assert stock != linked
    zip_file = tmp_path / "other.zip"
    zip_file.write_bytes((pyodide / "python_stdlib.zip").read_bytes() + b"\0")
    other, _, _ = pyodide_folder.write_pyodide(tmp_path / "c", pyodide, zip_file)
    assert other not in (stock, linked)
    assert (tmp_path / "c" / other / "python_stdlib.zip").read_bytes() == zip_file.read_bytes()
    # A Pyodide whose start-up is not the one got.mjs rewrites is left as it is.
    strange = tmp_path / "strange.mjs"
    strange.write_text("export default function f() {}\n", encoding="utf-8")
    monkeypatch.undo()
    assert pyodide_folder.link_factory(strange) == (False, False)
    assert strange.read_text(encoding="utf-8") == "export default function f() {}\n"


def test_a_snapshot_is_made_once_for_the_same_files(course, site, monkeypatch, tmp_path):
    out = site["out"]
    urls = page_urls(out, "05-backward")
    [site_pyodide] = (out / "pyodide").iterdir()
    core = (out / "lessons" / "05-backward" / urls["core"]).resolve()
    cache = pyodide_dir(course.root).parent / ".course-cache" / "snapshot"
    checks = {lab.slug: lab.checks_source() for lab in course.labs.values()}  # as the build's
    first = snapshot_module.site_snapshot(site_pyodide, core, urls["snapshotKey"], cache, checks)
    monkeypatch.setattr(snapshot_module, "node_binary", lambda: "/nonexistent/node")
    assert snapshot_module.site_snapshot(site_pyodide, core, urls["snapshotKey"], cache,
                                         checks) == first
    assert sorted(first.bytecode) == sorted(checks)
    # Another set of files, or other checks, is made afresh: here, with no Node to make it,
    # it says so.
    with pytest.raises(OSError):
        snapshot_module.site_snapshot(site_pyodide, core, "another", tmp_path, checks)
    with pytest.raises(OSError):
        snapshot_module.site_snapshot(site_pyodide, core, urls["snapshotKey"], cache,
                                      {**checks, "01-graphs": checks["01-graphs"] + "\n"})


def test_checks_that_python_cannot_compile_get_no_bytecode_and_cost_no_snapshot(
        course, site, tmp_path):
    out = site["out"]
    urls = page_urls(out, "05-backward")
    [site_pyodide] = (out / "pyodide").iterdir()
    core = (out / "lessons" / "05-backward" / urls["core"]).resolve()
    sources = {"01-graphs": course.labs["01-graphs"].checks_source(), "99-broken": "def (:\n"}
    made = snapshot_module.site_snapshot(site_pyodide, core, urls["snapshotKey"], tmp_path,
                                         checks=sources)
    assert len(made.packed) > 1_000_000
    assert list(made.bytecode) == ["01-graphs"]


def test_a_build_that_cannot_make_one_says_so_and_its_pages_start_python_themselves(
        course, monkeypatch, tmp_path):
    def cannot(*args, **kwargs):
        raise SnapshotError("making Python's snapshot failed (exit 1): a reason")

    monkeypatch.setattr(site_module, "site_snapshot", cannot)
    pyodide = pyodide_dir(course.root)
    with pytest.raises(BuildError, match="memory snapshot could not be made.*a reason"):
        build_site(course, tmp_path / "strict", pyodide=pyodide, node_modules=pyodide.parent)
    result = build_site(course, tmp_path / "site", pyodide=pyodide, node_modules=pyodide.parent,
                        strict=False)
    assert [w for w in result.warnings if "no memory snapshot" in w and "a reason" in w]
    assert page_urls(result.out, "05-backward")["snapshot"] is None
    assert not list((result.out / "py").glob("snapshot-*"))


# What a worker restored from the snapshot runs before any request (site/js/worker.js calls
# it through pyimport, so that it compiles no source of its own before the learner's file).

def test_a_started_worker_draws_its_own_random_numbers(monkeypatch):
    from grader.core import browser

    monkeypatch.setattr(time, "sleep", time.sleep)  # start_worker replaces it: put it back
    random.seed(1)
    as_restored = random.getstate()
    browser.start_worker()
    assert random.getstate() != as_restored


def test_a_started_workers_sleep_goes_in_slices_and_is_wrapped_once(monkeypatch):
    from grader.core import browser

    slept = []
    monkeypatch.setattr(time, "sleep", lambda seconds: slept.append(seconds))
    browser.start_worker()
    sliced = time.sleep
    assert sliced.__name__ == "sleep" and sliced.in_slices
    browser.start_worker()  # a snapshot whose sleep is sliced already keeps that one
    assert time.sleep is sliced
    sliced(0.01)
    assert slept == [0.01]  # short: one sleep, as asked
    slept.clear()
    sliced(0.12)
    assert len(slept) >= 3 and max(slept) <= 0.05, slept  # Stop ends it between two slices
    sliced("0.2")  # not a number: the real sleep's own answer (here, the stand-in's)
    assert slept[-1] == "0.2"
