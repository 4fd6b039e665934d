// The page's side of the Python worker: requests, Stop, time limits, and replacing a worker
// that is stuck or whose Python died.
const STOP_GRACE_MS = 400;  // an interrupt normally lands in < 15 ms; time.sleep ignores it

export class Python {
  constructor(urls, onStatus) {
    this.urls = urls;
    this.onStatus = onStatus;
    this.pending = new Map();
    this.nextId = 1;
    this.start();
  }

  start() {
    this.ready = false;
    this.onStatus("loading");
    // The first worker was started by the page itself (lesson.html), before this script came.
    const early = globalThis.courseEarlyPython;
    globalThis.courseEarlyPython = null;
    if (early) {
      this.worker = early.worker;
      this.interrupt = early.interrupt;
      this.listen();
      for (const data of early.messages) this.receive(data);
      return;
    }
    this.worker = new Worker(this.urls.worker, { type: "module" });
    // Stop can interrupt Python only where SharedArrayBuffer exists (COOP/COEP headers).
    this.interrupt = globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.listen();
    this.worker.postMessage({
      type: "init", pyodideURL: this.urls.pyodide, coreURL: this.urls.core, labURL: this.urls.lab,
      snapshotKey: this.urls.snapshotKey, interruptBuffer: this.interrupt,
    });
  }

  listen() {
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => this.onStatus("broken", event.message || "the worker failed");
  }

  receive(data) {
    if (data.type === "ready") {
      this.ready = true;
      for (const request of this.pending.values()) this.startLimit(request);
      this.onStatus("ready", data.ms, { restored: data.restored });
    } else if (data.type === "broken") {
      this.onStatus("broken", data.message);
    } else if (data.type === "progress") {
      const request = this.pending.get(data.id);
      if (request && request.onProgress) request.onProgress(data.event);
    } else if (data.type === "result") {
      const request = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (!request) return;
      clearTimeout(request.timer);
      if (data.fatal) this.replace();  // the interpreter died (say, the browser's stack ran out)
      request.resolve({ ...data, stoppedBy: request.stoppedBy });
    }
  }

  // `limitMs`: interrupt the request when it runs longer (Check's time limit).
  request(message, { onProgress, limitMs } = {}) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const request = { resolve, onProgress, stoppedBy: "", limitMs };
      if (this.ready) this.startLimit(request);  // else once Python is ready: loading is not the code's time
      this.pending.set(id, request);
      if (this.interrupt) Atomics.store(this.interrupt, 0, 0);  // a Stop that came too late
      this.worker.postMessage({ ...message, id });
    });
  }

  startLimit(request) {
    if (request.limitMs && !request.timer) {
      request.timer = setTimeout(() => this.halt("limit"), request.limitMs);
    }
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
    return this.pending.size > 0;
  }

  // The learner's Stop. "interrupted": the code stopped and answered; "restarted": it did not
  // respond in time, so Python was replaced; "idle": nothing was running.
  stop() {
    return this.halt("stop");
  }

  async halt(reason) {
    if (!this.busy) return "idle";
    for (const request of this.pending.values()) request.stoppedBy ||= reason;
    if (this.interrupt) {
      Atomics.store(this.interrupt, 0, 2);  // SIGINT: Python raises KeyboardInterrupt
      for (let waited = 0; waited < STOP_GRACE_MS && this.busy; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      if (!this.busy) return "interrupted";
    }
    this.replace();
    return "restarted";
  }

  // Throw the worker away and start a fresh one; whatever was waiting hears "restarted".
  replace() {
    this.worker.terminate();
    for (const request of this.pending.values()) {
      clearTimeout(request.timer);
      request.resolve({ type: "result", restarted: true, stoppedBy: request.stoppedBy,
        unresponsive: Boolean(this.interrupt) });
    }
    this.pending.clear();
    this.start();
  }
}
