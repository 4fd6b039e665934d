// Lesson 3's graph, a = given, b = given, c = a * b, L = c + a, solved by the pictures' small
// autograd (graph-model.js). Every number the picture and the film show comes from here, so
// moving a slider can never leave a stale or pasted number behind.
import { backward, forward, topologicalOrder } from "./graph-model.js";

// L's inputs are (c, a) in the order of `c + a`: the sweep reaches a through c last.
const GRAPH = {
  output: "L",
  nodes: { a: {}, b: {}, c: { op: "*", inputs: ["a", "b"] }, L: { op: "+", inputs: ["c", "a"] } },
};

// Everything the figure needs, for one setting of the sliders: the right sweep, and the same
// sweep with the classic bug `grad = share` instead of `grad += share`.
export function solve(a, b) {
  const computed = forward(GRAPH, { a, b });
  const right = backward(GRAPH, computed);
  const wrong = backward(GRAPH, computed, topologicalOrder(GRAPH), { accumulate: false });
  const share = (from, to) => right.shares.find((s) => s.from === from && s.to === to);
  return {
    values: computed.values,
    grad: right.grad,
    shares: right.shares,
    direct: share("L", "a"),     // the path a → L
    throughC: share("c", "a"),   // the path a → c → L
    wrongGradA: wrong.grad.a,
    wrongSurvivor: wrong.shares.filter((s) => s.to === "a").at(-1),
  };
}
