"""A lab's JupyterLite notebook handed in: the code of its `%%writefile lab.py` cell (and of
any `%%writefile -a lab.py` cell below it, as the kernel appends them).

Every lab opens as a notebook (site_builder/jupyterlite.py) whose starter cell begins with
`%%writefile lab.py` and whose last cell grades that file. A learner who worked there hands in
the .ipynb; what it grades is that cell's code, exactly the lab.py the kernel wrote, so its
line numbers are the ones the notebook's own check named. Run as Python, a notebook failed
with "NameError: name 'null' is not defined"; in a folder it was skipped without a word.
"""

from __future__ import annotations

import json
import re

from .regular import MAX_SOURCE, Refused, decode_source, too_large

# Bytes of the .ipynb itself. What it grades is one cell (held to a lab file's MAX_SOURCE), but
# the notebook keeps every cell's output: a training loop printing its loss at each of 60 000
# steps made a correct lab's notebook 2.1 MB, which the limit for a .py file refused.
MAX_NOTEBOOK = 16 << 20

# The magic's line, then the code: "%%writefile lab.py" (with -a, it appends; not the lab's).
# IPython drops a cell's blank first lines before it looks for a cell magic, so a cell with a
# stray Enter above the magic writes lab.py all the same: it was refused as having no such cell.
WRITES_LAB = re.compile(r"(?:[ \t]*\r?\n)*%%writefile[ \t]+(?:\S+/)?lab\.py[ \t]*\r?\n?")
# A later cell that goes on with `%%writefile -a lab.py` (or --append) adds its code to the
# file: it was dropped, so a lab split over two cells was graded as its first half.
APPENDS_LAB = re.compile(
    r"(?:[ \t]*\r?\n)*%%writefile[ \t]+(?:-a|--append)[ \t]+(?:\S+/)?lab\.py[ \t]*\r?\n?")
CHECK_CALL = re.compile(r"""\bcheck\(\s*['"]([0-9]{2}-[a-z0-9-]+)['"]""")


def notebook_code(data: bytes, shown: str) -> tuple[str, str | None]:
    """The code of the notebook's lab cell, and the lab its check cell names (or None)."""
    text = decode_source(data, shown)
    try:
        notebook = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused(f"{shown} is not a notebook (it is not JSON): hand in the notebook as "
                      "JupyterLite saved it (File ▸ Download), or the lab's .py file") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise Refused(f"{shown} is not a notebook (it has no list of cells): hand in the "
                      "notebook as JupyterLite saved it, or the lab's .py file")
    sources = [_source(cell) for cell in cells
               if isinstance(cell, dict) and cell.get("cell_type") == "code"]
    lab = next((m.group(1) for s in sources for m in [CHECK_CALL.search(s)] if m), None)
    found = [s for s in sources if WRITES_LAB.match(s)]
    if not found:
        raise Refused(f"{shown} is a notebook with no cell that starts with %%writefile "
                      "lab.py, which is where the lab's notebook keeps your code: hand in "
                      "the lab's notebook with that cell, or the lab's .py file")
    if len(found) > 1:
        raise Refused(f"{shown} has {len(found)} cells that start with %%writefile lab.py, "
                      "and only the last one run would count: keep one and hand it in again")
    code = found[0][WRITES_LAB.match(found[0]).end():]
    # What running the notebook from the top writes: the lab's cell, then each append below
    # it in order (one above it is written over by the lab's cell).
    below = sources[sources.index(found[0]) + 1:]
    code += "".join(s[APPENDS_LAB.match(s).end():] for s in below if APPENDS_LAB.match(s))
    size = len(code.encode("utf-8", "surrogatepass"))
    if size > MAX_SOURCE:
        raise Refused(too_large(f"{shown}'s %%writefile lab.py cell", size, MAX_SOURCE))
    return code, lab


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    if isinstance(source, list):  # nbformat keeps a cell as its lines, or as one string
        return "".join(part for part in source if isinstance(part, str))
    return source if isinstance(source, str) else ""
