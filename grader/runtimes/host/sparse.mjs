// A memory snapshot restored without writing its pages of zeros.
//
// Most of Python's memory at snapshot time is pages of zeros (19 of lesson 5's 31.5 MB), and a
// restored interpreter's memory starts as fresh pages, zero until touched. Pyodide's restore
// copies the whole snapshot into that memory (`HEAP8.set`), so every page is written, and
// every write of a new page is a page fault and the kernel zeroing it first. Here a snapshot
// travels as its runs of pages that are not all zeros ("packed": the format the site keeps in
// Cache Storage too), and the restore writes only those runs, then clears whatever Pyodide's
// start wrote where the snapshot has zeros (nothing, in Pyodide 314.0.7: a scan in wasm makes
// sure), so the memory ends as the full copy would leave it. Measured with 30 lab-5 files:
// the host's system time 1.76 s against 2.24 s, its largest process 492 MB against 559 MB.
//
// Format: [MAGIC, length, runs, (start, end) × runs] as 32-bit words, then the runs' bytes.
const MAGIC = 0x70797331;  // "pys1"
const PAGE = 4096;

// The [start, end) byte ranges of `bytes` whose pages are not all zeros; a last, partial
// page is always a run's end.
export function zeroPageRuns(bytes) {
  const runs = [];
  const aligned = bytes.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2) : null;
  const zero = (page) => {
    if (!aligned || page + PAGE > words.length * 4) return false;
    for (let i = page >> 2, end = (page + PAGE) >> 2; i < end; i++) if (words[i] !== 0) return false;
    return true;
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
  return runs;
}

// The packed form of `bytes`, a snapshot, as a new Uint8Array.
export function pack(bytes) {
  const runs = zeroPageRuns(bytes);
  const head = 12 + 8 * runs.length;
  const out = new Uint8Array(runs.reduce((n, [from, to]) => n + to - from, head));
  const words = new Uint32Array(out.buffer, 0, head >> 2);
  words.set([MAGIC, bytes.byteLength, runs.length]);
  let at = head;
  runs.forEach(([from, to], i) => {
    words.set([from, to], 3 + 2 * i);
    out.set(bytes.subarray(from, to), at);
    at += to - from;
  });
  return out;
}

// {length, runs: [[start, end, offset of its bytes in buffer]]}; throws for anything pack()
// did not make.
export function readPacked(buffer) {
  const [magic, length, count] = new Uint32Array(buffer, 0, 3);
  if (magic !== MAGIC) throw new Error("not a packed snapshot");
  const words = new Uint32Array(buffer, 12, 2 * count);
  const runs = [];
  let at = 12 + 8 * count;
  for (let i = 0; i < count; i++) {
    const [from, to] = [words[2 * i], words[2 * i + 1]];
    runs.push([from, to, at]);
    at += to - from;
  }
  if (at !== buffer.byteLength) throw new Error("a snapshot of the wrong size");
  return { length, runs };
}

// The snapshot's bytes again, all of them.
export function unpack(buffer) {
  const { length, runs } = readPacked(buffer);
  const bytes = new Uint8Array(length);
  for (const [from, to, at] of runs) bytes.set(new Uint8Array(buffer, at, to - from), from);
  return bytes;
}

// What to give loadPyodide's `_loadSnapshot` for a factory that restoreSparsely() rewrote: a
// view that says it is as long as the snapshot (Pyodide sizes the memory by its length) but
// holds 4 bytes, with the snapshot's header and a writeMemory(heap, start, memory) that the
// rewritten restore calls instead of copying. Not a zeroed buffer of the full length: measured
// in Node, one of five such 31.5 MB allocations came from memory the allocator had to clear
// (16 ms). Its first word is not Pyodide's magic number, so a factory that was not rewritten
// refuses it ("invalid magic number") rather than restoring zeros. Once written, it is an
// ordinary view of nothing: Pyodide's config keeps it, where learner code can find it.
export function sparseSnapshot(buffer) {
  const { length, runs } = readPacked(buffer);
  if (!runs.length || runs[0][0] !== 0) throw new Error("a snapshot without its header");
  // A plain Uint8Array (Pyodide converts only the typed arrays it knows by name), with a
  // length of its own until it is written.
  const view = new Uint8Array(4);
  let size = length;
  const write = (heap, start, memory) => {
    writeMemory(heap, scanner(memory), buffer, runs, length - start, start);
    size = 0;
    if (typeof view.buffer.transfer === "function") view.buffer.transfer(0);
  };
  Object.defineProperties(view, {
    length: { get: () => size, configurable: true },
    header: { value: new Uint8Array(buffer, runs[0][2], runs[0][1]), configurable: true },
    writeMemory: { value: write, configurable: true },
  });
  return view;
}

function writeMemory(heap, firstNonZero, buffer, runs, size, start) {
  // Where the snapshot has zeros, the memory is zero unless Pyodide's start wrote there (none
  // of it did in Pyodide 314.0.7; this makes sure): those pages are cleared.
  const zeroDirty = (from, to) => {
    for (let at = from; at < to;) {
      const hit = firstNonZero(at, to) >>> 0;
      if (hit === NONE) return;
      at = Math.min(to, from + (Math.floor((hit - from) / PAGE) + 1) * PAGE);
      heap.fill(0, hit, at);
    }
  };
  // The snapshot's bytes from `start` on are the memory's, from 0.
  let clean = 0;  // memory below this is as the snapshot has it
  for (const [from, to, at] of runs) {
    const first = Math.max(from, start);
    if (first >= to) continue;
    zeroDirty(clean, first - start);
    heap.set(new Uint8Array(buffer, at + (first - from), to - first), first - start);
    clean = to - start;
  }
  zeroDirty(clean, size);
}

// firstNonZero(from, to): the address of the first 8 bytes in [from, to) of `memory` that are
// not all zero, or NONE. In wasm: a new interpreter's JavaScript runs cold, and a loop over 19 MB
// of words took 7-60 ms of a restore before it was optimised; this takes a few.
const NONE = 0xffffffff;
const SCANNER = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f,              // type: (i32, i32) -> i32
  0x02, 0x08, 0x01, 0x01, 0x65, 0x01, 0x6d, 0x02, 0x00, 0x00,        // import "e" "m": memory
  0x03, 0x02, 0x01, 0x00,                                            // one function
  0x07, 0x08, 0x01, 0x04, 0x73, 0x63, 0x61, 0x6e, 0x00, 0x00,        // export "scan"
  0x0a, 0x2a, 0x01, 0x28, 0x00,                                      // its code, no locals:
  0x03, 0x40,                                                        // loop
  0x20, 0x00, 0x20, 0x01, 0x4f,                                      //   from >= to?
  0x04, 0x40, 0x41, 0x7f, 0x0f, 0x0b,                                //   then return -1
  0x20, 0x00, 0x29, 0x03, 0x00, 0x50, 0x45,                          //   i64 at from != 0?
  0x04, 0x40, 0x20, 0x00, 0x0f, 0x0b,                                //   then return from
  0x20, 0x00, 0x41, 0x08, 0x6a, 0x21, 0x00,                          //   from += 8
  0x0c, 0x00, 0x0b,                                                  // again
  0x41, 0x7f, 0x0b,                                                  // -1
]);

function scanner(memory) {
  const module = new WebAssembly.Module(SCANNER);
  return new WebAssembly.Instance(module, { e: { m: memory } }).exports.scan;
}

// Pyodide's restore (API.restoreSnapshot in pyodide.asm.mjs), rewritten to call the
// snapshot's writeMemory when it has one; unchanged for a Pyodide whose restore is not the one
// this was written for.
const ENTRY = "API.restoreSnapshot=function(t){";
const HEADER = "let e=new Uint32Array(t.buffer,t.byteOffset,t.byteLength/4);";
const COPY = "return Module.HEAP8.set(t),l}";

export function restoreSparsely(source) {
  if (source.split(ENTRY + HEADER).length !== 2 || source.split(COPY).length !== 2) return source;
  const at = source.indexOf(ENTRY);
  const copy = source.indexOf(COPY, at);
  if (copy < 0 || copy - at > 800 || !source.slice(at, copy).includes("let r=e[1]")) return source;
  return source.slice(0, at) + ENTRY + "var w=t.writeMemory;if(w)t=t.header;" + HEADER +
    source.slice(at + ENTRY.length + HEADER.length, copy) +
    "return w?w(Module.HEAP8,r,wasmMemory):Module.HEAP8.set(t),l}" + source.slice(copy + COPY.length);
}
