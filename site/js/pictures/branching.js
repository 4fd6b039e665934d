// Lesson 3's figure: the picture (sliders for a and b, every value and gradient recomputed,
// the two paths from a to L and their sum, and what `=` instead of `+=` would report) and the
// film (the backward sweep replayed one hand-over at a time). Both read one solve(a, b).
import { solve } from "./branching-model.js";
import { createDrawing } from "./branching-draw.js";
import { el, num, sayResult, slider, term } from "./dom.js";
import { createFilm } from "./film.js";

export function startBranching(figure) {
  const caption = el("figcaption");
  caption.append(el("h2", { class: "picture-title" }, "Picture: two paths add up. "),
    "Move a and b: every value and gradient below is recomputed by a small backward pass.");
  const sliderA = slider("a", { min: -3, max: 3, step: 0.1, value: 2 });
  const sliderB = slider("b", { min: -3, max: 3, step: 0.1, value: 3 });
  const toggle = el("input", { type: "checkbox", id: "picture-assign", "data-testid": "use-assign" });
  const toggleLabel = el("label", { for: "picture-assign", class: "picture-toggle" });
  toggleLabel.append(toggle, " use ", el("code", {}, "="), " instead of ", el("code", {}, "+="));
  const controls = el("div", { class: "picture-controls" });
  controls.append(sliderA.row, sliderB.row, toggleLabel);

  const picture = createDrawing("");
  picture.svg.dataset.testid = "picture-svg";
  const sum = el("p", { class: "picture-sum", "data-testid": "picture-sum" });
  const wrong = el("p", { class: "picture-wrong", "data-testid": "picture-wrong", "aria-live": "polite" });
  const still = el("div", { class: "picture-still", "data-testid": "picture-still" });
  still.append(controls, picture.svg, sum, wrong);

  const filmBox = el("section", { class: "film", "data-testid": "film", "aria-labelledby": "film-title" });
  filmBox.append(el("h3", { id: "film-title" }, "Film: the gradient flows back along both paths"));
  const frame = createDrawing("");
  frame.svg.dataset.testid = "film-svg";
  filmBox.append(frame.svg);
  let solved = solve(2, 3);
  const film = createFilm(filmBox, {
    label: "Gradient flowing back",
    start: () => ({ values: shown(solved), grads: { L: "?", c: "?", a: "?", b: "?" }, flowing: [], focus: [] }),
    draw: (state, index, count) =>
      frame.draw({ ...state, label: `Film, step ${index + 1} of ${count}. ${frameLabel(state)}` }),
  });
  figure.replaceChildren(caption, still, filmBox);

  function update() {
    solved = solve(sliderA.value(), sliderB.value());
    drawPicture(picture, solved, toggle.checked);
    sum.textContent = `dL/da = ${num(solved.direct.share)} (directly) + ${term(solved.throughC.share)}` +
      ` (through c) = ${num(solved.grad.a)}`;
    wrong.hidden = !toggle.checked;
    wrong.textContent = toggle.checked ? wrongSentence(solved) : "";
    film.setSteps(filmSteps(solved));
    sayResult([sliderA, sliderB], `L = ${num(solved.values.L)}, dL/da = ${num(solved.grad.a)}, ` +
      `dL/db = ${num(solved.grad.b)}`);
  }
  for (const input of [sliderA.input, sliderB.input, toggle]) input.addEventListener("input", update);
  toggle.addEventListener("change", update);  // some browsers fire only change on checkboxes
  update();
}

const shown = (s) => Object.fromEntries(Object.entries(s.values).map(([k, v]) => [k, num(v)]));

function drawPicture(picture, s, assign) {
  const { a, b, c, L } = shown(s);
  const grads = Object.fromEntries(Object.entries(s.grad).map(([k, v]) => [k, num(v)]));
  const sumText = `${num(s.direct.share)} + ${term(s.throughC.share)} = ${grads.a}`;
  const wrongText = assign ? [`with =: ${num(s.wrongGradA)}`, "✗ wrong"] : [];
  picture.draw({
    values: shown(s), grads, focus: [], flowing: [],
    direct: `direct: ${num(s.direct.share)}`,
    through: ["through c:", `b·${num(s.throughC.upstream)} = ${num(s.throughC.share)}`],
    // Under a's "grad" row, that grad as its sum, as the film ends: with the total too, the
    // line ran off the drawing's left edge and across the a-c arrow for b < 0.
    note: `= ${num(s.direct.share)} + ${term(s.throughC.share)}`,
    wrong: wrongText,
    label: `Graph of L = a·b + a with a = ${a}, b = ${b}: c = ${c}, L = ${L}. Gradients: ` +
      `dL/dL = ${grads.L}, dL/dc = ${grads.c}, dL/da = ${grads.a}, dL/db = ${grads.b}. ` +
      `dL/da adds two paths, directly ${num(s.direct.share)} and through c ${num(s.throughC.share)}: ${sumText}.` +
      (assign ? ` With = instead of +=, dL/da would wrongly be ${num(s.wrongGradA)}.` : ""),
  });
}

function wrongSentence(s) {
  const lastThroughC = s.wrongSurvivor.from === "c";  // which hand-over reached a last
  const lost = lastThroughC ? "direct path's share" : "share through c";
  const kept = lastThroughC ? "through c" : "directly";
  return `With = instead of +=, dL/da would be ${num(s.wrongGradA)}: wrong (the right value is ` +
    `${num(s.grad.a)}). The sweep reaches a last ${kept}, and = overwrites the ${lost}.`;
}

// The four frames, built from the recorded hand-overs of the real backward pass.
function filmSteps(s) {
  const from = (node) => s.shares.filter((share) => share.from === node);
  const [lToC, lToA] = from("L");
  const [cToA, cToB] = from("c");
  const up = num(cToA.upstream);
  return [
    { text: `Seed: dL/dL = ${num(s.grad.L)}. The output changes one for one with itself.`,
      apply(state) { state.grads.L = num(s.grad.L); state.focus = ["L"]; } },
    { text: `L = c + a passes ${num(lToC.share)} to c and ${num(lToA.share)} to a.`,
      apply(state) {
        state.grads.c = num(lToC.share);
        state.grads.a = num(lToA.share);
        state.direct = `direct: ${num(lToA.share)}`;
        state.flowing = ["a-L", "c-L"];
        state.focus = ["c", "a"];
      } },
    { text: `c = a·b passes b·${up} = ${num(cToA.share)} to a and a·${up} = ${num(cToB.share)} to b.`,
      apply(state) {
        state.grads.b = num(cToB.share);
        state.grads.a = `${num(lToA.share)} + ${term(cToA.share)}`;
        state.through = ["through c:", `b·${up} = ${num(cToA.share)}`];
        state.flowing = ["a-c", "b-c"];
        state.focus = ["a", "b"];
      } },
    { text: `a's two shares add up: ${num(lToA.share)} + ${term(cToA.share)} = ${num(s.grad.a)}.`,
      apply(state) {
        state.grads.a = num(s.grad.a);
        state.note = `= ${num(lToA.share)} + ${term(cToA.share)}`;
        state.flowing = [];
        state.focus = ["a"];
      } },
  ];
}

function frameLabel(state) {
  const g = state.grads;
  return `Values: a = ${state.values.a}, b = ${state.values.b}, c = ${state.values.c}, L = ${state.values.L}. ` +
    `Gradients so far: L ${g.L}, c ${g.c}, a ${g.a}, b ${g.b}.`;
}
