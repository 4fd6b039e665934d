// A lab's code as a file: Download it (to hand in, or keep), or Open one into the editor.
// The first line names the lab and the course version, as `course grade` expects
// (docs/grading.md); it is taken off again when a file comes back.
import { replace, plainSpaces, text } from "./editor.js";

export const MAX_FILE_BYTES = 1 << 20;  // as `course grade` refuses larger submissions
// A notebook keeps every cell's output besides the code (grader/intake/notebooks.py).
const MAX_NOTEBOOK_BYTES = 16 << 20;

export function header(lab, version) {
  return `# ${lab} — autograd course ${version}`;
}

const HEADER = /^# (\d\d-[a-z0-9]+(?:-[a-z0-9]+)*) — autograd course (\S+)\s*$/;

// The code with the course's header line taken off, and the lab that line named (or null).
export function withoutHeader(source) {
  const [first, ...rest] = source.split("\n");
  const match = HEADER.exec(first.replace(/\r$/, ""));
  return match ? { lab: match[1], code: rest.join("\n") } : { lab: null, code: source };
}

export function fileText(lab, version, code) {
  return `${header(lab, version)}\n${withoutHeader(code).code}`;
}

// Bytes to text, or a sentence saying why they are not a lab's code.
export function decodeSource(bytes, name) {
  if (bytes.length > MAX_FILE_BYTES) {
    return { error: `${name} is ${(bytes.length / 1048576).toFixed(1)} MB; a lab's code is at most 1 MB.` };
  }
  if (bytes.includes(0)) return { error: `${name} is not a text file (it holds binary data).` };
  try {
    const source = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { source: source.replace(/\r\n/g, "\n") };
  } catch {
    return { error: `${name} is not UTF-8 text, so it cannot be Python code for this course.` };
  }
}

// PEP 263's pattern for a line that declares a file's encoding (grader/intake/regular.py).
const CODING = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;
// Python's names for Latin-1 and ASCII, as its codec registry spells them (lower case, "_"
// for "-"): a browser's TextDecoder reads "latin-1" and "ascii" as windows-1252, which is not
// what `python file.py` or `course grade` reads.
const LATIN_1 = new Set(["latin_1", "latin1", "latin", "l1", "iso8859_1", "iso_8859_1", "8859",
  "cp819", "ibm819", "iso_ir_100", "csisolatin1", "iso_8859_1_1987", "iso_latin_1"]);
const ASCII = new Set(["ascii", "us_ascii", "646", "us", "ansi_x3.4_1968", "iso646_us"]);

// The encoding a .py file's first or second line declares (the second counts only when the
// first is blank or a comment, as in Python's tokenizer), or null.
function declaredCoding(bytes) {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024)).split("\n", 2);
  const first = CODING.exec(head[0]);
  if (first) return first[1];
  if (head.length < 2 || !/^[ \t\f]*(#.*)?\r?$/.test(head[0])) return null;
  const second = CODING.exec(head[1]);
  return second ? second[1] : null;
}

// A .py file's bytes to text, read as Python reads them: UTF-8 unless its coding line says
// otherwise (`# -*- coding: latin-1 -*-`, which an old editor may have written). `course
// grade` reads a handed-in file the same way, so the page and the grade agree on it.
export function decodePython(bytes, name) {
  if (bytes.length > MAX_FILE_BYTES) return decodeSource(bytes, name);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { error: `${name} is saved as UTF-16 (what Windows Notepad calls "Unicode"), not ` +
      "UTF-8: save it again choosing UTF-8 and open it again." };
  }
  const declared = declaredCoding(bytes);
  const python = declared && declared.slice(0, 12).toLowerCase().replace(/[-\s]/g, "_");
  if (!declared || /^utf_?8(_|$)/.test(python)) return decodeSource(bytes, name);
  let source;
  if (LATIN_1.has(python) || python.startsWith("latin_1_") || python.startsWith("iso_8859_1_")
      || python.startsWith("iso_latin_1_")) {
    source = Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");
  } else {
    const ascii = ASCII.has(python);
    let decoder = null;
    try {
      decoder = new TextDecoder(ascii ? "utf-8" : declared, { fatal: true });
    } catch {
      return { error: `${name}: its coding line names ${declared}, which this page cannot ` +
        "read: save it as UTF-8 (any editor can) and open it again." };
    }
    const at = ascii ? bytes.findIndex((byte) => byte > 0x7f) : -1;
    try {
      if (at >= 0) throw new Error("not ascii");
      source = decoder.decode(bytes);
    } catch {
      return { error: `${name} is not ${declared} text, as its coding line says: save it as ` +
        "UTF-8 and open it again." };
    }
  }
  if (source.includes("\0")) return { error: `${name} is not a text file (it holds binary data).` };
  return { source: source.replace(/\r\n/g, "\n") };
}

// A lab's notebook, saved from JupyterLite: its code is the one cell that starts with
// "%%writefile lab.py" (blank lines above the magic allowed, as IPython allows them), and the
// lab is the one its check cell names: what `course grade` reads of a notebook
// (grader/intake/notebooks.py). Opened as text, the editor held the notebook's JSON.
const WRITES_LAB = /^(?:[ \t]*\r?\n)*%%writefile[ \t]+(?:\S+\/)?lab\.py[ \t]*(?:\r?\n|$)/;
const CHECK_CALL = /\bcheck\(\s*['"]([0-9]{2}-[a-z0-9-]+)['"]/;

function decodeNotebook(bytes, name) {
  let source;
  try {
    source = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { error: `${name} is not UTF-8 text, so it is not a notebook JupyterLite saved.` };
  }
  const found = notebookCode(source, name);
  if (found.error) return found;
  const size = new TextEncoder().encode(found.source).length;
  if (size > MAX_FILE_BYTES) {
    return { error: `${name}'s lab cell is ${(size / 1048576).toFixed(1)} MB; a lab's code is at most 1 MB.` };
  }
  return found;
}

export function notebookCode(source, name) {
  let notebook;
  try {
    notebook = JSON.parse(source);
  } catch {
    return { error: `${name} is not a notebook (it is not JSON): open the lab's notebook as ` +
      "JupyterLite saved it (File ▸ Download), or the lab's .py file." };
  }
  const cells = notebook && Array.isArray(notebook.cells) ? notebook.cells : null;
  if (!cells) return { error: `${name} is not a notebook (it has no list of cells).` };
  const sources = cells.filter((cell) => cell && cell.cell_type === "code").map((cell) =>
    Array.isArray(cell.source) ? cell.source.filter((part) => typeof part === "string").join("")
      : typeof cell.source === "string" ? cell.source : "");
  const found = sources.filter((text) => WRITES_LAB.test(text));
  if (!found.length) {
    return { error: `${name} has no cell that starts with %%writefile lab.py, which is where ` +
      "the lab's notebook keeps your code: it was not opened." };
  }
  if (found.length > 1) {
    return { error: `${name} has ${found.length} cells that start with %%writefile lab.py; ` +
      "keep the one with your code and save it again." };
  }
  const named = sources.map((text) => CHECK_CALL.exec(text)).find(Boolean);
  const code = found[0].slice(WRITES_LAB.exec(found[0])[0].length).replace(/\r\n/g, "\n");
  return { source: code, lab: named ? named[1] : null };
}

// What the note beside the buttons says of a file just opened (and the replaced code's "Bring my
// code back"). A file without the course's header line is taken whatever it holds: README.md,
// or lab 1's solution.py opened in lab 2, was "Opened README.md." and then a SyntaxError on
// line 1, or every check failed, with nothing pointing at the file. Now the note says so.
const DEFINES = /^(?:async[ \t]+)?(?:def|class)[ \t]+([A-Za-z_]\w*)/gm;
const definedIn = (code) => new Set(Array.from(code.matchAll(DEFINES), (match) => match[1]));

export function openedNote(name, code, starter) {
  if (!/\.(py|ipynb)$/i.test(name)) {
    return { lead: `Opened ${name}, which is not a .py file: Run and Check now read its text as ` +
      "your Python code.", warn: true };
  }
  const wanted = [...definedIn(starter)];
  const has = definedIn(code);
  if (wanted.length && !wanted.some((what) => has.has(what))) {
    const names = wanted.slice(0, 3).join(", ") + (wanted.length > 3 ? ", …" : "");
    return { lead: `Opened ${name}, but it defines none of this lab's ${names}: it may be ` +
      "another lab's code.", warn: true };
  }
  return { lead: `Opened ${name}.`, warn: false };
}

// Hand bytes to the browser's downloads, as a file named `name`.
export function saveFile(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// A lab as the page names it ("lab 5, Backpropagation"), from the lessons' own links; a slug
// no lesson here has ("07-attention", a newer course's) stays as the file says it.
function labName(slug) {
  for (const link of document.querySelectorAll(".site-header nav a")) {
    const [number, ...title] = link.textContent.trim().split(". ");
    if (link.getAttribute("href").includes(`/${slug}/`)) return `lab ${number}, ${title.join(". ")}`;
  }
  return `lab ${slug}`;
}

export function startLabFiles(root, { view, lab, version, say, onOpened, opened }) {
  const download = root.querySelector('[data-testid="download"]');
  const open = root.querySelector('[data-testid="open-file"]');
  const picker = root.querySelector(".open-file-input");

  download.addEventListener("click", () => {
    saveFile(new Blob([fileText(lab, version, text(view))], { type: "text/x-python" }), `${lab}.py`);
    say(`Downloaded ${lab}.py.`, "ready");
  });

  open.addEventListener("click", () => picker.click());
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    picker.value = "";  // choosing the same file again is a new change
    if (!file) return;
    const notebook = /\.ipynb$/i.test(file.name);
    if (notebook && file.size > MAX_NOTEBOOK_BYTES) {
      return say(`${file.name} is ${(file.size / 1048576).toFixed(1)} MB; a lab's notebook is at most 16 MB.`, "broken");
    }
    if (!notebook && file.size > MAX_FILE_BYTES) {
      return say(`${file.name} is ${(file.size / 1048576).toFixed(1)} MB; a lab's code is at most 1 MB.`, "broken");
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let decoded = notebook ? decodeNotebook(bytes, file.name) : decodePython(bytes, file.name);
    if (decoded.error) return say(decoded.error, "broken");
    const { lab: named, code } = notebook
      ? { lab: decoded.lab, code: withoutHeader(decoded.source).code } : withoutHeader(decoded.source);
    if (named && named !== lab) {
      return say(`${file.name} is the code of ${labName(named)}, not of this lab; it was not opened.`, "broken");
    }
    const before = text(view);
    replace(view, plainSpaces(code));  // one change: Ctrl+Z brings the previous code back
    view.focus();
    if (opened) opened(before, file.name);
    else say(`Opened ${file.name}. Undo (Ctrl+Z) brings your previous code back.`, "ready");
    if (onOpened) onOpened();
  });
}
