"""A memory snapshot handed on packed and restored without writing its pages of zeros
(grader/runtimes/host/sparse.mjs): used by the grading host's workers and by the site's."""

from __future__ import annotations

import json
import subprocess

import pytest

from grader.runtimes.node import node_binary, pyodide_dir
from tests.conftest import ROOT

SPARSE = ROOT / "grader/runtimes/host/sparse.mjs"


def _node(script: str, *args: str, timeout: float = 120) -> dict:
    done = subprocess.run([node_binary(), "--disable-warning=ExperimentalWarning",
                           "--input-type=module", "-e", script, "--", *args],
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


WRITES = """
import { pack, unpack, sparseSnapshot, zeroPageRuns } from %(sparse)r;
const PAGE = 4096;
// A "snapshot": a header page, then memory with data, zero pages and a partial last page.
const bytes = new Uint8Array(16 + 40 * PAGE + 100);
bytes.set([7, 7, 7, 7], 0);
for (const page of [1, 2, 9, 30]) bytes.fill(page, 16 + page * PAGE, 16 + page * PAGE + 50);
bytes[bytes.length - 1] = 5;
const packed = pack(bytes);
const same = unpack(packed.buffer);
// Memory as a fresh interpreter's might be: zero, but for what its start wrote, some of it
// where the snapshot has zeros (pages 4 and 20, and the very end).
const memory = new WebAssembly.Memory({ initial: 3 });
const heap = new Uint8Array(memory.buffer);
for (const at of [4 * PAGE + 3, 20 * PAGE, 20 * PAGE + 4000, bytes.length - 17]) heap[at] = 9;
const view = sparseSnapshot(packed.buffer);
const [length, first] = [view.length, Array.from(new Uint32Array(view.buffer, 0, 1))];
view.writeMemory(heap, 16, memory);
const expected = bytes.subarray(16);
let differ = 0;
for (let i = 0; i < expected.length; i++) if (heap[i] !== expected[i]) differ++;
let refused = "";
try { sparseSnapshot(new Uint8Array(64).buffer); } catch (error) { refused = error.message; }
console.log(JSON.stringify({
  roundTrip: same.length === bytes.length && same.every((b, i) => b === bytes[i]),
  smaller: packed.length < bytes.length / 4, runs: zeroPageRuns(bytes).length,
  length, first, after: view.length, differ, refused,
}));
"""


def test_a_sparse_write_leaves_memory_as_the_whole_copy_would():
    """Only the runs of non-zero pages are written; where the snapshot has zeros and the
    memory does not (what an interpreter's start wrote there), the memory is cleared."""
    found = _node(WRITES % {"sparse": SPARSE.as_uri()})
    assert found["roundTrip"] and found["smaller"]
    assert found["runs"] == 4  # pages 0-2 (the header, then data), 9, 30, the partial last one
    assert found["length"] == 16 + 40 * 4096 + 100  # what Pyodide sizes the memory by
    assert found["first"] == [0]  # not Pyodide's magic: an unrewritten restore refuses it
    assert found["after"] == 0  # once written, a view of nothing (Pyodide's config keeps it)
    assert found["differ"] == 0
    assert found["refused"] == "not a packed snapshot"


RESTORES = """
import { readFileSync } from "node:fs";
import { compileFactory } from %(factory)r;
import { restore } from %(boot)r;
import { pack, sparseSnapshot } from %(sparse)r;
const dir = process.argv.at(-1);
const wasmModule = await WebAssembly.compile(readFileSync(`${dir}/pyodide.asm.wasm`));
const made = compileFactory(dir);
const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${dir}/`).href);
const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true,
                               createPyodideModule: made.createPyodideModule });
py.runPython("import json, decimal; kept = [n * n for n in range(100000)]");
const full = py.makeMemorySnapshot().slice();
const packed = pack(full);
const table = py._module.wasmTable.length;
// Python's answers after a restore: the modules imported and the list made before the snapshot.
async function restored(snapshot, isPacked, code) {
  const again = await restore({ pyodideDir: dir, snapshot: snapshot.slice().buffer,
                                packed: isPacked, wasmModule, code, table }, () => {});
  return again.runPython("str(decimal.Decimal(1) / 8) + ' ' + str(sum(kept))");
}
const answers = [await restored(full, false, made.cache()), await restored(packed, true, made.cache())];
let refused = "";
try {
  await restore({ pyodideDir: dir, snapshot: packed.slice().buffer, packed: true, wasmModule,
                  code: null, table }, () => {});
} catch (error) { refused = error.message; }
// Pyodide's own factory (not rewritten) is given a sparse snapshot by mistake: it refuses.
let stock = "";
try {
  await loadPyodide({ indexURL: dir + "/", _loadSnapshot: sparseSnapshot(packed.slice().buffer) });
} catch (error) { stock = error.message; }
console.log(JSON.stringify({ answers, sparse: made.sparse, refused, stock,
  sizes: [full.length, packed.length] }));
"""


@pytest.mark.pyodide
def test_an_interpreter_restored_from_a_packed_snapshot_runs_as_one_restored_whole():
    host = ROOT / "grader/runtimes/host"
    found = _node(RESTORES % {"factory": (host / "factory.mjs").as_uri(),
                              "boot": (host / "boot.mjs").as_uri(), "sparse": SPARSE.as_uri()},
                  str(pyodide_dir(ROOT)))
    assert found["sparse"] is True  # the pinned Pyodide's restore is the one sparse.mjs rewrites
    total = sum(n * n for n in range(100000))
    assert found["answers"] == [f"0.125 {total}"] * 2
    full, packed = found["sizes"]
    assert packed < full * 0.6
    # A packed snapshot needs the rewritten factory; Pyodide's own refuses it outright.
    assert found["refused"] == "a packed snapshot, and no sparse restore"
    assert "invalid magic number" in found["stock"]


def test_the_restore_rewrite_leaves_any_other_pyodide_as_it_is():
    script = ("import { restoreSparsely } from %r;\n"
              "import { readFileSync } from 'node:fs';\n"
              "const text = readFileSync(process.argv.at(-1), 'utf8');\n"
              "const out = restoreSparsely(text);\n"
              "const other = 'API.restoreSnapshot=function(t){return Module.HEAP8.set(t),l}';\n"
              "console.log(JSON.stringify([out === text, out.length - text.length,"
              " restoreSparsely(other) === other]));" % SPARSE.as_uri())
    changed, grew, other_kept = _node(script, str(pyodide_dir(ROOT) / "pyodide.asm.mjs"))
    assert changed is False and 0 < grew < 200 and other_kept is True
