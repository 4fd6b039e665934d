// Lesson 2's figure: nudge a by h and watch the change travel a → e → d → L. Beside each arrow,
// the step's local rate and the ratio of the changes really measured; below, the product of the
// rates (the chain rule) against the nudge's ΔL / h, and against the nudge both ways
// (L(a+h) − L(a−h)) / 2h that lab 2 asks for, for this h and for every h, so the two visibly
// agree as h shrinks. The film moves the nudge along the path one node at a time.
import { FORMULA, LABELS, LEAF_SLIDERS } from "./forward.js";
import { createGraphDrawing, edgeId } from "./graph-draw.js";
import { edgesOf, solve } from "./graph-model.js";
import { el, num, sayResult, slider, term } from "./dom.js";
import { createFilm } from "./film.js";

// Nudge sizes, big to small, so moving the slider right makes h smaller.
const NUDGES = [1, 0.5, 0.1, 0.01, 0.001];
const START = 2;  // h = 0.1: already close, visibly not equal
const PATH = ["a", "e", "d", "L"];
// Each step on the path: the local rate's name and formula, read from the model's local
// derivatives (d node / d its first input, the one on the path).
const RATES = {
  e: { name: "de/da", formula: "b" },
  d: { name: "dd/de", formula: "1" },
  L: { name: "dL/dd", formula: "2d" },
};

// The path runs down the left; b and c, held still, sit beside the steps that use them.
const LAYOUT = {
  a: { x: 4, y: 4, width: 150 }, e: { x: 4, y: 112, width: 150 },
  d: { x: 4, y: 220, width: 150 }, L: { x: 4, y: 328, width: 150 },
  b: { x: 264, y: 112, width: 112 }, c: { x: 264, y: 220, width: 112 },
};
const NOTES_AT = { "a-e": [90, 84], "e-d": [90, 192], "d-L": [90, 300] };

function drawing() {
  const nodes = Object.fromEntries(Object.entries(LAYOUT).map(([name, spot]) =>
    [name, { ...spot, label: LABELS[name] }]));
  const edges = edgesOf(FORMULA).map((edge) => ({ ...edge, noteAt: NOTES_AT[edgeId(edge.from, edge.to)] }));
  return createGraphDrawing({ width: 380, height: 393, nodes, edges, rows: ["value", "change"] });
}

// A node's value before and after the nudge, as text, both with the fewest digits (4 to 8) at
// which their shown difference reads as the change shown beside them: with 4 digits a small h
// showed d = -19 → -19 beside Δd = 0.003, and L = 16 → 15.98 beside ΔL = -0.02399.
export function beforeAfter(before, after) {
  let shown;
  for (let digits = 4; digits <= 8; digits++) {
    const [was, now] = [before, after].map((x) => Number(x.toPrecision(digits)));
    shown = [was, now].map((x) => String(x === 0 ? 0 : x));
    if (num(now - was) === num(after - before)) break;
  }
  return shown;
}

// Everything the figure shows for one setting: the graph before and after the nudge.
function nudge(leaves, h) {
  const before = solve(FORMULA, leaves);
  const after = solve(FORMULA, { ...leaves, a: leaves.a + h });
  const below = solve(FORMULA, { ...leaves, a: leaves.a - h });
  const change = Object.fromEntries(PATH.map((name) => [name, after.values[name] - before.values[name]]));
  const rate = Object.fromEntries(PATH.slice(1).map((name) => [name, before.local[name][0]]));
  const product = PATH.slice(1).reduce((total, name) => total * rate[name], 1);
  const moves = Object.fromEntries(PATH.map((name) =>
    [name, beforeAfter(before.values[name], after.values[name])]));
  return { h, before: before.values, after: after.values, change, rate, product, moves,
    measured: change.L / h, below: below.values.L,
    bothWays: (after.values.L - below.values.L) / (2 * h) };
}

export function startChainRule(figure) {
  const caption = el("figcaption");
  caption.append(el("h2", { class: "picture-title" }, "Picture: nudge and see, or multiply the rates. "),
    "Nudge a by h and follow the change down the path a → e → d → L. Make h smaller and watch " +
    "the measured ratio meet the chain rule's product; nudging both ways meets it for every h.");
  const sizes = slider("h", { min: 0, max: NUDGES.length - 1, step: 1, value: START, show: (i) => num(NUDGES[i]) });
  const leaves = LEAF_SLIDERS.map(([name, range]) => slider(name, range));
  const controls = el("div", { class: "picture-controls" });
  controls.append(sizes.row, ...leaves.map((s) => s.row));
  const picture = drawing();
  picture.svg.dataset.testid = "picture-svg";
  const product = el("p", { class: "chain-line", "data-testid": "chain-product" });
  const measured = el("p", { class: "chain-line", "data-testid": "chain-measured" });
  const bothWays = el("p", { class: "chain-line", "data-testid": "chain-both-ways" });
  const gap = el("p", { class: "chain-gap", "data-testid": "chain-gap", "aria-live": "polite" });
  const table = el("table", { class: "nudge-table", "data-testid": "nudge-table" });
  const still = el("div", { class: "picture-still", "data-testid": "picture-still" });
  still.append(controls, picture.svg, product, measured, bothWays, gap, table);

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
    product.textContent = `Chain rule: dL/da = dL/dd · dd/de · de/da = ` +
      `${PATH.slice(1).reverse().map((name) => term(n.rate[name])).join(" · ")} = ${num(n.product)}`;
    measured.textContent = `Nudge: (L(a+h) − L(a)) / h = ${term(n.change.L)} / ${num(n.h)} = ${num(n.measured)}`;
    bothWays.textContent = `Both ways: (L(a+h) − L(a−h)) / 2h = ${term(n.after.L - n.below)} / ${num(2 * n.h)} = ` +
      `${num(n.bothWays)}`;
    gap.textContent = gapSentence(n);
    drawTable(table, values, sizes.value());
    film.setSteps(filmSteps(n));
    sayResult([sizes, ...leaves], `the nudge measures dL/da = ${num(n.measured)}, the chain rule ${num(n.product)}`);
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
      ? { value: `${n.moves[name][0]} → ${n.moves[name][1]}`, change: delta }
      : { value: `${n.moves[name][0]} → ?`, change: `Δ${name} = ?` };
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
  // b = 0: e = a·b stays 0 whatever a is, so L does not depend on a. Every gap is 0 for every
  // h, and there is no bend to cancel: "the smaller h, the closer" would be false here.
  if (n.rate.e === 0) {
    return "With b = 0, e = a·b is 0 whatever a is, so nudging a does not move L at all: one way, " +
      "both ways and the chain rule all give 0, for every h. Move b away from 0 to see the curve.";
  }
  const gap = Math.abs(n.measured - n.product);
  const close = gap <= 0.01 * Math.max(1, Math.abs(n.product));
  return `One way, the nudge and the chain rule differ by ${num(gap)}. ` + (close
    ? "Close: the smaller h, the closer the nudge comes to the chain rule."
    : "With a big h the curve of d² shows: make h smaller and the two meet.") +
    ` Nudging both ways is off by ${num(bothGap(n))}: the bend cancels.`;
}

// How far the nudge both ways is from the chain rule, float rounding counted as none.
function bothGap(n) {
  const gap = Math.abs(n.bothWays - n.product);
  return gap < 1e-9 * Math.max(1, Math.abs(n.product)) ? 0 : gap;
}

// The nudge for every h at once, this h marked, so the trend is there to read, not to remember.
function drawTable(table, values, current) {
  const head = el("tr");
  head.append(el("th", { scope: "col" }, "h"), el("th", { scope: "col" }, "ΔL / h"),
    el("th", { scope: "col" }, "gap to the chain rule"), el("th", { scope: "col" }, "both ways"));
  const body = NUDGES.map((h, i) => {
    const n = nudge(values, h);
    const row = el("tr", i === current ? { class: "current", "aria-current": "true" } : {});
    row.append(el("td", {}, i === current ? `${num(h)} ◀` : num(h)), el("td", {}, num(n.measured)),
      el("td", {}, num(Math.abs(n.measured - n.product))), el("td", {}, num(n.bothWays)));
    return row;
  });
  table.replaceChildren(el("caption", {}, "The same nudge for every h"), el("thead"), el("tbody"));
  table.tHead.append(head);
  table.tBodies[0].append(...body);
}

// The nudge enters at a, then each step multiplies the change by its local rate.
function filmSteps(n) {
  const { change: delta, rate } = n;
  const was = Object.fromEntries(PATH.map((name) => [name, n.moves[name][0]]));
  const now = Object.fromEntries(PATH.map((name) => [name, n.moves[name][1]]));
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
  const predicted = rate.L * delta.d;
  const bends = Math.abs(delta.L - predicted) > 0.01 * Math.max(Math.abs(predicted), 1e-12);
  return [
    moved(`Nudge a by h = ${num(n.h)}: a goes from ${was.a} to ${now.a}, so Δa = ${num(n.h)}.`, "a"),
    moved(`e = a·b moves b times as much as a. The rate de/da = b = ${num(rate.e)} multiplies the change: ` +
      `Δe = ${term(rate.e)}·${term(delta.a)} = ${num(rate.e * delta.a)}, ` +
      `so e goes from ${was.e} to ${now.e}.`, "e", "a"),
    moved(`d = e + c passes e's change on as it is. The rate dd/de = 1 multiplies it: ` +
      `Δd = 1·${term(delta.e)} = ${num(delta.d)}, so d goes from ${was.d} to ${now.d}.`, "d", "e"),
    moved(`L = d² moves about 2d times as much as d. The rate dL/dd = 2d = ${num(rate.L)} multiplies the change: ` +
      `ΔL ≈ ${term(rate.L)}·${term(delta.d)} = ${num(predicted)}. Measured: L goes from ${was.L} to ` +
      `${now.L}, ΔL = ${num(delta.L)}.` +
      (bends ? " The square bends, so its rate 2d holds only for small changes." : ""), "L", "d"),
    moved(`All together ΔL ≈ ${term(rate.L)} · 1 · ${term(rate.e)} · h: the chain rule gives dL/da = ` +
      `${num(n.product)}, and the nudge measures ΔL / h = ${num(n.measured)}.`, "L", null,
    { path: PATH, focus: ["a", "L"] }),
  ];
}
