// Pyodide's dynamic linking, done for what is linked: rewrites of Emscripten's start-up in
// pyodide.asm.mjs (`link`), applied by factory.mjs to every interpreter the host starts and by
// the site's build to the Pyodide it ships (grader/site_builder/pyodide_folder.py).
//
// Pyodide is a main module that side modules (.so files) may link against. When its wasm is
// instantiated, Emscripten's updateGOT gives every one of its ~8,500 exports a global-offset
// entry, and every exported function a slot in the function table, in case a side module
// asks for it. The grader loads no side module, and the main module itself imports only
// ~280 entries. Measured in Node (the host's restore, 4 runs each): stock 280–495 ms,
// this 148–222 ms; the table holds 8,993 functions instead of 14,175.
//
// The rewrite fills only the entries the main module imported, as updateGOT would have
// filled them. An entry asked for later (a side module, dlsym) is still made and resolved by
// Emscripten's own code (GOTHandler, reportUndefinedSymbols), only at a later table index.
// Function pointers are table indices, and a memory snapshot holds them, so an interpreter
// must be restored by the same linking that made its snapshot: the host and every worker
// use this one factory, and boot.mjs checks that the restored table has the snapshot's size.
const STOCK = "updateGOT(origExports);LDSO.init();";
const IMPORTED_ONLY = "for(var symName in origExports){var entry=GOT[symName];" +
  "if(!entry||entry.value!=-1||isInternalSym(symName))continue;var value=origExports[symName];" +
  "if(typeof value==\"function\"){entry.value=addFunction(value)}" +
  "else if(typeof value.value==\"number\"){entry.value=value.value}}LDSO.init();";

// The factory's source, linking only what is imported; unchanged for a Pyodide whose start-up
// is not the one this was written for.
export function linkImportedOnly(source) {
  if (source.split(STOCK).length !== 2) return source;
  for (const name of ["var GOT={}", "var isInternalSym=", "var addFunction="]) {
    if (!source.includes(name)) return source;
  }
  return source.replace(STOCK, IMPORTED_ONLY);
}

// Then each JavaScript function the wasm takes by address (259 of them in Pyodide 314.0.7,
// the GOT entries left for reportUndefinedSymbols) gets a table slot through
// convertJsFunctionToWasm, which compiles a one-function wasm module for each, though the
// module depends only on the function's signature (52 of them). Compiled once per signature,
// each function gets only an instance of its own: the same functions at the same table
// indices, so snapshots are unaffected. In a browser worker's boot, addFunction took 46-61 ms
// before and 26-44 ms after (3 boots each); in Node, 16-20 ms either way.
const INSTANCE = "var instance=new WebAssembly.Instance(module,{e:{f:func}});";
const COMPILE_EACH = "var module=new WebAssembly.Module(bytes);" + INSTANCE;
const COMPILE_ONCE = "var module=wrapperModules[sig]||" +
  "(wrapperModules[sig]=new WebAssembly.Module(bytes));" + INSTANCE;
const CONVERT = "var convertJsFunctionToWasm=(func,sig)=>{";

export function shareWrapperModules(source) {
  const at = source.indexOf(CONVERT);
  if (at < 0 || source.split(CONVERT).length !== 2) return source;
  const body = source.indexOf(COMPILE_EACH, at);
  // Only the one in convertJsFunctionToWasm, which begins with building `bytes` for `sig`.
  if (body < 0 || body - at > 600 || source.split(COMPILE_EACH).length !== 2) return source;
  return source.slice(0, at) + "var wrapperModules={};" + source.slice(at, body) + COMPILE_ONCE +
    source.slice(body + COMPILE_EACH.length);
}

// Both rewrites; each leaves a source it was not written for as it is.
export function link(source) {
  return shareWrapperModules(linkImportedOnly(source));
}
