// A lab's code as a file: Download it (to hand in, or keep), or Open one into the editor.
// The first line names the lab and the course version, as `course grade` expects
// (docs/grading.md); it is taken off again when a file comes back.
import { replace, plainSpaces, text } from "./editor.js";

export const MAX_FILE_BYTES = 1 << 20;  // as `course grade` refuses larger submissions

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
    if (file.size > MAX_FILE_BYTES) {
      return say(`${file.name} is ${(file.size / 1048576).toFixed(1)} MB; a lab's code is at most 1 MB.`, "broken");
    }
    const decoded = decodeSource(new Uint8Array(await file.arrayBuffer()), file.name);
    if (decoded.error) return say(decoded.error, "broken");
    const { lab: named, code } = withoutHeader(decoded.source);
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
