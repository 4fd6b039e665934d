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
  if (saved.last) saved.last = withParts(saved.last, page.parts);
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
  fitEditor(root);
}

// Beside the lesson (app.css, from 75rem) the lab is a column as tall as the screen, and Run
// and Check must show in it when the page opens at its top. Lab 5's note on the lab-4 code
// (up to 200 px) and its two-line part line pushed them below a 1280 x 800 laptop's edge: the
// editor's height was a guess at what stands above it. The page measures it (the notes are
// laid out by now; the status, the editor and the buttons are not there yet) and the
// stylesheet gives the editor what is left, less the status and the buttons.
export function fitEditor(root) {
  if (!matchMedia("(min-width: 75rem)").matches) return;  // a phone's lab follows the lesson
  // The last of them with a box: the notes may be hidden, and on a touch screen so is the
  // line on keys (app.css), whose empty box would say nothing stands above the editor.
  const above = [...root.querySelectorAll("#lab-title, .lab-help, .lab-keys, " +
    '[data-testid="part"], [data-testid="carry"]')].filter((element) => element.getClientRects().length);
  const last = above[above.length - 1];
  if (!last) return;
  const column = root.getBoundingClientRect();
  // Where the column starts when the page is at its top (below the site's header): sticky, the
  // column itself may sit elsewhere; the grid it is in does not.
  const start = root.parentElement.getBoundingClientRect().top + scrollY;
  const bottom = last.getBoundingClientRect().bottom - column.top + root.scrollTop;
  root.style.setProperty("--above-editor", `${Math.ceil(start + bottom)}px`);
  root.dataset.fitted = "";
}

// A report this browser saved before reports carried their lab's parts was shown as one list
// until the next Check: it gets the page's parts (lab.yaml's), and the part the learner is on
// worked out as the checker does (grader/core/report.py, open_part): the first part with a
// check that did not pass.
export function withParts(report, parts) {
  if (!report || (report.parts && report.parts.length) || !parts || !parts.length
      || !Array.isArray(report.checks)) return report;
  const passed = new Set(report.checks.filter((c) => c.passed === true).map((c) => c.name));
  const open = parts.findIndex((part) => part.checks.some((name) => !passed.has(name)));
  return { ...report, parts, open_part: open };
}
