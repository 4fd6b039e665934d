// The Node host for grading in Pyodide. Started by grader/runtimes/pyodide.py, under Node's
// permission model (reads: Pyodide and this folder only; no writes, no child processes, no
// addons) and, where the machine allows, in empty network and PID namespaces.
//
// Protocol: JSON lines on stdin, framed results on stdout.
//   in:  {"type": "init", "core": {"grader/core/run.py": "...", ...}}
//        {"type": "job", "id": 1, "token": "<secret>", "timeout": 10, "job": {...}}
//   out: "\nREADY <ms>\n" once, then per job "\n<token> {"id": 1, "report": {...}}\n"
//        or "\n<token> {"id": 1, "failure": "timeout" | "crashed" | "reached", "detail": "..."}\n"
//
// Each job runs in a fresh worker thread holding a fresh interpreter restored from a memory
// snapshot, and that worker is terminated before the result is written. Only this thread
// knows the job's token; learner code (in the worker) can write to our stdout, but it cannot
// frame a result the parent will accept.
import { Worker } from "node:worker_threads";
import { createInterface } from "node:readline";
import { readFileSync } from "node:fs";
import "./binding-shim.mjs";

const pyodideDir = process.argv[2];
const stdLibURL = process.argv[3] || undefined;  // the stdlib zip with bytecode, when built
const workerURL = new URL("./worker.mjs", import.meta.url);
// process.stdout/stderr, not fs.writeSync: a pipe may take only part of a large frame at a
// time, and a frame cut short is a verdict lost. The streams finish every write.
const write = (text) => process.stdout.write(text);
const say = (text) => process.stderr.write(text);
const REFUSED = "NETWORK-REFUSED";  // said on stderr for every refused request: tests count them

// Nothing is ever fetched: Pyodide and every file it needs are on disk. A request means
// something tried to reach a CDN or the internet; refuse it loudly.
globalThis.fetch = async function fetch(url) {
  say(`\n${REFUSED} ${String(url && url.url || url).slice(0, 200)}\n`);
  throw new Error(`blocked by the grader: fetch ${url}`);
};

let snapshot = null;  // SharedArrayBuffer: one copy of the snapshot for every worker
let wasmModule = null;  // Pyodide's wasm, compiled once here instead of once per worker
let core = null;
let spare = null;     // the next worker, restoring its interpreter while a job runs

function startWorker() {
  const worker = new Worker(workerURL, {
    workerData: { pyodideDir, stdLibURL, snapshot, wasmModule, core },
    stdout: true,   // learner output stays in the worker's streams, never in ours
    stderr: true,
    // No resourceLimits: Node ignores them when --max-old-space-size is given (node.py sets
    // it), and that flag already caps every worker's JavaScript heap. Asking anyway cost each
    // worker ~30 ms of CPU.
  });
  worker.stdout.resume();
  let forwarded = 0;
  worker.stderr.on("data", (chunk) => {
    // Learner output is dropped; only the worker's own reports of refused requests pass.
    for (const line of String(chunk).split("\n")) {
      if (line.startsWith(REFUSED) && forwarded++ < 20) say(`\n${line.slice(0, 240)}\n`);
    }
  });
  const ready = new Promise((resolve, reject) => {
    worker.once("message", (m) => (m && m.type === "ready" ? resolve(m) : reject(new Error("bad start"))));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`worker exited with ${code} while starting`)));
  });
  ready.catch(() => {});
  return { worker, ready };
}

async function makeSnapshot() {
  // This thread never runs learner code: it boots Python once and snapshots it.
  const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${pyodideDir}/`).href);
  const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL, _makeSnapshot: true });
  for (const [path, text] of Object.entries(core)) {
    py.FS.mkdirTree("/grader_core/" + path.split("/").slice(0, -1).join("/"));
    py.FS.writeFile("/grader_core/" + path, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/grader_core'); import grader.core.job");
  const bytes = py.makeMemorySnapshot();
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

function runJob(slot, message) {
  // Resolves with what this thread will frame: a report from the worker or a failure.
  return new Promise((resolve) => {
    const { worker } = slot;
    let settled = false;
    const settle = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate().then(() => resolve(value), () => resolve(value));
    };
    const timer = setTimeout(() => settle({ failure: "timeout",
      detail: `ran for more than ${message.timeout} s` }), message.timeout * 1000);
    const { port1, port2 } = new MessageChannel();
    port1.once("message", (m) => {
      if (m && Array.isArray(m.attempts) && m.attempts.length) {
        settle({ failure: "reached", detail: m.attempts.map(String).join("; ") });
      } else if (m && typeof m.report === "string") settle({ reportJSON: m.report });
      else settle({ failure: "crashed", detail: String(m && m.error || "the worker sent no report") });
    });
    worker.on("error", (e) => settle({ failure: "crashed", detail: `${e && e.code || ""} ${e && e.message || e}`.trim() }));
    worker.on("exit", (code) => settle({ failure: "crashed", detail: `the interpreter ended (exit ${code}) before reporting` }));
    worker.postMessage({ type: "job", job: JSON.stringify(message.job), port: port2 }, [port2]);
  });
}

function frame(token, id, outcome) {
  const body = outcome.reportJSON !== undefined
    ? `{"id": ${id}, "report": ${outcome.reportJSON}}`
    : JSON.stringify({ id, failure: outcome.failure, detail: outcome.detail });
  write(`\n${token} ${body}\n`);
}

async function main() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const started = performance.now();
  for await (const line of lines) {
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (message.type === "init") {
      core = message.core;
      snapshot = await makeSnapshot();
      wasmModule = await WebAssembly.compile(readFileSync(`${pyodideDir}/pyodide.asm.wasm`));
      spare = startWorker();
      await spare.ready;
      write(`\nREADY ${Math.round(performance.now() - started)}\n`);
    } else if (message.type === "job") {
      let slot = spare;
      try {
        await slot.ready;
      } catch {
        slot = startWorker();  // the spare died before its job: start another
        await slot.ready;
      }
      spare = startWorker();
      frame(message.token, message.id, await runJob(slot, message));
    }
  }
  if (spare) await spare.worker.terminate();
}

main().catch((e) => {
  process.stderr.write(`host failed: ${e && e.stack || e}\n`);
  process.exit(70);
});
