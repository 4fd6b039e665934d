// A tiny autograd over a named graph, for the pictures and films: forward values, micrograd's
// topological order, and one reverse sweep that records every hand-over of gradient. Every
// number a picture shows comes from here, so a moved slider never leaves a pasted number behind.
//
// A graph is plain data: each node names its op and its inputs (a leaf has neither).
//
//   const graph = {
//     output: "L",
//     nodes: {
//       a: {}, b: {},
//       c: { op: "*", inputs: ["a", "b"] },
//       L: { op: "*", inputs: ["c", "c"] },   // one node may feed both inputs of a step
//     },
//   };
//   const s = solve(graph, { a: 2, b: 3 });
//   s.values  // { a: 2, b: 3, c: 6, L: 36 }
//   s.local   // { a: [], b: [], c: [3, 2], L: [6, 6] }   d node / d input, one per input
//   s.order   // ["a", "b", "c", "L"]                      every node after all of its inputs
//   s.grad    // { a: 36, b: 24, c: 12, L: 1 }
//   s.shares  // [{ from: "L", to: "c", local: 6, upstream: 1, share: 6 }, { from: "L", to: "c", ... },
//             //  { from: "c", to: "a", local: 3, upstream: 12, share: 36 }, ...]   in sweep order
//             // (each share also carries `run`: the place of its node's step in the sweep, from 0)
//
// The pieces are exported too: forward(graph, leaves), topologicalOrder(graph, { visited }),
// backward(graph, { values, local }, order, { accumulate }), edgesOf(graph). Ops are the keys of OPS.

// Each op: its value from the input values, and its local derivatives, one per input,
// side by side like micrograd's forward formula and its _backward.
export const OPS = {
  "+": { value: (x, y) => x + y, local: () => [1, 1] },
  "+1": { value: (x) => x + 1, local: () => [1] },
  "-": { value: (x, y) => x - y, local: () => [1, -1] },
  "*": { value: (x, y) => x * y, local: (x, y) => [y, x] },
  "**2": { value: (x) => x * x, local: (x) => [2 * x] },
  tanh: { value: (x) => Math.tanh(x), local: (x) => [1 - Math.tanh(x) ** 2] },
  relu: { value: (x) => Math.max(0, x), local: (x) => [x > 0 ? 1 : 0] },
  exp: { value: (x) => Math.exp(x), local: (x) => [Math.exp(x)] },
};

const inputsOf = (graph, name) => {
  const node = graph.nodes[name];
  if (!node) throw new Error(`graph has no node ${name}`);
  return node.inputs ?? [];
};

// micrograd's build_topo: depth first from the output, a node is placed after all its inputs.
// Inputs are visited in the order the step lists them, so the order is predictable.
// With { visited: false } it runs the classic bug of forgetting the visited set: a node reached
// along two routes is listed (and later swept) twice. Lesson 5's picture shows what that costs.
export function topologicalOrder(graph, { visited = true } = {}) {
  const order = [];
  const seen = new Set();
  const visit = (name) => {
    if (visited && seen.has(name)) return;
    seen.add(name);
    for (const input of inputsOf(graph, name)) visit(input);
    order.push(name);
  };
  visit(graph.output);
  return order;
}

// The forward pass: leaves take the given values, every other node is computed once all of
// its inputs are known (that is, in topological order).
export function forward(graph, leaves) {
  const values = {};
  const local = {};
  for (const name of topologicalOrder(graph)) {
    const node = graph.nodes[name];
    if (!node.op) {
      if (typeof leaves[name] !== "number") throw new Error(`leaf ${name} needs a value`);
      values[name] = leaves[name];
      local[name] = [];
      continue;
    }
    const op = OPS[node.op];
    if (!op) throw new Error(`unknown op ${node.op} at ${name}`);
    const xs = node.inputs.map((input) => values[input]);
    values[name] = op.value(...xs);
    local[name] = op.local(...xs);
  }
  return { values, local };
}

// One reverse sweep: seed the output with 1, then in reverse topological order each node hands
// `local * its grad` to each of its inputs, and the input adds it (+=), so a node used twice,
// even twice by the same step, collects both shares.
// The pictures show two classic bugs with the real sweep: `order` may be a broken one, and
// { accumulate: false } assigns (=) instead of adding, so the last share wins.
export function backward(graph, { values, local }, order = topologicalOrder(graph), { accumulate = true } = {}) {
  const grad = Object.fromEntries(Object.keys(values).map((name) => [name, 0]));
  grad[graph.output] = 1;
  const shares = [];
  [...order].reverse().forEach((name, run) => {
    inputsOf(graph, name).forEach((input, i) => {
      const share = local[name][i] * grad[name];
      shares.push({ from: name, to: input, local: local[name][i], upstream: grad[name], share, run });
      grad[input] = accumulate ? grad[input] + share : share;
    });
  });
  return { grad, shares };
}

// Everything at once, for one setting of the leaves.
export function solve(graph, leaves) {
  const { values, local } = forward(graph, leaves);
  const { grad, shares } = backward(graph, { values, local });
  return { values, local, order: topologicalOrder(graph), grad, shares };
}

// The arrows to draw: one per (input, node) pair, even when a step uses its input twice.
export function edgesOf(graph) {
  const edges = [];
  for (const [to, node] of Object.entries(graph.nodes)) {
    for (const from of new Set(node.inputs ?? [])) edges.push({ from, to });
  }
  return edges;
}
