// The SVG of lesson 3's graph: a and b on the left, c = a·b below, L = c + a on the right.
// Fixed positions in a 380-wide viewBox: the drawing scales to its box (down to a 390 px
// phone) and never needs a layout engine. Paths from a to L carry their own colour *and* line
// style, so they stay apart without colour vision.
import { svgEl } from "./dom.js";

const W = 116;   // node box
const H = 58;
const NODES = {
  a: { x: 4, y: 22, label: "a" },
  b: { x: 4, y: 184, label: "b" },
  c: { x: 148, y: 170, label: "c = a·b" },
  L: { x: 260, y: 22, label: "L = c + a" },
};
// [id, from point, to point, path]: arrows point the way values flow (forward);
// gradients run against them.
const EDGES = [
  ["a-L", [122, 51], [256, 51], "direct"],
  ["a-c", [122, 74], [166, 166], "through"],
  ["c-L", [248, 168], [300, 84], "through"],
  ["b-c", [122, 213], [144, 204], "other"],
];
let drawings = 0;  // marker ids must be unique on the page (picture and film share it)

export function createDrawing(label) {
  const id = ++drawings;
  const svg = svgEl("svg", { viewBox: "0 0 380 246", class: "branching-svg", role: "img", "aria-label": label });
  const defs = svgEl("defs");
  for (const kind of ["direct", "through", "other"]) {
    const marker = svgEl("marker", { id: `arrow-${kind}-${id}`, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
    marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: `arrow ${kind}` }));
    defs.append(marker);
  }
  svg.append(defs);
  const edges = svgEl("g", { class: "edges" });
  const labels = svgEl("g", { class: "path-labels" });
  const nodes = svgEl("g", { class: "nodes" });
  svg.append(edges, labels, nodes);

  const wires = {};
  for (const [edge, [x1, y1], [x2, y2], kind] of EDGES) {
    wires[edge] = svgEl("line", { x1, y1, x2, y2, class: `edge ${kind}`, "data-edge": edge,
      "marker-end": `url(#arrow-${kind}-${id})` });
    edges.append(wires[edge]);
  }
  const direct = svgEl("text", { x: 188, y: 42, class: "path-label direct", "data-path": "direct" });
  const through = svgEl("text", { x: 206, y: 112, class: "path-label through", "data-path": "through-c" });
  labels.append(direct, through);

  const boxes = {};
  for (const [name, spot] of Object.entries(NODES)) {
    const g = svgEl("g", { class: "node", "data-node": name, transform: `translate(${spot.x} ${spot.y})` });
    const text = (cls, y) => svgEl("text", { x: W / 2, y, class: cls });
    const parts = { value: text("value", 35), grad: text("grad", 51) };
    g.append(svgEl("rect", { width: W, height: H, rx: 7, class: "box" }), text("label", 18), parts.value, parts.grad);
    g.querySelector(".label").textContent = spot.label;
    boxes[name] = { g, ...parts };
    nodes.append(g);
  }
  // Under a: how its gradient is made (the sum), and what the `=` bug would report instead.
  const note = svgEl("text", { x: 62, y: 98, class: "note sum", "data-testid": "sum-note" });
  const wrong = svgEl("text", { x: 62, y: 122, class: "note wrong", "data-testid": "wrong-note" });
  nodes.append(note, wrong);

  // view: {values, grads: {node: text}, direct, note: text, through, wrong: [line, ...] (two short
  // lines fit where one long one would cross an edge), flowing: [edge], focus: [node], label}
  function draw(view) {
    svg.setAttribute("aria-label", view.label);
    for (const [name, box] of Object.entries(boxes)) {
      box.value.textContent = `value ${view.values[name]}`;
      box.grad.textContent = `grad ${view.grads[name]}`;
      box.g.classList.toggle("focus", view.focus.includes(name));
    }
    // The film's lit edges carry a gradient back, parent to child: the arrowhead goes to the
    // child's end, so the way shows without the moving dashes (stopped by reduced motion).
    for (const [edge, line] of Object.entries(wires)) {
      const lit = view.flowing.includes(edge);
      const marker = line.getAttribute("marker-end") ?? line.getAttribute("marker-start");
      line.classList.toggle("flowing", lit);
      line.removeAttribute(lit ? "marker-end" : "marker-start");
      line.setAttribute(lit ? "marker-start" : "marker-end", marker);
    }
    direct.textContent = view.direct ?? "";
    note.textContent = view.note ?? "";
    setLines(through, view.through);
    setLines(wrong, view.wrong);
  }
  return { svg, draw };
}

function setLines(text, parts = []) {
  text.replaceChildren(...parts.map((part, i) =>
    svgEl("tspan", { x: text.getAttribute("x"), dy: i ? "1.2em" : 0, class: `line-${i + 1}` }, part)));
}
