// The learner's progress and code, kept in this browser only (localStorage).
const KEY = "autograd-course:v1:";

export function load(slug) {
  try {
    return JSON.parse(localStorage.getItem(KEY + slug)) || {};
  } catch {
    return {};
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

// "not started" | "in progress" | "passed"
export function status(slug) {
  const saved = load(slug);
  if (saved.passed) return "passed";
  return saved.code !== undefined || saved.checked ? "in progress" : "not started";
}
