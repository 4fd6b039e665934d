// Lesson 5's figure: backward() on c = a·b, L = c·c (the lesson's graph, where c is used twice).
// The picture numbers the topological order on the graph and shows the grads one sweep gives,
// with a toggle that forgets the visited set (c is listed twice, and the grads come out doubled).
// The film builds the order one node at a time, seeds L, then sweeps back one node per step.
import { createGraphDrawing, edgeId } from "./graph-draw.js";
import { backward, edgesOf, forward, solve, topologicalOrder } from "./graph-model.js";
import { el, num, slider, term } from "./dom.js";
import { createFilm } from "./film.js";

const GRAPH = {
  output: "L",
  nodes: { a: {}, b: {}, c: { op: "*", inputs: ["a", "b"] }, L: { op: "*", inputs: ["c", "c"] } },
};
const LABELS = { a: "a", b: "b", c: "c = a·b", L: "L = c·c" };
// a and b on top, c below them, L at the bottom: values flow down, gradients climb back up.
const LAYOUT = { a: { x: 22, y: 4 }, b: { x: 234, y: 4 }, c: { x: 128, y: 112 }, L: { x: 128, y: 220 } };
const NOTES = { "a-c": [22, 96, "start"], "b-c": [358, 96, "end"], "c-L": [255, 200, "start"] };

function drawing() {
  const nodes = Object.fromEntries(Object.entries(LAYOUT).map(([name, spot]) =>
    [name, { ...spot, width: 124, label: LABELS[name] }]));
  const edges = edgesOf(GRAPH).map((edge) => {
    const [x, y, anchor] = NOTES[edgeId(edge.from, edge.to)];
    return { ...edge, noteAt: [x, y], noteAnchor: anchor };
  });
  return createGraphDrawing({ width: 380, height: 286, nodes, edges, rows: ["value", "grad"],
    className: "sweep-svg" });
}

export function startSweep(figure) {
  const caption = el("figcaption");
  caption.append(el("strong", {}, "Picture: order first, then one sweep back. "),
    "The numbers in the corners are the topological order; backward() visits it in reverse. " +
    "Move a and b, or forget the visited set, and watch the gradients.");
  const sliders = [slider("a", { min: -4, max: 4, step: 0.1, value: 2 }),
    slider("b", { min: -4, max: 4, step: 0.1, value: 3 })];
  const toggle = el("input", { type: "checkbox", id: "picture-no-visited", "data-testid": "no-visited" });
  const toggleLabel = el("label", { for: "picture-no-visited", class: "picture-toggle" });
  toggleLabel.append(toggle, " build the order without a visited set");
  const controls = el("div", { class: "picture-controls" });
  controls.append(...sliders.map((s) => s.row), toggleLabel);
  const picture = drawing();
  picture.svg.dataset.testid = "picture-svg";
  const order = el("p", { class: "sweep-order", "data-testid": "picture-order" });
  const wrong = el("p", { class: "picture-wrong", "data-testid": "picture-wrong", "aria-live": "polite" });
  const still = el("div", { class: "picture-still", "data-testid": "picture-still" });
  still.append(controls, picture.svg, order, wrong);

  const filmBox = el("section", { class: "film", "data-testid": "film", "aria-labelledby": "film-title" });
  filmBox.append(el("h3", { id: "film-title" }, "Film: backward(), the order and then the sweep"));
  const frame = drawing();
  frame.svg.dataset.testid = "film-svg";
  filmBox.append(frame.svg);
  let solved = solve(GRAPH, { a: 2, b: 3 });
  const film = createFilm(filmBox, {
    label: "backward()",
    start: () => ({ badges: {}, grads: {}, notes: {}, focus: [], flowing: [], backward: false }),
    draw: (state, index, count) => frame.draw({
      title: `Film, step ${index + 1} of ${count}.`,
      nodes: Object.fromEntries(Object.keys(GRAPH.nodes).map((name) => [name, {
        value: `value ${num(solved.values[name])}`,
        grad: `grad ${name in state.grads ? num(state.grads[name]) : "?"}`,
        badge: state.badges[name],
      }])),
      notes: state.notes, focus: state.focus, flowing: state.flowing, backward: state.backward,
    }),
  });
  figure.replaceChildren(caption, still, filmBox);

  function update() {
    const leaves = { a: sliders[0].value(), b: sliders[1].value() };
    solved = solve(GRAPH, leaves);
    const broken = toggle.checked ? sweepWithoutVisited(leaves) : null;
    const shown = broken ?? solved;
    picture.draw({
      title: `Graph of c = a·b, L = c·c with a = ${num(leaves.a)}, b = ${num(leaves.b)}` +
        (broken ? ", swept without a visited set (wrong)." : "."),
      nodes: Object.fromEntries(Object.keys(GRAPH.nodes).map((name) => [name, {
        value: `value ${num(shown.values[name])}`,
        grad: `grad ${num(shown.grad[name])}${shown.grad[name] === solved.grad[name] ? "" : " ✗"}`,
        badge: badgesOf(shown.order)[name],
      }])),
      notes: broken ? {} : sweepNotes(solved),
    });
    order.textContent = `Order: ${shown.order.join(", ")}. Sweep: ${[...shown.order].reverse().join(", ")}.`;
    wrong.hidden = !broken;
    wrong.textContent = broken ? wrongSentence(solved, broken) : "";
    film.setSteps(filmSteps(solved));
  }
  for (const input of [...sliders.map((s) => s.input), toggle]) input.addEventListener("input", update);
  toggle.addEventListener("change", update);  // some browsers fire only change on checkboxes
  update();
}

// The classic bug: without a visited set, c is reached twice (L = c·c) and listed twice, so the
// sweep runs c's step twice with its full gradient each time.
function sweepWithoutVisited(leaves) {
  const computed = forward(GRAPH, leaves);
  const order = topologicalOrder(GRAPH, { visited: false });
  return { ...computed, order, ...backward(GRAPH, computed, order) };
}

// A node's badge lists every place it has in the order ("1, 4" when it is listed twice).
function badgesOf(order) {
  const places = {};
  order.forEach((name, i) => { places[name] = places[name] ? `${places[name]},${i + 1}` : String(i + 1); });
  return places;
}

// Beside each arrow, what crossed it backwards: local gradient × the node's grad.
function sweepNotes(s) {
  const notes = {};
  for (const share of s.shares) {
    const key = edgeId(share.to, share.from);
    (notes[key] ??= []).push(share);
  }
  return Object.fromEntries(Object.entries(notes).map(([key, shares]) => [key, [shareText(shares)]]));
}

function shareText(shares) {
  const parts = shares.map((s) => `${term(s.local)}·${term(s.upstream)}`);
  const total = shares.reduce((sum, s) => sum + s.share, 0);
  return `${parts.join(" + ")} = ${num(total)}`;
}

function wrongSentence(right, wrong) {
  return `Without a visited set the order lists c twice (${wrong.order.join(", ")}), so the sweep ` +
    `runs c's step twice: a.grad would be ${num(wrong.grad.a)} and b.grad ${num(wrong.grad.b)}, wrong ` +
    `(the right values are ${num(right.grad.a)} and ${num(right.grad.b)}).`;
}

// The film: one frame per node joining the order (children first, as depth-first visit() appends
// them), the seed, then one frame per node of the sweep, each handing local × grad to its
// children with +=. Grads are kept as numbers and formatted only when drawn.
function filmSteps(s) {
  const steps = visits(GRAPH).map(({ name, stack, skipped }, i) => ({
    text: orderText(name, stack, skipped, i + 1),
    apply(state) {
      state.badges[name] = String(i + 1);
      state.focus = [name];
    },
  }));
  steps.push({
    text: `The order is ${s.order.join(", ")}: every node after its children. Seed: ` +
      `${GRAPH.output}.grad = 1, then sweep the order in reverse.`,
    apply(state) {
      state.grads[GRAPH.output] = 1;
      state.focus = [GRAPH.output];
      state.backward = true;
    },
  });
  for (const name of [...s.order].reverse()) {
    const shares = s.shares.filter((share) => share.from === name);
    const children = [...new Set(shares.map((share) => share.to))];
    const to = (child) => shares.filter((share) => share.to === child);
    const place = `${name} (number ${s.order.indexOf(name) + 1})`;
    steps.push({
      text: shares.length
        ? `${place} has its whole grad, ${num(s.grad[name])}: it hands ` +
          children.map((child) => `${shareText(to(child))} to ${child}`).join(" and ") +
          ` (local gradient × ${name}.grad, added with +=).`
        : `${place} is a leaf: nothing to hand on. ${name}.grad = ${num(s.grad[name])}.`,
      apply(state) {
        for (const child of children) {
          state.grads[child] = (state.grads[child] ?? 0) + to(child).reduce((t, share) => t + share.share, 0);
          state.notes[edgeId(child, name)] = [shareText(to(child))];
        }
        state.focus = [name];
        state.flowing = children.map((child) => edgeId(child, name));
      },
    });
  }
  return steps;
}

// Each node as depth-first visit() appends it: the calls under way at that moment (output
// first) and the children it skipped because they were already visited.
function visits(graph) {
  const appended = [];
  const seen = new Set();
  const visit = (name, stack) => {
    seen.add(name);
    const skipped = [];
    for (const input of graph.nodes[name].inputs ?? []) {
      if (seen.has(input)) skipped.push(input);
      else visit(input, [...stack, input]);
    }
    appended.push({ name, stack, skipped });
  };
  visit(graph.output, [graph.output]);
  return appended;
}

function orderText(name, stack, skipped, number) {
  const calls = stack.map((node) => `visit(${node})`).join(" → ");
  const inputs = GRAPH.nodes[name].inputs;
  if (!inputs) return `${calls}: ${name} has no children, so it is appended: number ${number}.`;
  const again = skipped.length ? ` (the second ${skipped.join(", ")} is skipped: already visited)` : "";
  return `Back in visit(${name}): its children are all in the order${again}, so ${name} is appended: ` +
    `number ${number}.`;
}
