// How V8 sizes the heap of every isolate this host makes from now on: each learner worker is
// a new isolate that lives for one submission, and its start allocates ≈ 30 MB of objects
// that mostly die young, beside ≈ 90 MB of ArrayBuffers (its snapshot copy, the wasm
// memory, the stdlib zip). With V8's defaults, `--trace-gc` showed three full collections in
// every learner worker: two because the young generation (1 MB semispaces at first) promoted
// most of those objects to the old one, one because ArrayBuffers past 64 MB start
// incremental marking of their own. A 16 MB young generation lets them die there, and
// counting ArrayBuffers in the heap's global limit stops the third: measured over 30
// submissions, collection pauses fell from ≈ 68 to ≈ 27 ms per submission, for ≈ 40 MB more
// at the batch's high-water mark (README, Benchmarks).
//
// Set here, before any worker exists, rather than on Node's command line (grader/runtimes/
// node.py): heap flags are read when an isolate is made, and a Node whose V8 does not know
// one of them says so on stderr and goes on, where an unknown command-line flag stops it.
import v8 from "node:v8";

for (const flag of ["--min-semi-space-size=16", "--external-memory-accounted-in-global-limit"]) {
  v8.setFlagsFromString(flag);
}
