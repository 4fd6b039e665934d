// Each lesson's picture drawn once at build time, so the page ships it in its HTML: the
// lesson is laid out with the picture's real size from the first paint, and the picture's
// chunk, fetched after the editor, swaps in live copies of the same elements instead of
// pushing the lesson down by a picture's height (0.9-2.5k px) once the text is on screen.
// The pictures' own modules draw it (site/js/pictures/index.js), with jsdom as their DOM.
// usage: node pictures.mjs <node_modules> <site/js/pictures/index.js>
// stdin: JSON ["01-graphs", ...]   stdout: JSON {"drawn": {slug: html}, "failed": {slug: error}}
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

if (isMainThread) {
  // One worker per lesson: its modules are fresh, as on its own page (a module's counter,
  // say for the ids of SVG markers, starts where the page's does, not after another lesson).
  const drawn = {};
  const failed = {};
  const [nodeModules, index] = process.argv.slice(2);
  await Promise.all(JSON.parse(readFileSync(0, "utf8")).map((slug) => new Promise((resolve) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { nodeModules, index, slug } });
    let answered = false;
    worker.once("message", (result) => {
      answered = true;
      if ("html" in result) drawn[slug] = result.html;
      else if ("error" in result) failed[slug] = result.error;
    });
    worker.once("error", (error) => {
      answered = true;
      failed[slug] = String(error && error.stack || error);
    });
    worker.once("exit", () => {
      // A drawing that waits on something that never comes ends the worker without a word.
      if (!answered) failed[slug] = "the picture's module never finished drawing";
      resolve();
    });
  })));
  process.stdout.write(JSON.stringify({ drawn, failed }));
} else {
  const { nodeModules, index, slug } = workerData;
  const { PICTURES } = await import(pathToFileURL(index).href);
  const load = PICTURES[slug];
  if (!load) {
    parentPort.postMessage({});  // a lesson without a picture keeps its empty, hidden figure
  } else {
    const { JSDOM } = await import(pathToFileURL(join(nodeModules, "jsdom/lib/api.js")).href);
    const { window } = new JSDOM("<!doctype html><html><body></body></html>");
    // The pictures' modules use the page's globals; nothing here plays a film (matchMedia is
    // read only when one plays), so these are all they reach while drawing.
    globalThis.document = window.document;
    globalThis.matchMedia = () => ({ matches: false });
    const figure = window.document.createElement("figure");
    try {
      (await load())(figure);
      reflectState(figure);
      parentPort.postMessage({ html: figure.innerHTML });
    } catch (error) {
      parentPort.postMessage({ error: String(error && error.stack || error) });
    }
  }
}

// What the live page keeps in properties only (a radio's checked, an input's value) goes into
// attributes, so the HTML parser gives the page's copy the same state.
function reflectState(root) {
  for (const input of root.querySelectorAll("input, textarea")) {
    if (input.checked) input.setAttribute("checked", "");
    if (input.type !== "radio" && input.type !== "checkbox") input.setAttribute("value", input.value);
  }
  for (const option of root.querySelectorAll("option")) {
    if (option.selected) option.setAttribute("selected", "");
  }
}
