// A step-through film: a few numbered steps, each a sentence and a change to a picture.
// Reusable by every lesson:
//
//   const film = createFilm(host, { label: "Gradient flowing back", start, draw });
//   film.setSteps([{ text: "Seed dL/dL = 1", apply(state) { state.grad.L = 1; } }, ...]);
//
// The state shown at step k is start() with steps 1..k applied in order, rebuilt from scratch
// every time: stepping back is then exact, and new steps (say, after a slider moved) can be
// swapped in mid-film without the picture drifting from the numbers.
import { el } from "./dom.js";

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

export function createFilm(host, { label, start, draw, interval = 2000 }) {
  let steps = [];
  let index = 0;
  let timer = null;

  const back = button("film-back", "Step back", "◀ Back");
  const play = button("film-play", "Play the film", "▶ Play");
  const forward = button("film-forward", "Step forward", "Forward ▶");
  const counter = el("span", { class: "film-counter", "data-testid": "film-counter" });
  const text = el("p", { class: "film-text", "data-testid": "film-text", "aria-live": "polite" });
  const bar = el("div", { class: "film-controls", role: "group", "aria-label": `${label}: film controls` });
  bar.append(back, play, forward, counter);
  host.append(bar, text);

  back.addEventListener("click", () => { pause(); show(index - 1); });
  forward.addEventListener("click", () => { pause(); show(index + 1); });
  play.addEventListener("click", () => (timer ? pause() : resume()));

  function show(next) {
    index = Math.max(0, Math.min(steps.length - 1, next));
    const state = start();
    for (const step of steps.slice(0, index + 1)) step.apply(state);
    draw(state, index, steps.length);
    counter.textContent = `step ${index + 1} of ${steps.length}`;
    text.textContent = steps[index].text;
    // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
    back.setAttribute("aria-disabled", String(index === 0));
    forward.setAttribute("aria-disabled", String(index === steps.length - 1));
  }

  function resume() {
    if (index === steps.length - 1) show(0);  // Play at the end starts over
    play.setAttribute("aria-label", "Pause the film");
    play.textContent = "❚❚ Pause";
    host.dataset.playing = "true";
    // With reduced motion the film still advances, one still frame per step: the CSS drops
    // the flowing animation, and the steps come slower so each can be read.
    const every = reducedMotion() ? interval * 1.5 : interval;
    timer = setInterval(() => {
      show(index + 1);
      if (index === steps.length - 1) pause();
    }, every);
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    play.setAttribute("aria-label", "Play the film");
    play.textContent = "▶ Play";
    delete host.dataset.playing;
  }

  return {
    setSteps(next) { steps = next; show(index); },
    show,
    pause,
    get index() { return index; },
  };
}

function button(cls, name, text) {
  return el("button", { type: "button", class: cls, "aria-label": name, "data-testid": cls }, text);
}
