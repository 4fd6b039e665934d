__SOLUTION__

# A correct Value that then loads compiled modules beneath the import statement the seal
# judges: `_ctypes` from CPython's own folder under another module's name ("cover._ctypes":
# a module's own name is the last part), `_testcapi` named by a str subclass, and, in Pyodide,
# a WebAssembly module it writes itself to /tmp (its scratch folder) and loads with
# `_imp.create_dynamic`, or plants in lib-dynload through a folder descriptor (the audit
# event of os.open names no descriptor: the path was judged as one in the working folder) and
# imports as any module. Each passed, holding native code or the interpreter's memory.
import _imp
import os
import importlib.machinery
import importlib.util
import sys
import sysconfig


class Name(str):
    pass


def refused(what, load):
    try:
        load()
        print(what, "loaded")
    except PermissionError:
        print(what, "refused")
    except BaseException as error:
        print(what, "failed:", type(error).__name__)


suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
own = sysconfig.get_path("platstdlib") + "/lib-dynload/_ctypes" + suffix
spec = importlib.util.spec_from_file_location("cover._ctypes", own)
if spec is not None and sys.platform != "emscripten":
    refused("renamed", lambda: importlib.util.module_from_spec(spec))
refused("subclass", lambda: __import__(Name("_testcapi")))


def leb(n):
    out = bytearray()
    while True:
        n, low = n >> 7, n & 0x7F
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


if sys.platform == "emscripten":
    # The smallest side module Emscripten's loader takes: a header and an empty dylink.0.
    label = b"dylink.0"
    body = leb(len(label)) + label + bytes([1]) + leb(4) + bytes(4)
    wasm = b"\0asm\x01\0\0\0" + bytes([0]) + leb(len(body)) + body
    with open("/tmp/made.so", "wb") as out:
        out.write(wasm)
    made = importlib.machinery.ModuleSpec(
        "made", importlib.machinery.ExtensionFileLoader("made", "/tmp/made.so"),
        origin="/tmp/made.so")
    refused("written", lambda: _imp.create_dynamic(made))

    def plant():
        folder = os.open(next(p for p in sys.path if p.endswith("lib-dynload")), os.O_RDONLY)
        out = os.open("planted.so", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=folder)
        os.write(out, wasm)
        os.close(out)
    refused("planted", plant)
    refused("imported", lambda: __import__("planted"))
