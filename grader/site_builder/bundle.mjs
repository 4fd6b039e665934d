// Bundle the front end with esbuild: the page script, the Python worker, and the stylesheet
// (with KaTeX's fonts). Names carry a content hash, so they can be cached for good.
// usage: node bundle.mjs <siteDir> <outDir> <node_modules>   -> stdout: JSON {entry: output}
// (and labPaint: the text of the script lesson pages inline)
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [siteDir, outDir, nodeModules] = process.argv.slice(2);
const esbuild = await import(pathToFileURL(join(nodeModules, "esbuild/lib/main.js")).href);

const entries = { app: "js/app.js", worker: "js/worker.js", style: "styles/app.css",
  katex: "styles/katex.css" };
const common = {
  outdir: join(outDir, "assets"),
  entryNames: "[name]-[hash]",
  assetNames: "fonts/[name]-[hash]",
  bundle: true,
  format: "esm",
  minify: true,
  sourcemap: false,
  target: ["chrome110", "firefox115", "safari16"],
  nodePaths: [nodeModules],
  loader: { ".woff2": "file", ".woff": "file", ".ttf": "file" },
  metafile: true,
  logLevel: "error",
};
const paths = (names) => Object.fromEntries(names.map((k) => [k, join(siteDir, entries[k])]));
const page = await esbuild.build({
  ...common,
  entryPoints: paths(["app", "style", "katex"]),
  // Chunks for what dynamic import() loads later (pictures, the graph, Train it, export).
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
});
// The worker is one file of its own: code it shared with the page (snapshots.js) would be a
// chunk it must fetch before it can run, one more round trip before Python starts.
const worker = await esbuild.build({ ...common, entryPoints: paths(["worker"]), splitting: false });
// What the lab shows above its editor, laid out while the page is parsed: a classic script
// the page inlines (lesson.html), so it runs before the first paint without a request.
const labPaint = await esbuild.build({ ...common, entryPoints: { "lab-paint": join(siteDir, "js/lab-paint.js") },
  format: "iife", splitting: false, write: false });
const built = { ...page.metafile.outputs, ...worker.metafile.outputs };
const outputs = {};
for (const [file, info] of Object.entries(built)) {
  if (info.entryPoint) {
    // Dynamically imported modules are entry points too; only ours are named in `entries`.
    const entry = Object.entries(entries).find(([, v]) => info.entryPoint.endsWith(v));
    if (entry) outputs[entry[0]] = relative(outDir, file);
    // The chunks the page script imports at once: preloaded, so they are not a second wave.
    if (entry && entry[0] === "app") {
      outputs.appChunks = info.imports.filter((i) => i.kind === "import-statement")
        .map((i) => relative(outDir, resolve(i.path)));
    }
  }
}
outputs.labPaint = labPaint.outputFiles[0].text;
process.stdout.write(JSON.stringify(outputs));
