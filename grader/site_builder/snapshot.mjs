// The site's memory snapshot of Python, made at build time: a first visit restores it
// (≈ 0.5 s) instead of starting CPython and loading the course package (1.6-2.1 s cold).
//
//     node snapshot.mjs <pyodideDir> <lockOrWheel> <out> [<checks.json>]
//
// It boots by the worker's own steps (site/js/start-python.js) on the site's own Pyodide files
// and stdlib zip, with the course package from the site's lock (or its wheel). What it writes
// is that snapshot packed as every snapshot travels (grader/runtimes/host/sparse.mjs). Then,
// the snapshot taken, the same Python compiles every lab's checks in <checks.json> ({lab:
// source}) by the grader's own function (grader/core/checks_code.py), printed with the
// snapshot's size.
//
// A snapshot holds whatever the interpreter saw of its host, so this host is made to look
// like a browser's module worker: Emscripten names the program after Node's script
// (sys.executable, os.environ["_"]) where a browser has "./this.program", and the time zone
// is UTC (Pyodide has no time.tzset: time.timezone and time.tzname keep it; localtime() is
// the learner's).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { pack } from "../runtimes/host/sparse.mjs";
import { startPython } from "../../site/js/start-python.js";

const [pyodideDir, lockOrWheel, out, checksFile] = process.argv.slice(2);
process.argv.length = 1;
process.env.TZ = "UTC";

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const options = { indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: () => {} };
let py, bytes, packed, checks;
try {
  ({ py, bytes } = await startPython(loadPyodide, options, lockOrWheel));
  packed = pack(bytes);
  const sources = checksFile ? readFileSync(checksFile, "utf8") : "{}";
  // A lab whose checks this Python cannot compile gets no bytecode: its page then compiles
  // them itself and says what is wrong, and the snapshot is not lost over it.
  const compileAll = py.runPython([
    "import json, grader.core.checks_code as c",
    "def compile_all(text):",
    "    made = {}",
    "    for lab, source in json.loads(text).items():",
    "        try:",
    "            made[lab] = c.bytecode(source, lab)",
    "        except (SyntaxError, ValueError):",
    "            pass",
    "    return json.dumps(made)",
    "compile_all",
  ].join("\n"));
  checks = JSON.parse(compileAll(sources));
} catch (error) {
  process.stderr.write(`${error && error.message || error}\n`);
  process.exit(1);
}
writeFileSync(out, packed);
process.stdout.write(JSON.stringify({ memory: bytes.byteLength, checks }) + "\n");
