// The Node host for grading in Pyodide. Started by grader/runtimes/pyodide.py, under Node's
// permission model (reads: Pyodide and this folder only; no writes, no child processes, no
// addons) and, where the machine allows, in empty network and PID namespaces.
//
// Protocol: JSON lines on stdin, framed results on stdout.
//   in:  {"type": "init", "package": {"lock": "/…/pyodide-lock.json" | null, "load": "course-grader" | "/…/x.whl"}}
//        {"type": "job", "id": 1, "token": "<secret>", "timeout": 10, "job": {...}}
//   out: "\nREADY <ms>\n" once, then per job "\n<token> {"id": 1, "report": {...}}\n"
//        or "\n<token> {"id": 1, "failure": "timeout" | "crashed" | "memory" | "large", ...}\n"
//
// Two kinds of worker thread, each with an interpreter restored from its own copy of one
// memory snapshot: one checks' worker (checker.mjs), which holds the lab's checks and never
// runs learner code, and per job a fresh learner worker (worker.mjs), which runs the file and
// nothing else. They talk through a channel made for that job (channel.mjs). Only this thread
// knows the job's token, measures memory and sizes, and frames the result.
import "./heap.mjs";  // first: it sizes the heap of every worker made below
import { Worker } from "node:worker_threads";
import { createInterface } from "node:readline";
import { readFileSync } from "node:fs";
import "./binding-shim.mjs";
import { alarmed, close, newAlarm, newChannel } from "./channel.mjs";
import { threadCpu } from "./boot.mjs";
import { compileFactory } from "./factory.mjs";
import { pack } from "./sparse.mjs";

const pyodideDir = process.argv[2];
const stdLibURL = process.argv[3] || undefined;  // the stdlib zip with bytecode, when built
const write = (text) => process.stdout.write(text);
const say = (text) => process.stderr.write(text);
const REFUSED = "NETWORK-REFUSED";  // said on stderr for every refused request: tests count them
// Bytes of one report's JSON. The checker bounds all of a report, its largest parts the two
// output streams (~64 000 characters each); written as ASCII JSON a character beyond the BMP
// is 12 bytes, so a correct file that printed emoji made 1.5 MB and failed at 1 MiB. The
// channel's message holds 4 MiB too (channel.mjs), and the CLI's frame reader 8 (frames.py).
const REPORT_LIMIT = 4 * 1024 * 1024;
// Bytes this process may hold in all (both workers' wasm memories, JS heaps and
// ArrayBuffers), measured here where no submission can reach.
const MEMORY_LIMIT = (Number(process.argv[4]) || 2560) * 1024 ** 2;
// ms past a job's time limit before the checks' worker is presumed hung: past the link's own
// wait for an interrupted learner (link.py: TAKE + GRACE, 6 s), with room for a loaded machine.
const GRACE = 8000;

// Nothing is ever fetched: Pyodide and every file it needs are on disk. A request means
// something tried to reach a CDN or the internet; refuse it loudly.
globalThis.fetch = async function fetch(url) {
  say(`\n${REFUSED} ${String(url && url.url || url).slice(0, 200)}\n`);
  throw new Error(`blocked by the grader: fetch ${url}`);
};

let snapshot = null;   // Uint8Array, never shared: every worker gets a copy of its own
let packed = false;    // whether it is packed (sparse.mjs): without its pages of zeros
let wasmModule = null; // Pyodide's wasm, compiled once (a Module is immutable)
let coursePackage = null;  // where the grader's Python comes from (see makeSnapshot)
let code = null;       // V8's code cache for Pyodide's factory, taken after the boot (factory.mjs)
let table = 0;         // the function table's size in the snapshot's interpreter (boot.mjs)
let spare = null;      // the next learner worker, restoring while a job runs
let checker = null;    // the checks' worker
let retired = 0;       // checks' workers retired because a job changed their state or memory
let grewMB = null;     // how far the last job grew the checks' wasm memory (the breakdown)
let checksCpu = null;  // the checks' worker's CPU in ms for the last job, by part (checker.mjs)

const clock = () => performance.timeOrigin + performance.now();  // ms, the same in every thread

function startWorker(url, quietOutput) {
  const spawned = clock();
  const copy = snapshot.slice().buffer;
  const copied = clock();
  const worker = new Worker(url, {
    workerData: { pyodideDir, stdLibURL, snapshot: copy, packed, wasmModule, code, table },
    transferList: [copy],
    stdout: true,   // learner output stays in the worker's streams, never in ours
    stderr: true,
  });
  worker.stdout.resume();
  let forwarded = 0;
  const slot = { worker, timing: null, word: null };
  worker.stderr.on("data", (chunk) => {
    // Learner output is dropped; only the worker's own reports of refused requests pass,
    // known by the word it drew (worker.mjs): a line a submission printed never does.
    const own = slot.word && `${REFUSED} ${slot.word} `;
    for (const line of String(chunk).split("\n")) {
      if (own && line.startsWith(own) && forwarded++ < 20) {
        say(`\n${REFUSED} ${line.slice(own.length, own.length + 220)}\n`);
      } else if (!quietOutput && line.trim()) say(`checker: ${line.slice(0, 500)}\n`);
    }
  });
  slot.ready = new Promise((resolve, reject) => {
    worker.once("message", (m) => {
      if (!(m && m.type === "ready")) return reject(new Error("bad start"));
      if (typeof m.word === "string" && m.word.length >= 32) slot.word = m.word;
      // Where a worker's start goes (the benchmark's breakdown): copying the snapshot, the
      // thread's own start, then the steps it timed itself (boot.mjs).
      slot.timing = { copy: copied - spawned, thread: m.born - copied, ...m.timing,
        readyAt: clock() };
      resolve(m);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`worker exited with ${code} while starting`)));
  });
  slot.ready.catch(() => {});
  return slot;
}

const learnerWorker = () => startWorker(new URL("./worker.mjs", import.meta.url), true);
const checksWorker = () => startWorker(new URL("./checker.mjs", import.meta.url), false);

async function makeSnapshot() {
  // This thread never runs learner code: it boots Python once and snapshots it.
  const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${pyodideDir}/`).href);
  // The grader is the course package (grader/pyodide_files/course_package.py), loaded from its
  // lock like in the browser; uncompiled (no lock) where pyodide-build could not run. Every
  // worker restores the snapshot taken after the import, so none loads anything itself.
  const { lock, load } = coursePackage;
  const factory = compileFactory(pyodideDir);
  const py = await loadPyodide({ indexURL: pyodideDir + "/", stdLibURL, _makeSnapshot: true,
    ...(lock ? { lockFileURL: lock } : {}),
    ...(factory ? { createPyodideModule: factory.createPyodideModule } : {}) });
  const errors = [];
  await py.loadPackage(load, { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
  if (errors.length) throw new Error(`the course package did not load: ${errors.join("; ")}`);
  // Everything a restored worker imports (agent, split, state): it has no files to import from.
  // And every built-in module the seal imports in each learner's interpreter (seal.py).
  py.runPython("import grader.core.agent, grader.core.split, grader.core.state, grader.core.seal;"
    + " grader.core.seal.import_builtins()");
  forgetLoadedPackages(py);
  const memory = py.makeMemorySnapshot();
  table = py._module.wasmTable.length;
  // Taken now, the cache holds every function the boot compiled (factory.mjs says why).
  if (factory) code = factory.cache();
  // Kept packed when every worker's restore can write it sparsely: 12.7 of lesson 5's 31.5 MB
  // to copy for each worker, and its fresh memory's pages of zeros never written.
  packed = Boolean(factory && factory.sparse);
  return packed ? pack(memory) : memory.slice();
}

// makeMemorySnapshot refuses a Pyodide whose JS-side record of loaded packages is not the
// empty one it started with (it compares the record with {}: "Unexpected hiwire entry").
// The record is bookkeeping for later loadPackage calls; none follows: every interpreter
// restored from the snapshot has the package's modules imported and loads nothing.
function forgetLoadedPackages(py) {
  for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
}

function runJob(slot, message) {
  // Resolves with what this thread will frame: a report from the checks or a failure.
  return new Promise((resolve) => {
    const learner = slot.worker;
    const channel = newChannel();
    const alarm = newAlarm();
    let settled = false;
    const settle = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      current.worker.off("exit", ended);
      const stopping = clock();
      // Read once the job is over: what either wall refused, whatever the report says.
      const done = () => resolve({ ...value, alarm: alarmed(alarm), terminate: clock() - stopping });
      learner.terminate().then(done, done);
    };
    const fail = (failure, detail) => {
      // The learner worker is stopped; the checks' worker is waiting on it, or hung.
      close(channel);
      settle({ failure, detail });
    };
    const timer = setTimeout(() => {
      restartChecker();  // the checks' worker did not answer in time: never reuse it
      fail("timeout", `ran for more than ${message.timeout} s`);
    }, message.timeout * 1000 + GRACE);
    const watch = setInterval(() => {
      // Resident memory covers every worker's wasm memory, JS heap and ArrayBuffers alike.
      if (process.memoryUsage.rss() > MEMORY_LIMIT) {
        restartChecker();
        fail("memory", `used more than ${Math.round(MEMORY_LIMIT / 1024 ** 2)} MB`);
      }
    }, 100);
    // When the learner's interpreter ends by itself, the checks' side stops waiting for it.
    learner.on("exit", () => close(channel));
    learner.on("error", () => close(channel));
    const { port1, port2 } = new MessageChannel();
    port1.once("message", (m) => {
      grewMB = m && typeof m.grewMB === "number" ? m.grewMB : null;
      checksCpu = m && m.cpu && typeof m.cpu === "object" ? m.cpu : null;
      if ((!m || m.retire !== false) && checker === current) {
        // The checks' interpreter is not as it was before this job (or did not say): a
        // fresh one, restored now, grades the next file.
        restartChecker();
        retired++;
      }
      if (m && typeof m.report === "string") {
        if (Buffer.byteLength(m.report) > REPORT_LIMIT) {
          settle({ failure: "large", detail: `its report was more than ${REPORT_LIMIT} bytes` });
        } else settle({ reportJSON: m.report });
      } else settle({ failure: "crashed", detail: String(m && m.error || "no report").slice(0, 300) });
    });
    const current = checker;
    const ended = (code) => {
      if (checker === current) checker = null;
      fail("crashed", `the checks' interpreter ended (exit ${code})`);
    };
    current.worker.once("exit", ended);
    learner.postMessage({ type: "serve", channel, alarm });
    current.worker.postMessage({ type: "job", job: JSON.stringify({ ...message.job, timeout: message.timeout }), channel,
      port: port2 }, [port2]);
  });
}

function restartChecker() {
  // Never reused once in doubt; the fresh one restores now, ahead of the next file.
  if (checker) checker.worker.terminate();
  checker = checksWorker();
}

function frame(token, id, outcome, timing) {
  const alarm = JSON.stringify(outcome.alarm || "");
  const body = outcome.reportJSON !== undefined
    ? `{"id": ${id}, "timing": ${JSON.stringify(timing)}, "alarm": ${alarm}, "report": ${outcome.reportJSON}}`
    : JSON.stringify({ id, timing, alarm: outcome.alarm || "", failure: outcome.failure,
      detail: outcome.detail });
  write(`\n${token} ${body}\n`);
}

async function ready(slot, start) {
  try {
    await slot.ready;
    return slot;
  } catch {
    const fresh = start();  // the worker died before its job: start another
    await fresh.ready;
    return fresh;
  }
}

async function main() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const started = performance.now();
  for await (const line of lines) {
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    if (message.type === "init") {
      coursePackage = message.package;
      snapshot = await makeSnapshot();
      wasmModule = await WebAssembly.compile(readFileSync(`${pyodideDir}/pyodide.asm.wasm`));
      checker = checksWorker();
      spare = learnerWorker();
      await Promise.all([checker.ready, spare.ready]);
      write(`\nREADY ${Math.round(performance.now() - started)}\n`);
    } else if (message.type === "job") {
      const arrived = clock();
      const slot = await ready(spare, learnerWorker);
      spare = learnerWorker();
      checker = await ready(checker || checksWorker(), checksWorker);
      const began = clock();
      const cpu = process.cpuUsage();
      const own = threadCpu();
      checksCpu = null;
      const outcome = await runJob(slot, message);
      const { user, system } = process.cpuUsage(cpu);
      const mine = threadCpu() - own;
      const timing = { ...slot.timing, idle: Math.max(0, arrived - slot.timing.readyAt),
        wait: began - arrived, job: clock() - began, terminate: outcome.terminate,
        checkersRetired: retired, checksGrewMB: grewMB, rssMB: process.memoryUsage.rss() / 1024 ** 2,
        // CPU in ms during the job: the whole process's (every thread, the next learner
        // worker's start too), this thread's, and the checks' worker's, by part.
        cpuJob: (user + system) / 1000, cpuHost: mine,
        cpuChecks: checksCpu && checksCpu.checks,
        cpuState: checksCpu && checksCpu.state, cpuCollect: checksCpu && checksCpu.collect };
      delete timing.readyAt;
      frame(message.token, message.id, outcome, timing);
    }
  }
  if (spare) await spare.worker.terminate();
  if (checker) await checker.worker.terminate();
}

main().catch((e) => {
  process.stderr.write(`host failed: ${e && e.stack || e}\n`);
  process.exit(70);
});
