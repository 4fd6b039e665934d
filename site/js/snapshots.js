// Where the worker keeps its memory snapshot of Python (Cache Storage), named once for the
// worker that writes it and the home page that can clear it.
export const SNAPSHOTS = "python-snapshots-v1";
