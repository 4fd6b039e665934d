// Interactive pictures on lesson pages. lesson.html puts one hidden <figure data-picture=SLUG>
// on every lesson; a lesson that has a picture module gets it drawn and shown, the others
// keep the empty figure hidden, so adding a picture never touches the template again.
import { startBranching } from "./branching.js";
import { startChainRule } from "./chain-rule.js";
import { startForward } from "./forward.js";
import { startSweep } from "./sweep.js";
import { startValue } from "./value.js";

const PICTURES = {
  "01-graphs": startForward,
  "02-chain-rule": startChainRule,
  "03-branching": startBranching,
  "04-value": startValue,
  "05-backward": startSweep,
};

export function startPictures(root) {
  for (const figure of root.querySelectorAll("figure[data-picture]")) {
    const start = PICTURES[figure.dataset.picture];
    if (!start) continue;
    try {
      start(figure);
      figure.hidden = false;
    } catch (error) {
      // A broken picture must not take the lab down with it: leave it hidden and say why.
      figure.replaceChildren();
      console.error(`picture ${figure.dataset.picture} failed`, error);
    }
  }
}
