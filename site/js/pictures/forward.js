// Lesson 1's figure: L = (a·b + c)² drawn as its graph of small steps. The picture recomputes
// every node as the sliders move; the film replays the forward pass one step at a time, each
// step only once the values it uses are known. Lesson 2 reuses the graph and the sliders.
import { createGraphDrawing, edgeId } from "./graph-draw.js";
import { edgesOf, solve } from "./graph-model.js";
import { el, num, sayResult, slider, term } from "./dom.js";
import { createFilm } from "./film.js";

// The lessons' formula, one small step per node (squaring is its own op, as in the text).
export const FORMULA = {
  output: "L",
  nodes: {
    a: {}, b: {}, c: {},
    e: { op: "*", inputs: ["a", "b"] },
    d: { op: "+", inputs: ["e", "c"] },
    L: { op: "**2", inputs: ["d"] },
  },
};
export const LABELS = { a: "a", b: "b", c: "c", e: "e = a·b", d: "d = e + c", L: "L = d²" };
// The arithmetic of each step with its inputs' numbers in: "2·(-3)", "-6 + 10", "4²".
export const WORK = {
  e: (v) => `${term(v.a)}·${term(v.b)}`,
  d: (v) => `${term(v.e)} + ${term(v.c)}`,
  L: (v) => `${term(v.d)}²`,
};
// The leaves' sliders: the lessons' numbers to start, ranges that keep every value short.
export const LEAF_SLIDERS = [
  ["a", { min: -3, max: 3, step: 0.1, value: 2 }],
  ["b", { min: -3, max: 3, step: 0.1, value: -3 }],
  ["c", { min: -10, max: 10, step: 0.5, value: 10 }],
];

// Top to bottom, the way values flow: a and b, then e beside c (c is only needed by d), d, L.
// Boxes are 124 wide so "(-8.41) + (-9.5)", the longest step the sliders allow, fits.
const LAYOUT = {
  a: { x: 10, y: 4 }, b: { x: 150, y: 4 },
  e: { x: 80, y: 104 }, c: { x: 252, y: 104 },
  d: { x: 166, y: 204 },
  L: { x: 166, y: 304 },
};

function drawing() {
  const nodes = Object.fromEntries(Object.entries(LAYOUT).map(([name, spot]) =>
    [name, { ...spot, width: 124, label: LABELS[name] }]));
  return createGraphDrawing({ width: 380, height: 369, nodes, edges: edgesOf(FORMULA),
    rows: ["work", "value"], className: "forward-svg" });
}

export function startForward(figure) {
  const caption = el("figcaption");
  caption.append(el("h2", { class: "picture-title" }, "Picture: a formula is a graph of small steps. "),
    "Move a, b and c: every step below is worked out again from the values it uses.");
  const sliders = LEAF_SLIDERS.map(([name, range]) => slider(name, range));
  const controls = el("div", { class: "picture-controls" });
  controls.append(...sliders.map((s) => s.row));
  const picture = drawing();
  picture.svg.dataset.testid = "picture-svg";
  const still = el("div", { class: "picture-still", "data-testid": "picture-still" });
  still.append(controls, picture.svg);

  const filmBox = el("section", { class: "film", "data-testid": "film", "aria-labelledby": "film-title" });
  filmBox.append(el("h3", { id: "film-title" }, "Film: the forward pass, one step at a time"));
  const frame = drawing();
  frame.svg.dataset.testid = "film-svg";
  filmBox.append(frame.svg);
  let solved = null;
  const film = createFilm(filmBox, {
    label: "Forward pass",
    start: () => ({ known: new Set(), focus: [], flowing: [], badges: {} }),
    draw: (state, index, count) => frame.draw({
      title: `Film, step ${index + 1} of ${count}.`,
      nodes: rows(solved.values, state.known, state.badges),
      focus: state.focus, flowing: state.flowing,
    }),
  });
  figure.replaceChildren(caption, still, filmBox);

  function update() {
    const leaves = Object.fromEntries(sliders.map((s) => [s.name, s.value()]));
    solved = solve(FORMULA, leaves);
    const known = new Set(solved.order);
    picture.draw({
      title: `Graph of L = (a·b + c)² with a = ${num(leaves.a)}, b = ${num(leaves.b)}, c = ${num(leaves.c)}.`,
      nodes: rows(solved.values, known, {}),
    });
    film.setSteps(filmSteps(solved));
    sayResult(sliders, `L = ${num(solved.values.L)}`);
  }
  for (const s of sliders) s.input.addEventListener("input", update);
  update();
}

// What each box says: the step's arithmetic and its value, or "?" and what it still waits for.
function rows(values, known, badges) {
  return Object.fromEntries(Object.keys(FORMULA.nodes).map((name) => {
    const inputs = FORMULA.nodes[name].inputs;
    const text = !inputs ? { work: "input", value: `value ${num(values[name])}` }
      : known.has(name) ? { work: WORK[name](values), value: `value ${num(values[name])}` }
      : { work: `needs ${inputs.join(", ")}`, value: "value ?" };
    return [name, { ...text, badge: badges[name] }];
  }));
}

// Step 1: the leaves are given. Then one step per computed node, in topological order, so the
// film computes each node exactly when micrograd's order would.
function filmSteps(s) {
  const leaves = s.order.filter((name) => !FORMULA.nodes[name].inputs);
  const v = s.values;
  const steps = [{
    text: `The leaves are given: ${leaves.map((name) => `${name} = ${num(v[name])}`).join(", ")}. ` +
      "Nothing else can be computed before the values it uses are known.",
    apply(state) {
      for (const name of leaves) { state.known.add(name); state.badges[name] = "1"; }
      state.focus = leaves;
    },
  }];
  const computed = s.order.filter((name) => FORMULA.nodes[name].inputs);
  computed.forEach((name, i) => {
    const inputs = FORMULA.nodes[name].inputs;
    const last = i === computed.length - 1;
    steps.push({
      text: `${LABELS[name]} = ${WORK[name](v)} = ${num(v[name])}: ` +
        `${inputs.length > 1 ? `${inputs.join(" and ")} are` : `${inputs[0]} is`} known now.` +
        (last ? " Done: every step ran once, after the values it uses." : ""),
      apply(state) {
        state.known.add(name);
        state.badges[name] = String(i + 2);
        state.focus = [name];
        state.flowing = inputs.map((input) => edgeId(input, name));
      },
    });
  });
  return steps;
}
