// An SVG of a small graph at fixed positions: boxes for nodes, arrows for edges (pointing the
// way values flow), text beside edges. The caller places the boxes, so no layout engine is
// needed and the picture never jumps; the viewBox lets it scale down to a phone.
//
//   const drawing = createGraphDrawing({
//     width: 380, height: 230,                   // the viewBox
//     nodes: { a: { x: 4, y: 10, label: "a" }, c: { x: 140, y: 60, label: "c = a·b" }, ... },
//     edges: [{ from: "a", to: "c" }, { from: "c", to: "L", noteAt: [250, 40] }],  // edgesOf(graph) fits
//     rows: ["value", "grad"],                   // lines under each label (class and data-row)
//   });
//   host.append(drawing.svg);
//   drawing.draw({
//     title: "Graph of L = c·c.",               // the aria-label starts with this...
//     nodes: { a: { value: "value 2", grad: "grad ?", badge: "1" }, ... },  // ...and reads all of these
//     notes: { "c-L": ["×2 (c used twice)"] },   // text beside an edge, one string per line
//     focus: ["c"],                             // nodes to ring (the node this step is about)
//     flowing: ["a-c"],                          // edges moving in this film step
//     backward: false,                           // true: flowing edges run child-ward, arrowhead at the child
//     path: ["a", "c", "L"],                     // a path to highlight, node by node
//     muted: ["b"],                              // nodes drawn faint (held fixed, off the path)
//   });
//
// Edge ids are "from-to" (edgeId(from, to)). Missing texts are drawn empty, so a film can
// reveal a node's rows one step at a time.
import { svgEl } from "./dom.js";

const BOX_WIDTH = 110;
const LINE = 17;       // distance between text lines in a box
const GAP = 2;         // air between an arrow's tip and the box it points at
let drawings = 0;      // marker ids must be unique on the page: a picture and a film share it

export const edgeId = (from, to) => `${from}-${to}`;

export function createGraphDrawing({ width, height, nodes, edges = [], rows = ["value", "grad"], className = "" }) {
  const id = ++drawings;
  const boxHeight = 18 + LINE * rows.length + 9;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, class: `graph-picture ${className}`.trim(),
    role: "img", "aria-label": "" });
  const defs = svgEl("defs");
  for (const kind of ["plain", "hot"]) {
    const marker = svgEl("marker", { id: `graph-arrow-${kind}-${id}`, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
    marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: `arrow ${kind}` }));
    defs.append(marker);
  }
  const edgeLayer = svgEl("g", { class: "edges" });
  const noteLayer = svgEl("g", { class: "notes" });
  const nodeLayer = svgEl("g", { class: "nodes" });
  svg.append(defs, edgeLayer, noteLayer, nodeLayer);

  const box = (name) => {
    const spot = nodes[name];
    if (!spot) throw new Error(`no position for node ${name}`);
    return { x: spot.x, y: spot.y, w: spot.width ?? BOX_WIDTH, h: boxHeight };
  };

  const wires = {};
  const notes = {};
  for (const edge of edges) {
    const key = edgeId(edge.from, edge.to);
    const [x1, y1, x2, y2] = between(box(edge.from), box(edge.to));
    wires[key] = svgEl("line", { x1, y1, x2, y2, class: "edge", "data-edge": key });
    edgeLayer.append(wires[key]);
    const [nx, ny] = edge.noteAt ?? [(x1 + x2) / 2 + 6, (y1 + y2) / 2 - 6];
    notes[key] = svgEl("text", { x: nx, y: ny, class: "note", "data-note": key,
      "text-anchor": edge.noteAnchor ?? "start" });
    noteLayer.append(notes[key]);
  }

  const boxes = {};
  for (const [name, spot] of Object.entries(nodes)) {
    const { w, h } = box(name);
    const g = svgEl("g", { class: "node", "data-node": name, transform: `translate(${spot.x} ${spot.y})` });
    g.append(svgEl("rect", { width: w, height: h, rx: 7, class: "box" }),
      svgEl("text", { x: w / 2, y: 18, class: "label" }, spot.label ?? name));
    const lines = {};
    rows.forEach((row, i) => {
      lines[row] = svgEl("text", { x: w / 2, y: 18 + LINE * (i + 1), class: row, "data-row": row });
      g.append(lines[row]);
    });
    // A small numbered disc in the top-left corner (say, a step of the topological order); it
    // stretches into a pill for longer texts such as "1,4".
    const badge = svgEl("g", { class: "badge", "data-badge": name });
    badge.append(svgEl("rect", { x: 2.5, y: 2.5, width: 19, height: 19, rx: 9.5 }), svgEl("text", { x: 12, y: 16 }));
    g.append(badge);
    boxes[name] = { g, lines, badge, label: spot.label ?? name };
    nodeLayer.append(g);
  }

  function draw(view) {
    const onPath = new Set(view.path ?? []);
    const pathEdges = new Set((view.path ?? []).slice(1).map((to, i) => edgeId(view.path[i], to)));
    const flowing = new Set(view.flowing ?? []);
    svg.classList.toggle("backward", Boolean(view.backward));
    for (const [name, { g, lines, badge }] of Object.entries(boxes)) {
      const texts = view.nodes?.[name] ?? {};
      for (const [row, text] of Object.entries(lines)) text.textContent = texts[row] ?? "";
      badge.lastChild.textContent = texts.badge ?? "";
      const wide = Math.max(19, 7.2 * String(texts.badge ?? "").length + 6);
      badge.firstChild.setAttribute("width", wide);
      badge.lastChild.setAttribute("x", 2.5 + wide / 2);
      badge.style.display = texts.badge === undefined ? "none" : "";
      g.classList.toggle("focus", (view.focus ?? []).includes(name));
      g.classList.toggle("on-path", onPath.has(name));
      g.classList.toggle("muted", (view.muted ?? []).includes(name));
    }
    for (const [key, line] of Object.entries(wires)) {
      const hot = pathEdges.has(key) || flowing.has(key);
      line.classList.toggle("path", pathEdges.has(key));
      line.classList.toggle("flowing", flowing.has(key));
      // In a backward step a lit edge carries a gradient from parent to child: its arrowhead
      // sits at the child's end (the marker's auto-start-reverse turns it round), so the way it
      // goes shows without the moving dashes, which reduced motion stops.
      const against = Boolean(view.backward) && flowing.has(key);
      line.setAttribute(against ? "marker-start" : "marker-end", `url(#graph-arrow-${hot ? "hot" : "plain"}-${id})`);
      line.removeAttribute(against ? "marker-end" : "marker-start");
      setLines(notes[key], view.notes?.[key]);
    }
    svg.setAttribute("aria-label", describe(view));
  }

  // The accessible name carries every number on the drawing, in reading order.
  function describe(view) {
    const parts = view.title ? [view.title] : [];
    for (const [name, { label, lines }] of Object.entries(boxes)) {
      const texts = view.nodes?.[name] ?? {};
      const said = Object.keys(lines).map((row) => texts[row]).filter(Boolean);
      parts.push(`${label}: ${said.length ? said.join(", ") : "nothing yet"}.`);
    }
    for (const [key, lines] of Object.entries(view.notes ?? {})) {
      const text = [].concat(lines ?? []).filter(Boolean).join(", ");
      if (text) parts.push(`Beside the arrow ${key.replace("-", " to ")}: ${text}.`);
    }
    return parts.join(" ");
  }

  return { svg, draw, edgeId };
}

// The segment between two boxes' centres, cut where it leaves the first box and where it
// enters the second, so the arrow starts and ends on the box edges whatever the positions.
function between(from, to) {
  const [ax, ay] = [from.x + from.w / 2, from.y + from.h / 2];
  const [bx, by] = [to.x + to.w / 2, to.y + to.h / 2];
  const length = Math.hypot(bx - ax, by - ay);
  const [ux, uy] = [(bx - ax) / length, (by - ay) / length];
  const exit = (b) => Math.min(Math.abs(ux) > 1e-9 ? b.w / 2 / Math.abs(ux) : Infinity,
    Math.abs(uy) > 1e-9 ? b.h / 2 / Math.abs(uy) : Infinity);
  const start = exit(from) + GAP;
  const end = length - exit(to) - GAP;
  const round = (v) => Math.round(v * 10) / 10;
  return [ax + ux * start, ay + uy * start, ax + ux * end, ay + uy * end].map(round);
}

function setLines(text, lines) {
  const parts = [].concat(lines ?? []);
  text.replaceChildren(...parts.map((part, i) =>
    svgEl("tspan", { x: text.getAttribute("x"), dy: i ? "1.25em" : 0, class: `line-${i + 1}` }, part)));
}
