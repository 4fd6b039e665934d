// The lab's Python: a module worker that boots Pyodide as soon as the page opens and answers
// Run and Check with JSON from the grader package (grader.core.browser), and lesson 5's
// Train it (grader.capstone.browser). No check logic here. The page gives each request a
// worker of its own (python.js); this one gives up storage before learner code runs.
import { giveUpStorage } from "./no-storage.js";
import { SNAPSHOTS, pack, readPacked, sparseSnapshot, unpack } from "./snapshots.js";
import { startPython } from "./start-python.js";

// Python's memory is the wasm memory: refusing to grow it past 512 MiB makes malloc fail, so
// a program that hoards memory gets a MemoryError (as in `course grade`, host/worker.mjs).
// Without it the tab grew toward wasm32's 4 GiB, which a phone answers by ending the tab.
const MEMORY_LIMIT = 512 * 1024 * 1024;
const growMemory = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function limitedGrow(pages) {
  if (this.buffer.byteLength + pages * 65536 > MEMORY_LIMIT) {
    throw new RangeError("the lab's memory limit");
  }
  return growMemory.call(this, pages);
};

let python = null;
let trainer = null;
let booting = null;
const labs = new Map();  // lab data URL -> {slug, checks_source}
// The page's URLs (its page-data) are relative to the page, not to this script: resolved
// against this script's folder, they pointed outside a course served under a path
// (https://host/course/). Each is resolved against the page's address, from the boot options.
let pageURL = self.location.href;
const resolve = (url) => new URL(url, pageURL).href;
let initMessage = null;
const init = new Promise((resolve) => { initMessage = resolve; });

// A page's first worker is told what to boot in its name (lesson.html), so it starts the
// moment this module runs. A message waits for the page's main thread, which is busy laying
// out the lesson and starting the editor: in a cold Chromium trace the "init" message reached
// this worker 450 ms after the worker was up (benchmarks/browser_startup.py: "navigation to
// boot" 0.7-1.1 s -> 0.45 s cold, 0.5 s -> 0.2 s warm). Later workers get everything (the
// snapshot, the compiled wasm) in their "init" message.
const named = bootOptions(self.name);
if (named) booting = boot(named);
// A worker that only imports Pyodide's factory, compiled whole, so that this browser keeps
// the compiled code (compiled-code.js): it runs no Python and is ended by the page.
const compileOnly = bootOptions(self.name, "compile");
if (compileOnly) {
  import(new URL(compileOnly.factory, compileOnly.base).href).then(
    () => self.postMessage({ type: "compiled" }),
    (error) => self.postMessage({ type: "broken", message: String(error && error.message) }));
}

self.onmessage = async ({ data }) => {
  if (data.type === "init") {
    initMessage(data);
    if (!booting) booting = boot(data);
    return;
  }
  let lab = null;
  try {
    await booting;
    if (data.type !== "run") lab = await labData(data.labURL);
  } catch (error) {
    // No Python, or the lab's checks could not be fetched: Python itself is fine.
    self.postMessage({ type: "result", id: data.id, failure: String(error && error.message || error) });
    return;
  }
  try {
    if (data.type === "run") {
      const result = python.run(data.source);
      self.postMessage({ type: "result", id: data.id, run: JSON.parse(result) });
    } else if (data.type === "check") {
      const report = python.check(lab.slug, lab.checks_source, data.source);
      self.postMessage({ type: "result", id: data.id, report: JSON.parse(report) });
    } else if (data.type === "train") {
      // Lesson 5's "Train it": every step is posted as it happens, while Python keeps going.
      const post = (event) => self.postMessage({ type: "progress", id: data.id, event: JSON.parse(event) });
      const summary = trainer.train(lab.slug, lab.checks_source, data.source, post);
      self.postMessage({ type: "result", id: data.id, summary: JSON.parse(summary) });
    }
  } catch (error) {
    // The grader never raises for learner code, so an error here means the interpreter
    // itself failed (e.g. the browser's stack ran out): the page replaces this worker.
    self.postMessage({ type: "result", id: data.id, fatal: true,
      failure: String(error && error.message || error) });
  }
};

// The lab's checks loaded before "ready", so a Check does not wait for them: from the bytecode
// the build compiled in this same Pyodide when it fits (grader/core/checks_code.py), else
// from their source. Returns which ("build" or "here"), or null when they could not be
// fetched now: the Check itself fetches them again and says why it could not.
async function prepareChecks(url) {
  if (!url) return null;
  try {
    const lab = await labData(url);
    const bytecode = lab.checks_code ? JSON.stringify(lab.checks_code) : undefined;
    return python.prepare(lab.slug, lab.checks_source, bytecode);
  } catch {
    labs.delete(resolve(url));
    return null;
  }
}

async function labData(url) {
  const absolute = resolve(url);
  if (!labs.has(absolute)) labs.set(absolute, fetch(absolute).then((r) => r.json()));
  return labs.get(absolute);
}

function bootOptions(name, type = "init") {
  try {
    const options = JSON.parse(name);
    return options && options.type === type ? options : null;
  } catch {
    return null;  // a worker without a name (a later one), or another name
  }
}

async function boot({ base, pyodideURL, coreURL, labURL, snapshotKey, builtSnapshotURL, snapshot,
  wasmModule, keptSnapshot: noted, sparseRestore, compiledFactory, compiled }) {
  if (base) pageURL = base;
  [pyodideURL, coreURL] = [resolve(pyodideURL), resolve(coreURL)];
  // The factory compiled whole once this browser keeps its compiled code (the page noted
  // which, compiled-code.js); before that, the plain one, whose functions compile as called.
  const hinted = compiledFactory && resolve(compiledFactory) === compiled;
  const factoryURL = hinted ? compiled : pyodideURL + "pyodide.asm.mjs";
  const started = performance.now();
  // Where this boot's time goes, step by step (ms): the page marks it for the benchmarks.
  const steps = {};
  let mark = started;
  const step = (name) => {
    const now = performance.now();
    steps[name] = Math.round(now - mark);
    mark = now;
  };
  if (labURL) labData(labURL);  // fetched while Python starts, not when Check is pressed
  // Pyodide's JavaScript is asked for before the wasm: this thread decodes the wasm's stream
  // as it arrives, and a warm Chromium trace showed that holding the import of pyodide.mjs
  // (18 KB) back by 150-250 ms. The factory (1.25 MB), which loadPyodide is given or imports
  // by the same URL once it runs, starts loading now too; importing it has no effect of its own.
  const pyodideJS = import(pyodideURL + "pyodide.mjs");
  const factory = import(factoryURL);
  factory.catch(() => {});  // loadPyodide reports a failure
  try {
    // Pyodide asks for the standard library's zip (2.8 MB) only once its JavaScript has run,
    // and its restore waits for it: in a warm Chromium trace it was asked for 185 ms into the
    // boot and came 130 ms later, after the wasm was instantiated. Asked for now, it comes
    // while the wasm compiles and Pyodide's JavaScript loads.
    // The wasm is compiled here (wasmOnce, before fetch is answered early): Pyodide's own
    // fetch of it gets an empty answer it never reads, so no worker reads it twice.
    const wasmURL = pyodideURL + "pyodide.asm.wasm";
    const wasm = wasmOnce(wasmURL, wasmModule, step);
    const stdlibURL = pyodideURL + "python_stdlib.zip";
    const stdlib = fetch(stdlibURL, { credentials: "same-origin" });
    stdlib.catch(() => {});  // Pyodide awaits it, and says if it failed
    const early = answerEarly(new Map([[stdlibURL, stdlib],
      [wasmURL, Promise.resolve(new Response(null))]]));
    const snapshotURL = resolve(`/__python_snapshot__/${snapshotKey}`);
    // The page hands a later worker the snapshot and the compiled wasm an earlier one sent it.
    // The first one restores the snapshot this browser kept, or else the build's (4.9 MB),
    // read or downloaded while Pyodide loads its JavaScript and the wasm compiles: Pyodide
    // awaits it before it instantiates the wasm. Each is packed (snapshots.js); a Pyodide
    // rewritten for it restores it as it is, any other gets the whole of it.
    const toRestore = snapshot
      ? { packed: Promise.resolve(snapshot), fromBuild: Promise.resolve(false) }
      : snapshotToRestore(snapshotURL, builtSnapshotURL, noted === snapshotURL);
    // When the snapshot's bytes were in, from the boot's start: not a step of its own (they
    // come while the steps below run), but what a restore waits for.
    const bytesIn = "(the snapshot's bytes in, from the boot's start)";
    Promise.resolve(toRestore).then((saved) => saved && saved.packed).then((packed) => {
      if (packed) steps[bytesIn] = Math.round(performance.now() - started);
    }, () => {});
    const [{ loadPyodide }, saved] = await Promise.all([pyodideJS, toRestore]);
    step("pyodide.mjs");
    // Learner output is captured by the grader; anything below it is dropped (below).
    const options = { indexURL: pyodideURL, stdout: () => {}, stderr: () => {} };
    // The compiled one failed to load (say, a cache cleared while offline): the plain one.
    if (hinted) options.createPyodideModule = await factory.then((m) => m.default, () => undefined);
    let py;
    let restored = false;
    if (saved) {
      try {
        const restoring = saved.packed.then(sparseRestore ? sparseSnapshot : unpack);
        restoring.catch(() => {});  // Pyodide awaits it only once its JavaScript has loaded
        py = await loadPyodide({ ...options, _loadSnapshot: restoring });
        step("restore from the snapshot");
        restored = true;
        // Python copied it into its memory; the page keeps it for the next worker, and keeps
        // the build's as this browser's own: read from there, a later visit has nothing to
        // decompress.
        const packed = await saved.packed;
        self.postMessage({ type: "snapshot", url: snapshotURL, packed, made: false,
          keep: await saved.fromBuild }, [packed]);
      } catch {
        py = null;  // a snapshot from another build, or none to be had: start afresh below
      }
    }
    if (!restored) {
      const started = await startPython(loadPyodide, options, coreURL, step);
      py = started.py;
      // The page keeps it: this worker is about to give up storage. Sent before "ready", so
      // before any learner code, which is the only time the page accepts one.
      const packed = pack(started.bytes).buffer;
      self.postMessage({ type: "snapshot", url: snapshotURL, packed, made: true }, [packed]);
    }
    wasm.done();
    early.done();
    guardStack(py);
    // Below the grader's capture of sys.stdout (os.write to fd 1 and 2): dropped as written.
    // Pyodide's own writer kept a line's bytes in a JavaScript array until its newline, and
    // 200 MB without one failed with an I/O error.
    const drop = { write: (buffer) => buffer.length };
    py.setStdout(drop);
    py.setStderr(drop);
    // A seed of its own, and time.sleep in slices that Stop can end (grader/core/browser.py).
    // Imported and called, not run as source: before the learner's file, this Python compiles
    // nothing (runPython parses into `ast` objects, code the wasm otherwise never runs).
    python = py.pyimport("grader.core.browser");
    python.start_worker();
    trainer = py.pyimport("grader.capstone.browser");
    // Stop's buffer comes in the "init" message (a name holds only text); it was posted as
    // the worker was made, so it is here long before Python is.
    const { interruptBuffer } = await init;
    if (interruptBuffer) py.setInterruptBuffer(interruptBuffer);
    const checks = await prepareChecks(labURL);
    step("load the lab's checks");
    giveUpStorage();
    self.postMessage({ type: "ready", ms: performance.now() - started, restored, steps, checks,
      startedAt: performance.timeOrigin + started,
      factory: options.createPyodideModule ? "compiled" : "plain" });
  } catch (error) {
    self.postMessage({ type: "broken", message: String(error && error.message || error) });
    throw error;
  }
}

// Compiling Pyodide's 9.6 MB of wasm is most of a new worker's start. The first worker
// compiles it as it downloads, from the boot's first moment, while pyodide.mjs and
// pyodide.asm.mjs are still loading (Pyodide itself would start only once they have run), and
// sends the module to the page (compiled code is immutable and shared between workers);
// later workers instantiate the module they were given.
function wasmOnce(url, given, step) {
  const { fetch } = self;
  const { instantiate, instantiateStreaming } = WebAssembly;
  const module = given ? Promise.resolve(given) : compileStreaming(fetch, url);
  module.catch(() => {});  // a failure surfaces where Pyodide asks for the instance
  const done = () => {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
  const once = async (imports) => {
    done();
    step("Pyodide's JavaScript");
    const compiled = await module;
    step(given ? "wasm: given" : "wasm: the rest of its download and compile");
    if (!given) self.postMessage({ type: "compiled", module: compiled });
    const instance = await instantiate(compiled, imports);
    step("instantiate the wasm");
    return { instance, module: compiled };
  };
  WebAssembly.instantiateStreaming = (source, imports) => once(imports);
  WebAssembly.instantiate = (source, imports) => source instanceof WebAssembly.Module
    ? instantiate(source, imports) : once(imports);
  return { done };
}

// Streaming compile needs the server's application/wasm type; without it, compile the bytes.
async function compileStreaming(fetch, url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url, { credentials: "same-origin" }));
  } catch {
    return WebAssembly.compile(await (await fetch(url, { credentials: "same-origin" })).arrayBuffer());
  }
}

// Pyodide fetches its files itself once its JavaScript runs; each of `answers` (URL -> the
// promise of a Response begun earlier) answers the first request for its URL instead, and
// everything else goes out as asked. done() puts fetch back (a request not yet made then is
// simply made: the early answer's bytes are dropped, never a wrong file used).
function answerEarly(answers) {
  const { fetch } = self;
  self.fetch = function fetchEarly(resource, init) {
    const asked = resolve(String(resource && resource.url || resource));
    const answer = answers.get(asked);
    answers.delete(asked);
    return answer || fetch.call(this, resource, init);
  };
  return { done: () => { self.fetch = fetch; } };
}

// The snapshot to restore, read only while booting: the one this browser kept (snapshots.js),
// else the build's (grader/site_builder/snapshot.py, gzipped by the build itself). Null when
// there is none (known at once when the build has one); else its bytes come while Pyodide
// loads: {packed: a promise of them as sparse.mjs packs them (an ArrayBuffer), fromBuild: a
// promise of whether they are the build's download, which the page keeps}. A kept one that is not one (damaged,
// or another version's) gives way to the build's; when neither works out, Pyodide's await of
// the bytes fails and the boot starts afresh.
// Unless the page noted that this browser keeps this very one (`likelyKept`), the build's is
// downloaded from the start, while Cache Storage is asked: on a first visit, its answer that
// it holds none took 0.2-0.3 s, and the download, and Pyodide's start, waited for it. A kept
// one found after all stops the download.
async function snapshotToRestore(keptURL, builtURL, likelyKept) {
  const early = builtURL && !likelyKept ? download(builtURL) : null;
  const lookup = keptSnapshot(keptURL);
  if (!builtURL && !(await lookup)) return null;
  const found = (async () => {
    const kept = await lookup;
    if (kept) {
      try {
        const packed = await kept.read;
        readPacked(packed);  // throws for anything pack() did not make
        if (early) early.stop();
        return { packed, fromBuild: false };
      } catch (error) {
        if (!builtURL) throw error;
      }
    }
    return { packed: await (early || download(builtURL)).packed, fromBuild: true };
  })();
  const packed = found.then((f) => f.packed);
  const fromBuild = found.then((f) => f.fromBuild);
  for (const promise of [packed, fromBuild]) promise.catch(() => {});  // awaited where it matters
  return { packed, fromBuild };
}

// {read: a promise of its bytes}: wrapped, so that awaiting whether there is one does not
// wait for the 13 MB read too.
async function keptSnapshot(url) {
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(url);
    if (!hit) return null;
    const read = hit.arrayBuffer();
    read.catch(() => {});
    return { read };
  } catch {
    return null;  // no Cache Storage (private mode, old browser)
  }
}

// {packed: a promise of the build's snapshot, decompressed as it arrives; stop()}.
function download(url) {
  const stopping = new AbortController();
  const packed = (async () => {
    const response = await fetch(resolve(url), { signal: stopping.signal });
    if (!response.ok) throw new Error(`the build's snapshot: HTTP ${response.status}`);
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  })();
  packed.catch(() => {});  // a download stopped, or failed where nothing awaits it
  return { packed, stop: () => stopping.abort() };
}

// Recursion that goes through C on every level (`__repr__` through an f-string, `-self` in
// `__neg__`) overflows the browser's own stack long before Python's recursion limit: a fatal
// error for Pyodide. Measured in Chromium 156's module worker: unguarded, such recursion died
// between 300 and 350 levels. CPython (3.14) checks how much of the C stack it has used and
// raises RecursionError past a limit; Pyodide sets that limit to its whole 10 MB C stack.
// Allowing it 128 KB instead made every pattern we tried raise RecursionError (a recursive
// __repr__ at 193 levels, __neg__ at 275) while Python-to-Python recursion keeps its full
// limit of 1000 (a recursive topological sort of a 900-deep graph works).
const C_STACK_BYTES = 128 * 1024;

function guardStack(py) {
  const m = py._module;
  if (!m || !m._PyUnstable_ThreadState_SetStackProtection || !m._emscripten_stack_get_current) {
    py.runPython("import sys; sys.setrecursionlimit(250)");  // another Pyodide: be cautious
    return;
  }
  const top = m._emscripten_stack_get_current();  // no Python is running: the stack's top
  m._PyUnstable_ThreadState_SetStackProtection(m._PyThreadState_GetUnchecked(), top - C_STACK_BYTES,
    C_STACK_BYTES);
}
