"""`course serve`: the built site on 127.0.0.1 with the headers Pyodide needs.

- The headers of headers.py: the course cross-origin isolated (Stop interrupts at once),
  JupyterLite not (see there why), and which files are cached for good.
- Correct MIME types for `.mjs`, `.wasm` (streaming compilation needs `application/wasm`).
"""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .headers import headers_for

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".zip": "application/zip", ".woff2": "font/woff2",
         ".woff": "font/woff", ".ttf": "font/ttf", ".css": "text/css", ".svg": "image/svg+xml",
         ".html": "text/html; charset=utf-8", ".png": "image/png"}


class CourseHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    encoding = None

    def send_head(self):
        # Send the build's precompressed `file.gz` to clients that accept gzip.
        self.encoding = None
        path = self.translate_path(self.path)
        if ("gzip" in self.headers.get("Accept-Encoding", "")
                and Path(path + ".gz").is_file() and Path(path).is_file()):
            self.encoding = "gzip"
        return super().send_head()

    def translate_path(self, path: str) -> str:
        translated = super().translate_path(path)
        return translated + ".gz" if self.encoding == "gzip" and not translated.endswith(".gz") \
            else translated

    def guess_type(self, path) -> str:
        return super().guess_type(str(path)[:-3] if self.encoding == "gzip" else path)

    def end_headers(self) -> None:
        if self.encoding:
            self.send_header("Content-Encoding", self.encoding)
            self.send_header("Vary", "Accept-Encoding")
        for name, value in headers_for(self.path).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def make_server(folder: Path, port: int = 8000, host: str = "127.0.0.1",
                verbose: bool = False) -> ThreadingHTTPServer:
    handler = functools.partial(CourseHandler, directory=str(folder))
    server = ThreadingHTTPServer((host, port), handler)
    server.verbose = verbose
    return server
