// Pyodide's NODEFS reads file-flag constants through process.binding("constants"), which the
// permission model forbids. Serve those constants, and only those, from the public modules.
import { constants as fsConstants } from "node:fs";
import { constants as osConstants } from "node:os";

const denied = process.binding;
process.binding = function binding(name) {
  if (name === "constants") return { fs: fsConstants, os: osConstants };
  return denied.call(process, name);
};
