// The learner's progress and code, kept in this browser only (localStorage).
const KEY = "autograd-course:v1:";

export function load(slug) {
  try {
    return JSON.parse(localStorage.getItem(KEY + slug)) || {};
  } catch {
    return {};
  }
}

// Whether this browser lets the page keep anything: not in some private windows, nor with
// site data blocked, where reading localStorage throws or writing to it does.
export function keeps() {
  try {
    localStorage.setItem(KEY + "probe", "1");
    localStorage.removeItem(KEY + "probe");
    return true;
  } catch {
    return false;
  }
}

export function save(slug, changes) {
  const next = { ...load(slug), ...changes };
  try {
    localStorage.setItem(KEY + slug, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the page still works, it just forgets on reload.
  }
  return next;
}

// Calls `changed` with this lab's record whenever another tab of this browser changes it.
export function watch(slug, changed) {
  addEventListener("storage", (event) => {
    if (event.key === KEY + slug) changed(load(slug));
  });
}

// A page the browser kept in its back/forward cache comes back, on Back or Forward, as it was
// left: a lab passed, code imported or data cleared on another page meanwhile did not show
// (the home page said "not started" beside the lab just passed; lab 5 still said lab 4 had not
// passed). `stale` is called when the page is shown again that way and what the course keeps
// for `slugs` (all of it without them) changed while the page was away.
export function whenBackStale(slugs, stale) {
  let left = null;
  addEventListener("pagehide", (event) => { left = event.persisted ? kept(slugs) : null; });
  addEventListener("pageshow", (event) => {
    if (event.persisted && left !== null && kept(slugs) !== left) stale();
  });
}

function kept(slugs) {
  try {
    const keys = slugs ? slugs.map((slug) => KEY + slug)
      : Object.keys(localStorage).filter((key) => key.startsWith(KEY)).sort();
    return JSON.stringify(keys.map((key) => [key, localStorage.getItem(key)]));
  } catch {
    return "";
  }
}

// "not started" | "in progress" | "passed". A lab once passed stays passed: a later Check of
// broken code (trying something out) does not take the pass away. A quiz question answered is a
// lesson started too (the home page said "not started" beside it until its lab was typed in).
export function status(slug) {
  const saved = load(slug);
  if (saved.passed) return "passed";
  const answered = Object.values(saved.quiz || {}).some((q) => q && Number.isInteger(q.choice));
  return saved.code !== undefined || saved.checked || answered ? "in progress" : "not started";
}

// The latest Check's score when it did not pass, e.g. "latest Check: 11 of 13"; else "".
export function latest(slug) {
  const last = load(slug).last;
  return last && !last.passed ? `latest Check: ${last.score} of ${last.max_score}` : "";
}

// Forget everything this course keeps in localStorage (the home page's "Clear my data").
export function clearAll() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(KEY)) localStorage.removeItem(key);
    }
  } catch {
    // storage disabled: nothing was kept
  }
}
