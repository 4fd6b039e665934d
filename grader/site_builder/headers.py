"""The HTTP headers of the built site: what `course serve` sends, and `_headers` for static hosts.

- The course (pages, their workers, Pyodide, the labs) is cross-origin isolated: COOP
  `same-origin` + COEP `require-corp` give SharedArrayBuffer, which lets Stop interrupt a
  runaway loop at once.
- JupyterLite (`/lite/`) is left unisolated, on purpose. Isolated, its Pyodide kernel talks
  to the page through `coincident` (SharedArrayBuffer + Atomics.wait), and that protocol can
  hand a reader a half-written reply: the reply is written over the very word the reader
  waits on, so a reader that starts waiting after the writer began gets "not-equal" at once
  and parses what is there so far (on the page's side, it throws "value.then is not a
  function"). benchmarks/lite_kernel_channel.py drives the bundled coincident directly
  (jupyterlite-pyodide-kernel 0.8.6, Chromium 156): 8 of 9000 synchronous worker -> page
  replies came back cut, and 8041 of 9000 page -> worker calls failed. In CI a kernel
  start lost such a reply and stayed "Kernel Connecting" for good ("Expected double-quoted
  property name in JSON at position 19").
  Unisolated, JupyterLite takes its usual path (comlink messages; files through its own
  service worker). Its kernel cannot be interrupted either way.
- Files whose names carry a version or hash are immutable; everything else revalidates.
"""

from __future__ import annotations

from pathlib import Path

ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin",
             "Cross-Origin-Embedder-Policy": "require-corp"}
EVERYWHERE = {"Cross-Origin-Resource-Policy": "same-origin", "X-Content-Type-Options": "nosniff"}
NOT_ISOLATED = ("lite",)  # top-level folders served without ISOLATION
IMMUTABLE = ("assets", "pyodide", "py", "labs")  # top-level folders cached for good
FOREVER = "public, max-age=31536000, immutable"

__all__ = ["headers_for", "headers_file"]


def headers_for(path: str) -> dict[str, str]:
    """The headers `course serve` sends with the file at URL path `path`."""
    top = path.split("?", 1)[0].lstrip("/").split("/", 1)[0]
    headers = dict(EVERYWHERE)
    if top not in NOT_ISOLATED:
        headers.update(ISOLATION)
    headers["Cache-Control"] = FOREVER if top in IMMUTABLE else "no-cache"
    return headers


def headers_file(out: Path) -> str:
    """`_headers` (the format Netlify and Cloudflare Pages read) for the built site `out`.

    Such hosts add up the headers of every rule a path matches and cannot take one away,
    so isolation is given entry by entry (each top-level file and folder but NOT_ISOLATED)
    rather than to `/*`."""
    def rule(pattern: str, headers: dict[str, str]) -> str:
        return pattern + "\n" + "".join(f"  {k}: {v}\n" for k, v in headers.items())

    rules = [rule("/*", EVERYWHERE), rule("/", ISOLATION)]
    for entry in sorted(out.iterdir()):
        if entry.name in NOT_ISOLATED or entry.name == "_headers":
            continue
        rules.append(rule(f"/{entry.name}/*" if entry.is_dir() else f"/{entry.name}", ISOLATION))
    rules += [rule(f"/{name}/*", {"Cache-Control": FOREVER}) for name in IMMUTABLE]
    return "".join(rules)
