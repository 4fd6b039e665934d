// Learner code in the lab's worker reaches JavaScript (Pyodide's `js` module, `js.eval`).
// Python and the worker end with each request (python.js), but storage would outlive them:
// the service worker's copy of the site, where every later visit gets the lab's checks, and
// the memory snapshot later visits restore. So before the first learner line runs, the worker
// gives up every way to storage it has, on the global object and along its prototypes (where
// the getters live), and checks that none is left.
const GLOBAL_NAMES = [
  "caches", "indexedDB", "Worker", "SharedWorker", "BroadcastChannel",
  "webkitRequestFileSystem", "webkitRequestFileSystemSync",
  "webkitResolveLocalFileSystemURL", "webkitResolveLocalFileSystemSyncURL",
];
const NAVIGATOR_NAMES = ["storage", "storageBuckets", "serviceWorker"];

function drop(object, names) {
  for (let owner = object; owner; owner = Object.getPrototypeOf(owner)) {
    for (const name of names) {
      if (Object.prototype.hasOwnProperty.call(owner, name)) delete owner[name];
    }
  }
  const left = names.filter((name) => name in object);
  if (left.length) throw new Error(`could not give up ${left.join(", ")}`);
}

export function giveUpStorage(scope = self) {
  drop(scope.navigator, NAVIGATOR_NAMES);
  drop(scope, GLOBAL_NAMES);
}
