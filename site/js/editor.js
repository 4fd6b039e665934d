// The lab editor: CodeMirror 6 with Python, saving on every edit.
import { EditorView, basicSetup } from "codemirror";
import { python } from "@codemirror/lang-python";
import { keymap } from "@codemirror/view";
import { Prec } from "@codemirror/state";
import { indentWithTab } from "@codemirror/commands";

export function createEditor(parent, { doc, onChange, onRun, onCheck }) {
  const view = new EditorView({
    doc,
    parent,
    extensions: [
      basicSetup,
      python(),
      // Highest precedence: basicSetup binds Mod-Enter to "insert blank line".
      Prec.highest(keymap.of([
        { key: "Mod-Enter", run: () => (onRun(), true) },
        { key: "Shift-Mod-Enter", run: () => (onCheck(), true) },
      ])),
      keymap.of([indentWithTab]),  // Tab indents; Esc then Tab leaves the editor (CodeMirror's rule)
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString());
      }),
      EditorView.contentAttributes.of({ "aria-label": "Python code of the lab" }),
    ],
  });
  view.dom.dataset.testid = "editor";
  return view;
}

export function text(view) {
  return view.state.doc.toString();
}

// Replace the whole text as one undoable change.
export function replace(view, doc) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
}
