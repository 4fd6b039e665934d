// The page's side of the Python worker: requests, Stop, and replacing a stuck worker.
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
    this.worker = new Worker(this.urls.worker, { type: "module" });
    // Stop can interrupt Python only where SharedArrayBuffer exists (COOP/COEP headers).
    this.interrupt = globalThis.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => this.onStatus("broken", event.message || "the worker failed");
    this.worker.postMessage({
      type: "init", pyodideURL: this.urls.pyodide, coreURL: this.urls.core, labURL: this.urls.lab,
      snapshotKey: this.urls.snapshotKey, interruptBuffer: this.interrupt,
    });
    this.onStatus("loading");
  }

  receive(data) {
    if (data.type === "ready") {
      this.ready = true;
      this.onStatus("ready", data.ms, { restored: data.restored });
    } else if (data.type === "broken") {
      this.onStatus("broken", data.message);
    } else if (data.type === "progress") {
      const request = this.pending.get(data.id);
      if (request && request.onProgress) request.onProgress(data.event);
    } else if (data.type === "result") {
      const request = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (request) request.resolve(data);
    }
  }

  request(message, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ ...message, id });
    });
  }

  run(source) {
    return this.request({ type: "run", source });
  }

  check(labURL, source) {
    return this.request({ type: "check", labURL, source });
  }

  // Train the capstone network; onProgress hears each step while it runs.
  train(labURL, source, onProgress) {
    return this.request({ type: "train", labURL, source }, onProgress);
  }

  get busy() {
    return this.pending.size > 0;
  }

  // Interrupt the running code; if it does not stop in time, replace the worker.
  async stop() {
    if (!this.busy) return "idle";
    if (this.interrupt) {
      Atomics.store(this.interrupt, 0, 2);  // SIGINT: Python raises KeyboardInterrupt
      for (let waited = 0; waited < STOP_GRACE_MS && this.busy; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      if (!this.busy) return "interrupted";
    }
    this.worker.terminate();
    for (const { resolve } of this.pending.values()) resolve({ type: "result", restarted: true });
    this.pending.clear();
    this.start();
    return "restarted";
  }
}
