// Bundle the front end with esbuild: the page script, the Python worker, and the stylesheet
// (with KaTeX's fonts). Names carry a content hash, so they can be cached for good.
// usage: node bundle.mjs <siteDir> <outDir> <node_modules>   -> stdout: JSON {entry: output}
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const [siteDir, outDir, nodeModules] = process.argv.slice(2);
const esbuild = await import(pathToFileURL(join(nodeModules, "esbuild/lib/main.js")).href);

const entries = { app: "js/app.js", worker: "js/worker.js", style: "styles/app.css" };
const result = await esbuild.build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, join(siteDir, v)])),
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
});
const outputs = {};
for (const [file, info] of Object.entries(result.metafile.outputs)) {
  if (info.entryPoint) {
    const name = Object.entries(entries).find(([, v]) => info.entryPoint.endsWith(v))[0];
    outputs[name] = relative(outDir, file);
  }
}
process.stdout.write(JSON.stringify(outputs));
