// The lab on a lesson page: editor, Run, Check, Stop, Reset, status, output and results.
import { closeCompletion } from "@codemirror/autocomplete";
import { createEditor, openAt, openAtOffset, openAtStart, replace, replaceFromElsewhere, showLine,
  text } from "./editor.js";
import { openedNote, startLabFiles } from "./lab-files.js";
import { carryMark, openingCode } from "./carry.js";
import { fitEditor, labState, showAboveEditor } from "./lab-state.js";
import { Python } from "./python.js";
import * as progress from "./progress.js";
import { followLine, showOutput, showPart, showReport } from "./results.js";

function hideGraph(section) {
  section.hidden = true;
  section.replaceChildren();
}

export function startLab(root, page) {
  const $ = (id) => root.querySelector(`[data-testid="${id}"]`);
  const slug = page.slug;
  const starter = JSON.parse(document.getElementById("starter").textContent);
  const state = labState(page, starter);
  const { saved, opening } = state;
  const status = $("status");
  const output = $("output");
  const result = $("result");
  const graph = $("graph");
  const buttons = { run: $("run"), check: $("check"), stop: $("stop"), reset: $("reset") };
  const limitSeconds = page.checkSeconds;
  const reportOptions = { next: page.next, train: Boolean(page.train) };

  let shownFromElsewhere = false;  // code another tab saved, shown here: not saved back
  let replacedNote = "";  // what the status said of a Reset, while it still says it
  const view = createEditor(root.querySelector(".editor"), {
    doc: opening.code,
    onChange: (code) => {
      // Typed after Reset or Open a file: "Bring my code back" would now throw this away too.
      const back = root.querySelector('[data-testid="undo-reset"]');
      if (back) {
        back.parentElement.textContent = "";
        progress.save(slug, { replaced: undefined });  // JSON leaves the key out
      }
      // "Your code was replaced with the starter code" stayed up after "Bring my code back" (or
      // Ctrl+Z, or new lines) had changed the code again, and read as if the code were lost.
      if (replacedNote && status.textContent === replacedNote) say("Python is ready.", "ready");
      return shownFromElsewhere || progress.save(slug, { code });
    },
    onRun: () => run(),
    onCheck: () => check(),
    onSave: () => saveKeyPressed(),
    // The row of buttons, when it stays over the screen's bottom (app.css, short screens).
    coveredFrom: () => {
      const row = root.querySelector(".lab > .toolbar");
      return row && getComputedStyle(row).position === "sticky" ? row.getBoundingClientRect().top : Infinity;
    },
  });
  window.courseEditor = view;  // a stable handle for tests and for the curious
  // "line 62" in a report or a traceback takes the learner to that line (results.js): the line
  // of `source`, the code that was run, wherever the edits made since have moved it.
  const linesOf = (source) => ({
    go: (number) => showLine(view, followLine(source, text(view), number)),
    lines: () => source.split("\n").length,
  });
  performance.mark("course:editor-usable");
  // Lab 5 holds the learner's lab-4 code, some 150 lines, above its own part: it opened at lab
  // 4's docstring, with this lab's first TODO ten screens down. It opens where its part starts.
  const ownPart = () => openAt(view, carryMark(page.carry));
  ownPart();

  if (opening.carried) progress.save(slug, { code: opening.code });
  // Laid out already while the page was parsed (lab-paint.js); now with the editor to load into.
  showAboveEditor(root, page, state, (code) => {
    replace(view, code);
    ownPart();
  });
  // The notes above the editor change size (an offer taken, the part line after a Check, a
  // narrower window): the editor is fitted to what is left again (lab-state.js).
  const refit = () => fitEditor(root);
  addEventListener("resize", refit);
  if (typeof ResizeObserver === "function") {
    const notes = new ResizeObserver(refit);
    for (const id of ["part", "carry"]) notes.observe($(id));
  }

  // Coming back: the last Check's report, marked as earlier.
  if (saved.last) showReport(result, saved.last, { ...reportOptions, earlier: saved.lastAt });

  const running = () => Boolean(python && python.busy);
  let python = null;
  let ticking = null;  // the status's clock while code runs
  python = new Python(page.urls, (state, detail, extra) => {
    if (state === "loading") loadingClock();
    if (state !== "loading") status.removeAttribute("aria-busy");
    if (state === "ready") {
      status.dataset.restored = String(Boolean(extra && extra.restored));
      performance.mark("course:python-ready");
      dispatchEvent(new Event("course:python-ready"));
      if (!running()) say(`Python is ready (${Math.round(detail)} ms).`, "ready");
    }
    if (state === "broken") say(`Python could not start: ${detail}. Reload the page to retry.`, "broken");
    if (!running()) busy(false);
  });

  // On a slow connection the status said "Loading Python… (you can start editing)" for half a
  // minute, the same words from start to end, as if the page had hung: it counts the seconds
  // after the first three. Screen readers hear the words once: a busy live region
  // holds its changes, and "Python is ready" ends it.
  function loadingClock() {
    const LOADING = "Loading Python…";
    say(`${LOADING} (you can start editing)`, "loading");
    status.setAttribute("aria-busy", "true");
    const since = performance.now();
    const clock = setInterval(() => {
      // Another message (a Run stopped while loading) or Python ready: the clock is done.
      if (status.dataset.state !== "loading" || !status.textContent.startsWith(LOADING)) {
        return clearInterval(clock);
      }
      const seconds = Math.floor((performance.now() - since) / 1000);
      if (seconds >= 3) {
        // One line on a 390 px phone, as the words before: a second would move the editor.
        say(`${LOADING} ${seconds} s (you can start editing)`, "loading");
      }
    }, 1000);
  }

  // `state` is what Python is doing (tests wait on it); `tone` colours the words: green when
  // all is well, the failure colour for failing checks and time limits, plain otherwise.
  function say(message, state, tone = state === "broken" ? "fail" : "") {
    status.textContent = message;
    status.dataset.state = state;
    status.dataset.tone = tone;
  }

  // While code runs, the status says what is running and for how long, and so does the
  // output below the buttons, in sight where the status is not (on a phone it is a screen
  // up): the last run's output there read as this run's. Screen readers hear the status.
  // The code's clock, like Check's time limit (python.js), starts once Python has loaded: on a
  // slow connection the status read "Checking… (waiting for Python to load) 20 s (stops
  // after 10 s)", past a limit that had not begun.
  // Screen readers hear the words, not the clock: the status is a live region, and with the
  // seconds in its words a screen reader read "Checking… 1 s (stops after 10 s)", then "2 s",
  // every second of a runaway loop, a queue that ran on past the report. The seconds are
  // shown, in a part of the status screen readers skip, changed in place.
  function working(label, limit) {
    let started = performance.now();
    let loading = !python.ready;
    const note = document.createElement("span");
    note.className = "note";
    note.setAttribute("aria-hidden", "true");
    output.replaceChildren(note);
    fileNote.textContent = "";  // what Download or Open a file did is old news now
    const clock = document.createElement("span");
    clock.setAttribute("aria-hidden", "true");
    let words = null;
    const tick = () => {
      if (loading && python.ready) {
        loading = false;
        started = performance.now();
      }
      const seconds = Math.floor((performance.now() - started) / 1000);
      const until = limit ? ` (stops after ${limit} s)` : "";
      const [before, after] = loading ? [`${label} (waiting for Python to load)`, ""] : [label, until];
      if (words !== before + after) {  // new words: said once
        words = before + after;
        say("", "running");
        status.append(before, clock, after);
      }
      clock.textContent = ` ${seconds} s`;
      note.textContent = status.textContent;
    };
    tick();
    ticking = setInterval(tick, 250);
  }

  function busy(on) {
    if (!on) clearInterval(ticking);
    buttons.stop.disabled = !on;
    buttons.run.disabled = on;
    buttons.check.disabled = on;
    root.classList.toggle("busy", on);
  }

  // A disabled button drops keyboard focus to the page body: give it back to `button`.
  function refocus(button) {
    const lost = document.activeElement === document.body || document.activeElement === null
      || document.activeElement.disabled;
    if (lost) button.focus();
  }

  async function run() {
    if (python.busy) return;
    // Pressed by their keys while typing: the list of completions for the word just typed
    // stayed open over the code after the Run or Check.
    closeCompletion(view);
    busy(true);
    working("Running your code…");
    inView();
    const code = text(view);
    const answer = await python.run(code);
    if (!answer.restarted && !answer.failure) {
      showOutput(output, { ...answer.run, note: answer.run.note || emptyNote(code) }, linesOf(code));
      await showGraph(answer.run.graph);  // Run is done when what it shows is there
    }
    busy(false);
    refocus(buttons.run);
    if (answer.restarted) restarted(answer, "Run");
    else if (answer.failure) failed(answer, "Run");
    else say(answer.stoppedBy ? "Stopped." : "Python is ready.", "ready", answer.stoppedBy ? "neutral" : "");
    // Brought into sight once it holds what it says: after a Stop in one long call (or Python
    // itself failing) the output was measured empty, then filled, and at 1920 x 1080 the
    // words why Python restarted ran on below the screen's edge.
    inView();
  }

  // What Run prints, in sight: beside the lesson on a laptop (1280 x 800) the output sat under
  // the fold of the lab's own column, and Ctrl+Enter from the editor seemed to do nothing.
  // The lab (or, on a narrow screen, the page) scrolls only as far as it takes to show the
  // output's first lines, so the editor and the line just typed stay in view.
  function inView(element = output) {
    const scroller = getComputedStyle(root).overflowY === "auto" ? root : null;
    const bottom = scroller ? Math.min(innerHeight, root.getBoundingClientRect().bottom) : innerHeight;
    const box = element.getBoundingClientRect();
    const short = box.top + Math.min(box.height, 128) + 8 - bottom;
    if (short > 0) (scroller || window).scrollBy({ top: short });
  }

  // The computation graph of the Value the code left, if any; a drawing failure costs only it.
  // Its layout library is a chunk of its own, fetched on the first graph.
  async function showGraph(data) {
    if (!data || !data.nodes || !data.nodes.length) return hideGraph(graph);
    try {
      const { renderGraph } = await import("./graph.js");
      renderGraph(graph, data);
    } catch (error) {
      console.error("could not draw the graph", error);
      hideGraph(graph);
    }
  }

  async function check() {
    if (python.busy) return;
    closeCompletion(view);  // as in run()
    busy(true);
    working("Checking…", limitSeconds);
    const source = text(view);
    const answer = await python.check(page.urls.lab, source, limitSeconds * 1000);
    busy(false);
    if (answer.restarted || answer.failure) {
      // No report came: an earlier Check's, of other code, must not read as this one's.
      result.hidden = true;
      refocus(buttons.check);
      answer.restarted ? restarted(answer, "Check") : failed(answer, "Check");
      // What happened is said in the output: beside the lesson it sat below the lab's fold,
      // under a status that read only "Python was restarted."
      return inView();
    }
    const report = answer.report;
    const before = progress.load(slug);
    const kept = { ...report, stdout: "", stderr: "" };  // the verdict, not the learner's prints
    progress.save(slug, { checked: true, passed: Boolean(report.passed || before.passed),
      last: kept, lastAt: new Date().toISOString(),
      // The code a later lab continues from: the latest that passed.
      ...(report.passed ? { passedCode: source } : {}) });
    showReport(result, report, { ...reportOptions, lineLinks: linesOf(source) });
    showPart($("part"), page.parts, report);
    if (!performance.getEntriesByName("course:first-result").length) {
      performance.mark("course:first-result");
    }
    showOutput(output, { stdout: report.stdout, stderr: report.stderr,
      note: emptyNote(source) || (report.stdout || report.stderr ? "" : "(Check ran your code; it printed nothing)") },
    linesOf(source));
    if (answer.stoppedBy === "limit") {
      say(`Check stopped after ${limitSeconds} s: your code ran too long (see below).`, "ready",
        "fail");
    } else if (answer.stoppedBy === "stop") {
      say("Check stopped: you pressed Stop (see below).", "ready", "neutral");
    } else if (report.passed) {
      say("Every check passes.", "ready");
    } else {
      say("Some checks fail: see below.", "ready", "fail");
    }
    focusReport();
  }

  // The whole file deleted (Ctrl+A, a key) read only "Your file does not define forward", with
  // nothing about how to get the starter back.
  function emptyNote(code) {
    return code.trim() ? "" : "Your file is empty. Reset brings the starter code back.";
  }

  // Beside the lesson (wide screens) the lab scrolls on its own: bring the report up there,
  // and leave the page where it is, or the lesson the learner was reading jumps. On a narrow
  // screen the lab is part of the page, which scrolls to the report's top: focus alone
  // scrolls a report taller than a phone's screen only until its end shows, so the learner
  // landed among the checks, with the score and the error that fails them off the top.
  // Checked from the editor (Shift+Ctrl+Enter) the keyboard stays there: focus on the report
  // swallowed the next keys typed (it is announced all the same, being a live region).
  function focusReport() {
    if (!view.hasFocus) result.focus({ preventScroll: true });
    if (getComputedStyle(root).overflowY !== "auto") {
      return window.scrollTo({ top: Math.max(0, window.scrollY + result.getBoundingClientRect().top - 8) });
    }
    const top = result.getBoundingClientRect().top - root.getBoundingClientRect().top;
    root.scrollTo({ top: Math.max(0, root.scrollTop + top - 8) });
  }

  // Python was replaced: it did not answer the interrupt, or it could not be interrupted.
  function restarted(answer, what) {
    hideGraph(graph);
    if (answer.beforeReady) {
      showOutput(output, { note: `${what} was stopped before Python had loaded, so your code did ` +
        "not run. Python is loading again; your code is still in the editor." });
      return say(`${what} stopped before Python had loaded. Loading Python…`, "loading", "neutral");
    }
    const why = answer.stoppedBy === "limit"
      ? `${what} ran longer than ${limitSeconds} s`
      : `${what} was stopped`;
    // Code that took the interrupt and went on caught it; code that never took it sat in one
    // call Python cannot interrupt. `sum(range(10 ** 15))` was asked whether it catches
    // KeyboardInterrupt.
    const how = !answer.unresponsive
      ? "and Python was restarted (this page cannot interrupt Python without cross-origin " +
        "isolation)."
      : answer.taken
        ? "and your code did not respond to the interrupt (does it catch KeyboardInterrupt, " +
          "perhaps with a bare \"except:\"?), so Python was restarted."
        // Said to a learner on day one: no "interrupt" or "call into C", and the examples kept
        // whole on a line (no-break spaces), as a phone split "sum(range(10" from "** 15))".
        : "but your code was busy with one long operation that Python cannot stop halfway " +
          "(such as sum(range(10\u00a0**\u00a015)) or 10\u00a0**\u00a010\u00a0**\u00a09), " +
          "so Python was restarted.";
    showOutput(output, { note: `${why}, ${how} Your code is still in the editor.` });
    say(`${why}; Python restarted.`, "ready", answer.stoppedBy === "limit" ? "fail" : "neutral");
  }

  // Said in the colour of a failure: "Python was restarted." after a Check that gave no
  // report read, in green, as if all was well.
  function failed(answer, what) {
    hideGraph(graph);
    const message = answer.fatal ? fatalMessage(answer.failure) : answer.failure;
    showOutput(output, { error: message });
    say(answer.fatal ? `${what} did not finish: Python itself stopped and was restarted (see the output).`
      : `${what} did not finish: something went wrong (see the output).`, "ready", "fail");
  }

  async function stop() {
    await python.stop();
    refocus(buttons.run);
  }

  // A lab that continues an earlier one starts again from the learner's code for it, once it
  // passed (reset to the bare starter, lab 5 held no Value: "Your file does not define Value").
  function reset() {
    const opening = openingCode(page.carry, starter);
    const what = opening.carried
      ? `your code from lab ${page.carry.number}, with this lab's part below it` : "the starter code";
    if (!window.confirm(`Replace your code with ${what}? (A button then brings yours back, as does Ctrl+Z.)`)) return;
    const before = text(view);
    const at = view.state.selection.main.head;
    replace(view, opening.code);
    // Back where the page opens: at the top, with the lab's instructions (the cursor stayed
    // at the end, so the starter's last lines showed), or at lab 5's own part.
    openAtStart(view);
    ownPart();
    view.focus();
    offerBack(before, "", at);
    // What the page said was of the code just replaced: after a Stop, "Check stopped: you
    // pressed Stop" and a report blaming line 64 stayed under a starter 61 lines long, and
    // read as the starter's. The output and graph go; the report stays, marked as earlier.
    if (running()) return;
    hideGraph(graph);
    output.replaceChildren();
    if (!result.hidden && !result.querySelector(".report-earlier")) {
      const note = document.createElement("p");
      note.className = "report-earlier";
      note.dataset.testid = "earlier-result";
      note.textContent = "This report is of your code before Reset. Check again to check the code now in the editor.";
      result.prepend(note);
    }
    if (status.dataset.state === "ready") {
      say(`Your code was replaced with ${what}.`, "ready", "neutral");
      replacedNote = status.textContent;
    }
  }

  if (page.train) {
    import("./capstone.js").then(({ startTraining }) => startTraining(
      root.querySelector('[data-testid="train"]'),
      { python, busy, stop, labURL: page.urls.lab, source: () => text(view) }));
  }

  // Download and Open a file answer beside their buttons, not in Python's status line.
  const fileNote = $("file-note");
  const tell = (message, state) => {
    fileNote.textContent = message;
    fileNote.dataset.tone = state === "broken" ? "fail" : "";
  };
  // On a phone there is no Ctrl+Z: after Reset or Open a file, a button beside the lab's
  // buttons brings back the code they replaced (the next Run or Check clears it).
  // The code replaced is kept with the lab until the learner types again: after Reset and a
  // reload (or another lesson and back) the button was gone, Ctrl+Z's history too, and the
  // starter had been saved over the learner's code.
  // A warning (an opened README.md) keeps its colour across a reload, as its words do.
  function offerBack(before, lead = "", at = undefined, warn = false) {
    progress.save(slug, { replaced: { code: before, lead, at, warn: warn || undefined } });
    const back = document.createElement("button");
    back.type = "button";
    back.className = "undo-reset";
    back.dataset.testid = "undo-reset";
    back.textContent = "Bring my code back";
    back.addEventListener("click", () => {
      replace(view, before);
      // Back where the learner was: at the top, it showed the same docstring as the starter
      // just did, and the code seemed not to have come back.
      if (at !== undefined) openAtOffset(view, at);
      tell("Your code is back in the editor.");
      view.focus();
    });
    fileNote.dataset.tone = warn ? "fail" : "";
    // The keys are for a keyboard: a phone has no Ctrl, and the note hid them there (app.css).
    const keys = document.createElement("span");
    keys.className = "undo-keys";
    keys.textContent = " (or Ctrl/⌘+Z in the editor)";
    fileNote.replaceChildren(...(lead ? [`${lead} `] : []), back, keys);
  }
  startLabFiles(root, { view, lab: page.lab, version: page.courseVersion, say: tell,
    opened: (before, name) => {
      const { lead, warn } = openedNote(name, text(view), starter);
      offerBack(before, lead, undefined, warn);
    } });
  // Coming back to code Reset (or Open a file) put in, untouched since: the offer again.
  const { replaced } = saved;
  if (replaced && typeof replaced.code === "string" && saved.code === text(view)) {
    offerBack(replaced.code, replaced.lead || "Reset replaced your code.", replaced.at,
      replaced.warn === true);
  }
  // Ctrl/⌘+S in the editor: there is nothing to press to save, and a file is one button away.
  function saveKeyPressed() {
    if (progress.keeps()) tell("Your code is saved in this browser as you type; Download saves it as a file.");
    else tell("This browser keeps nothing for this page: Download saves your code as a file.", "broken");
    inView(fileNote);
  }

  // Back (or Forward) to this page, kept by the browser as it was left, after this lab or the
  // one it builds on changed on another page: loaded again, so it opens as a visit would (lab
  // 5 with the learner's lab-4 code once lab 4 passed; code imported on the home page).
  progress.whenBackStale(page.carry ? [slug, page.carry.lesson] : [slug], () => location.reload());

  // The same lab open in two tabs: code typed in the other one shows here too. Without this,
  // the next key pressed in this tab saved its older text over the other tab's work. It comes
  // as one change, so Ctrl+Z brings this tab's text back.
  progress.watch(slug, ({ code }) => {
    if (code === undefined || code === text(view)) return;
    // Saved back, it could land after newer keys typed there, and undo them.
    shownFromElsewhere = true;
    try {
      replaceFromElsewhere(view, code);
    } finally {
      shownFromElsewhere = false;
    }
    tell("Your code was changed in another tab of this lab; this tab shows it now "
      + "(Ctrl+Z brings back what was here).");
  });

  // Run and Check's keys work anywhere in the lab, not only in the editor: after Run was
  // clicked, focus is on its button, and Shift+Ctrl+Enter did nothing there.
  root.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.key !== "Enter" || !(event.ctrlKey || event.metaKey)
        || event.altKey) return;
    event.preventDefault();
    if (event.shiftKey) check(); else run();
  });
  buttons.run.addEventListener("click", run);
  buttons.check.addEventListener("click", check);
  buttons.stop.addEventListener("click", stop);
  buttons.reset.addEventListener("click", reset);
  // Short screens (app.css, max-height 32rem: 200 % zoom of 1280 x 800, a phone on its side):
  // Run and Check stay at the screen's bottom and the editor is short enough to show whole above
  // them, but Tab or a tap into it scrolled only the cursor's line into view: three of its lines
  // showed between the notes above and the buttons. Focus entering it now shows all of it.
  const editorBox = root.querySelector(".editor");
  const short = window.matchMedia("(max-height: 32rem)");
  // Beside the lesson (wide screens) the lab is a column of its own that sticks to the screen's
  // top only once the page has scrolled past the site's header: until then its bottom, where
  // the buttons stay, was below the screen. Focus scrolls the page that far first.
  editorBox.addEventListener("focusin", () => {
    if (!short.matches) return;
    requestAnimationFrame(() => {
      const below = root.getBoundingClientRect().top;
      if (getComputedStyle(root).overflowY === "auto" && below > 0) {
        window.scrollBy({ top: below, behavior: "instant" });
      }
      editorBox.scrollIntoView({ block: "nearest" });
    });
  });
  busy(false);
}

// What the page says when the interpreter itself died. os._exit(1) and os.abort() were told
// "A recursion deeper than the browser can hold?", a guess only a stack overflow deserves.
export function fatalMessage(failure) {
  const after = "Python was restarted; your code is still in the editor.";
  const exited = /^Program terminated with exit\((-?\d+)\)$/.exec(failure);
  if (exited) {
    return `Your code ended Python itself with os._exit(${exited[1]}): it stops the interpreter at ` +
      "once, and what your code printed before it is lost. In a lab file, define things " +
      `instead. ${after}`;
  }
  if (/call stack|too much recursion/i.test(failure)) {
    return `Python itself failed while running your code (${failure}): a recursion deeper than ` +
      `the browser can hold. ${after}`;
  }
  if (failure === "unreachable") {
    return "Python itself stopped while running your code (os.abort(), or a crash inside " +
      `Python). ${after}`;
  }
  return `Python itself failed while running your code (${failure}). ${after}`;
}
