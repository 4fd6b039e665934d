// Python started from nothing and its memory snapshot taken: what the page's worker does when
// it has no snapshot to restore, and what the build does to make the site's
// (grader/site_builder/snapshot.mjs), so both are made by the same steps.
//
// The course package (grader/pyodide_files/course_package.py): `coreURL` is the lock that
// lists it with its sha256, which loadPackage checks, or, in a build made without
// pyodide-build, the wheel itself. Errors are collected: loadPackage only reports them.
// `step(name)` marks where the time goes.
export async function startPython(loadPyodide, options, coreURL, step = () => {}) {
  const inLock = !coreURL.endsWith(".whl");
  const py = await loadPyodide({ ...options, _makeSnapshot: true,
    ...(inLock ? { lockFileURL: coreURL } : {}) });
  step("start Python");
  const errors = [];
  await py.loadPackage(inLock ? "course-grader" : coreURL,
    { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
  if (errors.length) throw new Error(`the course package did not load: ${errors.join("; ")}`);
  step("load the course package");
  // Everything the page calls is imported before the snapshot: a restored interpreter has
  // its modules, but not the files they came from.
  py.runPython("import grader.core.browser, grader.capstone.browser");
  step("import the grader");
  // makeMemorySnapshot refuses a non-empty record of loaded packages (it compares it with
  // the {} it started with); nothing loads a package after this, restored or not.
  for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
  const bytes = py.makeMemorySnapshot();
  step("make the snapshot");
  return { py, bytes };
}
