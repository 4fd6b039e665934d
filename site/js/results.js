// Show a Check's report and a Run's output. The verdict is the report's; nothing is judged here.
export function showReport(section, report) {
  section.hidden = false;
  section.dataset.passed = String(report.passed === true);
  section.replaceChildren();
  const summary = document.createElement("h3");
  summary.textContent = report.passed
    ? `All ${report.max_score} checks pass. Well done!`
    : `${report.score} of ${report.max_score} checks pass.`;
  section.append(summary);
  if (report.error) section.append(paragraph(report.error, "report-error"));
  const list = document.createElement("ol");
  list.className = "checks";
  for (const check of report.checks) list.append(checkItem(check));
  section.append(list);
}

function checkItem(check) {
  const item = document.createElement("li");
  item.dataset.checkName = check.name;
  item.dataset.passed = String(check.passed === true);
  item.className = check.passed ? "check pass" : "check fail";
  const title = document.createElement("span");
  title.className = "check-name";
  title.textContent = `${check.passed ? "✓" : "✗"} ${check.name}`;
  title.setAttribute("aria-label", `${check.passed ? "passed" : "failed"}: ${check.name}`);
  item.append(title);
  if (!check.passed && check.message) item.append(paragraph(check.message, "check-message"));
  if (!check.passed && check.hints && check.hints.length) item.append(hints(check.hints));
  return item;
}

function hints(all) {
  // Hints come one at a time: the first is gentle, the last nearly the answer.
  const box = document.createElement("div");
  box.className = "hints";
  const button = document.createElement("button");
  button.type = "button";
  let shown = 0;
  const label = () => `Show a hint (${shown + 1} of ${all.length})`;
  button.textContent = label();
  button.addEventListener("click", () => {
    box.insertBefore(paragraph(all[shown], "hint"), button);
    shown += 1;
    if (shown === all.length) button.remove();
    else button.textContent = label();
  });
  box.append(button);
  return box;
}

export function showOutput(pre, { stdout = "", stderr = "", error = "", note = "" }) {
  pre.replaceChildren();
  const add = (text, cls) => {
    if (!text) return;
    const span = document.createElement("span");
    span.className = cls;
    span.textContent = text.endsWith("\n") ? text : text + "\n";
    pre.append(span);
  };
  add(stdout, "stdout");
  add(stderr, "stderr");
  add(error, "error");
  add(note, "note");
  if (!pre.childNodes.length) add("(your code ran and printed nothing)", "note");
}

function paragraph(text, cls) {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}
