// What the lab shows above its editor, from what this browser holds: the code it opens with,
// the note on the earlier lab it continues (carry.js) and the part the learner is on. The
// page lays it out twice with these same functions: while it is parsed, from a copy bundled
// into the page (lab-paint.js), so the first paint already has it, and again once the editor
// exists (lab.js), when the note's button gets the editor to load code into.
import { laterCarry, openingCode, showCarry } from "./carry.js";
import * as progress from "./progress.js";
import { showPart } from "./results.js";

export function labState(page, starter) {
  const saved = progress.load(page.slug);
  const fresh = saved.code === undefined || saved.code === starter;
  const opening = fresh ? openingCode(page.carry, starter) : { code: saved.code, carried: false };
  const later = fresh ? null : laterCarry(page.carry, saved.code);
  return { saved, fresh, opening, later };
}

// `load` puts code into the editor; null while there is none yet (the button waits for it).
export function showAboveEditor(root, page, { saved, fresh, opening, later }, load) {
  const $ = (id) => root.querySelector(`[data-testid="${id}"]`);
  showCarry($("carry"), page.carry, { carried: opening.carried, fresh, later, load });
  showPart($("part"), page.parts, saved.last);
}
