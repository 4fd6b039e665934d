// Inlined into each lesson page right after the lab's part line and note (lesson.html),
// bundled on its own: lays them out from this browser's storage before the parser reaches the
// editor and the buttons, so those are never painted where the page's script would move them
// from (lab-state.js). It runs before the status, the editor and the buttons exist.
import { labState, showAboveEditor } from "./lab-state.js";

try {
  const page = JSON.parse(document.getElementById("page-data").textContent);
  const starter = JSON.parse(document.getElementById("starter").textContent);
  showAboveEditor(document.querySelector(".lab"), page, labState(page, starter), null);
} catch (error) {
  console.error("the lab's first layout failed; the page's script lays it out", error);
}
