// Pyodide's module factory (pyodide.asm.mjs), compiled with a V8 code cache.
//
// Every worker is a new V8 isolate, and each one parsed and compiled Pyodide's 1.25 MB of
// JavaScript from its source again (≈ 0.07 s of CPU per submission). Node's own compile cache
// does not help: it keeps only what is compiled before the module runs, and nearly all of
// this file is one function compiled when it is first called. So the host compiles the file
// as a script, lets it boot Python once (makeSnapshot), and only then takes the script's
// code cache, which holds every function that boot compiled; each worker compiles the same
// source with that cache. V8 checks the cache against the source and its own flags and
// compiles from the source if they differ (`rejected`), so a stale cache costs time only.
//
// The file is an ES module that reads `import.meta.url` and ends in one `export default`; a
// script can have neither, so both are rewritten. A file that does not look like that (another
// Pyodide) is not rewritten: callers get null and import the module as before.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { link } from "./got.mjs";
import { restoreSparsely } from "./sparse.mjs";

const EXPORT = "export default _createPyodideModule;";
const META = "import.meta.url";

export function compileFactory(pyodideDir, cachedData) {
  // Without Node's loader for a script's imports (Node < 20.12), Pyodide's imports would fail.
  const loader = vm.constants && vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (!loader) return null;
  const file = `${pyodideDir}/pyodide.asm.mjs`;
  const text = readFileSync(file, "utf8").trimEnd();
  const body = text.slice(0, -EXPORT.length);
  // Any other use of `import.meta` would not survive as a script (nor would another export:
  // compiling it fails, and the caller imports the module instead).
  if (!text.endsWith(EXPORT) || body.split("import.meta").length !== body.split(META).length) {
    return null;
  }
  const url = pathToFileURL(file).href;
  const linked = link(body.split(META).join("scriptURL"));
  // Its restore writes only a snapshot's pages that are not zeros (sparse.mjs), when it can.
  const source = restoreSparsely(linked);
  let script, createPyodideModule;
  try {
    script = new vm.Script(`(function (scriptURL) {${source}\nreturn _createPyodideModule;})`, {
      filename: url,
      cachedData,
      // Pyodide imports Node's modules (node:module, node:fs, ...); a script has no loader.
      importModuleDynamically: loader,
    });
    createPyodideModule = script.runInThisContext()(url);
  } catch {
    return null;
  }
  return {
    createPyodideModule,
    cache: () => script.createCachedData(),
    rejected: Boolean(cachedData) && script.cachedDataRejected === true,
    sparse: source !== linked,
  };
}
