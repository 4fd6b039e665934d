"""Benchmark: how often JupyterLite's cross-origin-isolated kernel channel garbles a reply.

    python benchmarks/lite_kernel_channel.py [--pages 3] [--calls 3000]

Cross-origin isolated, the Pyodide kernel's worker talks to its page through `coincident`
(SharedArrayBuffer + Atomics.wait), bundled in the kernel extension. This drives that very
bundled copy, outside JupyterLite, in headless Chromium on an isolated page:
  worker -> page   synchronous calls (as the kernel's file system makes them), each reply
                   a 2 kB JSON object; counted: replies that came back cut or wrong
  page -> worker   awaited calls (as the page asks the kernel to execute), the same reply;
                   counted: calls that failed
This is why `/lite/` is served unisolated (grader/site_builder/headers.py), where JupyterLite
uses message passing instead. Prints figures only; the counts vary from run to run.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import course as course_model  # noqa: E402
from grader.site_builder.jupyterlite import build_jupyterlite  # noqa: E402
from grader.runtimes.node import pyodide_dir  # noqa: E402
from tests.browser_support import CHROMIUM, FLAGS, serve  # noqa: E402

EXTENSION = "extensions/@jupyterlite/pyodide-kernel-extension/static"
MARK = "Possible deadlock if proxy"  # a string of coincident's own

# The chunk registers its modules in a global array; run each and keep the export that is
# coincident (a function with a `transfer` helper).
LOAD = """self.rspackChunk_jupyterlite_pyodide_kernel_extension = [];
function loadCoincident() {
  for (const [, modules] of self.rspackChunk_jupyterlite_pyodide_kernel_extension) {
    for (const make of Object.values(modules)) {
      const exports = {};
      const require = { d: (target, getters) => {
        for (const k in getters) Object.defineProperty(target, k, { get: getters[k], enumerable: true }); } };
      try { make({}, exports, require); } catch { continue; }
      const found = Object.values(exports).find(f => typeof f === "function" && f.transfer);
      if (found) return found;
    }
  }
  throw new Error("coincident not found in the chunk");
}
const reply = i => ({ i, text: "x".repeat(2000), more: { a: 1, b: [1, 2, 3] } });
"""
WORKER = """importScripts("load.js", "chunk.js");
const coincident = loadCoincident();
const page = coincident(self);
page.echo = i => reply(i);  // for the page's calls
onmessage = ({ data }) => {
  if (!data || !data.calls) return;
  let wrong = 0; const examples = [];
  for (let i = 0; i < data.calls; i++) {
    try { if (page.fetch(i).i !== i) wrong++; }
    catch (error) { wrong++; if (examples.length < 3) examples.push(String(error)); }
  }
  postMessage({ done: true, wrong, examples });
};
"""
PAGE = """<!doctype html><script src="load.js"></script><script src="chunk.js"></script>
<script>
window.run = calls => new Promise(resolve => {
  const coincident = loadCoincident();
  const worker = new Worker("worker.js");
  const proxy = coincident(worker);
  proxy.fetch = async i => reply(i);  // for the worker's synchronous calls
  worker.addEventListener("message", async ({ data }) => {
    if (!data || !data.done) return;
    let failed = 0; const examples = [];
    for (let i = 0; i < calls; i++) {
      try { if ((await proxy.echo(i)).i !== i) failed++; }
      catch (error) { failed++; if (examples.length < 3) examples.push(String(error)); }
    }
    worker.terminate();
    resolve({ isolated: crossOriginIsolated, toPage: data, toWorker: { failed, examples } });
  });
  worker.postMessage({ calls });
});
</script>
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--calls", type=int, default=3000)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    course = course_model.load(ROOT)
    with tempfile.TemporaryDirectory() as folder:
        lite = build_jupyterlite(course, Path(folder) / "lite", pyodide=pyodide_dir(course.root))
        chunks = [p for p in sorted((lite / EXTENSION).glob("*.js"))
                  if ".worker." not in p.name and MARK in p.read_text(encoding="utf-8")]
        if len(chunks) != 1:
            sys.exit(f"expected one chunk holding coincident in {EXTENSION}, found {chunks}")
        harness = Path(folder) / "harness"  # served isolated: it is not under /lite/
        harness.mkdir()
        shutil.copy(chunks[0], harness / "chunk.js")
        for name, text in (("load.js", LOAD), ("worker.js", WORKER), ("index.html", PAGE)):
            (harness / name).write_text(text, encoding="utf-8")
        server, url = serve(Path(folder))
        print(f"coincident from {chunks[0].name}; {args.pages} pages x {args.calls} calls each way")
        cut = failed = 0
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for number in range(args.pages):
                page = browser.new_page()
                page.goto(url + "harness/index.html")
                result = page.evaluate("calls => window.run(calls)", args.calls)
                page.close()
                if not result["isolated"]:
                    sys.exit("the harness page is not cross-origin isolated")
                cut += result["toPage"]["wrong"]
                failed += result["toWorker"]["failed"]
                print(f"  page {number + 1}: worker -> page {result['toPage']['wrong']} cut "
                      f"{result['toPage']['examples'][:2]}; page -> worker "
                      f"{result['toWorker']['failed']} failed {result['toWorker']['examples'][:2]}")
            browser.close()
        server.shutdown()
        total = args.pages * args.calls
        print(f"worker -> page: {cut} of {total} replies cut or wrong")
        print(f"page -> worker: {failed} of {total} calls failed")


if __name__ == "__main__":
    main()
