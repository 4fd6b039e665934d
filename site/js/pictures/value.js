// Lesson 4's figure. The picture: pick an operation, move its inputs, and see out, the local
// gradient it keeps for each child (rule, number, and a nudge that checks it), and the same
// node stored the two ways the lesson teaches. The film: that node's life, from forward to one
// backward step, in both designs at once. Everything reads one evaluate() from value-ops.js.
import { el, num, sayResult, slider } from "./dom.js";
import { createFilm } from "./film.js";
import { createDesigns, createDiagram, gradsText } from "./value-draw.js";
import { H, OPS, OUT_GRAD, evaluate, failure, py, pyData, show } from "./value-ops.js";

const START = { op: "mul", x: 2, y: 3, k: 3 };  // x * y with (2, 3): locals (3, 2)

export function startValue(figure) {
  const caption = el("figcaption");
  caption.append(el("h2", { class: "picture-title" }, "Picture: each operation's local gradients. "),
    "Pick an operation and move its inputs: out, the local gradient for each child and a nudge " +
    "that checks it are recomputed, and both designs store the same node.");
  const chooser = opChooser(START.op);
  const sliders = {
    x: slider("x", { min: -10, max: 10, step: 0.1, value: START.x }),
    y: slider("y", { min: -10, max: 10, step: 0.1, value: START.y }),
    k: slider("k", { min: -2, max: 3, step: 0.5, value: START.k }),
  };
  const controls = el("div", { class: "picture-controls value-controls" });
  controls.append(chooser.fieldset, ...Object.values(sliders).map((s) => s.row));

  const diagram = createDiagram();
  diagram.svg.dataset.testid = "picture-svg";
  const outLine = el("p", { class: "value-out", "data-testid": "out-data" });
  const locals = el("div", { class: "value-locals", "data-testid": "locals" });
  const note = el("p", { class: "value-note", "data-testid": "value-note", "aria-live": "polite" });
  const designs = createDesigns("design", "h3");
  const still = el("div", { class: "picture-still", "data-testid": "picture-still" });
  still.append(controls, diagram.svg, outLine, locals, note, designs.element);

  const filmBox = el("section", { class: "film", "data-testid": "film", "aria-labelledby": "value-film-title" });
  filmBox.append(el("h3", { id: "value-film-title" }, "Film: one operation's life, in both designs"));
  const frame = createDiagram();
  frame.svg.dataset.testid = "film-svg";
  filmBox.append(frame.svg);
  let model = evaluate(START.op, START);
  const film = createFilm(filmBox, {
    label: "One operation's life",
    start: () => firstFrame(model),
    draw: (state, index, count) => drawFrame(state, index, count),
  });
  const filmDesigns = createDesigns("film", "h4");
  filmBox.append(filmDesigns.element);
  figure.replaceChildren(caption, still, filmBox);

  function drawFrame(state, index, count) {
    const label = `Film, step ${index + 1} of ${count}. ${frameLabel(model, state)}`;
    frame.draw({ ...diagramView(model, state), label });
    filmDesigns.draw(model, state);
  }

  function update() {
    const key = chooser.value();
    const opChanged = key !== model.key;
    model = evaluate(key, { x: sliders.x.value(), y: sliders.y.value(), k: sliders.k.value() });
    sliders.y.row.hidden = !model.spec.children.includes("y");
    sliders.k.row.hidden = key !== "pow";
    drawPicture(model, { diagram, outLine, locals, note, designs });
    film.setSteps(filmSteps(model));
    sayResult(Object.values(sliders), `out.data = ${show(model.out)}, ${gradsText(model.children)}`);
    if (opChanged) film.show(0);  // another operation is another film: start it from the top
  }
  chooser.fieldset.addEventListener("change", update);
  for (const s of Object.values(sliders)) s.input.addEventListener("input", update);
  update();
}

function opChooser(start) {
  const fieldset = el("fieldset", { class: "value-ops", "data-testid": "op-chooser" });
  fieldset.append(el("legend", {}, "Operation"));
  for (const [key, spec] of Object.entries(OPS)) {
    const id = `value-op-${key}`;
    const input = el("input", { type: "radio", name: "value-op", id, value: key, "data-testid": `op-${key}` });
    input.checked = key === start;
    const label = el("label", { for: id, class: "value-op" });
    label.append(input, el("code", {}, spec.label));
    fieldset.append(label);
  }
  return { fieldset, value: () => fieldset.querySelector("input:checked").value };
}

// The diagram's text for a model; `state` (a film frame) may hold back what is not known yet.
function diagramView(m, state) {
  return {
    out: { label: outLabel(m), data: state?.outData ?? show(m.out), grad: state?.outGrad ?? show(OUT_GRAD) },
    children: m.children.map((c) => ({ name: c.name, data: show(c.data),
      grad: state ? state.grads[c.name] : show(c.grad), local: state && !state.showLocals ? "?" : show(c.local) })),
    flowing: state?.flowing ?? [],
    focus: state?.focus ?? [],
  };
}

const outLabel = (m) => (m.key === "pow" ? `out = x ** ${num(m.inputs.k)}` : `out = ${m.spec.label}`);
const inputsText = (m) => m.children.map((c) => `${c.name} = ${show(c.data)}`).join(", ") +
  (m.key === "pow" ? `, k = ${num(m.inputs.k)}` : "");

function drawPicture(m, { diagram, outLine, locals, note, designs }) {
  diagram.draw({ ...diagramView(m), label: `Node out = ${m.spec.label} with ${inputsText(m)}: out.data = ` +
    `${show(m.out)}. Local gradients: ${m.children.map((c) => `d out/d ${c.name} = ${show(c.local)}`).join(", ")}. ` +
    `After one backward step from out.grad = 1: ${gradsText(m.children)}.` });
  outLine.replaceChildren(`out = ${m.spec.label} = ${m.spec.withNumbers(m.inputs)} = `,
    el("strong", { "data-testid": "out-value" }, show(m.out)));
  locals.replaceChildren(el("p", { class: "value-legend" },
    `Each nudge moves one child c both ways by h = ${num(H)} and measures (out(c + h) − out(c − h)) / 2h.`));
  for (const c of m.children) {
    const local = el("p", { class: "value-local", "data-testid": `local-${c.name}` });
    local.append(`d out / d ${c.name} = ${c.formula.slice(0, -1).map((part) => `${part} = `).join("")}`,
      el("strong", { "data-testid": `local-${c.name}-value` }, show(c.local)));
    const nudge = el("p", { class: "value-nudge", "data-testid": `nudge-${c.name}` });
    nudge.append(`nudge ${c.name}: slope ≈ `, el("strong", { "data-testid": `nudge-${c.name}-value` }, show(c.nudge)),
      verdict(c));
    locals.append(local, nudge);
  }
  if (note.textContent !== m.note) note.textContent = m.note;  // a live region: say news only once
  note.hidden = !m.note;
  const after = `After out.grad = 1.0 and one backward step: ${gradsText(m.children)}`;
  designs.draw(m, { foot: failureFoot(m) ?? { closures: after, stored: after } });
}

function verdict(c) {
  if (!Number.isFinite(c.local) || !Number.isFinite(c.nudge)) return "";
  return c.agrees ? el("span", { class: "value-agrees" }, " ✓ matches the rule")
    : el("span", { class: "value-differs" }, " ✗ differs from the rule");
}

// The film: forward, what out keeps, the seed, one hand-over per child, and the result.
const NOTHING = { closures: [], stored: [] };

function firstFrame(m) {
  return { outData: "?", outGrad: "0", grads: Object.fromEntries(m.children.map((c) => [c.name, "0"])),
    showLocals: false, flowing: [], focus: [], highlight: NOTHING, foot: { closures: "", stored: "" } };
}

// Where Python stops, in each design, when a number is undefined (the note says why).
function failureFoot(m) {
  const fails = failure(m);
  if (!fails) return null;
  if (fails.forward) {
    const text = fails.error ? `the forward pass raises ${fails.error}: no out, no backward step`
      : "no real number for out to hold: no backward step";
    return { closures: text, stored: text };
  }
  return { closures: `out._backward() raises ${fails.error}: no grad for ${fails.child.name}`,
    stored: `computing _local_grads raises ${fails.error} in the forward pass: no out` };
}

// The film of a setting where Python stops: the steps up to the failure, in each design, and
// no invented Value holding "undefined" or a grad that went from 0 to "undefined".
function failureSteps(m) {
  const fails = failure(m);
  const foot = failureFoot(m);
  if (fails.forward) {
    return [{
      text: `Forward: ${m.spec.call} with ${m.spec.withNumbers(m.inputs)}. ${m.note} ` +
        (fails.error ? "In either design the forward pass stops there: no out is made, "
          : "So out has no real number to hold, in either design, ") +
        "and there is nothing to keep and no gradient to send back.",
      apply(s) {
        s.outData = "undefined";
        s.focus = ["out"];
        s.highlight = { closures: ["make"], stored: ["make"] };
        s.foot = foot;
      },
    }];
  }
  const code = m.spec.locals[m.children.indexOf(fails.child)].pyValue(m.inputs);
  return [
    { text: `Forward: ${m.spec.call} makes out with data ${m.spec.withNumbers(m.inputs)} = ${show(m.out)} in ` +
        "micrograd's design, whose closure keeps the local gradient as code, not yet computed. microgpt's " +
        `design computes it now, ${code}, and Python raises ${fails.error}: in that design no out is made.`,
      apply(s) {
        s.outData = show(m.out);
        s.focus = ["out"];
        s.highlight = { closures: ["make", "keep"], stored: ["make", "keep"] };
        s.foot = { closures: `out keeps: data ${pyData(m)}, children (${fails.child.name},), a _backward closure`,
          stored: foot.stored };
      } },
    { text: `Backward in micrograd's design: out.grad = 1, then out._backward() computes ${code}, and ` +
        `Python raises ${fails.error} there (0 to a negative power divides by zero): ` +
        `${fails.child.name}.grad gets no share.`,
      apply(s) {
        s.outGrad = show(OUT_GRAD);
        s.showLocals = true;
        s.focus = [fails.child.name];
        s.highlight = { closures: ["seed", "run", "child-0"], stored: [] };
        s.foot = foot;
      } },
  ];
}

function filmSteps(m) {
  if (failure(m)) return failureSteps(m);
  const names = m.children.map((c) => c.name);
  const kids = names.length === 1 ? `(${names[0]},)` : `(${names.join(", ")})`;
  const locals = m.children.map((c) => py(c.local));
  const tuple = locals.length === 1 ? `(${locals[0]},)` : `(${locals.join(", ")})`;
  const op = m.spec.pyOp(m.inputs);
  const turns = names.length === 1 ? ["only"] : ["first", "second"];
  const both = (text) => ({ closures: text, stored: text });
  return [
    { text: `Forward: ${m.spec.call} makes out with data ${m.spec.withNumbers(m.inputs)} = ${show(m.out)}. ` +
        `out remembers its children ${kids} (micrograd's design also keeps its op, '${op}', for drawing).`,
      apply(s) {
        s.outData = show(m.out);
        s.focus = ["out"];
        s.highlight = { closures: ["make"], stored: ["make"] };
        s.foot = { closures: `out keeps: data ${pyData(m)}, children ${kids}, op '${op}'`,
          stored: `out keeps: data ${pyData(m)}, children ${kids} (no op)` };
      } },
    { text: `To send gradients back later, out also keeps its local gradients ${tuple}: (i) inside a ` +
        "_backward closure, as code; (ii) as plain numbers in _local_grads.",
      apply(s) {
        s.showLocals = true;
        s.highlight = { closures: ["keep", ...m.children.map((_, i) => `child-${i}`)], stored: ["keep"] };
        s.foot = { closures: "out keeps a function; it reads the numbers when it runs",
          stored: `out keeps the numbers: _local_grads = ${tuple}` };
      } },
    { text: "Backward starts: out.grad = 1, because out changes one for one with itself. " +
        "The children's grads are still 0.",
      apply(s) {
        s.outGrad = show(OUT_GRAD);
        s.showLocals = true;
        s.focus = ["out"];
        s.highlight = { closures: ["seed"], stored: ["seed"] };
        s.foot = both(`out.grad = ${py(OUT_GRAD)}`);
      } },
    ...m.children.map((c, i) => ({
      text: `${c.name} gets its share: ${c.name}.grad += ${show(c.local)} · ${show(OUT_GRAD)}, so it goes from 0 ` +
        `to ${show(c.grad)}. (i) runs the closure's line for ${i ? "other" : "self"}; (ii) takes the shared ` +
        `loop's ${turns[i]} turn.`,
      apply(s) {
        s.grads[c.name] = show(c.grad);
        s.flowing = [c.name];
        s.focus = [c.name];
        s.highlight = { closures: ["run", `child-${i}`], stored: ["loop", "step"] };
        const added = `${py(c.local)} * ${py(OUT_GRAD)} → ${c.name}.grad = ${show(c.grad)}`;
        s.foot = { closures: `${i ? "other" : "self"}.grad += ${added}`,
          stored: `child = ${c.name}, local = ${py(c.local)}: child.grad += ${added}` };
      },
    })),
    { text: `Done: both designs leave ${gradsText(m.children)}, each child's local gradient times ` +
        "out.grad, added with +=.",
      apply(s) {
        s.flowing = [];
        s.focus = names;
        s.highlight = NOTHING;
        s.foot = both(gradsText(m.children));
      } },
  ];
}

function frameLabel(m, s) {
  return `out = ${m.spec.label}: data ${s.outData}, grad ${s.outGrad}. ` +
    m.children.map((c) => `${c.name}: data ${show(c.data)}, grad ${s.grads[c.name]}` +
      (s.showLocals ? `, local gradient ${show(c.local)}` : "")).join("; ") + ".";
}
