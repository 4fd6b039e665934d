"""In the browser, what one Run or Check does cannot change what a later Check sees.

Every attack here is plain learner code in the lab's editor. Each Run, Check and Train gets
a Python worker that has run nothing before, and the worker holds no way to storage that
outlives it (the service worker's copy of the site, the memory snapshot): so a file can at
most choose its own answers in its own Check, never the next one's, never the next visit's.
"""

from __future__ import annotations

import pytest

from tests.browser_support import check, run, set_code, wait_ready, wait_until

pytestmark = pytest.mark.browser

LAB = "02-chain-rule"

# A crafted "solution": it passes nothing itself, it rewrites the checker for whoever comes next.
FORGE_LATER_VERDICTS = '''
import sys
_browser = sys.modules["grader.core.browser"]
_real = _browser.grade
def _forged(*args, **kwargs):
    report = _real(*args, **kwargs)
    for c in report.checks:
        c.passed, c.message, c.hints, c.cause = True, "", [], ""
    report.error = ""
    return report
_browser.grade = _forged
import math
math.exp = lambda x: 1.0
print("patched")
'''

# Storage that outlives the worker: the service worker's copy of the site, where the lab's
# checks come from on every later visit, and the memory snapshot later visits restore. Learner
# code reaches JavaScript through Pyodide's `js` module, and `js.eval` runs any JavaScript.
ROUTES = {
    "caches": "caches.keys()",
    "self.caches": "self.caches.keys()",
    "the prototype's getter": "Object.getOwnPropertyDescriptor(WorkerGlobalScope.prototype,"
                              " 'caches').get.call(self).keys()",
    "indexedDB": "indexedDB.open('x')",
    "origin-private files": "navigator.storage.getDirectory()",
    "storage buckets": "navigator.storageBuckets.keys()",
    "a nested worker": "new Worker(URL.createObjectURL(new Blob(['1'])))",
    "the service worker": "navigator.serviceWorker.getRegistrations()",
    "a broadcast to the page": "new BroadcastChannel('x').postMessage(1)",
}
REACH_STORAGE = f"""
import js
for name, route in {ROUTES!r}.items():
    print(name + ":", js.eval("(() => {{ try {{ " + route + "; return 'reached' }}"
                              " catch (e) {{ return 'refused' }} }})()"))
"""

# Every lab's checks in the service worker's copy become one check that passes anything, and
# the memory snapshot becomes garbage.
FORGED_CHECKS = "from grader.core.checks import check\n@check('anything')\ndef anything():\n    pass\n"
OVERWRITE_STORAGE = """
import js
js.eval('''(async () => {
  const forged = FORGED;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.includes("/labs/") && request.url.endsWith(".json")) {
        const lab = await (await cache.match(request)).json();
        await cache.put(request, new Response(JSON.stringify({ ...lab, checks_source: forged }),
          { headers: { "Content-Type": "application/json" } }));
      } else if (request.url.includes("__python_snapshot__")) {
        await cache.put(request, new Response(new Uint8Array(1000)));
      }
    }
  }
})()''')
# What a worker sends the page before it runs learner code: a snapshot to keep, compiled wasm
# for the next worker. Sent now, after learner code ran, they must count for nothing.
js.eval('''self.postMessage({ type: "snapshot", url: location.origin + "/__python_snapshot__/x",
                               bytes: new Uint8Array(1000), made: true });
           self.postMessage({ type: "compiled", module: new WebAssembly.Module(
                               new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) });''')
print("overwriting")
""".replace("FORGED", __import__("json").dumps(FORGED_CHECKS).replace("\\", "\\\\"))


def test_a_check_that_patches_the_checker_cannot_make_a_later_check_pass(course, open_lesson):
    page = open_lesson(LAB)
    wait_ready(page)
    starter = course.lab(LAB).starter.read_text()
    set_code(page, starter)
    assert check(page) == "false"
    set_code(page, starter + FORGE_LATER_VERDICTS)
    check(page)
    set_code(page, starter)
    assert check(page) == "false", "the crafted Check changed the verdict on the starter"
    solution = course.lab(LAB).solution.read_text()
    set_code(page, solution)
    assert check(page) == "true", "math.exp patched by an earlier Check reached this one"


def test_a_run_that_patches_python_cannot_change_the_next_check(course, open_lesson):
    page = open_lesson(LAB)
    wait_ready(page)
    starter = course.lab(LAB).starter.read_text()
    set_code(page, FORGE_LATER_VERDICTS)
    assert "patched" in run(page)
    set_code(page, starter)
    assert check(page) == "false"


def test_learner_code_reaches_no_storage_that_outlives_its_worker(open_lesson):
    page = open_lesson(LAB)
    wait_ready(page)
    set_code(page, REACH_STORAGE)
    out = run(page)
    for name in ROUTES:
        assert f"{name}: refused" in out, out


def test_a_run_cannot_rewrite_what_later_visits_load(course, open_lesson, site):
    page = open_lesson(LAB)
    wait_ready(page)
    # The service worker keeps the site and the worker keeps the snapshot: wait for both.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    wait_until(page, """caches.keys().then(async keys => {
        let site = false, snapshot = false;
        for (const k of keys) {
            const urls = (await (await caches.open(k)).keys()).map(r => r.url);
            site ||= urls.some(u => u.includes('/labs/'));
            snapshot ||= urls.some(u => u.includes('__python_snapshot__'));
        }
        return site && snapshot; })""", timeout=60_000)
    set_code(page, OVERWRITE_STORAGE)
    run(page)
    page.wait_for_timeout(1000)  # any write it managed to start has landed by now
    set_code(page, course.lab(LAB).starter.read_text())
    assert check(page) == "false"  # a report from a working Python, not a failure
    page.reload()
    wait_ready(page)
    assert page.get_attribute("[data-testid=status]", "data-restored") == "true"
    set_code(page, course.lab(LAB).starter.read_text())
    assert check(page) == "false"
    assert page.locator("[data-testid=result] li.check").count() > 1


def test_later_workers_instantiate_the_first_workers_wasm_without_reading_it_again(course,
                                                                                   open_lesson):
    # A worker per request must not cost a 9.6 MB read per request: the first worker compiles
    # Pyodide's wasm as it downloads, and every later one is handed that module.
    page = open_lesson(LAB)
    wait_ready(page)  # the first worker has read the wasm by now
    reads = []
    page.context.on("request", lambda request: reads.append(request.url)
                    if request.url.endswith(".wasm") and not request.service_worker else None)
    set_code(page, course.lab(LAB).solution.read_text())
    for _ in range(3):  # each Check on a worker restored beside the one before
        assert check(page) == "true"
    assert reads == []
