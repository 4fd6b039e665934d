// Restore one interpreter from the host's memory snapshot: shared by the checks' worker and
// the learner's worker. `snapshot` is this worker's own copy (an ArrayBuffer transferred to
// it alone), so nothing one interpreter does to its memory can reach another's start.
// The grader's modules come with the snapshot (imported from the course package before it was
// taken); the package's files are not in it and are not needed.
// `output(text)` gets what the interpreter writes to its file descriptors 1 and 2, in pieces
// as written (not line by line), at most `OUTPUT_BYTES` bytes of it in all.
// `timing` (optional) gets the milliseconds of each step, for the host's breakdown.
import { compileFactory } from "./factory.mjs";
import { sparseSnapshot } from "./sparse.mjs";

export async function restore({ pyodideDir, stdLibURL, snapshot, packed, wasmModule, code, table },
  output, timing = {}) {
  let mark = performance.now();
  let cpuMark = threadCpu();
  const lap = (name) => {
    const now = performance.now();
    const cpu = threadCpu();
    timing[name] = now - mark;
    timing[`cpu_${name}`] = cpu - cpuMark;  // this thread's CPU for the step, beside its time
    mark = now;
    cpuMark = cpu;
  };
  // Pyodide compiles its wasm from bytes; hand it the module the host compiled already.
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async function instantiateOnce(source, imports) {
    if (source instanceof WebAssembly.Module) return instantiate(source, imports);
    WebAssembly.instantiate = instantiate;
    return { instance: await instantiate(wasmModule, imports), module: wasmModule };
  };
  const { loadPyodide } = await import(new URL("pyodide.mjs", `file://${pyodideDir}/`).href);
  lap("import");
  // Pyodide's factory from the host's code cache (factory.mjs); without one, Pyodide imports it.
  // The host made the snapshot with that factory's linking (got.mjs): Pyodide's own module,
  // linked otherwise, must not restore it.
  const factory = code ? compileFactory(pyodideDir, code) : null;
  if (code && !factory) throw new Error("Pyodide's factory could not be compiled as the host's was");
  // A packed snapshot (the host's, when its factory restores sparsely) needs that factory.
  if (packed && !(factory && factory.sparse)) throw new Error("a packed snapshot, and no sparse restore");
  timing.cached = factory && !factory.rejected ? 1 : 0;
  lap("compile");
  const py = await loadPyodide({
    indexURL: pyodideDir + "/",
    stdLibURL,  // a snapshot restores only over the very stdlib it was made with
    _loadSnapshot: packed ? sparseSnapshot(snapshot) : new Uint8Array(snapshot),
    env: { HOME: "/home/pyodide" },
    ...(factory ? { createPyodideModule: factory.createPyodideModule } : {}),
  });
  lap("restore");
  // Pyodide's default writer keeps a line's bytes in a JS array of numbers until its newline:
  // a file that wrote 200 MB with os.write(1, ...) and no newline took the worker's JS heap
  // past V8's limit, and V8 ended the whole host (tests/hostile/fd_flood.py). These writers
  // keep nothing: what is past the limit is counted away unread.
  const out = writer(output);
  py.setStdout(out);
  py.setStderr(out);
  // Standard input is empty, as for `python file.py < /dev/null`: a read of descriptor 0
  // (`open(0).read()`, `os.read(0, n)`, /dev/stdin) is at its end. Pyodide's default reader
  // in Node reads the host's own stdin with fs.readSync, which the learner worker refuses as
  // an attack: a file that read its input that way was accused of reaching the machine
  // (sys.stdin is grader.core.run.NoInput, whose input() says a lab reads none).
  py.setStdin({ read: () => 0, isatty: false });
  // The snapshot's function pointers are indices into the table this restore rebuilt: laid
  // out by another linking (got.mjs), calls would reach other functions. A second wall.
  const size = py._module.wasmTable.length;
  if (table && size !== table) {
    throw new Error(`restored with a function table of ${size}, the snapshot's has ${table}`);
  }
  // Python has copied it into its own memory and never reads it again. Freed now rather than
  // at this thread's next full collection (which, with host/heap.mjs, may not come before the
  // thread ends): measured, the batch's high-water mark fell by ≈ 70 MB.
  if (typeof snapshot.transfer === "function") snapshot.transfer(0);
  // Pyodide fetches its source of random bytes (node:crypto) on first use, by an import; a
  // learner worker refuses every import once learner code can run (worker.mjs), and Python
  // died at `random.seed()`, `random.Random()`, `os.urandom`, `uuid.uuid4()` in correct files.
  // Drawn once here, before that, so it is Pyodide's own and no import is left to make.
  py.runPython("__import__('os').urandom(1)");
  return py;
}

// ms of CPU (user and system) this thread has used so far; NaN (sent as null, and so left out
// of the breakdown) on a Node before 23.9, which cannot tell.
export function threadCpu() {
  if (typeof process.threadCpuUsage !== "function") return NaN;
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

// Bytes of fd 1 and 2 handed to `output`: the learner worker keeps less (worker.mjs), the
// checks' worker prints only the grader's own rare messages.
const OUTPUT_BYTES = 1024 * 1024;

function writer(output) {
  const decoder = new TextDecoder();
  let left = OUTPUT_BYTES;
  return {
    isatty: false,
    write(buffer) {
      if (left > 0) {
        const part = buffer.subarray(0, left);
        left -= part.length;
        output(decoder.decode(part, { stream: left > 0 }));
      }
      return buffer.length;
    },
  };
}
