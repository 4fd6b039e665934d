// The lab editor: CodeMirror 6 with Python, saving on every edit.
import { EditorView, basicSetup } from "codemirror";
import { python } from "@codemirror/lang-python";
import { ensureSyntaxTree, forceParsing, indentUnit, matchBrackets, syntaxTree } from "@codemirror/language";
import { Decoration, ViewPlugin, keymap, runScopeHandlers } from "@codemirror/view";
import { EditorSelection, EditorState, Prec, RangeSetBuilder, countColumn } from "@codemirror/state";
import { insertNewlineAndIndent, isolateHistory, undo, undoDepth } from "@codemirror/commands";
import { autocompletion, closeCompletion, completionStatus, selectedCompletionIndex } from "@codemirror/autocomplete";

// Python is indented by four spaces: Enter keeps the block's indentation (and opens a new
// block after a colon), Tab and Shift-Tab move by four. CodeMirror's default unit is two.
const PYTHON_INDENT = "    ";
const ONE_HOUR = 3600 * 1000;

// Long lines wrap at every width, so the starter's instructions need no sideways scrolling:
// beside the lesson on a laptop (1200-1700 px) the editor holds only ~60 characters, and
// every starter has longer lines. A wrapped line's continuation is indented four characters
// past the line's own indentation, so in Python it never reads as a line of its own at
// another block's indentation. (Each line's indentation is a CSS variable on it.)
const hangingIndent = EditorView.theme({
  ".cm-line": { "--indent": "0ch", paddingLeft: "calc(var(--indent) + 4ch + 6px)",
    textIndent: "calc(-1 * (var(--indent) + 4ch))" },
});

function indentations(view) {
  const lines = new RangeSetBuilder();
  for (const { from, to } of view.visibleRanges) {
    for (let at = from; at <= to;) {
      const line = view.state.doc.lineAt(at);
      const indent = /^[ \t]*/.exec(line.text)[0].replace(/\t/g, PYTHON_INDENT).length;
      if (indent) lines.add(line.from, line.from, Decoration.line({ attributes: { style: `--indent: ${indent}ch` } }));
      at = line.to + 1;
    }
  }
  return lines.finish();
}

const lineIndentations = ViewPlugin.fromClass(class {
  constructor(view) {
    this.decorations = indentations(view);
  }

  update(update) {
    if (update.docChanged || update.viewportChanged) this.decorations = indentations(update.view);
  }
}, { decorations: (plugin) => plugin.decorations });

// Closing a docstring by typing its three quotes: the editor had put the closing quotes in
// when the string was opened, and the first quote typed stepped over all three, so the other
// two went in as new ones ('"""Sum the steps."""""', five quotes). Each quote typed now steps
// over one of the closing quotes, as in other Python editors.
const stepOverClosingQuotes = EditorView.inputHandler.of((view, from, to, typed) => {
  const { state } = view;
  if ((typed !== '"' && typed !== "'") || from !== to || state.selection.ranges.length > 1) return false;
  let string = syntaxTree(state).resolveInner(from, -1);
  while (string && !/String/.test(string.name)) string = string.parent;
  if (!string || string.to <= from) return false;
  const triple = typed.repeat(3);
  const text = state.sliceDoc(string.from, string.to);
  const opened = text.replace(/^[A-Za-z]*/, "");
  const closing = state.sliceDoc(from, string.to);
  if (!opened.startsWith(triple) || opened.length < 6 || !text.endsWith(triple)
      || closing.length > 3 || closing !== typed.repeat(closing.length)) return false;
  view.dispatch({ selection: { anchor: from + 1 }, scrollIntoView: true, userEvent: "select" });
  return true;
});

// Enter between brackets puts the closing one on a line of its own, below the cursor
// ("d = {" Enter gives "d = {", an indented empty line, "}"). A learner who then types the
// closing bracket on its own line, as they would without the editor's help, got two
// ("}" and "}", "unmatched '}'"). Typed on a line of nothing but indentation, right above a
// less indented line that starts with that same bracket, matched, it steps over that bracket
// instead, as typing ")" before a ")" the editor added on the same line does.
const stepOverClosingBracketBelow = EditorView.inputHandler.of((view, from, to, typed) => {
  const { state } = view;
  if (!")]}".includes(typed) || typed.length !== 1 || from !== to
      || state.selection.ranges.length > 1) return false;
  const line = state.doc.lineAt(from);
  if (line.text.trim() !== "" || line.number === state.doc.lines) return false;
  const below = state.doc.line(line.number + 1);
  const indent = below.text.length - below.text.trimStart().length;
  if (below.text[indent] !== typed || indent >= line.text.length) return false;
  const match = matchBrackets(state, below.from + indent + 1, -1);
  if (!match || !match.matched) return false;
  view.dispatch({ changes: { from: line.from, to: below.from }, selection: { anchor: line.from + indent + 1 },
    scrollIntoView: true, userEvent: "input.type" });
  return true;
});

// Code indented with tabs (pasted, or a file opened) became a TabError at the first Enter:
// the editor indents new lines with spaces, and Python refuses the mix ("inconsistent use of
// tabs and spaces in indentation") on lines that look alike on screen. A tab in a line's
// indentation becomes spaces up to the next multiple of four columns, the editor's tab stops.
// A no-break space (U+00A0) looks like a space and Python refuses it ("invalid non-printable
// character U+00A0" about a line that looks right): code copied from a web page, a PDF or a
// chat brings them, and on a Mac Option+Space types one. They become plain spaces.
export function plainSpaces(code) {
  return code.replace(/\u00a0/g, " ").replace(/^[ \t]*\t[ \t]*/gm, (lead) => {
    let column = 0;
    for (const c of lead) column = c === "\t" ? column + 4 - (column % 4) : column + 1;
    return " ".repeat(column);
  });
}

const noBreakSpaceTyped = EditorView.inputHandler.of((view, from, to, typed) => {
  if (!typed.includes("\u00a0")) return false;
  const insert = typed.replace(/\u00a0/g, " ");
  view.dispatch({ changes: { from, to, insert }, selection: { anchor: from + insert.length },
    scrollIntoView: true, userEvent: "input.type" });
  return true;
});

// A block pasted where a line's indentation ends (a method body, say) came in with its first
// line there and every other line where it stood in the copy: the lesson's `def __mul__` block,
// copied from the page and pasted over a stub inside `class Value`, or lines copied whole and
// pasted after Enter had indented (the first line twice as deep), gave an IndentationError.
// Such a paste now keeps the block's own shape, its first line at the cursor. Pasted at the
// start of a line, whole lines keep the indentation they had.
function fitIndentation(pasted, column) {
  const lines = pasted.split("\n");
  const first = lines[0];
  const rest = lines.slice(1).filter((line) => line.trim());
  if (!rest.length || !first.trim()) return pasted;
  const depth = (line) => /^ */.exec(line)[0].length;
  const ownIndent = depth(first);
  if (ownIndent && !column) return pasted;
  // Copied from its first character, the first line's indentation is not in the copy: it is
  // one level above the next line after a colon, else as deep as the shallowest line.
  const firstDepth = ownIndent
    || (/:\s*(#.*)?$/.test(first) ? depth(rest[0]) - PYTHON_INDENT.length : Math.min(...rest.map(depth)));
  const shift = column - firstDepth;
  if (firstDepth < 0 || rest.some((line) => depth(line) + shift < 0)) return pasted;
  if (!shift && !ownIndent) return pasted;
  return [first.trimStart(), ...lines.slice(1).map((line) => (!line.trim() ? line.trimStart()
    : shift > 0 ? " ".repeat(shift) + line : line.slice(-shift)))].join("\n");
}

const pasteAtIndentation = EditorState.transactionFilter.of((tr) => {
  if (!tr.isUserEvent("input.paste") || tr.startState.selection.ranges.length > 1) return tr;
  const changes = [];
  tr.changes.iterChanges((from, to, _f, _t, inserted) => changes.push({ from, to, text: inserted.toString() }));
  if (changes.length !== 1) return tr;
  const { from, to, text } = changes[0];
  const line = tr.startState.doc.lineAt(from);
  const before = line.text.slice(0, from - line.from);
  if (/[^ ]/.test(before)) return tr;
  const insert = fitIndentation(text, before.length);
  if (insert === text) return tr;
  return { changes: { from, to, insert }, selection: { anchor: from + insert.length },
    scrollIntoView: true, userEvent: "input.paste" };
});

// Enter indents by CodeMirror's syntax tree, which the parser builds a slice at a time.
// Typed without a pause at the end of a long file on a slow machine, Enter came before the
// tree reached the cursor, and CodeMirror then copies the line's indentation: `else:` then
// Enter stayed at else's column, `return 2` then Enter went to column 0. Finish the parse up
// to the cursor first (at most 200 ms); always true, so the Enter commands below still run.
function parsedToCursor(view) {
  const at = view.state.selection.main.head;
  if (syntaxTree(view.state).length < at) forceParsing(view, at, 200);
  return true;
}

// The same for the re-indent CodeMirror makes as a line is typed (`else:`, `except `, a closing
// bracket on its own line): typed fast there, `else:` stayed in the `if` block it closes.
// That re-indent reads the tree of the state the typing makes, which takes the parse this does
// in place; no transaction here (one dispatched while the browser's typing is being read would
// drop it).
const parsedBeforeReindent = EditorView.inputHandler.of((view, from, to, text) => {
  if (/^[: )\]}]$/.test(text)) ensureSyntaxTree(view.state, from, 200);
  return false;  // the text is then typed as usual
});

// Enter after a line that ends its block (return, pass, break, continue) goes back one level,
// as in IDLE and VS Code: a line typed there, in the same block, could never run. Not after
// raise: every starter's `raise NotImplementedError(...)` stands where the learner's code
// goes, and Enter at its end must stay in the function.
const ENDS_A_BLOCK = /^(Return|Pass|Break|Continue)Statement$/;

// The indentation of the statement that ends its block on `line`, or -1: one that starts on
// it, or one that started on an earlier line and closes its bracket here
// (`return Value(self.data * other.data,` / `(self, other), "*")`): after that one, Enter
// stayed in the method, and a `def` typed there was nested in it, after its return.
function blockEndIndent(state, line) {
  const tree = syntaxTree(state);
  const indent = /^ */.exec(line.text)[0].length;
  const here = tree.resolveInner(line.from + indent, 1).parent;
  if (here && ENDS_A_BLOCK.test(here.name) && here.from === line.from + indent) return indent;
  for (let node = tree.resolveInner(line.to, -1); node; node = node.parent) {
    if (!ENDS_A_BLOCK.test(node.name)) continue;
    const first = state.doc.lineAt(node.from);
    const start = /^ */.exec(first.text)[0].length;
    const last = state.doc.lineAt(Math.max(node.from, Math.min(node.to, state.doc.length)));
    const ends = last.number === line.number || (node.to === line.to + 1 && last.number === line.number + 1);
    return first.number < line.number && node.from === first.from + start && ends ? start : -1;
  }
  return -1;
}

function newlineAfterBlockEnd(view) {
  const { state } = view;
  const at = state.selection.main;
  if (state.selection.ranges.length > 1 || !at.empty) return false;
  const line = state.doc.lineAt(at.head);
  if (at.head !== line.to || !line.text.trim()) return false;
  const indent = blockEndIndent(state, line);
  if (indent < PYTHON_INDENT.length) return false;
  // Only where Enter would keep the block's indentation (not inside an open bracket, say);
  // one change, so one Ctrl+Z takes the new line away.
  let enter = null;
  insertNewlineAndIndent({ state, dispatch: (transaction) => { enter = transaction; } });
  if (!enter) return false;
  const next = enter.state.doc.lineAt(enter.state.selection.main.head);
  if (next.text !== " ".repeat(indent)) return view.dispatch(enter), true;
  const insert = "\n" + " ".repeat(indent - PYTHON_INDENT.length);
  view.dispatch({ changes: { from: at.head, insert }, selection: { anchor: at.head + insert.length },
    scrollIntoView: true, userEvent: "input" });
  return true;
}

// Enter at the end of a statement inside a function sometimes went to column 0: lab 5's
// `raise NotImplementedError("train_step")` line selected and typed over with
// `    loss = loss_fn()`, then Enter, gave `loss.backward()` outside the function ("'return'
// outside function" at Run). CodeMirror's Python parse of that file put the line's end outside
// the function's body; a shorter file with the same function did not. In Python only a line
// that ends its block (above) or closes a bracket can be followed by a shallower one, so after
// any other line Enter keeps at least that line's indentation.
function newlineKeepingIndentation(view) {
  const { state } = view;
  const at = state.selection.main;
  if (state.selection.ranges.length > 1 || !at.empty) return false;
  const line = state.doc.lineAt(at.head);
  const indent = /^ */.exec(line.text)[0].length;
  if (at.head !== line.to || !indent || !line.text.trim()) return false;
  const count = (pattern) => (line.text.match(pattern) || []).length;
  if (count(/[)\]}]/g) > count(/[([{]/g)) return false;  // it closes an earlier line's bracket
  let enter = null;
  insertNewlineAndIndent({ state, dispatch: (transaction) => { enter = transaction; } });
  if (!enter) return false;
  const next = enter.state.doc.lineAt(enter.state.selection.main.head);
  if (/^ */.exec(next.text)[0].length >= indent || next.text.trim()) return view.dispatch(enter), true;
  const opens = /:\s*(#.*)?$/.test(line.text) ? PYTHON_INDENT : "";
  const insert = "\n" + " ".repeat(indent) + opens;
  view.dispatch({ changes: { from: at.head, insert }, selection: { anchor: at.head + insert.length },
    scrollIntoView: true, userEvent: "input" });
  return true;
}

// Enter in the middle of a line: typing in front of a starter's `raise NotImplementedError(...)`
// and pressing Enter there is how most learners fill a stub in. After a line ending in an
// attribute (`self.grad = out.grad`), CodeMirror's Python parse read the two lines as one
// broken expression and sent the rest (the `raise`) four columns deeper, where the next line
// typed gave "unexpected indent". In Python the rest of a line goes deeper only after a colon,
// a backslash or inside a bracket; otherwise it keeps the line's indentation.
const IN_BRACKETS = /^(ArgList|ParamList|ArrayExpression|ArrayComprehensionExpression|DictionaryExpression|DictionaryComprehensionExpression|SetExpression|SetComprehensionExpression|TupleExpression|ParenthesizedExpression|ComprehensionExpression|String|FormatString)$/;

function newlineSplittingLine(view) {
  const { state } = view;
  const at = state.selection.main;
  if (state.selection.ranges.length > 1 || !at.empty) return false;
  const line = state.doc.lineAt(at.head);
  const indent = /^ */.exec(line.text)[0].length;
  const before = line.text.slice(0, at.head - line.from).trimEnd();
  const after = line.text.slice(at.head - line.from).trimStart();
  if (before.length <= indent || !after) return false;
  if (/[:\\,([{]$/.test(before) || before.includes("#")) return false;
  const count = (pattern) => (before.match(pattern) || []).length;
  if (count(/[([{]/g) !== count(/[)\]}]/g) || /["']/.test(before)) return false;
  for (let node = syntaxTree(state).resolveInner(line.from + indent, 1); node; node = node.parent) {
    if (IN_BRACKETS.test(node.name) && node.from < line.from) return false;  // an earlier line's bracket
  }
  let enter = null;
  insertNewlineAndIndent({ state, dispatch: (transaction) => { enter = transaction; } });
  if (!enter) return false;
  const next = enter.state.doc.lineAt(enter.state.selection.main.head);
  if (/^ */.exec(next.text)[0].length <= indent) return false;
  const from = line.from + before.length;
  const to = line.to - after.length;
  const insert = "\n" + " ".repeat(indent);
  view.dispatch({ changes: { from, to, insert }, selection: { anchor: from + insert.length },
    scrollIntoView: true, userEvent: "input" });
  return true;
}

// Tab and Shift-Tab move indentation to the next or the previous four-column stop, as in other
// Python editors. CodeMirror's own commands add or take four columns wherever a line starts: a
// line indented by six (Python's "unexpected indent") went to two with Shift-Tab and back to six
// with Tab, never to four. Several lines move together, by the step their shallowest line needs,
// so a block keeps its shape; lines of spaces only are left alone unless nothing else is selected.
function indentToStop(more) {
  return ({ state, dispatch }) => {
    if (state.readOnly) return false;
    let atLine = -1;
    const moved = state.changeByRange((range) => {
      const lines = [];
      for (let pos = range.from; pos <= range.to;) {
        const line = state.doc.lineAt(pos);
        if (line.number > atLine && (range.empty || range.to > line.from)) lines.push(line);
        atLine = Math.max(atLine, line.number);
        pos = line.to + 1;
      }
      const written = lines.filter((line) => line.text.trim());
      const moving = written.length ? written : lines;
      if (!moving.length) return { range };
      const space = (line) => /^[ \t]*/.exec(line.text)[0];
      const depth = (line) => countColumn(space(line), PYTHON_INDENT.length);
      const least = Math.min(...moving.map(depth));
      const step = more ? PYTHON_INDENT.length - (least % PYTHON_INDENT.length)
        : -(least % PYTHON_INDENT.length || Math.min(PYTHON_INDENT.length, least));
      const changes = step ? moving.map((line) => {
        const old = space(line);
        const now = " ".repeat(depth(line) + step);
        if (old.includes("\t")) return { from: line.from, to: line.from + old.length, insert: now };
        // Spaces only: add or take them at the line's start, so the cursor moves with the text.
        return step > 0 ? { from: line.from, insert: " ".repeat(step) }
          : { from: line.from, to: line.from - step };
      }) : [];
      const set = state.changes(changes);
      return { changes, range: EditorSelection.range(set.mapPos(range.anchor, 1), set.mapPos(range.head, 1)) };
    });
    dispatch(state.update(moved, { userEvent: more ? "input.indent" : "delete.dedent" }));
    return true;
  };
}

const indentKeys = [
  { key: "Tab", run: indentToStop(true), shift: indentToStop(false) },
  { key: "Mod-]", run: indentToStop(true) },
  { key: "Mod-[", run: indentToStop(false) },
];

// The list that pops up under a word as it is typed is a hint: the arrow keys went into it
// (nothing picked, so the first press picked its first choice and ArrowUp its last), and a
// learner moving to the next line with ArrowDown, then pressing Enter, had `data` replaced by
// `PendingDeprecationWarning`. Until a choice is picked the arrows close the list and move the
// cursor; asked for with Ctrl+Space, the list takes them (CodeMirror's own keys).
function arrowsMoveTheCursor() {
  let asked = false;
  const arrow = (view) => {
    if (!asked && completionStatus(view.state) === "active" && selectedCompletionIndex(view.state) === null) {
      closeCompletion(view);
    }
    return false;  // the key then does what it does without the list: moves the cursor
  };
  return [
    Prec.highest(keymap.of([
      { key: "Ctrl-Space", run: () => { asked = true; return false; } },  // then the list opens
      ...["ArrowDown", "ArrowUp", "PageDown", "PageUp"].map((key) => ({ key, run: arrow })),
    ])),
    EditorView.updateListener.of((update) => {
      if (completionStatus(update.state) === null) asked = false;
    }),
  ];
}

// Ctrl+Shift+Z (redo) undid once more instead, whenever the key came as a small "z" with Shift
// held, as it does with Caps Lock on: CodeMirror takes Shift as already in the letter of a
// Ctrl+letter, so Shift + "z" looked up "Ctrl-z", undo. The same for every Ctrl+Shift+letter
// key (Ctrl+Shift+K deletes a line). Such a key is looked up as its capital, as without Caps Lock.
const shiftedLetters = Prec.highest(EditorView.domEventHandlers({
  keydown(event, view) {
    const { key } = event;
    if (!event.shiftKey || !(event.ctrlKey || event.metaKey) || key.length !== 1
        || key.toUpperCase() === key) return false;
    const capital = { key: key.toUpperCase(), keyCode: event.keyCode, code: event.code, type: event.type,
      shiftKey: true, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey,
      stopPropagation: () => event.stopPropagation() };
    if (!runScopeHandlers(view, capital, "editor")) return false;
    event.preventDefault();
    return true;
  },
}));

// Short screens keep the lab's buttons over the screen's bottom (app.css, sticky), and the
// editor scrolled its cursor only into the screen: moved or typed onto the editor's last lines
// with the page scrolled a little, the cursor sat under the buttons, and the editor's end could
// scroll no further. After CodeMirror has scrolled to the cursor, the box that holds the editor
// (the page, or the lab's own column) scrolls on until it is above what covers it. `coveredFrom`
// says where that cover starts on the screen (Infinity: nothing covers).
function cursorAboveCover(coveredFrom) {
  const scroller = (view) => {
    for (let box = view.dom.parentElement; box; box = box.parentElement) {
      const { overflowY } = getComputedStyle(box);
      if (/auto|scroll/.test(overflowY) && box.scrollHeight > box.clientHeight) return box;
    }
    return window;
  };
  return EditorView.scrollHandler.of((view) => {
    view.requestMeasure({
      read: () => {
        const cursor = view.coordsAtPos(view.state.selection.main.head);
        const cover = coveredFrom();
        const gap = 0.25 * view.defaultLineHeight;
        return cursor && cursor.bottom > cover ? cursor.bottom - cover + gap : 0;
      },
      write: (by) => { if (by > 0) scroller(view).scrollBy({ top: by, behavior: "instant" }); },
    });
    return false;  // CodeMirror's own scrolling first
  });
}

export function createEditor(parent, { doc, onChange, onRun, onCheck, onSave,
  coveredFrom = () => Infinity }) {
  const view = new EditorView({
    doc,
    parent,
    extensions: [
      arrowsMoveTheCursor(),  // before basicSetup: its keys for the list come after these
      shiftedLetters,
      basicSetup,
      // Typed at a person's pace, the list of completions opened with its first choice picked,
      // and Enter took it: at the end of `y = data` the list offered `data` itself, so Enter did
      // nothing and the next line ran on (`y = datareturn y`). None is picked until the learner
      // picks one (Ctrl+Space, then the arrow keys; or a click); Enter is a new line until then.
      autocompletion({ selectOnOpen: false }),
      python(),
      indentUnit.of(PYTHON_INDENT),
      EditorState.tabSize.of(4),
      EditorView.lineWrapping,
      hangingIndent,
      lineIndentations,
      // Highest precedence: basicSetup binds Mod-Enter to "insert blank line".
      Prec.highest(keymap.of([
        { key: "Mod-Enter", run: () => (onRun(), true) },
        { key: "Shift-Mod-Enter", run: () => (onCheck(), true) },
        // Ctrl/⌘+S out of habit opened the browser's "Save page as" for the page's HTML.
        { key: "Mod-s", run: () => (onSave(), true), preventDefault: true },
        { key: "Enter", run: (view) => parsedToCursor(view) && (newlineAfterBlockEnd(view)
          || newlineKeepingIndentation(view) || newlineSplittingLine(view)) },
      ])),
      parsedBeforeReindent,
      Prec.highest(stepOverClosingQuotes),  // before closeBrackets (basicSetup) sees the quote
      Prec.highest(stepOverClosingBracketBelow),  // and the bracket
      // Text copied from a file saved with a byte-order mark brings it along, invisible: Check
      // reads past it, but Run stopped at "invalid non-printable character U+FEFF".
      EditorView.clipboardInputFilter.of((pasted) => plainSpaces(pasted.replace(/^\uFEFF/, ""))),
      noBreakSpaceTyped,
      pasteAtIndentation,
      cursorAboveCover(coveredFrom),
      // Tab indents; Esc then Tab leaves the editor (CodeMirror's rule). Before basicSetup's own
      // Mod-] and Mod-[, which move by four from wherever the line starts.
      Prec.high(keymap.of(indentKeys)),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString());
      }),
      EditorView.contentAttributes.of({
        "aria-label": "Python code of the lab",
        "aria-describedby": "editor-keys",
      }),
    ],
  });
  // Tabbing through the page, a keyboard user came into the editor and every further Tab
  // indented the starter's first line (then Run: "unexpected indent"). Come in by the keyboard,
  // Tab and Shift+Tab move on until another key is pressed there; clicked or tapped, Tab indents.
  let pointed = -Infinity;
  view.dom.addEventListener("pointerdown", () => {
    pointed = performance.now();
    view.setTabFocusMode(false);
  }, true);
  view.contentDOM.addEventListener("focus", () => {
    if (performance.now() - pointed > 1000) view.setTabFocusMode(ONE_HOUR);
  });
  // "Esc, then Tab" leaves the editor, the page says: with the completion list open (after
  // typing "print"), Esc only closed the list and the Tab indented the line; with lines
  // selected (to indent them), Esc only dropped the selection and the Tab indented. Esc still
  // does those, and now arms Tab to leave too (for two seconds, as CodeMirror's own Esc does).
  view.contentDOM.addEventListener("keydown", (event) => {
    const selected = view.state.selection.ranges.some((range) => !range.empty);
    if (event.key === "Escape" && (completionStatus(view.state) || selected)) view.setTabFocusMode(2000);
  }, true);
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

// Code typed in another tab of the same lab, shown here (lab.js): it comes one key at a time,
// and each one was a change of its own here, so the "Ctrl+Z brings back what was here" the
// page promises took back one key of the other tab's. Shown again with nothing done here since,
// the last one is taken back first: the keys typed there in a row are one change here.
const shownFromElsewhere = new WeakMap();
export function replaceFromElsewhere(view, doc) {
  const last = shownFromElsewhere.get(view);
  if (last && last.doc === view.state.doc.toString() && last.depth === undoDepth(view.state)) undo(view);
  replace(view, doc);
  shownFromElsewhere.set(view, { doc, depth: undoDepth(view.state) });
}

// The cursor at the start of the first line holding `needle`, and that line near the top of the
// editor's box. Only the editor's own box scrolls: CodeMirror's scrollIntoView would scroll the
// page and the lab's column too, and the page must not move while it opens. A scroll snapshot
// (EditorView.scrollSnapshot's kind of target, aimed at this line) moves the editor alone, and
// CodeMirror applies it as it measures the lines: set by hand, scrollTop missed the line on a
// phone, where long lines wrap and their heights are only estimates until drawn.
export function openAt(view, needle) {
  const at = needle ? view.state.doc.toString().indexOf(needle) : -1;
  if (at <= 0) return;
  openAtLine(view, view.state.doc.lineAt(at));
}

// The same for the first line: Reset shows the code as the page opens it.
// The line holding offset `at` near the top of the editor's box, the cursor at its start: where
// the learner was, when "Bring my code back" returns the code a Reset replaced.
export function openAtOffset(view, at) {
  openAtLine(view, view.state.doc.lineAt(Math.min(at, view.state.doc.length)));
}

// Line `number` of the file, from a "line 62" in a report: the cursor at its first character
// after the indentation, the line in the middle of the editor's box, the page scrolled to it
// (the learner asked to go there), and the keyboard in the editor to fix it.
export function showLine(view, number) {
  const line = view.state.doc.line(Math.max(1, Math.min(number, view.state.doc.lines)));
  const at = line.from + (/^[ \t]*/.exec(line.text)[0].length);
  // The whole editor's box in sight first: left to CodeMirror, the lab's column scrolled only
  // until the line showed, at its top edge, the box's top and the lines above cut off.
  // CodeMirror's own scrollIntoView centred the line in the column too, the box's top cut off;
  // so the page brings the box, and the box alone scrolls to the line (aimAt, as openAtLine).
  view.dom.scrollIntoView({ block: "nearest" });
  view.dispatch({ selection: { anchor: at }, effects: aimAt(view, at) });
  view.focus();
}

export function openAtStart(view) {
  openAtLine(view, view.state.doc.line(1));
}

// A scroll of the editor's box alone, `at` two lines below its top.
function aimAt(view, at) {
  const snapshot = view.scrollSnapshot();
  const Target = snapshot.value.constructor;
  return snapshot.type.of(new Target(EditorSelection.cursor(at), "start", "start",
    2 * view.defaultLineHeight, 0, true));
}

function openAtLine(view, line) {
  const aim = () => aimAt(view, line.from);
  view.dispatch({ selection: { anchor: line.from }, effects: aim() });
  // Out of sight (below the lesson, on a phone), the editor measures few of its lines: once it
  // comes into sight, again, unless the learner has moved the cursor since.
  const watcher = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    watcher.disconnect();
    if (view.state.selection.main.empty && view.state.selection.main.head === line.from) {
      view.dispatch({ effects: aim() });
    }
  }, { threshold: 0.5 });
  watcher.observe(view.dom);
}
