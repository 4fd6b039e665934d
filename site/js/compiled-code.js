// Pyodide's JavaScript compiled once per browser instead of once per worker.
//
// Every worker (one per Run or Check, python.js) imports Pyodide's factory, 1.25 MB of
// JavaScript whose functions V8 compiles as they are first called while Python boots: on a
// return visit, 40-100 ms of the worker's start. Chromium keeps a script's compiled code
// beside its copy in Cache Storage once it has run from there, but only the functions
// compiled by then: for the factory, the top level alone (20 KB). The build writes the
// factory a second time with V8's hint to compile every function at once
// (grader/site_builder/pyodide_folder.py); run from the service worker's copy, its kept code
// is every function's (1.6 MB), and a worker that imports it compiles nothing.
//
// Compiling every function costs 0.2-0.3 s, so a worker imports that copy only once this
// browser keeps its code: a worker of its own imports it once the service worker has copied
// the course (and so answers the import from Cache Storage), then the page notes it here.
// localStorage, because the page's first script reads it before any module has loaded
// (lesson.html). After an update of the course's copy, the first worker compiles it whole
// once more; Chromium keeps that compiled code too.
export const COMPILED = "autograd-course-compiled";

// The address of the compiled factory, when this browser keeps its code (the worker
// compares it with its own, worker.js), else null.
export function compiledHere() {
  try {
    return localStorage.getItem(COMPILED);
  } catch {
    return null;  // no localStorage (private mode, blocked site data)
  }
}

// Once a service worker answers this page, have the factory compiled and note it.
export function compileOnce(urls) {
  if (!urls.compiledFactory || !("serviceWorker" in navigator)) return;
  const factory = new URL(urls.compiledFactory, document.baseURI).href;
  if (compiledHere() === factory) return;
  const compile = () => {
    const options = { type: "compile", factory, base: document.baseURI };
    const worker = new Worker(urls.worker, { type: "module", name: JSON.stringify(options) });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (data.type !== "compiled") return;
      try {
        localStorage.setItem(COMPILED, factory);
      } catch {
        // Nowhere to note it: workers keep importing the plain factory.
      }
    };
    worker.onerror = () => worker.terminate();
  };
  if (navigator.serviceWorker.controller) compile();
  else navigator.serviceWorker.addEventListener("controllerchange", compile, { once: true });
}
