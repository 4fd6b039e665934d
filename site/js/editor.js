// The lab editor: CodeMirror 6 with Python, saving on every edit.
import { EditorView, basicSetup } from "codemirror";
import { python } from "@codemirror/lang-python";
import { indentUnit } from "@codemirror/language";
import { keymap } from "@codemirror/view";
import { Compartment, EditorState, Prec } from "@codemirror/state";
import { indentWithTab, isolateHistory } from "@codemirror/commands";

// Python is indented by four spaces: Enter keeps the block's indentation (and opens a new
// block after a colon), Tab and Shift-Tab move by four. CodeMirror's default unit is two.
const PYTHON_INDENT = "    ";
// Narrow screens wrap long lines, so the starter's instructions need no sideways scrolling.
const NARROW = "(max-width: 40rem)";

export function createEditor(parent, { doc, onChange, onRun, onCheck }) {
  const wrapping = new Compartment();
  const narrow = matchMedia(NARROW);
  const wrap = () => (narrow.matches ? EditorView.lineWrapping : []);
  const view = new EditorView({
    doc,
    parent,
    extensions: [
      basicSetup,
      python(),
      indentUnit.of(PYTHON_INDENT),
      EditorState.tabSize.of(4),
      wrapping.of(wrap()),
      // Highest precedence: basicSetup binds Mod-Enter to "insert blank line".
      Prec.highest(keymap.of([
        { key: "Mod-Enter", run: () => (onRun(), true) },
        { key: "Shift-Mod-Enter", run: () => (onCheck(), true) },
      ])),
      keymap.of([indentWithTab]),  // Tab indents; Esc then Tab leaves the editor (CodeMirror's rule)
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString());
      }),
      EditorView.contentAttributes.of({
        "aria-label": "Python code of the lab",
        "aria-describedby": "editor-keys",
      }),
    ],
  });
  narrow.addEventListener("change", () => view.dispatch({ effects: wrapping.reconfigure(wrap()) }));
  view.dom.dataset.testid = "editor";
  return view;
}

export function text(view) {
  return view.state.doc.toString();
}

// Replace the whole text as one undoable change of its own: without isolating it, history
// joins it with an edit made less than 0.5 s before (a paste, then Open a file), and Ctrl+Z
// would take both away.
export function replace(view, doc) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc },
    annotations: isolateHistory.of("full") });
}
