// Lesson 3's graph, a = given, b = given, c = a * b, L = c + a, and a real (tiny) backward pass
// over it. Every number the picture and the film show comes from here, so moving a slider can
// never leave a stale or pasted number behind.

// Each node lists its inputs with the local derivative d(node)/d(input), the way a Value
// stores its children and local gradients. L's inputs are (c, a) in the order of `c + a`.
export function forward(a, b) {
  const c = a * b;
  return {
    output: "L",
    values: { a, b, c, L: c + a },
    inputs: {
      a: [],
      b: [],
      c: [["a", b], ["b", a]],
      L: [["c", 1], ["a", 1]],
    },
  };
}

// micrograd's build_topo: a node comes after all of its inputs.
function topological(graph) {
  const order = [];
  const seen = new Set();
  const visit = (node) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const [input] of graph.inputs[node]) visit(input);
    order.push(node);
  };
  visit(graph.output);
  return order;
}

// One reverse sweep. With accumulate=false it runs the classic bug, `grad = share` instead of
// `grad += share`, so the picture can show what that bug really reports (the last share wins).
// `shares` records every hand-over in sweep order: the film replays exactly these.
export function backward(graph, { accumulate = true } = {}) {
  const grad = Object.fromEntries(Object.keys(graph.values).map((node) => [node, 0]));
  grad[graph.output] = 1;
  const shares = [];
  for (const node of topological(graph).reverse()) {
    for (const [input, local] of graph.inputs[node]) {
      const share = local * grad[node];
      shares.push({ from: node, to: input, local, upstream: grad[node], share });
      grad[input] = accumulate ? grad[input] + share : share;
    }
  }
  return { grad, shares };
}

// Everything the figure needs, for one setting of the sliders.
export function solve(a, b) {
  const graph = forward(a, b);
  const right = backward(graph);
  const wrong = backward(graph, { accumulate: false });
  const share = (from, to) => right.shares.find((s) => s.from === from && s.to === to);
  return {
    values: graph.values,
    grad: right.grad,
    shares: right.shares,
    direct: share("L", "a"),     // the path a → L
    throughC: share("c", "a"),   // the path a → c → L
    wrongGradA: wrong.grad.a,
    wrongSurvivor: wrong.shares.filter((s) => s.to === "a").at(-1),
  };
}
