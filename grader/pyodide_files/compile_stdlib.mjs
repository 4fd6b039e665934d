// Build a copy of Pyodide's stdlib zip that also holds bytecode, so Pyodide stops compiling
// ~125 stdlib modules from source at every start-up.
//
//     node compile_stdlib.mjs <pyodideDir> <outZip> [<options.json>]
//
// Options (all optional): {"imports": [...], "drop_compiled_sources": bool, "exclude": [...]}.
// With "imports", only the modules that Pyodide's start-up and those imports load are
// compiled: their bytecode is what start-up needs, and the rest would nearly triple the
// download (2.5 MB -> 7 MB) for modules a lab seldom imports. The browser's zip also drops
// the sources of compiled modules (learners only ever see their own lines in a traceback)
// and the "exclude" packages (those that cannot work in a browser worker).
// The bytecode must come from Pyodide's own CPython: a .pyc starts with a magic number that
// is specific to the Python minor version (and the host Python here is not 3.14), so the
// compiling runs inside the very Pyodide that will later import it. Prints a JSON summary on
// stdout; any failure exits non-zero with the reason on stderr.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// How zipimport (3.14) is satisfied, and why these choices:
//
// * Layout: for module `a.b`, zipimport tries `a/b/__init__.pyc`, `a/b/__init__.py`,
//   `a/b.pyc`, `a/b.py`, in that order, in the archive itself (no __pycache__, no
//   cpython-314 tag). So each `x.pyc` goes right next to its `x.py`. The `.py` stays: it is
//   what linecache reads (through the zipimporter's get_source) to print source lines in
//   tracebacks, and what inspect.getsource shows.
// * Validation: a timestamp pyc is only used if its recorded mtime matches the DOS date of
//   the `.py` entry as converted by time.mktime, i.e. in the *local time zone of the
//   machine importing it*. Emscripten's mktime follows the browser's zone, so a zip built
//   in one zone would be silently "stale" (recompiled) in another. Instead every pyc is
//   hash-based and *unchecked* (flags = 0b01): zipimport then trusts it without reading
//   the source (unless someone runs with --check-hash-based-pycs=always, in which case the
//   source hash we store still validates). Safe because the zip is a build product: the
//   `.py` and `.pyc` inside it are written together and never edited apart.
// * co_filename: zipimport does not rewrite a code object's filename the way the file-system
//   loader does, so each module is compiled with the path it has at run time
//   (`/lib/python314.zip/json/__init__.py`, where Pyodide writes the stdlib zip), exactly
//   what the stock zip's compile-at-import gives. Tracebacks look the same as before.
// * Determinism: entries keep the stock order (each .pyc right after its .py) and the
//   stock timestamps and attributes; the interpreter, zlib and marshal are the same
//   Pyodide's on every build, so the same input gives byte-identical output.
const BUILD = String.raw`
import importlib.util
import io
import json
import marshal
import sys
import zipfile

UNCHECKED_HASH = (0b01).to_bytes(4, "little")  # PEP 552: hash-based, do not check source


def pyc_bytes(code, source):
    return (importlib.util.MAGIC_NUMBER + UNCHECKED_HASH
            + importlib.util.source_hash(source) + marshal.dumps(code))


def copy_info(info, name):
    # Only the fields that matter, so nothing from the build machine leaks in.
    new = zipfile.ZipInfo(name, date_time=info.date_time)
    new.compress_type = info.compress_type
    new.external_attr = info.external_attr
    new.create_system = info.create_system
    return new


def loaded_files(archive, imports):
    """Archive names of the modules loaded at start-up and by importing the given names."""
    for name in imports:
        __import__(name)
    prefix = archive + "/"
    return {m.__spec__.origin[len(prefix):] for m in list(sys.modules.values())
            if getattr(getattr(m, "__spec__", None), "origin", None)
            and m.__spec__.origin.startswith(prefix)}


def build(stock_path, out_path, imports=None, drop_compiled_sources=False, exclude=()):
    # Where Pyodide puts the stdlib zip at run time (/lib/python314.zip): it is on sys.path.
    archive = next(p for p in sys.path if p.endswith(".zip"))
    wanted = None if imports is None else loaded_files(archive, imports)
    exclude = tuple(exclude)
    needed = sorted(name for name in (wanted or ()) if name.startswith(exclude))
    if needed:  # leaving these out would break start-up or the course itself
        raise ValueError(f"excluded modules are imported at start-up: {needed}")
    compiled, source_only = 0, []
    with zipfile.ZipFile(stock_path) as stock, \
            zipfile.ZipFile(out_path, "w") as out:
        names = set(stock.namelist())
        for info in stock.infolist():
            if info.is_dir():
                # Kept: zipimport finds namespace-package portions by these entries.
                folder = copy_info(info, info.filename)
                folder.CRC = folder.compress_size = folder.file_size = 0  # mkdir() expects them
                out.mkdir(folder)
                continue
            if info.filename.startswith(exclude):
                continue
            data = stock.read(info)
            pyc_name = info.filename + "c"
            compile_it = (info.filename.endswith(".py") and pyc_name not in names
                          and (wanted is None or info.filename in wanted))
            if not (compile_it and drop_compiled_sources):
                out.writestr(copy_info(info, info.filename), data, compresslevel=9)
            if not compile_it:
                continue
            # Same treatment of the source as zipimport's own _compile_source; optimize=0 is
            # Pyodide's level (it never runs with -O), so behaviour (asserts, __debug__) is
            # unchanged.
            text = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            try:
                code = compile(text, archive + "/" + info.filename, "exec",
                               dont_inherit=True, optimize=0)
            except Exception as error:  # e.g. a deliberately broken test file: keep .py only
                source_only.append(f"{info.filename}: {type(error).__name__}: {error}")
                if drop_compiled_sources:
                    out.writestr(copy_info(info, info.filename), data, compresslevel=9)
                continue
            out.writestr(copy_info(info, pyc_name), pyc_bytes(code, data), compresslevel=9)
            compiled += 1
    return json.dumps({"python": sys.version.split()[0], "archive": archive,
                       "compiled": compiled, "source_only": source_only})
`;

async function main() {
  const [pyodideArg, outArg, optionsArg] = process.argv.slice(2);
  const options = optionsArg ? JSON.parse(readFileSync(optionsArg, "utf8")) : {};
  if (!pyodideArg || !outArg) {
    console.error("usage: node compile_stdlib.mjs <pyodideDir> <outZip> [<options.json>]");
    process.exit(2);
  }
  const pyodideDir = resolve(pyodideArg);
  const outZip = resolve(outArg);
  const stock = readFileSync(join(pyodideDir, "python_stdlib.zip"));

  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  // Pyodide's own output goes to stderr so stdout carries only the JSON summary.
  const py = await loadPyodide({
    indexURL: pyodideDir + "/",
    stdout: (line) => process.stderr.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  // Hand the stock zip over explicitly (rather than reading the copy Pyodide mounted) so
  // the input is exactly the file the caller hashed for its cache key.
  py.FS.writeFile("/tmp/stock.zip", stock);
  py.runPython(BUILD);
  const summary = py.globals.get("build")("/tmp/stock.zip", "/tmp/out.zip",
    options.imports ? py.toPy(options.imports) : undefined,  // JS null would reach Python as JsNull
    Boolean(options.drop_compiled_sources),
    py.toPy(options.exclude || []));
  const bytes = py.FS.readFile("/tmp/out.zip");

  // Write beside the target and rename: a reader never sees half a zip, and a failed build
  // leaves any previous zip intact.
  const partial = `${outZip}.partial-${process.pid}`;
  writeFileSync(partial, bytes);
  renameSync(partial, outZip);
  process.stdout.write(summary + "\n");
}

main().catch((error) => {
  console.error(error && error.stack || String(error));
  process.exit(1);
});
