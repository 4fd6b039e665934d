// What lesson 4's picture and film draw: the node diagram (children on the left, out on the
// right, each edge labelled with its local gradient) and the two code panels that store the
// same node in the two designs. Everything is redrawn from a model (value-ops.js evaluate())
// on each change: a few dozen elements, nothing worth diffing.
import { el, svgEl } from "./dom.js";
import { py, pyData, show } from "./value-ops.js";

const W = 116;  // node box; the 380-wide viewBox scales down to a 390 px phone
const H = 58;
const OUT_X = 260;
// By number of children: one child level with out, or two above and below it.
const LAYOUT = { 1: { height: 130, out: 36, children: [36] }, 2: { height: 190, out: 66, children: [8, 124] } };
let drawings = 0;  // marker ids must be unique on the page (picture and film share it)

export function createDiagram() {
  const id = ++drawings;
  const svg = svgEl("svg", { class: "value-svg", role: "img" });

  // view: {label, out: {label, data, grad}, children: [{name, data, grad, local}],
  //        flowing: [child name], focus: [node name]}; every field is text already.
  function draw(view) {
    svg.setAttribute("aria-label", view.label);
    const marker = svgEl("marker", { id: `value-arrow-${id}`, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
    marker.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow" }));
    const edges = svgEl("g", { class: "edges" });
    const nodes = svgEl("g", { class: "nodes" });
    const layout = LAYOUT[view.children.length];
    const ys = layout.children;
    svg.setAttribute("viewBox", `0 0 380 ${layout.height}`);
    view.children.forEach((child, i) => {
      const y = ys[i];
      const [x1, y1, x2, y2] = [W + 4, y + H / 2, OUT_X - 4, layout.out + H / 2 + (i - (ys.length - 1) / 2) * 18];
      // A lit edge carries the gradient back to the child: its arrowhead sits at the child's
      // end, so the way shows without the moving dashes (stopped by reduced motion).
      const lit = view.flowing.includes(child.name);
      edges.append(svgEl("line", { x1, y1, x2, y2, "data-edge": child.name, class: `edge${lit ? " flowing" : ""}`,
        [lit ? "marker-start" : "marker-end"]: `url(#value-arrow-${id})` }));
      // The local gradient sits at its edge's child end, on the side the edge leans away from
      // (above the first, below the second), so the slanted line never crosses the text.
      edges.append(svgEl("text", { x: x1 + 6, y: i === 0 ? y1 - 7 : y1 + 17, class: "local", "data-local": child.name },
        `local ${child.local}`));
      nodes.append(box(child.name, { x: 4, y }, child.name, child, view.focus));
    });
    nodes.append(box("out", { x: OUT_X, y: layout.out }, view.out.label, view.out, view.focus));
    svg.replaceChildren(svgEl("defs", {}), edges, nodes);
    svg.firstChild.append(marker);
  }
  return { svg, draw };
}

function box(name, spot, label, { data, grad }, focus) {
  const g = svgEl("g", { class: `node${focus.includes(name) ? " focus" : ""}`, "data-node": name,
    transform: `translate(${spot.x} ${spot.y})` });
  g.append(svgEl("rect", { width: W, height: H, rx: 7, class: "box" }),
    svgEl("text", { x: W / 2, y: 18, class: "label" }, label),
    svgEl("text", { x: W / 2, y: 35, class: "data" }, `data ${data}`),
    svgEl("text", { x: W / 2, y: 51, class: "grad" }, `grad ${grad}`));
  return g;
}

// The two designs side by side (stacked on a phone). `prefix` keeps ids and test ids apart
// when the picture and the film each hold a pair; `heading` fits the panel titles into the page
// outline (h3 in the picture, h4 under the film's own h3).
export function createDesigns(prefix, heading) {
  const element = el("div", { class: "value-designs" });
  const panels = {};
  const titles = { closures: "(i) closures (micrograd)", stored: "(ii) stored local grads (microgpt)" };
  for (const [design, title] of Object.entries(titles)) {
    const titleId = `${prefix}-${design}-title`;
    const section = el("div", { class: `value-design value-${design}`, role: "group", "aria-labelledby": titleId,
      "data-testid": `${prefix}-${design}` });
    const code = el("code");
    const foot = el("p", { class: "value-design-foot", "data-testid": `${prefix}-${design}-foot` });
    const pre = el("pre", { class: "value-code" });
    pre.append(code);
    section.append(el(heading, { id: titleId, class: "value-design-title" }, title), pre, foot);
    element.append(section);
    panels[design] = { code, foot };
  }

  // highlight: {closures: [role], stored: [role]}; foot: {closures: text, stored: text}.
  function draw(model, { highlight = {}, foot }) {
    const lines = designCode(model);
    for (const [design, panel] of Object.entries(panels)) {
      panel.code.replaceChildren(...lines[design].map(([role, text]) => {
        const current = (highlight[design] ?? []).includes(role);
        // A line too long for the panel goes on four columns past its own indentation
        // (pictures-value.css): wrapped back to the margin, "self.grad += 3.0 *" over "out.grad"
        // read as two statements, the second at the top level.
        const hang = text.length - text.trimStart().length + 4;
        return el("span", { class: `line${current ? " current" : ""}`, "data-role": role,
          style: `--hang: ${hang}ch` }, text);
      }));
      panel.foot.textContent = foot[design];
    }
  }
  return { element, draw };
}

// The node as each design builds it inside the operation's method, with today's numbers put
// in (`self` is x, `other` is y). Lines are [role, text]; the film lights lines up by role.
// micrograd's Value takes an op label; microgpt's takes (data, children, local_grads) only.
export function designCode(model) {
  const { spec, inputs, children } = model;
  const names = ["self", "other"].slice(0, children.length);
  const tuple = (items) => (items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`);
  // An undefined number is shown as the Python that computes it (and fails there).
  const data = pyData(model);
  const local = (child, i) => (Number.isFinite(child.local) ? py(child.local) : spec.locals[i].pyValue(inputs));
  const make = `Value(${data}, ${tuple(names)}`;
  const op = `'${spec.pyOp(inputs)}'`;
  const why = (child) => (child.code ? ` = ${child.code}` : ": + passes out.grad on");

  const closures = [
    ["make", `# forward, inside ${spec.call}:`],
    ["make", `out = ${make}, ${op})`],
    ["keep", "def _backward():"],
    ...children.flatMap((child, i) => [
      [`child-${i}`, `    # ${local(child, i)}${why(child)}`],
      [`child-${i}`, `    ${names[i]}.grad += ${local(child, i)} * out.grad`],
    ]),
    ["keep", "out._backward = _backward"],
    ["", "# backward: out runs its own closure"],
    ["seed", "out.grad = 1.0"],
    ["run", "out._backward()"],
  ];
  const locals = tuple(children.map(local));
  const rules = children.every((child) => child.code)
    ? ` = ${tuple(children.map((child) => child.code))}` : ": + passes out.grad on";
  const stored = [
    ["make", `# forward, inside ${spec.call}:`],
    ["make", `out = ${make},`],
    ["keep", `            ${locals})`],
    ["keep", `# ${locals}${rules}`],
    ["", "# backward: one loop for every node v"],
    ["seed", "out.grad = 1.0"],
    ["loop", "v = out"],
    ["loop", "for child, local_grad in zip("],
    ["loop", "    v._children, v._local_grads"],
    ["loop", "):"],
    ["step", "    child.grad += local_grad * v.grad"],
  ];
  return { closures, stored };
}

// "x.grad = 3, y.grad = 2": the child grads after the step, one list for both designs.
export function gradsText(children) {
  return children.map((child) => `${child.name}.grad = ${show(child.grad)}`).join(", ");
}
