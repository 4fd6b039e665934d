// The lab's Python: a module worker that boots Pyodide as soon as the page opens and answers
// Run and Check with JSON from the grader package (grader.core.browser). No check logic here.
let python = null;
let booting = null;
const labs = new Map();  // lab data URL -> {slug, checks_source}

self.onmessage = async ({ data }) => {
  if (data.type === "init") {
    booting = boot(data);
    return;
  }
  try {
    await booting;
    if (data.type === "run") {
      const result = python.run(data.source);
      self.postMessage({ type: "result", id: data.id, run: JSON.parse(result) });
    } else if (data.type === "check") {
      const lab = await labData(data.labURL);
      const report = python.check(lab.slug, lab.checks_source, data.source);
      self.postMessage({ type: "result", id: data.id, report: JSON.parse(report) });
    }
  } catch (error) {
    self.postMessage({ type: "result", id: data.id, failure: String(error && error.message || error) });
  }
};

async function labData(url) {
  if (!labs.has(url)) labs.set(url, fetch(url).then((r) => r.json()));
  return labs.get(url);
}

async function boot({ pyodideURL, coreURL, stdlibURL, interruptBuffer }) {
  const started = performance.now();
  try {
    const core = fetch(coreURL).then((r) => r.json());
    const { loadPyodide } = await import(pyodideURL + "pyodide.mjs");
    const py = await loadPyodide({
      indexURL: pyodideURL,
      stdLibURL: stdlibURL,
      // Learner output is captured by the grader; anything below it is dropped.
      stdout: () => {},
      stderr: () => {},
    });
    for (const [path, text] of Object.entries((await core).files)) {
      py.FS.mkdirTree("/course/" + path.split("/").slice(0, -1).join("/"));
      py.FS.writeFile("/course/" + path, text);
    }
    python = py.runPython("import sys; sys.path.insert(0, '/course'); import grader.core.browser as b; b");
    if (interruptBuffer) py.setInterruptBuffer(interruptBuffer);
    self.postMessage({ type: "ready", ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ type: "broken", message: String(error && error.message || error) });
    throw error;
  }
}
