// The lab on a lesson page: editor, Run, Check, Stop, Reset, status, output and results.
import { startTraining } from "./capstone.js";
import { createEditor, replace, text } from "./editor.js";
import { hideGraph, renderGraph } from "./graph.js";
import { Python } from "./python.js";
import * as progress from "./progress.js";
import { showOutput, showReport } from "./results.js";

export function startLab(root, page) {
  const $ = (id) => root.querySelector(`[data-testid="${id}"]`);
  const slug = page.slug;
  const starter = JSON.parse(document.getElementById("starter").textContent);
  const saved = progress.load(slug);
  const status = $("status");
  const output = $("output");
  const result = $("result");
  const graph = $("graph");
  const buttons = { run: $("run"), check: $("check"), stop: $("stop"), reset: $("reset") };

  const view = createEditor(root.querySelector(".editor"), {
    doc: saved.code ?? starter,
    onChange: (code) => progress.save(slug, { code }),
    onRun: () => run(),
    onCheck: () => check(),
  });
  window.courseEditor = view;  // a stable handle for tests and for the curious
  performance.mark("course:editor-usable");

  const python = new Python(page.urls, (state, detail, extra) => {
    if (state === "loading") say("Loading Python… (you can start editing)", "loading");
    if (state === "ready") {
      status.dataset.restored = String(Boolean(extra && extra.restored));
      performance.mark("course:python-ready");
      dispatchEvent(new Event("course:python-ready"));
      say(`Python is ready (${Math.round(detail)} ms).`, "ready");
    }
    if (state === "broken") say(`Python could not start: ${detail}. Reload the page to retry.`, "broken");
    busy(false);
  });

  function say(message, state) {
    status.textContent = message;
    status.dataset.state = state;
  }

  function busy(on) {
    buttons.stop.disabled = !on;
    buttons.run.disabled = on;
    buttons.check.disabled = on;
    root.classList.toggle("busy", on);
  }

  async function run() {
    if (python.busy) return;
    busy(true);
    if (!python.ready) say("Waiting for Python to load…", "loading");
    const answer = await python.run(text(view));
    busy(false);
    if (answer.restarted) return;
    if (answer.failure) {
      hideGraph(graph);
      return showOutput(output, { error: answer.failure });
    }
    showOutput(output, answer.run);
    showGraph(answer.run.graph);
    say("Python is ready.", "ready");
  }

  // The computation graph of the Value the code left, if any; a drawing failure costs only it.
  function showGraph(data) {
    if (!data || !data.nodes || !data.nodes.length) return hideGraph(graph);
    try {
      renderGraph(graph, data);
    } catch (error) {
      console.error("could not draw the graph", error);
      hideGraph(graph);
    }
  }

  async function check() {
    if (python.busy) return;
    busy(true);
    if (!python.ready) say("Waiting for Python to load…", "loading");
    const answer = await python.check(page.urls.lab, text(view));
    busy(false);
    if (answer.restarted) return;
    if (answer.failure) return showOutput(output, { error: answer.failure });
    const report = answer.report;
    showReport(result, report);
    if (!performance.getEntriesByName("course:first-result").length) {
      performance.mark("course:first-result");
    }
    showOutput(output, { stdout: report.stdout, stderr: report.stderr,
      note: report.stdout || report.stderr ? "" : "(Check ran your code; it printed nothing)" });
    progress.save(slug, { checked: true, passed: report.passed || saved.passed || false });
    say(report.passed ? "Every check passes." : "Some checks fail: see below.", "ready");
    result.focus();
  }

  async function stop() {
    const how = await python.stop();
    busy(false);
    if (how === "interrupted") {
      showOutput(output, { note: "Stopped." });
    } else if (how === "restarted") {
      showOutput(output, { note: "Stopped. Your code did not respond to the interrupt (time.sleep, " +
        "or a loop that catches KeyboardInterrupt), so Python was restarted." });
    }
  }

  function reset() {
    if (!window.confirm("Replace your code with the starter code? (Undo with Ctrl+Z.)")) return;
    replace(view, starter);
    view.focus();
  }

  if (page.train) {
    startTraining(root.querySelector('[data-testid="train"]'), {
      python, busy, stop, labURL: page.urls.lab, source: () => text(view),
    });
  }

  buttons.run.addEventListener("click", run);
  buttons.check.addEventListener("click", check);
  buttons.stop.addEventListener("click", stop);
  buttons.reset.addEventListener("click", reset);
  busy(false);
  buttons.run.disabled = false;
  buttons.check.disabled = false;
}
