// Show a Check's report and a Run's output. The verdict is the report's; nothing is judged
// here: the page only arranges what the checker said (one learner error that fails several
// checks is said once, at the top, with the checks it blocks).
const QUIET_CAUSES = new Set(["", "not run", "stopped"]);

export function showReport(section, report, { next = null, earlier = "", train = false,
  lineLinks = null } = {}) {
  section.hidden = false;
  section.dataset.passed = String(report.passed === true);
  section.replaceChildren();
  if (earlier) {
    const when = new Date(earlier);
    const note = paragraph(`Your last Check, ${isNaN(when) ? "earlier" : when.toLocaleString()}. ` +
      "Check again to see your code as it is now.", "report-earlier");
    note.dataset.testid = "earlier-result";
    section.append(note);
  }
  const summary = document.createElement("h3");
  summary.textContent = report.passed
    ? `All ${report.max_score} checks pass. Well done!`
    : `${report.score} of ${report.max_score} checks pass.`;
  section.append(summary);
  // Lab 5's pass said "Next: you have finished the course, back to all lessons", and the
  // learner left without seeing Train it, below, run on the Value they had just finished.
  if (report.passed && train) section.append(trainLink());
  if (report.passed && next) section.append(nextLink(next));
  if (report.error) section.append(preformatted(report.error, "report-error"));
  const shared = sharedCauses(report.checks);
  const byName = new Map(report.checks.map((check) => [check.name, check]));
  // The lab's parts and the one the learner is on are the report's (grader/core/report.py),
  // as the notebooks read them; a report saved before reports carried them has none.
  const parts = report.parts || [];
  const first = parts.length ? report.open_part : -1;
  const groups = parts.length
    ? parts.map((part) => ({ part, checks: part.checks.map((n) => byName.get(n)).filter(Boolean) }))
    : [{ part: null, checks: report.checks }];
  // An error that fails only checks of parts after the one the learner is on (lab 5's
  // train_step, not written yet while backward() is) is not theirs to fix first: it is said
  // at the first part it fails, not at the top above the part they are on.
  const partOf = new Map(groups.flatMap(({ checks }, index) => checks.map((c) => [c.name, index])));
  const later = new Map(groups.map((_, index) => [index, []]));
  let atTop = 0;  // only the first error said at the top is the one to fix first
  for (const [cause, names] of shared) {
    const at = Math.min(...names.map((name) => partOf.get(name) ?? 0));
    if (parts.length && first >= 0 && at > first) later.get(at).push([cause, names]);
    else section.append(causeBox(cause, names, atTop++ ? "another" : "first"));
  }
  groups.forEach(({ part, checks }, index) => {
    if (part) section.append(partHeading(part, index, parts.length, checks, index === first));
    for (const [cause, names] of later.get(index)) section.append(causeBox(cause, names, "part"));
    const list = document.createElement("ol");
    list.className = "checks";
    list.start = 1 + groups.slice(0, index).reduce((n, g) => n + g.checks.length, 0);
    for (const check of checks) list.append(checkItem(check, shared.has(check.cause)));
    section.append(list);
  });
  if (lineLinks) linkLines(section, lineLinks);
}

// "line 62" in a report or a traceback is a button that puts the editor's cursor on that line
// of the learner's file. The learner read "invalid syntax (line 62)" and scrolled a 60-line
// editor (on a phone, wrapped into 150 rows) looking for it. `links.go(n)` shows line n;
// `links.lines()` is how many the file has now: a number past its end is left as text.
const LINE_NUMBER = /\b(line) (\d+)\b/gi;

export function linkLines(container, links) {
  const lines = links.lines();
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => node.parentElement.closest("code, button, a, .caret-pair")
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const node of texts) {
    const value = node.nodeValue;
    const pieces = [];
    let last = 0;
    for (const match of value.matchAll(LINE_NUMBER)) {
      const number = Number(match[2]);
      if (number < 1 || number > lines) continue;
      pieces.push(value.slice(last, match.index), lineButton(match[0], number, links.go));
      last = match.index + match[0].length;
    }
    if (!pieces.length) continue;
    pieces.push(value.slice(last));
    node.replaceWith(...pieces.filter((piece) => piece !== ""));
  }
}

// Where line `number` of the code as it was run (`then`) is in the code now: the learner reads
// "line 50", types two lines at the top, and presses it; line 50 of the code now was two lines
// above the one meant. Lines the two share (the longest common run, after the same first and
// last lines) are matched; a line changed since goes as far below the last shared line above it
// as it was, or to the last line before the next shared one.
export function followLine(then, now, number) {
  if (then === now) return number;
  const a = then.split("\n");
  const b = now.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  if (number <= head) return number;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head
    && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  if (number > a.length - tail) return number + b.length - a.length;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const at = number - 1 - head;  // the line's index in x
  const partner = new Array(x.length).fill(-1);
  if (x.length * y.length <= 4e6) {
    // The longest common subsequence of the changed stretch, by lengths of suffixes.
    const width = y.length + 1;
    const table = new Uint32Array((x.length + 1) * width);
    for (let i = x.length - 1; i >= 0; i--) {
      for (let j = y.length - 1; j >= 0; j--) {
        table[i * width + j] = x[i] === y[j] ? table[(i + 1) * width + j + 1] + 1
          : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
      }
    }
    for (let i = 0, j = 0; i < x.length && j < y.length;) {
      if (x[i] === y[j]) partner[i++] = j++;
      else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) i++;
      else j++;
    }
  }
  if (partner[at] >= 0) return head + partner[at] + 1;
  let above = at - 1;
  while (above >= 0 && partner[above] < 0) above--;
  let below = at + 1;
  while (below < x.length && partner[below] < 0) below++;
  const from = above >= 0 ? partner[above] : -1;
  const limit = below < x.length ? partner[below] - 1 : y.length - 1;
  const index = Math.max(Math.min(from + (at - above), limit), Math.min(from + 1, y.length - 1), 0);
  return Math.min(head + index + 1, b.length);
}

function lineButton(label, number, goToLine) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "line-link";
  button.dataset.testid = "line-link";
  button.dataset.line = String(number);
  button.textContent = label;
  button.title = `Show line ${number} in the editor`;
  button.addEventListener("click", () => goToLine(number));
  return button;
}

function partHeading(part, index, count, checks, current) {
  const heading = document.createElement("h4");
  heading.className = "part-heading";
  heading.dataset.testid = "part-heading";
  const done = checks.filter((check) => check.passed === true).length;
  const state = done === checks.length ? "✓ done" : `${done} of ${checks.length} pass`;
  heading.textContent = `Part ${index + 1} of ${count}: ${part.title} — ${state}`;
  if (current) {
    heading.dataset.current = "true";
    heading.append(" (you are here)");
  }
  return heading;
}

// Where the learner is, shown under the lab's title: the first part not yet passing. `parts`
// are the page's (lab.yaml's), for before any Check; after one, the report's say it.
export function showPart(line, parts, report) {
  if (!parts || !parts.length) return;
  line.hidden = false;
  if (!report || !report.parts || !report.parts.length) return;  // lesson.html says part 1
  parts = report.parts;
  const index = report.open_part;
  line.textContent = index < 0
    ? `All ${parts.length} parts pass.`
    : `You are on part ${index + 1} of ${parts.length}: ${parts[index].title}.`;
}

// Causes that fail two checks or more, in report order: cause -> names of the checks.
function sharedCauses(checks) {
  const byCause = new Map();
  for (const check of checks) {
    if (check.passed || QUIET_CAUSES.has(check.cause || "")) continue;
    if (!byCause.has(check.cause)) byCause.set(check.cause, []);
    byCause.get(check.cause).push(check.name);
  }
  return new Map([...byCause].filter(([, names]) => names.length > 1));
}

// `place`: "first" at the top of the report, "another" below it there (two errors both said
// "Fix it first"), "part" at the part whose checks it fails.
function causeBox(cause, names, place) {
  const box = document.createElement("div");
  box.className = "cause";
  box.dataset.testid = "cause";
  const count = `${names.length} checks`;
  box.append(paragraph({ first: `One error in your code fails ${count}. Fix it first:`,
    another: `Another error fails ${count}:`,
    part: `One error in your code fails ${count} of this part:` }[place], "cause-lead"));
  box.append(paragraph(cause, "cause-text"));
  const list = document.createElement("ul");
  for (const name of names) {
    const item = document.createElement("li");
    item.textContent = name;
    list.append(item);
  }
  box.append(paragraph("It blocks:", "cause-blocks"), list);
  return box;
}

function trainLink() {
  const p = document.createElement("p");
  p.className = "train-link";
  const link = document.createElement("a");
  link.href = "#train-title";
  link.dataset.testid = "train-link";
  link.textContent = "Train it, below";
  p.append(link, " now trains a small network with your own Value.");
  // To the Train it button, in sight and focused, so Enter starts it. Beside the lesson the lab
  // scrolls on its own: only it moves, not the lesson being read.
  link.addEventListener("click", (event) => {
    const train = document.querySelector('[data-testid="train"]');
    const start = document.querySelector('[data-testid="train-start"]');
    if (!train) return;
    event.preventDefault();
    const lab = train.closest(".lab");
    const scroller = lab && getComputedStyle(lab).overflowY === "auto" ? lab : null;
    const top = train.getBoundingClientRect().top - (scroller ? scroller.getBoundingClientRect().top : 0) - 8;
    (scroller || window).scrollBy({ top });
    if (start) start.focus({ preventScroll: true });
  });
  return p;
}

function nextLink({ url, title }) {
  const link = document.createElement("a");
  link.href = url;
  link.className = "next-lesson";
  link.dataset.testid = "next-lesson";
  link.textContent = `Next: ${title} →`;
  const p = document.createElement("p");
  p.append(link);
  return p;
}

function checkItem(check, causeShown) {
  const item = document.createElement("li");
  item.dataset.checkName = check.name;
  item.dataset.passed = String(check.passed === true);
  // A check that never ran (the file did not load, or Check stopped before it) is not a
  // failure of its own: shown quietly, with the reason and no hint to chase.
  const notRun = !check.passed && check.cause === "not run";
  const [mark, state, kind] = check.passed ? ["✓", "passed", "pass"]
    : notRun ? ["–", "not run", "not-run"] : ["✗", "failed", "fail"];
  item.className = `check ${kind}`;
  const title = document.createElement("span");
  title.className = "check-name";
  title.textContent = `${mark} ${check.name}`;
  title.setAttribute("aria-label", `${state}: ${check.name}`);
  title.id = `check-name-${++checkNames}`;
  item.append(title);
  if (!check.passed && check.message) {
    const message = paragraph(check.message, "check-message");
    if (causeShown) message.prepend("(the error above) ");
    item.append(message);
  }
  if (!check.passed && !notRun && check.hints && check.hints.length) item.append(hints(check.hints, title.id));
  return item;
}
let checkNames = 0;

// `about`: the id of the check's name. Tab passes by that text to the button, so a screen
// reader said "Show a hint (1 of 2)" at every failed check, never which one; it is the
// button's description now.
function hints(all, about) {
  // Hints come one at a time: the first is gentle, the last nearly the answer.
  const box = document.createElement("div");
  box.className = "hints";
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute("aria-describedby", about);
  let shown = 0;
  const label = () => `Show a hint (${shown + 1} of ${all.length})`;
  button.textContent = label();
  button.addEventListener("click", () => {
    const hint = paragraph(all[shown], "hint");
    box.insertBefore(hint, button);
    shown += 1;
    if (shown === all.length) {
      // The button goes away: keep the keyboard on the hint instead of the page body.
      hint.tabIndex = -1;
      button.remove();
      hint.focus();
    } else {
      button.textContent = label();
    }
  });
  box.append(button);
  return box;
}

// The output is a live region: a print in a loop (64 000 characters kept) was one update a
// screen reader read out at length. Beyond this many characters it is not live while it
// changes; the summary before it (lesson.html) says how many lines, the last one, and the error.
const READ_OUT = 2000;

function summary(printed, error, note) {
  const lines = printed.replace(/\n$/, "").split("\n");
  const last = lines[lines.length - 1].slice(0, 200);
  const more = /\[output truncated/.test(printed) ? "more than " : "";
  const after = [error, note].filter(Boolean).join(" ").slice(0, 1500);
  return `Your code printed ${more}${lines.length} lines, too many to read out: they are in the ` +
    `output box. The last: ${last}.${after ? ` Then: ${after}` : ""}`;
}

export function showOutput(pre, { stdout = "", stderr = "", error = "", note = "" }, lineLinks = null) {
  const printed = stdout + stderr;
  const long = printed.length + error.length > READ_OUT && printed.length > error.length;
  const said = pre.parentElement && pre.parentElement.querySelector('[data-testid="output-summary"]');
  if (said) {
    pre.setAttribute("aria-live", long ? "off" : "polite");
    said.textContent = long ? summary(printed, error, note) : "";
  }
  pre.replaceChildren();
  const add = (text, cls) => {
    if (!text) return;
    const span = document.createElement("span");
    span.className = cls;
    appendKeepingCarets(span, text.endsWith("\n") ? text : text + "\n", (el, t) => el.append(t));
    pre.append(span);
  };
  add(stdout, "stdout");
  add(stderr, "stderr");
  add(error, "error");
  add(note, "note");
  if (!pre.childNodes.length) add("(your code ran and printed nothing)", "note");
  // Only Python's own words point at the file: what the learner's code printed may say "line 3"
  // of anything.
  if (lineLinks) for (const span of pre.querySelectorAll(".error")) linkLines(span, lineLinks);
}

// Text whose `backticked` parts are code, as the checks write them.
function paragraph(text, cls) {
  const p = document.createElement("p");
  p.className = cls;
  appendRich(p, text);
  return p;
}

// A report's error keeps its lines (a syntax error's caret), and its `backticked` names are
// code like everywhere else.
function preformatted(text, cls) {
  const pre = document.createElement("pre");
  pre.className = cls;
  appendKeepingCarets(pre, String(text), appendRich);
  return pre;
}

// A line of only ^ and ~ (a syntax error's caret, a traceback's marks) and the source line
// above it go in a block that never wraps, the characters the carets point at underlined. On
// a phone the wrapped source line put the caret under nothing, a line below the character it
// meant; now the block scrolls sideways, and starts scrolled to the caret.
const CARET_LINE = /^[ \t]*[~^]+[ \t]*$/;

function appendKeepingCarets(parent, text, append) {
  const lines = text.split("\n");
  let plain = [];
  const flush = () => {
    if (plain.length) append(parent, plain.join("\n"));
    plain = [];
  };
  for (let i = 0; i < lines.length; i++) {
    if (i + 1 < lines.length && lines[i].trim() && CARET_LINE.test(lines[i + 1])) {
      flush();  // the line breaks before the block and after it are the block's own edges
      parent.append(caretPair(lines[i], lines[i + 1]));
      i += 1;
      if (i + 1 === lines.length - 1 && lines[i + 1] === "") break;  // the text's own last break
      continue;
    }
    plain.push(lines[i]);
  }
  flush();
}

function caretPair(source, carets) {
  const pair = document.createElement("span");
  pair.className = "caret-pair";
  const first = carets.indexOf("^") >= 0 ? carets.indexOf("^") : carets.search(/~/);
  const last = Math.max(carets.lastIndexOf("^"), first);
  // Python counts the caret's column in characters; an emoji is two of a JS string's units,
  // and after one the mark fell on the character before the one meant.
  const chars = Array.from(source);
  const part = (from, to) => chars.slice(from, to).join("");
  if (first < chars.length) {
    const mark = document.createElement("mark");
    mark.className = "caret-mark";
    mark.textContent = part(first, last + 1);
    pair.append(part(0, first), mark, `${part(last + 1)}\n${carets}`);
    requestAnimationFrame(() => {
      const overflow = pair.scrollWidth - pair.clientWidth;
      const at = mark.getBoundingClientRect().left - pair.getBoundingClientRect().left;
      if (overflow > 0) pair.scrollLeft = Math.min(overflow, Math.max(0, at - pair.clientWidth / 2));
    });
  } else {
    pair.textContent = `${source}\n${carets}`;
  }
  return pair;
}

function appendRich(parent, text) {
  const parts = String(text).split("`");
  if (parts.length % 2 === 0) return parent.append(text);  // an odd backtick: leave it as is
  parts.forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 0) parent.append(part);
    else {
      const code = document.createElement("code");
      code.textContent = part;
      parent.append(code);
    }
  });
}
