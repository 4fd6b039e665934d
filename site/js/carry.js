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

function joined(code, extend) {
  return extend ? `${code.replace(/\s*$/, "")}\n\n\n${extend}` : code;
}

// Explain where the code came from, or offer the choice. With no `load` yet (the page is still
// being parsed, lab-paint.js) the offer's button is there, disabled, until the editor is.
export function showCarry(box, carry, { carried, fresh, load }) {
  if (!carry || !fresh) return;
  box.hidden = false;
  box.replaceChildren();
  const p = document.createElement("p");
  const lab = `lab ${carry.number} (${carry.title})`;
  if (carried) {
    p.textContent = `This lab continues your own code from ${lab}, which passed its checks; ` +
      "what this lab adds comes below it.";
    box.append(p);
    return;
  }
  p.append(`This lab builds on your code from ${lab}, which has not passed its checks yet. `);
  const link = document.createElement("a");
  link.href = carry.url;
  link.textContent = `Finish ${lab} first`;
  p.append(link, carry.providedURL ? ", or start from the course's own code for it:" : ".");
  box.append(p);
  if (!carry.providedURL) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.testid = "use-provided";
  button.textContent = `Start from the course's code for lab ${carry.number} (it shows an answer to that lab)`;
  button.disabled = !load;
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const provided = await (await fetch(carry.providedURL)).text();
      load(joined(provided, carry.extend));
      p.textContent = `The editor now holds the course's code for ${lab}, with what this lab ` +
        "adds below it (Ctrl+Z brings your code back).";
      button.remove();
    } catch {
      button.disabled = false;
      p.append(" It could not be fetched; try again.");
    }
  });
  box.append(button);
}
