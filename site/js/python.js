// The page's side of the lab's Python: requests, Stop, time limits, and one worker per request.
//
// Each Run, Check and Train goes to a worker that has run no learner code, and that worker
// ends with its request. Whatever the code did to Python (a patched `math`, a rewritten
// checker module) or to the worker's JavaScript dies with it, so it cannot reach a later
// Check. The next worker is prepared while the current request runs: restored from the memory
// snapshot, with the wasm the first worker compiled. Measured (benchmarks/browser_checks.py)
// against one worker for the whole page and against a second interpreter for the checks,
// which would double the page's start-up work and need cross-origin isolation.
import { compiledHere } from "./compiled-code.js";
import { keepSnapshot } from "./snapshots.js";

// An interrupt normally lands in < 15 ms. 400 ms once ran out on a machine busy with a
// benchmark beside the tests, and the page restarted a Python that would have stopped; so did
// 1000 ms counted from the Stop, in CI on a loaded 2-core machine, for a plain `while True`.
// So the grace counts from when Python takes the interrupt (Pyodide clears the word as it
// raises KeyboardInterrupt), and Python has STOP_TAKE_MS to take it at all: its thread may
// wait for a core, and one long call into C never takes it. Each is counted in 20 ms waits,
// so a stall of this page's own thread does not use them up either. 1 s and 3 s still ran out
// once in CI for a plain `while True` on a phone-sized page; the CLI's link (grader/core/link.py)
// had already needed 2 s and 4 s, and the page now gives the same.
const STOP_GRACE_MS = 2000;
const STOP_TAKE_MS = 4000;
const STOP_LOOK_MS = 20;

export class Python {
  constructor(urls, onStatus) {
    this.urls = urls;
    this.onStatus = onStatus;
    this.nextId = 1;
    this.running = null;  // the request in progress: {id, python, resolve, …}
    this.turn = Promise.resolve();  // requests take turns: each needs a fresh worker
    this.firstBoot = true;  // the page hears "loading" and "ready" once; later boots are quiet
    // What a worker sent before it ran learner code, for the next worker: the memory snapshot
    // (packed, an ArrayBuffer passed on, not copied) and the compiled wasm.
    this.kept = { snapshot: null, wasmModule: null };
    this.fresh = this.start();
  }

  // A worker for the next request: {worker, interrupt, ready}.
  start() {
    if (this.firstBoot) this.onStatus("loading");
    // The first worker was started by the page itself (lesson.html), before this script came.
    const early = globalThis.courseEarlyPython;
    globalThis.courseEarlyPython = null;
    const worker = early ? early.worker : new Worker(this.urls.worker, { type: "module" });
    // Stop can interrupt Python only where SharedArrayBuffer exists (COOP/COEP headers).
    const interrupt = early ? early.interrupt
      : globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const python = { worker, interrupt, ready: false };
    worker.onmessage = ({ data }) => this.receive(python, data);
    worker.onerror = (event) => {
      if (python === this.fresh) this.onStatus("broken", event.message || "the worker failed");
    };
    if (early) {
      for (const data of early.messages) this.receive(python, data);
      return python;
    }
    const { snapshot, wasmModule } = this.kept;
    this.kept.snapshot = null;  // it comes back once the new worker has restored it
    worker.postMessage({
      type: "init", base: document.baseURI, pyodideURL: this.urls.pyodide, coreURL: this.urls.core,
      labURL: this.urls.lab, snapshotKey: this.urls.snapshotKey,
      builtSnapshotURL: this.urls.snapshot, sparseRestore: this.urls.sparseRestore,
      compiledFactory: this.urls.compiledFactory, compiled: compiledHere(),
      interruptBuffer: interrupt, snapshot, wasmModule,
    }, snapshot ? [snapshot] : []);
    return python;
  }

  receive(python, data) {
    const request = this.running;
    // Before "ready" a worker has run no learner code: only then is what it sends believed.
    if (data.type === "snapshot" || data.type === "compiled") {
      if (python.ready) return;
      if (data.type === "compiled") this.kept.wasmModule = data.module;
      if (data.type === "snapshot") this.kept.snapshot = data.packed;
      if (data.made || data.keep) keepSnapshot(data.url, data.packed);
      return;
    }
    if (data.type === "broken") {
      if (!python.ready) this.onStatus("broken", data.message);
      return;
    }
    if (data.type === "ready") {
      if (python.ready) return;
      python.ready = true;
      // benchmarks/browser_checks.py and browser_startup.py read these.
      const before = Math.round(data.startedAt - performance.timeOrigin);  // the same clock
      performance.mark("course:worker-ready",
        { detail: { ms: data.ms, steps: { "navigation to boot": before, ...data.steps },
          checks: data.checks, factory: data.factory } });
      if (this.firstBoot) {
        this.firstBoot = false;
        this.onStatus("ready", data.ms, { restored: data.restored });
      }
      if (request && request.python === python) this.prepare(request);
      return;
    }
    // Only the running request's own worker speaks for it, and only until it answers.
    if (!request || request.python !== python || data.id !== request.id) return;
    if (data.type === "progress" && request.onProgress) request.onProgress(data.event);
    if (data.type === "result") this.finish(request, { ...data, stoppedBy: request.stoppedBy });
  }

  // The request's worker is ready: its time limit starts (loading Python is not the code's
  // time), and the next worker starts restoring beside it.
  prepare(request) {
    if (request.limitMs && !request.timer) {
      request.timer = setTimeout(() => this.halt("limit"), request.limitMs);
    }
    if (!this.fresh) this.fresh = this.start();
  }

  // `limitMs`: interrupt the request when it runs longer (Check's time limit).
  request(message, options = {}) {
    const answer = this.turn.then(() => this.send(message, options));
    this.turn = answer.catch(() => {});  // one request that threw must not stop every later one
    return answer;
  }

  send(message, { onProgress, limitMs } = {}) {
    return new Promise((resolve) => {
      const python = this.fresh || this.start();
      this.fresh = null;
      const request = { id: this.nextId++, python, resolve, onProgress, limitMs, stoppedBy: "" };
      this.running = request;
      python.worker.postMessage({ ...message, id: request.id });
      if (python.ready) this.prepare(request);
    });
  }

  // The request's worker ran learner code: it ends here.
  finish(request, answer) {
    clearTimeout(request.timer);
    this.running = null;
    request.python.worker.terminate();
    if (!this.fresh) this.fresh = this.start();
    request.resolve(answer);
  }

  run(source) {
    return this.request({ type: "run", source });
  }

  check(labURL, source, limitMs) {
    return this.request({ type: "check", labURL, source }, { limitMs });
  }

  // Train the capstone network; onProgress hears each step while it runs.
  train(labURL, source, onProgress) {
    return this.request({ type: "train", labURL, source }, { onProgress });
  }

  get busy() {
    return this.running !== null;
  }

  // Whether the Python that runs (or will run) the code has loaded.
  get ready() {
    const python = this.running ? this.running.python : this.fresh;
    return Boolean(python && python.ready);
  }

  // The learner's Stop. "interrupted": the code stopped and answered; "restarted": it did not
  // respond in time, so its worker was ended; "idle": nothing was running.
  stop() {
    return this.halt("stop");
  }

  async halt(reason) {
    const request = this.running;
    if (!request) return "idle";
    request.stoppedBy ||= reason;
    // Python is still loading: the code has not started, there is nothing to interrupt (and an
    // interrupt sent now would land in the boot, or in the code's first line once it starts).
    if (!request.python.ready) {
      this.finish(request, { type: "result", restarted: true, stoppedBy: request.stoppedBy,
        beforeReady: true });
      return "restarted";
    }
    const { interrupt } = request.python;
    let took = null;  // `waited` when Python was first seen to have taken the interrupt
    if (interrupt) {
      // SIGINT for Stop, SIGALRM for Check's time limit: Python raises KeyboardInterrupt for
      // both, and words the limit's as a time limit (grader/core/browser.py, check).
      Atomics.store(interrupt, 0, reason === "limit" ? 14 : 2);
      let waited = 0;
      while (this.running === request
             && waited < (took === null ? STOP_TAKE_MS : took + STOP_GRACE_MS)) {
        await new Promise((r) => setTimeout(r, STOP_LOOK_MS));
        waited += STOP_LOOK_MS;
        if (took === null && Atomics.load(interrupt, 0) === 0) took = waited;
      }
      if (this.running !== request) return "interrupted";
    }
    // `taken`: Python raised the interrupt and went on (code that catches it), or it never
    // looked (one call that does not return): each has its own words (lab.js, restarted).
    this.finish(request, { type: "result", restarted: true, stoppedBy: request.stoppedBy,
      unresponsive: Boolean(interrupt), taken: Boolean(interrupt) && took !== null });
    return "restarted";
  }
}
