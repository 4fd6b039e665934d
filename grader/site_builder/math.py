"""TeX in lesson pages, rendered once per build by KaTeX under Node (katex.mjs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from ..runtimes.node import node_binary

SCRIPT = Path(__file__).resolve().parent / "katex.mjs"


class MathError(RuntimeError):
    pass


def render_all(formulas: list[tuple[str, bool]], node_modules: Path) -> dict[tuple[str, bool], str]:
    """HTML for every (tex, display) pair, in one Node process."""
    unique = sorted(set(formulas))
    if not unique:
        return {}
    done = subprocess.run([node_binary(), str(SCRIPT), str(node_modules)], input=json.dumps(
        [{"tex": tex, "display": display} for tex, display in unique]), capture_output=True,
        text=True, timeout=120)
    if done.returncode != 0:
        raise MathError(f"KaTeX failed: {done.stderr.strip()[-1000:]}")
    return dict(zip(unique, json.loads(done.stdout)))
