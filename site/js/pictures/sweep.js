// Lesson 5's figure: backward() on c = a·b, d = c + 1, L = c·d (the lesson's graph, where c is
// reached through two different parents, L and d). The picture numbers the topological order on
// the graph and shows the grads one sweep gives. A toggle forgets the visited set: c is then
// listed twice and swept twice, and a second control picks which child L's visit goes to first,
// because that decides whether c's first run already has its whole grad (the result comes out
// exactly doubled) or not (by another factor: larger, smaller or of the other sign, as the
// numbers make c's second share add to or take from a's and b's). The film builds the order one
// node at a time, seeds L, then sweeps back one node per step, with or without the visited set.
import { createGraphDrawing, edgeId } from "./graph-draw.js";
import { backward, edgesOf, forward, solve, topologicalOrder } from "./graph-model.js";
import { el, num, sayResult, slider, term } from "./dom.js";
import { createFilm } from "./film.js";

// L's children in the order the depth-first search visits them: (c, d) for L = c*d, (d, c) for
// L = d*c. Only the broken search (no visited set) gives different answers for the two.
function graphOf(first) {
  return {
    output: "L",
    nodes: {
      a: {}, b: {},
      c: { op: "*", inputs: ["a", "b"] },
      d: { op: "+1", inputs: ["c"] },
      L: { op: "*", inputs: first === "d" ? ["d", "c"] : ["c", "d"] },
    },
  };
}
const LABELS = { a: "a", b: "b", c: "c = a·b", d: "d = c + 1" };
const labelOf = (name, first) => (name === "L" ? (first === "d" ? "L = d·c" : "L = c·d") : LABELS[name]);
// a and b on top, c below a, d to the right of c's way down, L at the bottom: values flow down,
// gradients climb back up. c's two parents are L (straight below) and d (down to the right).
const LAYOUT = { a: { x: 4, y: 4 }, b: { x: 252, y: 4 }, c: { x: 4, y: 112 }, d: { x: 252, y: 196 },
  L: { x: 4, y: 282 } };
// Each note is two lines, "local·grad" over "= share" (one line ran into its neighbour, or off
// the drawing, for a and b near ±4); each sits where both lines fit whatever the sliders say,
// and by its own arrow, nearer to it than to any other: b-c's right of its arrow, under b, away
// from a-c's; d-L's under the middle of its arrow (under d it sat 43 units from it, by nothing).
const NOTES = { "a-c": [72, 84, "start"], "b-c": [252, 84, "start"], "c-d": [190, 150, "start"],
  "c-L": [72, 246, "start"], "d-L": [172, 300, "start"] };

function drawing(first) {
  const graph = graphOf(first);
  const nodes = Object.fromEntries(Object.entries(LAYOUT).map(([name, spot]) =>
    [name, { ...spot, width: 124, label: labelOf(name, first) }]));
  const edges = edgesOf(graph).map((edge) => {
    const [x, y, anchor] = NOTES[edgeId(edge.from, edge.to)];
    return { ...edge, noteAt: [x, y], noteAnchor: anchor };
  });
  return createGraphDrawing({ width: 380, height: 348, nodes, edges, rows: ["value", "grad"],
    className: "sweep-svg" });
}

export function startSweep(figure) {
  const caption = el("figcaption");
  caption.append(el("h2", { class: "picture-title" }, "Picture: order first, then one sweep back. "),
    "The numbers in the corners are the topological order; backward() visits it in reverse. " +
    "c is used by two different parents, L and d. Move a and b, or forget the visited set, and " +
    "watch the gradients.");
  const sliders = [slider("a", { min: -4, max: 4, step: 0.1, value: 2 }),
    slider("b", { min: -4, max: 4, step: 0.1, value: 3 })];
  const toggle = el("input", { type: "checkbox", id: "picture-no-visited", "data-testid": "no-visited" });
  const toggleLabel = el("label", { for: "picture-no-visited", class: "picture-toggle" });
  toggleLabel.append(toggle, " build the order without a visited set");
  const chooser = firstChooser();
  const controls = el("div", { class: "picture-controls" });
  controls.append(...sliders.map((s) => s.row), toggleLabel, chooser.fieldset);
  const still = el("div", { class: "picture-still", "data-testid": "picture-still" });
  const order = el("p", { class: "sweep-order", "data-testid": "picture-order" });
  const wrong = el("p", { class: "picture-wrong", "data-testid": "picture-wrong", "aria-live": "polite" });

  const filmBox = el("section", { class: "film", "data-testid": "film", "aria-labelledby": "film-title" });
  const filmTitle = el("h3", { id: "film-title" });
  // The drawings carry L's label, so each child order gets its own pair, made once.
  const drawings = { c: [drawing("c"), drawing("c")], d: [drawing("d"), drawing("d")] };
  for (const [picture, frame] of Object.values(drawings)) {
    picture.svg.dataset.testid = "picture-svg";
    frame.svg.dataset.testid = "film-svg";
  }
  let shown = null;  // what the film draws: the sweep as the controls set it
  let frame = drawings.c[1];
  const film = createFilm(filmBox, {
    label: "backward()",
    start: () => ({ badges: {}, grads: {}, settled: {}, notes: {}, focus: [], flowing: [], backward: false }),
    draw: (state, index, count) => frame.draw({
      title: `Film, step ${index + 1} of ${count}${shown.broken ? ", without a visited set (wrong)" : ""}.`,
      nodes: Object.fromEntries(Object.keys(shown.graph.nodes).map((name) => [name, {
        value: `value ${num(shown.values[name])}`,
        // ✗ only on a grad no later step adds to: c's 7 just after L's step is on its way to
        // 13 in the broken sweep as in the right one, not wrong.
        grad: name in state.grads
          ? gradText(state.grads[name], shown.right.grad[name], shown.broken && state.settled[name]) : "grad ?",
        badge: state.badges[name],
      }])),
      notes: state.notes, focus: state.focus, flowing: state.flowing, backward: state.backward,
    }),
  });
  filmBox.prepend(filmTitle);
  figure.replaceChildren(caption, still, filmBox);

  let current = null;
  function update() {
    const first = chooser.value();
    const [picture, filmFrame] = drawings[first];
    if (current !== first) {
      still.replaceChildren(controls, picture.svg, order, wrong);
      filmBox.querySelector("svg")?.remove();
      filmTitle.after(filmFrame.svg);
      current = first;
    }
    frame = filmFrame;
    const leaves = { a: sliders[0].value(), b: sliders[1].value() };
    const graph = graphOf(first);
    const right = solve(graph, leaves);
    const broken = toggle.checked ? sweepWithoutVisited(graph, leaves) : null;
    shown = { ...(broken ?? right), graph, right, broken: Boolean(broken) };
    picture.draw({
      title: `Graph of c = a·b, d = c + 1, ${labelOf("L", first)} with a = ${num(leaves.a)}, ` +
        `b = ${num(leaves.b)}` + (broken ? ", swept without a visited set (wrong)." : "."),
      nodes: Object.fromEntries(Object.keys(graph.nodes).map((name) => [name, {
        value: `value ${num(shown.values[name])}`,
        grad: gradText(shown.grad[name], right.grad[name], Boolean(broken)),
        badge: badgesOf(shown.order)[name],
      }])),
      notes: broken ? {} : sweepNotes(right.shares),
    });
    order.textContent = `Order: ${shown.order.join(", ")}. Sweep: ${[...shown.order].reverse().join(", ")}.`;
    wrong.hidden = !broken;
    wrong.textContent = broken ? wrongSentence(right, broken) : "";
    filmTitle.textContent = broken
      ? "Film: backward() without a visited set (wrong), the order and then the sweep"
      : "Film: backward(), the order and then the sweep";
    film.setSteps(filmSteps(graph, shown));
    sayResult(sliders, `L = ${num(shown.values.L)}, ` + ["a", "b", "c", "d"].map((name) =>
      `${name}.grad = ${num(shown.grad[name])}`).join(", ") + (broken ? " (wrong: no visited set)" : ""));
  }
  for (const input of [...sliders.map((s) => s.input), toggle]) input.addEventListener("input", update);
  toggle.addEventListener("change", update);  // some browsers fire only change on checkboxes
  chooser.fieldset.addEventListener("change", update);
  update();
}

// Which child L's visit goes to first: real radios, so arrow keys move between them.
function firstChooser() {
  const fieldset = el("fieldset", { class: "sweep-first", "data-testid": "first-chooser" });
  fieldset.append(el("legend", {}, "The search visits L's children"));
  for (const [key, text] of [["c", "c first (L = c*d)"], ["d", "d first (L = d*c)"]]) {
    const id = `picture-first-${key}`;
    const input = el("input", { type: "radio", name: "sweep-first", id, value: key, "data-testid": `first-${key}` });
    if (key === "c") input.checked = true;
    const label = el("label", { for: id, class: "sweep-first-option" });
    label.append(input, ` ${text}`);
    fieldset.append(label);
  }
  return { fieldset, value: () => fieldset.querySelector("input:checked").value };
}

function gradText(value, right, broken) {
  return `grad ${num(value)}${broken && num(value) !== num(right) ? " ✗" : ""}`;
}

// The classic bug: without a visited set, c is reached twice (from L, and from d) and listed
// twice, so the sweep runs c's step twice, each time with whatever grad c holds by then.
function sweepWithoutVisited(graph, leaves) {
  const computed = forward(graph, leaves);
  const order = topologicalOrder(graph, { visited: false });
  return { ...computed, order, ...backward(graph, computed, order) };
}

// A node's badge lists every place it has in the order ("1,4" when it is listed twice).
function badgesOf(order) {
  const places = {};
  order.forEach((name, i) => { places[name] = places[name] ? `${places[name]},${i + 1}` : String(i + 1); });
  return places;
}

// Beside each arrow, what crossed it backwards: local gradient × the parent's grad.
function sweepNotes(shares) {
  const notes = {};
  for (const share of shares) (notes[edgeId(share.to, share.from)] ??= []).push(share);
  return Object.fromEntries(Object.entries(notes).map(([key, list]) => [key, shareLines(list)]));
}

// "3·13 = 39" as the two lines of a note beside its arrow.
function shareLines(shares) {
  const parts = shares.map((s) => `${term(s.local)}·${term(s.upstream)}`);
  const total = shares.reduce((sum, s) => sum + s.share, 0);
  return [parts.join(" + "), `= ${num(total)}`];
}

const shareText = (shares) => shareLines(shares).join(" ");

// Each run of a node's step in a sweep: the grad it held then, in sweep order.
function runsOf(shares, name) {
  const runs = new Map();
  for (const share of shares) if (share.from === name) runs.set(share.run, share.upstream);
  return [...runs.values()];
}

function wrongSentence(right, wrong) {
  const [early, late] = runsOf(wrong.shares, "c");
  const whole = num(early) === num(right.grad.c);
  // c hands a the share b·c.grad and b the share a·c.grad: where an input is 0, the other's
  // grad gets 0 from both runs and comes out right, and "wrong" would be false of it.
  const off = ["a", "b"].filter((name) => num(wrong.grad[name]) !== num(right.grad[name]));
  // a.grad and b.grad are off by the same factor (both are c's grad times the other input), but
  // one may be negative: -34.5 against -24 is larger only in size, so say "in size" there.
  const negative = off.some((name) => right.grad[name] < 0);
  const how = (name) => (whole ? "exactly twice, with this order." : howWrong(wrong.grad[name] / right.grad[name], negative));
  const head = `Without a visited set the order lists c twice (${wrong.order.join(", ")}), so the sweep runs ` +
    `c's step twice: first with c.grad = ${num(early)}` +
    (whole ? ", already whole" : `, before d has added its share`) + `, then with c.grad = ${num(late)}. `;
  if (!off.length) {
    // By chance: the two runs' c.grads add up to c's whole grad (c = -0.5, say), or a = b = 0.
    const why = num(early + late) === num(right.grad.c)
      ? `the two runs hand on c.grad = ${num(early)} and then ${num(late)}, which add up to c's whole ` +
        `grad, ${num(right.grad.c)}, as one right run would`
      : "a = b = 0: c hands a the share b·c.grad and b the share a·c.grad, 0 in both runs";
    return head + `a.grad and b.grad still come out right here, ${num(right.grad.a)} and ` +
      `${num(right.grad.b)}, but only because ${why}. Move a or b and the bug shows.`;
  }
  if (off.length === 1) {
    const [bad] = off;
    const good = bad === "a" ? "b" : "a";
    return head + `${bad}.grad would be ${num(wrong.grad[bad])}, wrong (the right value is ` +
      `${num(right.grad[bad])}): ${how(bad)} ${good}.grad comes out right, ${num(right.grad[good])}, only ` +
      `because ${bad} = 0: c hands ${good} the share ${bad}·c.grad, 0 in both runs.`;
  }
  return head + `a.grad would be ${num(wrong.grad.a)} and b.grad ` +
    `${num(wrong.grad.b)}, wrong (the right values are ${num(right.grad.a)} and ${num(right.grad.b)}): ` + how("a");
}

// c's early run hands on only part of c.grad, so the second share can add to a.grad, take
// from it, or flip its sign: with negative numbers "too large" was said of a smaller value
// (-34.5 against -24), so where a right value is negative the size is what is compared.
function howWrong(factor, negative) {
  if (!Number.isFinite(factor)) return "the right values are 0, and the sweep made them something else.";
  if (factor < 0) return `the wrong sign, ${num(factor)} times the right value.`;
  const size = negative ? " in size" : "";
  if (factor < 1) return `too small${size}, ${num(factor)} times the right value.`;
  return `too large${size}, ${num(factor)} times, not twice.`;
}

// The film: one frame per node joining the order (children first, as depth-first visit() appends
// them), the seed, then one frame per run of a node's step in the sweep, each handing local × grad
// to its children with +=. Grads are kept as numbers and formatted only when drawn.
function filmSteps(graph, s) {
  const appended = visits(graph, { visited: !s.broken });
  const seen = {};
  const shown = new Set();  // the calls a step has already named, each by its whole chain
  const steps = appended.map(({ name, stack, skipped }, i) => {
    const again = seen[name];
    seen[name] = true;
    const started = shown.has(stack.join(" "));
    stack.forEach((_, k) => shown.add(stack.slice(0, k + 1).join(" ")));
    return {
      text: orderText(graph, name, stack, skipped, i + 1, again, started),
      apply(state) {
        state.badges[name] = state.badges[name] ? `${state.badges[name]},${i + 1}` : String(i + 1);
        state.focus = [name];
      },
    };
  });
  steps.push({
    text: `The order is ${s.order.join(", ")}: ` +
      (s.broken ? "c, a and b are listed twice. " : "every node after its children. ") +
      `Seed: ${graph.output}.grad = 1, then sweep the order in reverse.`,
    apply(state) {
      state.grads[graph.output] = 1;
      state.settled[graph.output] = true;
      state.focus = [graph.output];
      state.backward = true;
    },
  });
  const reversed = [...s.order].reverse();
  const lastShare = {};  // the run after which no share reaches a node any more
  for (const share of s.shares) lastShare[share.to] = Math.max(lastShare[share.to] ?? -1, share.run);
  const swept = {};
  reversed.forEach((name, run) => {
    const shares = s.shares.filter((share) => share.run === run);
    const children = [...new Set(shares.map((share) => share.to))];
    const to = (child) => shares.filter((share) => share.to === child);
    const place = `${name} (number ${s.order.length - run})`;
    const again = swept[name];
    swept[name] = true;
    const grad = shares.length ? shares[0].upstream : s.grad[name];
    const whole = num(grad) === num(s.right.grad[name]);
    const hands = children.map((child) => `${shareText(to(child))} to ${child}`).join(" and ");
    let text;
    if (!shares.length) text = `${place} is a leaf: nothing to hand on.` + (again ? " (Listed again: harmless.)" : "");
    else if (again) text = `${place} runs its step AGAIN, with ${name}.grad = ${num(grad)}: it hands ${hands} a second time. ` +
      `a.grad and b.grad now hold an extra share.`;
    else if (s.broken && !whole) text = `${place} runs with ${name}.grad = ${num(grad)}, before d has added its share: ` +
      `it hands ${hands}.`;
    else text = `${place} has its whole grad, ${num(grad)}: it hands ${hands} (local gradient × ${name}.grad, added with +=).`;
    steps.push({
      text,
      apply(state) {
        for (const child of children) {
          state.grads[child] = (state.grads[child] ?? 0) + to(child).reduce((t, share) => t + share.share, 0);
          state.notes[edgeId(child, name)] = shareLines(to(child));
          if (lastShare[child] === run) state.settled[child] = true;
        }
        state.focus = [name];
        state.flowing = children.map((child) => edgeId(child, name));
      },
    });
  });
  const last = steps[steps.length - 1];
  if (s.broken) last.text += ` Done: a.grad = ${num(s.grad.a)} and b.grad = ${num(s.grad.b)}, where ` +
    `${num(s.right.grad.a)} and ${num(s.right.grad.b)} are right.`;
  else last.text += ` Done: a.grad = ${num(s.grad.a)}, b.grad = ${num(s.grad.b)}.`;
  return steps;
}

// Each node as depth-first visit() appends it: the calls under way at that moment (output
// first) and the children it skipped because they were already visited. Without the visited
// set nothing is skipped, and a node reached twice is appended twice.
function visits(graph, { visited }) {
  const appended = [];
  const seen = new Set();
  const visit = (name, stack) => {
    seen.add(name);
    const skipped = [];
    for (const input of graph.nodes[name].inputs ?? []) {
      if (visited && seen.has(input)) skipped.push(input);
      else visit(input, [...stack, input]);
    }
    appended.push({ name, stack, skipped });
  };
  visit(graph.output, [graph.output]);
  return appended;
}

// A call no earlier step showed starting (d's, when L visits c first and c is then skipped)
// is named with the calls that lead to it, as a leaf's is; "Back in" only a call already seen.
function orderText(graph, name, stack, skipped, number, again, started) {
  const calls = stack.map((node) => `visit(${node})`).join(" → ");
  const twice = again ? ` (again: with no visited set it is listed a second time)` : "";
  if (!graph.nodes[name].inputs) return `${calls}: ${name} has no children, so it is appended: number ${number}${twice}.`;
  const gone = skipped.length ? ` (${skipped.join(", ")} is skipped: already visited)` : "";
  return `${started ? `Back in visit(${name})` : calls}: its children are all in the order${gone}, ` +
    `so ${name} is appended: number ${number}${twice}.`;
}
