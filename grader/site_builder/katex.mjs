// Render TeX to HTML at build time, so pages ship KaTeX's CSS and fonts but none of its JS.
// usage: node katex.mjs <node_modules>
// stdin: JSON [{"tex": "...", "display": false}, ...]   stdout: JSON ["<span ...>", ...]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const katex = (await import(pathToFileURL(join(process.argv[2], "katex/dist/katex.mjs")).href)).default;

const items = JSON.parse(readFileSync(0, "utf8"));
const html = items.map(({ tex, display }) =>
  katex.renderToString(tex, { displayMode: Boolean(display), throwOnError: false, strict: "ignore" }));
process.stdout.write(JSON.stringify(html));
