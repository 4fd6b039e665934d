// The home page's "my work": Export (one zip of every lab's code and the progress record, in
// the format `course grade` reads, docs/grading.md), Import (the same zip back, after a
// preview of what it replaces) and Clear (code, progress and the local Python snapshot).
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { decodeSource, fileText, saveFile, withoutHeader } from "./lab-files.js";
import * as progress from "./progress.js";
import { SNAPSHOTS } from "./snapshots.js";

const COURSE = "autograd-course";
const MAX_ZIP_BYTES = 16 << 20;   // the limits `course grade` applies to an export
const MAX_ENTRIES = 256;
const MAX_UNPACKED = 64 << 20;

export function startMyWork(root, { labs, version, onChange: showProgress }) {
  const $ = (id) => root.querySelector(`[data-testid="${id}"]`);
  // A learner who had passed every lab came back to a home page like any other day's, every
  // badge "passed" and nothing saying the course was over, or how to keep what they wrote.
  const done = document.querySelector('[data-testid="course-done"]');
  const onChange = () => {
    showProgress();
    if (done) done.hidden = !labs.every(({ lesson }) => progress.status(lesson) === "passed");
  };
  onChange();
  const note = root.querySelector(".my-work-status");
  const picker = root.querySelector(".import-input");
  const dialog = root.querySelector(".import-preview");
  // Back to this page from a lesson whose lab passed meanwhile: the browser showed the page as
  // it was left ("not started"); it is loaded again instead.
  progress.whenBackStale(null, () => location.reload());
  const say = (message, state = "ready") => {
    note.textContent = message;
    note.dataset.state = state;
  };

  $("export").addEventListener("click", () => {
    const files = exportFiles(labs, version);
    if (!files) return say("There is nothing to export yet: no lab has any code of yours.");
    const stamp = new Date().toISOString().slice(0, 10);
    saveFile(new Blob([zipSync(files, { level: 6 })], { type: "application/zip" }),
      `autograd-course-work-${stamp}.zip`);
    const count = JSON.parse(strFromU8(files["manifest.json"])).labs.length;
    say(`Exported ${count} lab${count === 1 ? "" : "s"} with your progress.`);
  });

  $("import").addEventListener("click", () => picker.click());
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    picker.value = "";
    if (!file) return;
    const read = await readExport(file, labs);
    if (read.error) return say(read.error, "broken");
    preview(dialog, read, labs, () => {
      apply(read);
      onChange();
      say(`Imported ${read.labs.length} lab${read.labs.length === 1 ? "" : "s"} from ${file.name}.`);
    }, () => say("Import cancelled: nothing was changed."));
  });

  $("clear-data").addEventListener("click", async () => {
    const sure = window.confirm("Remove your code, progress and quiz answers for every lab, and the " +
      "Python kept in this browser? Export your work first if you want to keep it. This cannot be undone.");
    if (!sure) return say("Nothing was removed.");
    progress.clearAll();
    try {
      await caches.delete(SNAPSHOTS);
    } catch {
      // no Cache Storage: there was no snapshot to remove
    }
    onChange();
    say("Your code, progress and the local Python snapshot were removed from this browser.");
  });
}

// {name: bytes} for the zip, or null when no lab has code.
function exportFiles(labs, version) {
  const files = {};
  const manifest = { course: COURSE, version, exported_at: new Date().toISOString(), labs: [] };
  const record = {};
  for (const { lesson, lab } of labs) {
    const saved = progress.load(lesson);
    if (saved.code === undefined) continue;
    const file = `${lab}.py`;
    files[file] = strToU8(fileText(lab, version, saved.code));
    manifest.labs.push({ slug: lab, file });
    record[lab] = {
      passed: Boolean(saved.passed), score: saved.last ? saved.last.score : null,
      max_score: saved.last ? saved.last.max_score : null, checked_at: saved.lastAt || null,
      quiz: saved.quiz || {},
    };
  }
  if (!manifest.labs.length) return null;
  files["manifest.json"] = strToU8(JSON.stringify(manifest, null, 2));
  files["progress.json"] = strToU8(JSON.stringify(record, null, 2));
  return files;
}

// An export read and checked: {labs: [{lesson, lab, code, record}]} or {error}.
async function readExport(file, labs) {
  const refuse = (why) => ({ error: `${file.name} cannot be imported: ${why}` });
  if (file.size > MAX_ZIP_BYTES) return refuse("it is larger than an export can be (16 MB).");
  let entries;
  try {
    let count = 0;
    let unpacked = 0;
    entries = unzipSync(new Uint8Array(await file.arrayBuffer()), {
      // Judge each entry by its declared size before inflating it: no zip bomb gets unpacked.
      filter: ({ name, originalSize }) => {
        count += 1;
        unpacked += originalSize;
        if (count > MAX_ENTRIES || unpacked > MAX_UNPACKED) throw new Error("it holds too much");
        return name === "manifest.json" || name === "progress.json" || /^\d\d-[a-z0-9-]+\.py$/.test(name);
      },
    });
  } catch (error) {
    return refuse(error.message === "it holds too much" ? "it holds more than an export can."
      : "it is not a zip file (Export my work saves one).");
  }
  if (!entries["manifest.json"]) return refuse("it has no manifest.json, so it is not an export of this course.");
  let manifest;
  try {
    manifest = JSON.parse(strFromU8(entries["manifest.json"]));
  } catch {
    return refuse("its manifest.json is not valid JSON.");
  }
  if (!manifest || manifest.course !== COURSE || !Array.isArray(manifest.labs)) {
    return refuse(`it is not an export of this course (its manifest must say "course": "${COURSE}").`);
  }
  let record = {};
  try {
    record = entries["progress.json"] ? JSON.parse(strFromU8(entries["progress.json"])) : {};
  } catch {
    record = {};  // the progress record is the learner's own; the code matters more
  }
  const known = new Map(labs.map((item) => [item.lab, item.lesson]));
  const found = [];
  for (const entry of manifest.labs) {
    const lesson = entry && known.get(entry.slug);
    const bytes = lesson && entries[entry.file];
    if (!bytes) continue;  // a lab this course does not have, or a file the zip lacks
    const decoded = decodeSource(bytes, entry.file);
    if (decoded.error) return refuse(decoded.error);
    const { lab: named, code } = withoutHeader(decoded.source);
    if (named && named !== entry.slug) return refuse(`${entry.file} holds the code of lab ${named}.`);
    found.push({ lesson, lab: entry.slug, code, record: record[entry.slug] || {} });
  }
  if (!found.length) return refuse("it holds no code for any lab of this course.");
  return { labs: found, exportedAt: String(manifest.exported_at || "") };
}

// Show what the import would replace; `accept` or `cancel` is called once.
function preview(dialog, read, labs, accept, cancel) {
  const list = dialog.querySelector(".import-list");
  list.replaceChildren();
  for (const item of read.labs) {
    const mine = progress.load(item.lesson).code;
    const lines = (text) => `${text.split("\n").length} lines`;
    const li = document.createElement("li");
    li.textContent = mine === undefined
      ? `${item.lab}: new code (${lines(item.code)})`
      : mine === item.code
        ? `${item.lab}: the same as your code`
        : `${item.lab}: replaces your code (${lines(mine)}) with the export's (${lines(item.code)})`;
    list.append(li);
  }
  dialog.querySelector(".import-when").textContent = read.exportedAt
    ? `Exported ${new Date(read.exportedAt).toLocaleString()}.` : "";
  const ok = dialog.querySelector('[data-testid="import-confirm"]');
  const no = dialog.querySelector('[data-testid="import-cancel"]');
  const done = (fn) => () => {
    ok.onclick = no.onclick = dialog.onclose = null;
    dialog.close();
    fn();
  };
  ok.onclick = done(accept);
  no.onclick = done(cancel);
  dialog.onclose = () => { ok.onclick = no.onclick = dialog.onclose = null; cancel(); };
  dialog.showModal();
  no.focus();
}

function apply(read) {
  for (const { lesson, code, record } of read.labs) {
    // The code a Reset replaced is not offered back over imported code (lab.js offerBack).
    const changes = { code, replaced: undefined };
    if (record.passed === true) changes.passed = true;  // a pass stays a pass
    if (record.quiz && typeof record.quiz === "object") changes.quiz = record.quiz;
    progress.save(lesson, changes);
  }
}
