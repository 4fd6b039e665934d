// Draw a Value's computation graph (the JSON of grader/core/graph.py) as SVG, left to right
// like micrograd's draw_dot: inputs on the left, the output on the right, one record per
// node (its name, data and grad) with its op in a small pill where the inputs come in.
// dagre places the nodes; everything else is plain DOM, so there is nothing to animate.
import dagre from "@dagrejs/dagre";

const SVG = "http://www.w3.org/2000/svg";
const LINE = 16;      // px between text lines in a record
const PAD = 8;        // px inside a record
const OP_GAP = 12;    // px of wire between the op pill and its record
const PILL_H = 20;
let drawings = 0;     // makes each arrowhead marker id unique on the page

// 4 significant digits, without trailing zeros: 8, 0.1235, 1.5e-7. null means "not a number".
export function format(x) {
  if (typeof x !== "number") return "?";
  return String(parseFloat(x.toPrecision(4)));
}

export function renderGraph(section, graph) {
  section.replaceChildren();
  section.hidden = false;  // before measuring: hidden elements have no size
  const title = element("h3", "graph-title", `Computation graph of ${graph.name}`);
  title.id = "graph-title";  // the section is labelled by it (lesson.html)
  const scroller = element("div", "graph-scroll");
  scroller.tabIndex = 0;  // keyboard users can scroll a graph wider than the screen
  scroller.setAttribute("role", "group");
  scroller.setAttribute("aria-label", "The graph, scrollable");
  section.append(title);
  if (graph.truncated) {
    const total = graph.total_exact === false ? `${graph.total}+` : graph.total;
    section.append(element("p", "graph-note",
      `Large graph: showing ${graph.nodes.length} of ${total} nodes, the ones nearest the output.`));
  }
  section.append(scroller);

  const svg = svgElement("svg", { class: "graph-svg", role: "img" });
  scroller.append(svg);
  const charWidth = measureChar(svg);
  const layout = place(graph, charWidth);
  const { width, height } = layout.graph();
  svg.setAttribute("width", Math.ceil(width));
  svg.setAttribute("height", Math.ceil(height));
  svg.setAttribute("viewBox", `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`);
  svg.setAttribute("aria-label", summary(graph));

  const marker = `graph-arrow-${++drawings}`;
  svg.append(arrowhead(marker));
  const wires = svgElement("g", { class: "edges" });
  const records = svgElement("g", { class: "nodes" });
  svg.append(wires, records);
  for (const edge of layout.edges()) wires.append(wire(layout, edge, marker));
  for (const id of layout.nodes()) records.append(record(layout.node(id)));

  section.append(table(graph));
  // The output is at the right end: show it first, the learner scrolls back towards inputs.
  const output = layout.node(String(graph.nodes[0].id));
  scroller.scrollLeft = scroller.scrollWidth;
  scroller.scrollTop = Math.max(0, output.y - scroller.clientHeight / 2);
}

// What a screen reader hears for the picture; the table after it has the details.
function summary(graph) {
  const out = graph.nodes[0];
  const count = graph.truncated ? `${graph.total} nodes (${graph.nodes.length} shown)` : `${graph.total} nodes`;
  return `Graph of ${graph.name}: ${count}, output data ${format(out.data)}, grad ${format(out.grad)}`;
}

// Node sizes from their text (monospace, so one character's width says it all), then dagre.
function place(graph, charWidth) {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: "LR", nodesep: 14, ranksep: 34, marginx: 10, marginy: 10 });
  layout.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) {
    const lines = [`data ${format(node.data)}`, `grad ${format(node.grad)}`];
    if (node.label) lines.unshift(node.label);
    const boxWidth = Math.max(...lines.map((l) => l.length)) * charWidth + 2 * PAD;
    const pillWidth = node.op ? node.op.length * charWidth + 14 : 0;
    layout.setNode(String(node.id), {
      node, lines, boxWidth, pillWidth,
      width: boxWidth + (pillWidth ? pillWidth + OP_GAP : 0),
      height: lines.length * LINE + 2 * PAD - 4,
    });
  }
  for (const [child, parent] of graph.edges) {
    if (layout.hasNode(String(child)) && layout.hasNode(String(parent))) {
      layout.setEdge(String(child), String(parent));
    }
  }
  dagre.layout(layout);
  return layout;
}

// One record: [op pill]──[label / data / grad]. Edges arrive at the pill, as at draw_dot's op node.
function record(spot) {
  const { node, lines, boxWidth, pillWidth } = spot;
  const left = spot.x - spot.width / 2;
  const top = spot.y - spot.height / 2;
  const classes = ["node", node.id === 0 ? "output" : "", node.hidden ? "cut" : ""];
  const group = svgElement("g", { class: classes.join(" ").trim(), transform: `translate(${left},${top})`,
    "data-node": node.id });
  let boxLeft = 0;
  if (pillWidth) {
    const mid = spot.height / 2;
    group.append(
      svgElement("rect", { class: "op", x: 0, y: mid - PILL_H / 2, width: pillWidth, height: PILL_H, rx: PILL_H / 2 }),
      text(node.op, pillWidth / 2, mid, "op-text"),
      svgElement("line", { class: "op-wire", x1: pillWidth, y1: mid, x2: pillWidth + OP_GAP, y2: mid }));
    boxLeft = pillWidth + OP_GAP;
  }
  group.append(svgElement("rect", { class: "box", x: boxLeft, y: 0, width: boxWidth, height: spot.height, rx: 4 }));
  lines.forEach((line, i) => {
    const kind = i === lines.length - 1 ? "grad" : i === lines.length - 2 ? "data" : "label";
    group.append(text(line, boxLeft + PAD, PAD + LINE * i + LINE / 2, kind, "start"));
  });
  if (node.hidden) {
    group.append(svgElement("title", {}, `${node.hidden} input(s) not shown`));
  }
  return group;
}

// A child→parent wire: from the child's right side to the parent's left side (its op pill),
// through dagre's bend points, each step a horizontal S-curve.
function wire(layout, edge, marker) {
  const from = layout.node(edge.v);
  const to = layout.node(edge.w);
  const points = layout.edge(edge).points.slice(1, -1);
  points.unshift({ x: from.x + from.width / 2, y: from.y });
  points.push({ x: to.x - to.width / 2 - 2, y: to.y });
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const half = (b.x - a.x) / 2;
    d += ` C${a.x + half},${a.y} ${b.x - half},${b.y} ${b.x},${b.y}`;
  }
  return svgElement("path", { class: "edge", d, "marker-end": `url(#${marker})`,
    "data-from": edge.v, "data-to": edge.w });
}

function arrowhead(id) {
  const defs = svgElement("defs");
  const marker = svgElement("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5,
    markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svgElement("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow" }));
  defs.append(marker);
  return defs;
}

// The same graph for screen readers: one row per node, with the nodes that feed it.
function table(graph) {
  const name = (id) => {
    const node = graph.nodes.find((n) => n.id === id);
    return node && node.label ? node.label : `#${id}`;
  };
  const inputs = new Map();
  for (const [child, parent] of graph.edges) {
    if (!inputs.has(parent)) inputs.set(parent, []);
    inputs.get(parent).push(name(child));
  }
  const box = element("table", "graph-table");
  box.append(element("caption", "", `Nodes of the graph of ${graph.name}, output first`));
  const head = element("tr");
  for (const h of ["node", "op", "data", "grad", "inputs"]) head.append(element("th", "", h));
  box.append(head);
  for (const node of graph.nodes) {
    const row = element("tr");
    let fed = (inputs.get(node.id) || []).join(", ");
    if (node.hidden) fed += `${fed ? ", " : ""}${node.hidden} not shown`;
    for (const cell of [name(node.id), node.op || "", format(node.data), format(node.grad), fed || "none"]) {
      row.append(element("td", "", cell));
    }
    box.append(row);
  }
  // Hidden from the eye by a wrapper: a table itself will not shrink to 1 px.
  const wrapper = element("div", "sr-only");
  wrapper.append(box);
  return wrapper;
}

function measureChar(svg) {
  const probe = text("0".repeat(20), 0, 0, "label");
  svg.append(probe);
  const width = probe.getComputedTextLength() / 20;
  probe.remove();
  return width > 0 ? width : 7.5;  // a guess for a browser that cannot measure
}

function text(content, x, y, cls, anchor = "middle") {
  const node = svgElement("text", { class: cls, x, y, "text-anchor": anchor, "dominant-baseline": "central" });
  node.textContent = content;
  return node;
}

function svgElement(tag, attributes = {}, content = "") {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (content) node.textContent = content;
  return node;
}

function element(tag, cls = "", content = "") {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (content) node.textContent = content;
  return node;
}
