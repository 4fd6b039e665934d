// Run pyodide-build's `pyodide py-compile` inside Pyodide, so that the bytecode it writes is
// Pyodide's own Python's (3.14): a .pyc starts with a magic number per Python version, and
// the machine building the site may have no Python 3.14 (this one has none; py-compile run
// on 3.13 writes 3.13 bytecode, which Pyodide refuses with "bad magic number").
//
//     node py_compile.mjs <pyodideDir> <folder> <toolWheelsDir> [<exclude>] [<epoch>]
//
// <folder> holds wheels and a pyodide-lock.json; py-compile turns each wheel not named in
// <exclude> (comma-separated name prefixes) into a cpXY wheel with bytecode only, and
// rewrites the lock's file names and sha256 (see course_package.py). <toolWheelsDir> holds
// the pure-Python wheels it needs: pyodide-build, click (its command line), packaging,
// platformdirs and rich (its logger). Why here and not elsewhere: the tools venv's Python is
// 3.13, whose py-compile writes 3.13 bytecode (magic f30d0d0a) that Pyodide refuses, and no
// Python 3.14 can be had on this machine (only package registries are reachable). Measured
// here, on the shared 2-core machine under load: 15.5 s for this script, nearly all of it
// Pyodide starting on the stock stdlib zip (stock start-up took 11-12 s in the same minutes;
// 3.5 s when quiet); python -m build took 6.8 s. Both run only when the package's inputs
// change (course_package.py caches the result).
//
// Reproducible output: py-compile stamps every zip entry with the current time and, without
// SOURCE_DATE_EPOCH, writes timestamp pycs. So the tool runs with SOURCE_DATE_EPOCH set
// (hash-based pycs, PEP 552) and with this throwaway interpreter's clock frozen at <epoch>:
// the same input wheel then gives the same bytes, hence the same sha256 in the lock.
// Prints nothing on stdout; a failure exits non-zero with the reason on stderr.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const RUN = String.raw`
import os
import sys
import time

os.environ["SOURCE_DATE_EPOCH"] = str(EPOCH)
_gmtime = time.gmtime
time.time = lambda: float(EPOCH)
time.localtime = lambda secs=None: _gmtime(EPOCH if secs is None else secs)
sys.dont_write_bytecode = True  # nothing of the tools' own is written into the folder

from pyodide_build.cli.py_compile import main

# The very command \`pyodide py-compile /work --silent --exclude ...\` runs.
main.main(["/work", "--silent", "--exclude", EXCLUDE], standalone_mode=False)
`;

async function main() {
  const [pyodideArg, folderArg, toolsArg, exclude = "", epoch = "315532800"] = process.argv.slice(2);
  if (!pyodideArg || !folderArg || !toolsArg) {
    console.error("usage: node py_compile.mjs <pyodideDir> <folder> <toolWheelsDir> [<exclude>] [<epoch>]");
    process.exit(2);
  }
  const pyodideDir = resolve(pyodideArg);
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const say = (line) => process.stderr.write(line + "\n");
  const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: say, stderr: say });
  const tools = resolve(toolsArg);
  for (const name of readdirSync(tools).filter((n) => n.endsWith(".whl")).sort()) {
    py.unpackArchive(new Uint8Array(readFileSync(join(tools, name))), "wheel");
  }
  py.FS.mkdirTree("/work");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(folderArg) }, "/work");
  py.globals.set("EPOCH", Number(epoch));
  py.globals.set("EXCLUDE", exclude);
  py.runPython(RUN);
  py.FS.unmount("/work");
}

main().catch((error) => {
  console.error(error && error.stack || String(error));
  process.exit(1);
});
