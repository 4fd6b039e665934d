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

// `packed`: the same snapshot as pack() gives it (the build's, as downloaded), kept as it is.
export function keepSnapshot(url, bytes, packed = null) {
  if (!globalThis.caches) return;  // no Cache Storage (private mode, old browser)
  // Packed now, while the page still has `bytes` (it hands them on to the next worker). A
  // Blob's parts are copied as it is made, and Cache Storage keeps a Blob without the page
  // streaming it: profiled on a cold start, slice() and put() of the raw bytes took 0.3 s of
  // the main thread.
  const body = packed ? new Blob([packed]) : pack(bytes);
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

// Most of a snapshot is pages of zeros (lesson 5: 19 of its 31.5 MB), so it is kept as the
// runs of pages that are not: [MAGIC, length, runs, (start, end) × runs] as 32-bit words,
// then the runs' bytes: 40 % of the bytes to write, and for every later visit to read.
const MAGIC = 0x70797331;  // "pys1"
const PAGE = 4096;

export function pack(bytes) {
  const runs = [];
  const aligned = bytes.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2) : null;
  const zero = (page) => {
    if (!aligned) return false;
    const end = Math.min((page + PAGE) >> 2, words.length);
    for (let i = page >> 2; i < end; i++) if (words[i] !== 0) return false;
    return (page + PAGE) <= words.length * 4;  // a last, partial page is always kept
  };
  let start = -1;
  for (let page = 0; page < bytes.byteLength; page += PAGE) {
    if (zero(page)) {
      if (start >= 0) runs.push([start, page]);
      start = -1;
    } else if (start < 0) {
      start = page;
    }
  }
  if (start >= 0) runs.push([start, bytes.byteLength]);
  const head = new Uint32Array(3 + 2 * runs.length);
  head.set([MAGIC, bytes.byteLength, runs.length]);
  runs.forEach(([from, to], i) => head.set([from, to], 3 + 2 * i));
  return new Blob([head, ...runs.map(([from, to]) => bytes.subarray(from, to))]);
}

// The snapshot's bytes again; throws for anything pack() did not make.
export function unpack(buffer) {
  const [magic, length, count] = new Uint32Array(buffer, 0, 3);
  if (magic !== MAGIC) throw new Error("not a packed snapshot");
  const runs = new Uint32Array(buffer, 12, 2 * count);
  const bytes = new Uint8Array(length);
  let at = 12 + 8 * count;
  for (let i = 0; i < count; i++) {
    const size = runs[2 * i + 1] - runs[2 * i];
    bytes.set(new Uint8Array(buffer, at, size), runs[2 * i]);
    at += size;
  }
  if (at !== buffer.byteLength) throw new Error("a snapshot of the wrong size");
  return bytes;
}
