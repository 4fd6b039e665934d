// The site's memory snapshot of Python, made at build time: a first visit restores it
// (≈ 0.5 s) instead of starting CPython and loading the course package (1.6-2.1 s cold).
//
//     node snapshot.mjs <pyodideDir> <lockOrWheel> <out>
//
// It boots exactly as site/js/worker.js does on a browser without a snapshot: the site's own
// Pyodide files and stdlib zip, the course package from the site's lock (or its wheel), the
// grader's modules imported, the record of loaded packages emptied. What it writes is that
// snapshot packed as a browser keeps its own (site/js/snapshots.js), which the worker unpacks.
//
// A snapshot holds whatever the interpreter saw of its host, so this host is made to look
// like a browser's module worker: Emscripten names the program after Node's script
// (sys.executable, os.environ["_"]) where a browser has "./this.program", and the time zone
// is UTC (Pyodide has no time.tzset: time.timezone and time.tzname keep it; localtime() is
// the learner's).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { pack } from "../../site/js/snapshots.js";

const [pyodideDir, lockOrWheel, out] = process.argv.slice(2);
process.argv.length = 1;
process.env.TZ = "UTC";

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const inLock = !lockOrWheel.endsWith(".whl");
const py = await loadPyodide({
  indexURL: `${pyodideDir}/`, _makeSnapshot: true, stdout: () => {}, stderr: () => {},
  ...(inLock ? { lockFileURL: lockOrWheel } : {}),
});
const errors = [];
await py.loadPackage(inLock ? "course-grader" : lockOrWheel,
  { messageCallback: () => {}, errorCallback: (message) => errors.push(message) });
if (errors.length) {
  process.stderr.write(`the course package did not load: ${errors.join("; ")}\n`);
  process.exit(1);
}
py.runPython("import grader.core.browser, grader.capstone.browser");
for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
const bytes = py.makeMemorySnapshot();
writeFileSync(out, new Uint8Array(await pack(bytes).arrayBuffer()));
process.stdout.write(JSON.stringify({ memory: bytes.byteLength }) + "\n");
