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

// "not started" | "in progress" | "passed". A lab once passed stays passed: a later Check of
// broken code (trying something out) does not take the pass away.
export function status(slug) {
  const saved = load(slug);
  if (saved.passed) return "passed";
  return saved.code !== undefined || saved.checked ? "in progress" : "not started";
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
