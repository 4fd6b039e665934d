// One job's channel between the checks' worker and the learner's worker: a SharedArrayBuffer
// made by the host for that job alone, on which the two interpreters take turns
// (grader/core/link.py). Calls are synchronous on both sides: the sender stores its message
// and the turn, the receiver sleeps in Atomics.wait until the turn is its own.
//
// Layout: Int32 words [turn, length, closed, interrupt], then the message bytes (ASCII JSON).
// `interrupt` is the learner's interpreter's interrupt buffer (Pyodide's setInterruptBuffer):
// when a call runs out of time, the checks' side stores SIGINT there, and the learner's code
// stops with a KeyboardInterrupt at the line it was running, which its reply names.
// The learner's side can write here whatever it likes at any time; the checks' side copies a
// message out once, bounded by the buffer, and treats it as data.
export const HEADER = 16;
export const CAPACITY = 4 * 1024 * 1024;  // bytes of one message
const TURN = 0, LENGTH = 1, CLOSED = 2, INTERRUPT = 3;
const SIGINT = 2;

export function newChannel() {
  return new SharedArrayBuffer(HEADER + CAPACITY);
}

// The host says the learner's side has ended: a waiting checks' side wakes up to "".
export function close(buffer) {
  const words = new Int32Array(buffer, 0, 4);
  Atomics.store(words, CLOSED, 1);
  Atomics.notify(words, TURN);
}

// A job's alarm: a buffer of its own, which only the learner worker's closure and the host
// hold (never Pyodide, so no learner code reaches it), set once by the first refused attempt
// of either wall, with its description: word 0 is the length of the UTF-8 text after it (-1
// while the text is written). Learner code that erases the record of an attempt in its own
// interpreter cannot unset it; and what it uses is taken here, as this module loads, before
// any learner code exists, so patching Atomics or TextEncoder later cannot stop it either.
const ALARM_TEXT = 240;
const { load, store } = Atomics;
const apply = Reflect.apply;
const encodeInto = TextEncoder.prototype.encodeInto;
const encoder = new TextEncoder();

export function newAlarm() {
  return new SharedArrayBuffer(4 + ALARM_TEXT);
}

export function raiser(buffer) {
  const word = new Int32Array(buffer, 0, 1);
  const bytes = new Uint8Array(buffer, 4);
  return (what) => {
    if (load(word, 0) !== 0) return;
    store(word, 0, -1);  // set first: whatever fails below, the alarm is up
    try {
      const { written } = apply(encodeInto, encoder, [`${what}`.slice(0, ALARM_TEXT), bytes]);
      store(word, 0, Math.max(written, 1));
    } catch {}
  };
}

// What set the alarm, or "" when nothing did.
export function alarmed(buffer) {
  const length = Math.min(load(new Int32Array(buffer, 0, 1), 0), ALARM_TEXT);
  if (length === 0) return "";
  if (length < 0) return "a refused attempt";
  return new TextDecoder().decode(new Uint8Array(buffer, 4, length).slice()) || "a refused attempt";
}

// The word the learner's interpreter polls for a signal (worker.mjs).
export function interruptWord(buffer) {
  return new Int32Array(buffer, INTERRUPT * 4, 1);
}

// Arrays and objects a message to the checks may nest: the wire format's own deepest value
// (wire.py: 40 containers, a class's 16 bases) is a few hundred. Past some 20 000 levels,
// json's C scanner overflows V8's stack before Python's recursion check sees it, and the
// checks' interpreter suffers a fatal error: one learner message of 2 MB of "[" did that.
export const MAX_NESTING = 1000;
// What the checks' side reads instead of such a message (link.py breaks the link for it).
export const TOO_DEEP = '{"gone":"deep"}';

// Whether ASCII JSON `bytes` nests arrays and objects deeper than `limit` (strings skipped).
export function nestedDeeper(bytes, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++;  // a backslash: the next byte is escaped
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > limit) return true;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return false;
}

// side 0 is the checks, side 1 the learner; returns the functions Python calls.
export function endpoint(buffer, side) {
  const words = new Int32Array(buffer, 0, 4);
  const bytes = new Uint8Array(buffer, HEADER);
  const mine = side + 1, theirs = 2 - side;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const now = () => performance.now();
  function send(text) {
    const { read, written } = encoder.encodeInto(text, bytes);
    if (read < text.length) throw new Error(`a message of ${text.length} bytes is more than ${CAPACITY}`);
    Atomics.store(words, LENGTH, written);
    Atomics.store(words, TURN, theirs);
    Atomics.notify(words, TURN);
  }
  function receive(ms) {
    // ms < 0: wait for ever. Returns undefined when the time is up, "" when the channel closed.
    const end = ms < 0 ? Infinity : now() + ms;
    for (;;) {
      const turn = Atomics.load(words, TURN);
      if (turn === mine) break;
      if (Atomics.load(words, CLOSED)) return "";
      const left = end - now();
      if (left <= 0) return undefined;  // (null would reach Python as jsnull, not None)
      Atomics.wait(words, TURN, turn, left === Infinity ? undefined : left);
    }
    const length = Math.min(Math.max(Atomics.load(words, LENGTH), 0), CAPACITY);
    const message = bytes.slice(0, length);
    // The checks' side never hands its JSON reader a message nested past any value's depth.
    if (side === 0 && nestedDeeper(message, MAX_NESTING)) return TOO_DEEP;
    return decoder.decode(message);
  }
  function interrupt() {
    // Only ever asked by the checks' side, of the learner's interpreter.
    Atomics.store(words, INTERRUPT, SIGINT);
  }
  function taken() {
    // Pyodide clears the word as it raises the interrupt: until then the learner's Python has
    // not looked (its thread waits for a core, or sits in one long C call).
    return Atomics.load(words, INTERRUPT) === 0;
  }
  return { send, receive, interrupt, taken };
}
