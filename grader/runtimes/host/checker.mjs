// The checks' worker: one trusted interpreter per host, which never runs learner code. For
// each job it loads the lab's checks afresh (grader.core.split) and reaches the learner's
// module only through the job's channel to that job's learner worker. Learner code cannot
// write to this thread: it sees only the channel's bytes, which are read here as data.
import { parentPort, workerData } from "node:worker_threads";
import "./binding-shim.mjs";
import { restore, threadCpu } from "./boot.mjs";
import { endpoint } from "./channel.mjs";

const apply = Reflect.apply;
const collect = globalThis.gc;  // (--expose-gc, node.py)
const COLLECT_EVERY = 8;  // jobs between two full collections (see the end of a job)
let jobs = 0;
let collected = 0;  // ms of CPU the last collection took
const post = MessagePort.prototype.postMessage;
const born = performance.timeOrigin + performance.now();
const timing = {};
const py = await restore(workerData, (text) => process.stderr.write(text), timing);
const runJob = py.runPython("import grader.core.split; grader.core.split.run_job");
// This interpreter grades file after file: its module state, as it is now, before any job,
// is what every job must leave behind (grader/core/state.py). Held here, in no module.
const baseline = py.runPython("import grader.core.state as s; s.warm(); s.Baseline()");
// Wasm memory only grows: what a job's checks held (a learner's answers come here as values)
// stays this interpreter's, though it is garbage, and the host's memory limit counts it
// against every later file. A submission made the checks keep ~2 GB this way, and the next
// file on the host failed for "using" it. So a job that grew the memory past this retires
// the interpreter, as a changed state does (measured: 60 lab-5 files in a row grew it by 0).
const MEMORY_GROWTH = 64 * 1024 * 1024;
const memory = () => py._module.HEAP8.buffer.byteLength;
const memoryAtReady = memory();
apply(post, parentPort, [{ type: "ready", born, timing }]);

parentPort.on("message", (message) => {
  const { send, receive, interrupt, taken } = endpoint(message.channel, 0);
  const cpuBefore = threadCpu();
  let reply;
  try {
    reply = { report: String(runJob(message.job, send, receive, interrupt, taken)) };
  } catch (error) {
    reply = { error: String(error && error.message || error).slice(0, 2000) };
  }
  // Anything a job left in this interpreter's modules retires it: the host starts a fresh
  // one for the next file, so no job can see what the one before it kept.
  let unchanged = false;
  const checked = threadCpu();
  try {
    unchanged = baseline.unchanged() === true;
  } catch {
    unchanged = false;
  }
  // This thread's CPU for the job, and for the fingerprint alone (the benchmark's breakdown).
  const cpuAfter = threadCpu();
  reply.cpu = { checks: cpuAfter - cpuBefore, state: cpuAfter - checked, collect: collected };
  const grew = memory() - memoryAtReady;
  reply.grewMB = grew / 1024 ** 2;
  reply.retire = !unchanged || grew > MEMORY_GROWTH;
  apply(post, message.port, [reply]);
  message.port.close();
  // What a job leaves in this thread's JavaScript (its channel, the proxies between Python
  // and JavaScript, every message's copy) is garbage now, but an isolate busy in wasm seldom
  // collects by itself: measured, the host grew ~1 MB a file (450 -> 670 MB over 200 files)
  // and stayed at 470-500 MB with a collection after every job. A full collection costs
  // 30-50 ms, as much as a third of a job's checks, so it runs after every few jobs: the
  // garbage of so few is a few MB.
  collected = 0;
  if (collect && ++jobs % COLLECT_EVERY === 0) {
    const before = threadCpu();
    collect();
    collected = threadCpu() - before;  // told with the next job's figures
  }
});
