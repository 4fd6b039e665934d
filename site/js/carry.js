// A lab that builds on an earlier one (lab.yaml's builds_on): it starts from the learner's own
// code of that lab once it passed, with the lab's additions below it. Until then the page says
// so and offers the course's own code for the earlier lab — only when asked, and labelled as
// an answer to it.
import * as progress from "./progress.js";

// The code a lab opens with when the learner has none saved for it yet.
export function openingCode(carry, starter) {
  if (!carry) return { code: starter, carried: false };
  const earlier = progress.load(carry.lesson);
  const theirs = earlier.passedCode ?? (earlier.passed ? earlier.code : undefined);
  if (theirs === undefined) return { code: starter, carried: false };
  return { code: joined(theirs, carry.extend), carried: true };
}

// The earlier lab passed after this one was started from its own starter (typed in before
// the earlier lab was done): the lab keeps what was typed and does not open with the
// learner's code by itself, although its starter says it will. The code it would open with
// now, to offer; null when the code in it already continues an earlier lab's (the first
// line of what this lab adds is in it), or there is nothing to offer.
export function laterCarry(carry, code) {
  const mark = carryMark(carry);
  if (!mark || code.includes(mark)) return null;
  const opening = openingCode(carry, "");
  return opening.carried ? opening.code : null;
}

// The first line of what this lab adds below the earlier lab's code ("# ---- Lab 5 starts
// here ---"), or undefined.
export function carryMark(carry) {
  return carry && carry.extend ? carry.extend.split("\n").find((line) => line.trim()) : undefined;
}

function joined(code, extend) {
  return extend ? `${code.replace(/\s*$/, "")}\n\n\n${extend}` : code;
}

// Explain where the code came from, or offer the choice. With no `load` yet (the page is still
// being parsed, lab-paint.js) the offer's button is there, disabled, until the editor is.
export function showCarry(box, carry, { carried, fresh, later, load }) {
  if (!carry || !(fresh || later)) return;
  box.hidden = false;
  box.replaceChildren();
  const p = document.createElement("p");
  const lab = `lab ${carry.number} (${carry.title})`;
  if (!fresh) {
    p.textContent = `Your code for ${lab} has passed its checks since you started this lab, ` +
      "and this lab continues it:";
    box.append(p, offer(`Start from your code for lab ${carry.number}, with this lab's part below it`,
      () => later, load, () => {
        p.textContent = `The editor now holds your code from ${lab}, with what this lab adds ` +
          "below it (Ctrl+Z brings back what was there).";
      }));
    return;
  }
  if (carried) {
    p.textContent = `This lab continues your own code from ${lab}, which passed its checks; ` +
      "what this lab adds comes below it.";
    box.append(p);
    return;
  }
  // Said once: the lab's title is in the link (the first sentence named it too, and the note
  // ran to four lines above the editor beside the lesson).
  p.append(`This lab builds on your code from lab ${carry.number}, which has not passed its checks yet. `);
  const link = document.createElement("a");
  link.href = carry.url;
  link.textContent = `Finish ${lab} first`;
  p.append(link, carry.providedURL
    ? ", or start from the course's own code for it (it shows an answer to that lab):" : ".");
  box.append(p);
  if (!carry.providedURL) return;
  // One line beside the lesson (it was two, with the warning in it): the sentence above it
  // gives the warning, and is the button's description for a screen reader.
  p.id = "carry-note";
  const button = offer(`Start from the course's code for lab ${carry.number}`,
    async () => joined(await (await fetch(carry.providedURL)).text(), carry.extend), load, () => {
      p.textContent = `The editor now holds the course's code for ${lab}, with what this lab ` +
        "adds below it (Ctrl+Z brings your code back).";
    }, () => p.append(" It could not be fetched; try again."));
  button.dataset.testid = "use-provided";
  button.setAttribute("aria-describedby", p.id);
  box.append(button);
}

// A button that loads code into the editor (disabled until there is one to load into).
function offer(label, code, load, done, failed) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  button.disabled = !load;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      load(await code());
      done();
      button.remove();
    } catch {
      button.disabled = false;
      if (failed) failed();
    }
  });
  return button;
}
