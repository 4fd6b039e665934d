// The memory snapshot of Python, kept in Cache Storage: later visits restore it (≈ 0.2 s)
// instead of starting CPython again (≈ 2 s): the build's (downloaded by a first visit, gzipped)
// or, where the build has none or it failed, one the browser made. The worker reads it while
// it boots; only the page writes it (learner code runs in the worker, never on the page),
// from bytes a worker sent before it ran any learner code.
export const SNAPSHOTS = "python-snapshots-v2";
// Which one this browser keeps, noted in localStorage as well: the page's first script reads it
// at once (lesson.html), where Cache Storage takes a first visit 0.2-0.3 s to answer that it
// holds none, and the worker starts downloading the build's without waiting for that answer.
export const KEPT = "autograd-course-snapshot";
const EARLIER = ["python-snapshots-v1"];  // raw snapshots an earlier version kept

// `packed`: the snapshot as sparse.mjs packs it (the build's, as downloaded, or one a worker
// made and packed). The Blob is a copy, made now: the page hands the bytes on to the next
// worker. Cache Storage keeps a Blob without the page streaming it (profiled on a cold start,
// slice() and put() of the raw bytes took 0.3 s of the main thread).
export function keepSnapshot(url, packed) {
  if (!globalThis.caches) return;  // no Cache Storage (private mode, old browser)
  const body = new Blob([packed]);
  caches.open(SNAPSHOTS).then(async (cache) => {
    for (const old of await cache.keys()) await cache.delete(old);  // one build at a time
    await cache.put(url, new Response(body));
    try {
      localStorage.setItem(KEPT, url);
    } catch {
      // No localStorage: a later visit looks in Cache Storage first, as a hint would say.
    }
    for (const name of EARLIER) await caches.delete(name);
  }).catch(() => {});
}
// A snapshot is kept and handed from worker to worker packed: without its pages of zeros
// (lesson 5: 19 of its 31.5 MB), in the format the grading host uses too, and restored
// without writing them where the site's Pyodide was rewritten for it (sparse.mjs).
export { pack, readPacked, sparseSnapshot, unpack } from "../../grader/runtimes/host/sparse.mjs";
