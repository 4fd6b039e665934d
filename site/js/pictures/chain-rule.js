// Lesson 2's figure: nudge a by h and watch the change travel a → d → e → L. Beside each arrow,
// the step's local rate and the ratio of the changes really measured; below, the product of the
// rates (the chain rule) against the nudge's ΔL / h, for this h and for every h, so the two
// visibly agree as h shrinks. The film moves the nudge along the path one node at a time.
import { FORMULA, LABELS, LEAF_SLIDERS } from "./forward.js";
import { createGraphDrawing, edgeId } from "./graph-draw.js";
import { edgesOf, solve } from "./graph-model.js";
import { el, num, slider, term } from "./dom.js";
import { createFilm } from "./film.js";

// Nudge sizes, big to small, so moving the slider right makes h smaller.
const NUDGES = [1, 0.5, 0.1, 0.01, 0.001];
const START = 2;  // h = 0.1: already close, visibly not equal
const PATH = ["a", "d", "e", "L"];
// Each step on the path: the local rate's name and formula, read from the model's local
// derivatives (d node / d its first input, the one on the path).
const RATES = {
  d: { name: "dd/da", formula: "b" },
  e: { name: "de/dd", formula: "1" },
  L: { name: "dL/de", formula: "2e" },
};

// The path runs down the left; b and c, held still, sit beside the steps that use them.
const LAYOUT = {
  a: { x: 4, y: 4, width: 150 }, d: { x: 4, y: 112, width: 150 },
  e: { x: 4, y: 220, width: 150 }, L: { x: 4, y: 328, width: 150 },
  b: { x: 264, y: 112, width: 112 }, c: { x: 264, y: 220, width: 112 },
};
const NOTES_AT = { "a-d": [90, 84], "d-e": [90, 192], "e-L": [90, 300] };

function drawing() {
  const nodes = Object.fromEntries(Object.entries(LAYOUT).map(([name, spot]) =>
    [name, { ...spot, label: LABELS[name] }]));
  const edges = edgesOf(FORMULA).map((edge) => ({ ...edge, noteAt: NOTES_AT[edgeId(edge.from, edge.to)] }));
  return createGraphDrawing({ width: 380, height: 393, nodes, edges, rows: ["value", "change"] });
}

// Everything the figure shows for one setting: the graph before and after the nudge.
function nudge(leaves, h) {
  const before = solve(FORMULA, leaves);
  const after = solve(FORMULA, { ...leaves, a: leaves.a + h });
  const change = Object.fromEntries(PATH.map((name) => [name, after.values[name] - before.values[name]]));
  const rate = Object.fromEntries(PATH.slice(1).map((name) => [name, before.local[name][0]]));
  const product = PATH.slice(1).reduce((total, name) => total * rate[name], 1);
  return { h, before: before.values, after: after.values, change, rate, product,
    measured: change.L / h };
}

export function startChainRule(figure) {
  const caption = el("figcaption");
  caption.append(el("strong", {}, "Picture: nudge and see, or multiply the rates. "),
    "Nudge a by h and follow the change down the path a → d → e → L. Make h smaller and watch " +
    "the measured ratio meet the chain rule's product.");
  const sizes = slider("h", { min: 0, max: NUDGES.length - 1, step: 1, value: START, show: (i) => num(NUDGES[i]) });
  const leaves = LEAF_SLIDERS.map(([name, range]) => slider(name, range));
  const controls = el("div", { class: "picture-controls" });
  controls.append(sizes.row, ...leaves.map((s) => s.row));
  const picture = drawing();
  picture.svg.dataset.testid = "picture-svg";
  const product = el("p", { class: "chain-line", "data-testid": "chain-product" });
  const measured = el("p", { class: "chain-line", "data-testid": "chain-measured" });
  const gap = el("p", { class: "chain-gap", "data-testid": "chain-gap", "aria-live": "polite" });
  const table = el("table", { class: "nudge-table", "data-testid": "nudge-table" });
  const still = el("div", { class: "picture-still", "data-testid": "picture-still" });
  still.append(controls, picture.svg, product, measured, gap, table);

  const filmBox = el("section", { class: "film", "data-testid": "film", "aria-labelledby": "film-title" });
  filmBox.append(el("h3", { id: "film-title" }, "Film: the nudge travels along the path"));
  const frame = drawing();
  frame.svg.dataset.testid = "film-svg";
  filmBox.append(frame.svg);
  let shown = null;
  const film = createFilm(filmBox, {
    label: "Nudge travelling",
    start: () => ({ moved: new Set(), notes: {}, focus: [], flowing: [], path: [] }),
    draw: (state, index, count) => frame.draw({
      title: `Film, step ${index + 1} of ${count}.`,
      nodes: rows(shown, state.moved), notes: state.notes,
      focus: state.focus, flowing: state.flowing, path: state.path, muted: ["b", "c"],
    }),
  });
  figure.replaceChildren(caption, still, filmBox);

  function update() {
    const values = Object.fromEntries(leaves.map((s) => [s.name, s.value()]));
    shown = nudge(values, NUDGES[sizes.value()]);
    const n = shown;
    picture.draw({
      title: `Nudging a by h = ${num(n.h)} in L = (a·b + c)², with a = ${num(values.a)}, ` +
        `b = ${num(values.b)}, c = ${num(values.c)}.`,
      nodes: rows(n, new Set(PATH)), notes: notes(n, true), path: PATH, muted: ["b", "c"],
    });
    product.textContent = `Chain rule: dL/da = dL/de · de/dd · dd/da = ` +
      `${PATH.slice(1).reverse().map((name) => term(n.rate[name])).join(" · ")} = ${num(n.product)}`;
    measured.textContent = `Nudge: (L(a+h) − L(a)) / h = ${term(n.change.L)} / ${num(n.h)} = ${num(n.measured)}`;
    gap.textContent = gapSentence(n);
    drawTable(table, values, sizes.value());
    film.setSteps(filmSteps(n));
  }
  for (const s of [sizes, ...leaves]) s.input.addEventListener("input", update);
  update();
}

// Each box: its value before → after the nudge, and its change (or "?" before the film gets there).
function rows(n, moved) {
  const text = {};
  for (const name of PATH) {
    const delta = name === "a" ? `Δa = h = ${num(n.h)}` : `Δ${name} = ${num(n.change[name])}`;
    text[name] = moved.has(name)
      ? { value: `${num(n.before[name])} → ${num(n.after[name])}`, change: delta }
      : { value: `${num(n.before[name])} → ?`, change: `Δ${name} = ?` };
  }
  for (const name of ["b", "c"]) text[name] = { value: `value ${num(n.before[name])}`, change: "held still" };
  return text;
}

// Beside each arrow: the local rate, and (in the picture) the ratio of the changes measured.
function notes(n, withMeasured) {
  return Object.fromEntries(PATH.slice(1).map((name, i) => {
    const from = PATH[i];
    const { name: rateName, formula } = RATES[name];
    const rate = `rate ${rateName} = ${formula === num(n.rate[name]) ? "" : `${formula} = `}${num(n.rate[name])}`;
    const ratio = n.change[from] === 0 ? "did not move" : num(n.change[name] / n.change[from]);
    const lines = withMeasured ? [rate, `measured Δ${name}/Δ${from} = ${ratio}`] : [rate];
    return [edgeId(from, name), lines];
  }));
}

function gapSentence(n) {
  const gap = Math.abs(n.measured - n.product);
  const close = gap <= 0.01 * Math.max(1, Math.abs(n.product));
  return `They differ by ${num(gap)}. ` + (close
    ? "Close: the smaller h, the closer the nudge comes to the chain rule."
    : "With a big h the curve of e² shows: make h smaller and the two meet.");
}

// The nudge for every h at once, this h marked, so the trend is there to read, not to remember.
function drawTable(table, values, current) {
  const head = el("tr");
  head.append(el("th", { scope: "col" }, "h"), el("th", { scope: "col" }, "ΔL / h"),
    el("th", { scope: "col" }, "gap to the chain rule"));
  const body = NUDGES.map((h, i) => {
    const n = nudge(values, h);
    const row = el("tr", i === current ? { class: "current", "aria-current": "true" } : {});
    row.append(el("td", {}, i === current ? `${num(h)} ◀` : num(h)), el("td", {}, num(n.measured)),
      el("td", {}, num(Math.abs(n.measured - n.product))));
    return row;
  });
  table.replaceChildren(el("caption", {}, "The same nudge for every h"), el("thead"), el("tbody"));
  table.tHead.append(head);
  table.tBodies[0].append(...body);
}

// The nudge enters at a, then each step multiplies the change by its local rate.
function filmSteps(n) {
  const { before: was, after: now, change: delta, rate } = n;
  const moved = (text, name, from, extra = {}) => ({
    text,
    apply(state) {
      state.moved.add(name);
      state.focus = [name];
      state.flowing = from ? [edgeId(from, name)] : [];
      if (from) state.notes[edgeId(from, name)] = notes(n, false)[edgeId(from, name)];
      Object.assign(state, extra);
    },
  });
  const predicted = rate.L * delta.e;
  const bends = Math.abs(delta.L - predicted) > 0.01 * Math.max(Math.abs(predicted), 1e-12);
  return [
    moved(`Nudge a by h = ${num(n.h)}: a goes from ${num(was.a)} to ${num(now.a)}, so Δa = ${num(n.h)}.`, "a"),
    moved(`d = a·b moves b times as much as a. The rate dd/da = b = ${num(rate.d)} multiplies the change: ` +
      `Δd = ${term(rate.d)}·${term(delta.a)} = ${num(rate.d * delta.a)}, ` +
      `so d goes from ${num(was.d)} to ${num(now.d)}.`, "d", "a"),
    moved(`e = d + c passes d's change on as it is. The rate de/dd = 1 multiplies it: ` +
      `Δe = 1·${term(delta.d)} = ${num(delta.e)}, so e goes from ${num(was.e)} to ${num(now.e)}.`, "e", "d"),
    moved(`L = e² moves about 2e times as much as e. The rate dL/de = 2e = ${num(rate.L)} multiplies the change: ` +
      `ΔL ≈ ${term(rate.L)}·${term(delta.e)} = ${num(predicted)}. Measured: L goes from ${num(was.L)} to ` +
      `${num(now.L)}, ΔL = ${num(delta.L)}.` +
      (bends ? " The square bends, so its rate 2e holds only for small changes." : ""), "L", "e"),
    moved(`All together ΔL ≈ ${term(rate.L)} · 1 · ${term(rate.d)} · h: the chain rule gives dL/da = ` +
      `${num(n.product)}, and the nudge measures ΔL / h = ${num(n.measured)}.`, "L", null,
    { path: PATH, focus: ["a", "L"] }),
  ];
}
