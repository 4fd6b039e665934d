// Interactive pictures on lesson pages. lesson.html puts one <figure data-picture=SLUG> on
// every lesson. For a lesson with a picture module here, the build draws the picture into it
// (grader/site_builder/pictures.mjs), shown but inert, so the lesson has the picture's height
// from its first paint; this chunk, fetched after the editor is up, replaces it with live
// elements drawn by the same code. The other lessons keep the empty figure hidden, so adding
// a picture never touches the template again. Each picture is its own chunk. A picture's
// start function only builds elements (no layout reads, timers or storage while drawing):
// the build runs it under jsdom, and a browser test compares the two drawings.
export const PICTURES = {
  "01-graphs": () => import("./forward.js").then((m) => m.startForward),
  "02-chain-rule": () => import("./chain-rule.js").then((m) => m.startChainRule),
  "03-branching": () => import("./branching.js").then((m) => m.startBranching),
  "04-value": () => import("./value.js").then((m) => m.startValue),
  "05-backward": () => import("./sweep.js").then((m) => m.startSweep),
};

export async function startPictures(root) {
  for (const figure of root.querySelectorAll("figure[data-picture]")) {
    const load = PICTURES[figure.dataset.picture];
    if (!load) continue;
    try {
      (await load())(figure);
      figure.hidden = false;
      figure.inert = false;
    } catch (error) {
      // A broken picture must not take the lab down with it, nor stay on the page looking
      // usable: hide it and say why.
      figure.replaceChildren();
      figure.hidden = true;
      console.error(`picture ${figure.dataset.picture} failed`, error);
    }
  }
}
