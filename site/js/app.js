// Entry point of every page: progress on the home page, quiz and lab on lesson pages.
// The editor comes first: everything else (pictures, films, the home page's export) is a
// chunk of its own, fetched once the editor takes typing.
import { compileOnce } from "./compiled-code.js";
import { startLab } from "./lab.js";
import { startPictures } from "./pictures/index.js";
import * as progress from "./progress.js";
import { startQuizzes } from "./quiz.js";

const page = JSON.parse(document.getElementById("page-data").textContent);

function showProgress() {
  for (const item of document.querySelectorAll("[data-lesson]")) {
    const state = progress.status(item.dataset.lesson);
    const latest = progress.latest(item.dataset.lesson);
    const badge = item.querySelector(".progress");
    // Passed stays passed; the latest Check is shown beside it when it says otherwise.
    badge.textContent = state === "passed" && latest ? `${state} (${latest})` : state;
    badge.dataset.state = state.replace(" ", "-");
  }
}

// A private window or blocked site data keeps nothing: the page must not promise it does.
if (!progress.keeps()) {
  for (const note of document.querySelectorAll("[data-testid=saved-note]")) {
    note.textContent = page.kind === "lesson"
      ? "This browser keeps nothing for this page (a private window, or site data blocked), so " +
        "your code is lost when you leave or reload it: Download it to keep it."
      : "This browser keeps nothing for this site (a private window, or site data blocked): " +
        "your code and progress are lost when you leave a lesson, so there is nothing to export.";
    note.dataset.tone = "fail";
  }
}

if (page.kind === "index") {
  showProgress();
  import("./my-work.js").then(({ startMyWork }) => startMyWork(document.querySelector(".my-work"), {
    labs: page.labs, version: page.courseVersion, onChange: showProgress,
  }));
}

if (page.kind === "lesson") {
  // The rest of the lesson is laid out (app.css, html[data-later]) once the frame with the
  // editor is painted; asked for first, so a failure below cannot leave it estimated.
  requestAnimationFrame(() => setTimeout(() => delete document.documentElement.dataset.later));
  // Each part on its own: a lab that cannot start (say, a damaged starter) must not leave the
  // quiz unanswerable or the build's drawing of the picture inert.
  for (const start of [() => startLab(document.querySelector(".lab"), page),
    () => startQuizzes(document, page.slug), () => startPictures(document)]) {
    try {
      start();
    } catch (error) {
      console.error(error);
    }
  }
}

if ("serviceWorker" in navigator && page.serviceWorker) {
  // Offline after the first visit: the service worker keeps every file of the course.
  // Registered once the page has loaded what it needs, so its copies come from the HTTP
  // cache instead of competing with Python's start-up for the network.
  // On a lesson, the service worker's copy then lets this browser keep Pyodide's compiled
  // JavaScript (compiled-code.js).
  const register = () => navigator.serviceWorker.register(page.serviceWorker)
    .then(() => page.kind === "lesson" && compileOnce(page.urls)).catch(() => {});
  if (page.kind === "lesson") addEventListener("course:python-ready", register, { once: true });
  else addEventListener("load", register, { once: true });
}
