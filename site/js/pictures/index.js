// Interactive pictures on lesson pages. lesson.html puts one hidden <figure data-picture=SLUG>
// on every lesson; a lesson that has a picture module gets it drawn and shown, the others
// keep the empty figure hidden, so adding a picture never touches the template again.
// Each picture is its own chunk, fetched after the editor is up: a lesson loads only its own.
const PICTURES = {
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
    } catch (error) {
      // A broken picture must not take the lab down with it: leave it hidden and say why.
      figure.replaceChildren();
      console.error(`picture ${figure.dataset.picture} failed`, error);
    }
  }
}
