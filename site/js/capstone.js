// Lesson 5's "Train it": a small network trained in the lab's Python worker (grader/capstone),
// drawn live: the loss curve, and the decision boundary under the 60 points. The numbers all
// come from Python, step by step; this file only draws them.
import { EditorView } from "@codemirror/view";
import { createBoundary, createLossCurve } from "./capstone-draw.js";
import { showLine, text } from "./editor.js";
import { el } from "./pictures/dom.js";
import { followLine, linkLines } from "./results.js";

export function startTraining(section, lab) {
  const start = el("button", { type: "button", class: "train-start", "data-testid": "train-start" }, "Train it");
  const stop = el("button", { type: "button", class: "train-stop", "data-testid": "train-stop",
    "aria-label": "Stop training", disabled: "" }, "Stop");
  const controls = el("div", { class: "train-controls", role: "group", "aria-label": "Training" });
  controls.append(start, stop);
  const engine = el("p", { class: "train-engine", "data-testid": "train-engine", "aria-live": "polite" });
  const readouts = el("dl", { class: "train-readouts" });
  const figures = {};
  for (const [key, name] of [["step", "step"], ["loss", "loss"], ["accuracy", "accuracy"], ["seconds", "time"]]) {
    figures[key] = el("dd", { "data-testid": `train-${key}` }, "–");
    readouts.append(el("dt", {}, name), figures[key]);
  }
  const loss = createLossCurve();
  const boundary = createBoundary();
  const charts = el("div", { class: "train-charts" });
  charts.append(loss.figure, boundary.figure);
  const verdict = el("p", { class: "train-verdict", "data-testid": "train-verdict", role: "status" });
  // What the run is doing ("Checking your Value…", "Done: …") is said right under its buttons:
  // under the charts it was a phone's screen below "Train it", which then seemed to do nothing.
  section.append(controls, verdict, engine, readouts, charts);

  let pending = null;  // the latest step not yet drawn: steps can arrive faster than frames
  let reached = null;  // the first step with 95 % of the points right
  let trained = "";  // the code the latest run trained: its error's lines are lines of this
  const labEditor = () => {
    const dom = (section.closest(".lab") ?? document).querySelector(".cm-editor");
    return dom && EditorView.findFromDOM(dom);
  };

  function onEvent(event) {
    if (event.kind === "start") {
      engine.textContent = event.engine === "yours"
        ? `Training with your Value: it passes all ${event.checks} checks.`
        : `Your code passes ${event.passed} of ${event.checks} checks, so this run uses the ` +
          "course's engine. " +
          (event.failing ? `The first it fails is “${event.failing}”: press Check to see why. ` : "") +
          "Pass every check to train with your own Value.";
      engine.dataset.engine = event.engine;
      verdict.textContent = "Training…";
      loss.reset(event.steps);
      boundary.reset(event.points, event.extent);
      reached = null;
    } else if (event.kind === "step") {
      loss.add(event.step, event.loss);
      if (!reached && event.accuracy >= 0.95) {
        reached = event;
        section.dataset.reached = String(event.seconds);  // for the benchmark
      }
      if (event.boundary) boundary.shade(event.boundary);
      if (!pending) requestAnimationFrame(draw);
      pending = event;
    } else {
      draw();
      finish(event);
    }
  }

  function draw() {
    if (!pending) return;
    const step = pending;
    pending = null;
    figures.step.textContent = String(step.step);
    figures.loss.textContent = step.loss.toFixed(4);
    figures.accuracy.textContent = `${(step.accuracy * 100).toFixed(1)} %`;
    figures.seconds.textContent = `${step.seconds.toFixed(2)} s`;
    section.dataset.step = String(step.step);
    section.dataset.accuracy = String(step.accuracy);
    loss.draw();
    boundary.draw(step.step, step.accuracy);
  }

  function finish(event) {
    section.dataset.state = event.kind;
    if (event.kind === "done") {
      verdict.textContent = `Done: ${(event.accuracy * 100).toFixed(1)} % of the points on the right ` +
        `side after ${section.dataset.step} steps, in ${event.seconds.toFixed(2)} s` +
        (reached ? ` (95 % first reached at step ${reached.step}, after ${reached.seconds.toFixed(2)} s).` : ".");
    } else if (event.kind === "stopped") {
      verdict.textContent = `Stopped after step ${section.dataset.step ?? 0}.`;
    } else if (event.kind === "error") {
      verdict.textContent = `Training stopped with an error: ${event.error}`;
      // Its "line 58" takes the learner there, as Check's and Run's do: the line of the code
      // trained, wherever edits since have moved it. The editor is the one in this lab's own
      // section, found when pressed: window.courseEditor is a handle for tests and the
      // curious, and with it unset (or another page's) the line was plain text.
      linkLines(verdict, { go: (n) => {
        const view = labEditor();
        if (view) showLine(view, followLine(trained, text(view), n));
      }, lines: () => trained.split("\n").length });
    }
  }

  // Train it is disabled while it trains, and Stop once it ends: the keyboard's focus fell to
  // the page each time, so Stop was out of reach and Tab began again at the top. It goes from
  // one to the other, unless it had moved elsewhere.
  const lost = () => !document.activeElement || document.activeElement === document.body
    || document.activeElement.disabled;

  async function train() {
    if (lab.python.busy) return;
    const pressed = document.activeElement === start;
    lab.busy(true);
    stop.disabled = false;
    start.disabled = true;
    if (pressed) stop.focus();
    section.dataset.state = "training";
    delete section.dataset.step;
    delete section.dataset.reached;
    verdict.textContent = lab.python.ready ? "Checking your Value…" : "Waiting for Python to load…";
    trained = lab.source();
    const answer = await lab.python.train(lab.labURL, trained, onEvent);
    const stopHadFocus = document.activeElement === stop;
    stop.disabled = true;
    start.disabled = false;
    lab.busy(false);
    if (stopHadFocus || lost()) start.focus();
    if (answer.restarted) finish({ kind: "stopped" });
    else if (answer.failure) finish({ kind: answer.failure.includes("KeyboardInterrupt") ? "stopped" : "error",
      error: answer.failure });
  }

  start.addEventListener("click", train);
  stop.addEventListener("click", () => lab.stop());
}
