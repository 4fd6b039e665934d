"""Mutation testing of a lab's hidden checks: how many small slips in a correct answer do
they catch?

Each *mutant* is a reference solution (or an alternative) with one first-order change:
an operator swapped, `+=` made `=`, a factor dropped from a product, a number nudged, a
comparison flipped, a call unwrapped, a statement removed. All of a lab's mutants are graded
in one batch; a mutant that passes every check *survives*. Some mutants behave exactly like
the original under the lab's contract (an unread variable removed, `=` for the first write);
an instructor reviews those once and lists them, each with its reason, in the lab's
`equivalent-mutants.txt`:

    [solution.py] L = c + a  ->  pass
        why: L is computed for the reader; nothing reads it.

The score is killed / (mutants - equivalent ones). Mutants are made by editing the syntax
tree and printed with `ast.unparse`, so a diff shows only the changed line.
"""

from __future__ import annotations

import ast
import copy
import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from .course import Lab
from .grading import submissions

EQUIVALENTS = "equivalent-mutants.txt"
THRESHOLD = 0.98  # CI fails a lab whose score over its non-equivalent mutants is lower

_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
          ast.Pow: ast.Mult, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Lt: ast.LtE, ast.LtE: ast.Lt,
          ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
          ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.And: ast.Or, ast.Or: ast.And}


@dataclass
class Mutant:
    file: str      # the mutated file's name (solution.py, alternatives/x.py)
    before: str    # the changed line as ast.unparse prints it
    after: str     # the same line in the mutant ("" when a line disappears)
    source: str    # the whole mutant
    diff: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.file, self.before.strip(), self.after.strip())


@dataclass
class LabScore:
    lab: str
    mutants: int = 0
    killed: int = 0
    equivalent: int = 0
    survivors: list[Mutant] = field(default_factory=list)
    stale: list[tuple[str, str, str]] = field(default_factory=list)  # listed, but killed
    seconds: float = 0.0
    # Reference files that fail the checks themselves: then every mutant "is killed" (a check
    # that loops forever, or rejects everything, scored 100 %), and the score means nothing.
    failing_references: list[str] = field(default_factory=list)

    @property
    def score(self) -> float:
        judged = self.mutants - self.equivalent
        return self.killed / judged if judged else 1.0


def mutants_of(source: str, file: str) -> list[Mutant]:
    """Every first-order mutant of a module's source, each once."""
    tree = ast.parse(source)
    base = ast.unparse(tree)
    count = sum(1 for _ in ast.walk(tree))
    found, seen = [], set()
    originals = list(ast.walk(tree))
    for index in range(count):
        for change in range(4):
            if not _can(originals[index], change):
                continue
            mutated = copy.deepcopy(tree)
            node = _nth(mutated, index)
            if node is None or not _apply(mutated, node, change):
                continue
            try:
                text = ast.unparse(ast.fix_missing_locations(mutated))
                compile(text, file, "exec")
            except (SyntaxError, ValueError, TypeError, RecursionError):
                continue
            if text == base or text in seen:
                continue
            seen.add(text)
            found.append(_mutant(file, base, text))
    return found


def _can(node: ast.AST, change: int) -> bool:
    """Whether `_apply` may have a mutation number `change` for a node like this one."""
    if change == 0:
        return isinstance(node, (ast.BinOp, ast.BoolOp, ast.AugAssign, ast.Compare, ast.Constant,
                                 ast.UnaryOp, ast.Call))
    if change in (1, 2):
        return isinstance(node, (ast.BinOp, ast.AugAssign))
    return isinstance(node, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return, ast.If, ast.For))


def _nth(tree: ast.AST, index: int):
    for i, node in enumerate(ast.walk(tree)):
        if i == index:
            return node
    return None


def _parents(tree: ast.AST) -> dict[int, tuple[ast.AST, str, int | None]]:
    where = {}
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        where[id(item)] = (parent, name, i)
            elif isinstance(value, ast.AST):
                where[id(value)] = (parent, name, None)
    return where


def _replace(tree: ast.AST, node: ast.AST, new: ast.AST) -> bool:
    parent, name, i = _parents(tree).get(id(node), (None, None, None))
    if parent is None:
        return False
    if i is None:
        setattr(parent, name, new)
    else:
        getattr(parent, name)[i] = new
    return True


def _apply(tree: ast.AST, node: ast.AST, change: int) -> bool:
    """Apply mutation number `change` to `node`; False when it has no such mutation."""
    if isinstance(node, (ast.BinOp, ast.BoolOp, ast.AugAssign)) and change == 0:
        swap = _SWAPS.get(type(node.op))
        if swap is None:
            return False
        node.op = swap()
        return True
    if isinstance(node, ast.Compare) and change == 0:
        swap = _SWAPS.get(type(node.ops[0]))
        if swap is None:
            return False
        node.ops[0] = swap()
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and change in (1, 2):
        return _replace(tree, node, node.left if change == 1 else node.right)  # a factor dropped
    if isinstance(node, ast.AugAssign) and change == 1:  # += becomes =
        return _replace(tree, node, ast.Assign(targets=[node.target], value=node.value))
    if isinstance(node, ast.Constant) and change == 0 and type(node.value) in (int, float):
        node.value = node.value + 1  # a number nudged
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)) and change == 0:
        return _replace(tree, node, node.operand)
    if (isinstance(node, ast.Call) and change == 0 and len(node.args) == 1 and not node.keywords
            and isinstance(node.func, ast.Name) and node.func.id in ("reversed", "set", "abs",
                                                                     "tuple", "list", "float")):
        return _replace(tree, node, node.args[0])  # a call unwrapped
    if (isinstance(node, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return, ast.If, ast.For))
            and change == 3 and not _docstring(node)):
        return _replace(tree, node, ast.Pass())  # a statement removed
    return False


def _docstring(node: ast.AST) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def _mutant(file: str, base: str, text: str) -> Mutant:
    old, new = base.splitlines(), text.splitlines()
    diff = "\n".join(difflib.unified_diff(old, new, f"a/{file}", f"b/{file}", n=1, lineterm=""))
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    before = after = ""
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            before, after = "\n".join(old[i1:i2]), "\n".join(new[j1:j2])
            break
    return Mutant(file, before, after, text, diff)


def read_equivalents(folder: Path) -> dict[tuple[str, str, str], str]:
    """The reviewed equivalent mutants of a lab: (file, before, after) -> reason."""
    path = folder / EQUIVALENTS
    if not path.is_file():
        return {}
    found, key = {}, None
    for line in path.read_text(encoding="utf-8").splitlines():
        head = re.match(r"^\[(.+?)\]\s(.*?)\s+->\s+(.*)$", line)
        if head:
            key = (head.group(1), head.group(2).strip(), head.group(3).strip())
            found[key] = ""
        elif key and line.strip().startswith("why:"):
            found[key] = line.strip()[4:].strip()
    return found


def lab_mutants(lab: Lab) -> list[Mutant]:
    files = [lab.solution, *lab.alternatives]
    found = []
    for path in files:
        name = path.relative_to(lab.folder).as_posix()
        found += mutants_of(path.read_text(encoding="utf-8"), name)
    return found


# A mutant that loops for ever is killed by the time limit alone: at `course check`'s 10 s,
# two such mutants of lab 1 were 20 of the 21 s its 119 mutants took. A mutant is a reference
# file with one change, so it gets LOOP_FACTOR times the slowest reference's own time, at
# least LOOP_FLOOR (a loaded machine's slow start) and never more than the run's limit.
LOOP_FACTOR = 20
LOOP_FLOOR = 2.0


def mutant_limit(labs: list[Lab], runtime, failing: dict | None = None) -> float:
    """Seconds a mutant may run: from the labs' reference files, graded now by `runtime`.
    A reference file that fails is added to `failing` (lab slug -> "file: why")."""
    references = [submission for lab in labs for submission in submissions(
        lab, [(path.name, path.read_text(encoding="utf-8"))
              for path in (lab.solution, *lab.alternatives)])]
    reports = runtime.grade(references)
    for submission, report in zip(references, reports):
        if failing is not None and not report.passed:
            failed = next((c for c in report.checks if not c.passed), None)
            why = report.error or (f"{failed.name!r}: {failed.message}" if failed else "")
            failing.setdefault(submission.lab, []).append(f"{submission.file}: {why}")
    slowest = max((report.seconds or 0.0 for report in reports), default=0.0)
    return min(runtime.timeout, max(LOOP_FLOOR, LOOP_FACTOR * slowest))


def score_labs(labs: list[Lab], runtime) -> list[LabScore]:
    """Grade every mutant of every lab in one batch; a score per lab."""
    import time

    started = time.perf_counter()
    plan, batch = [], []
    for lab in labs:
        mutants = lab_mutants(lab)
        batch += submissions(lab, [(f"{m.file} mutant", m.source) for m in mutants])
        plan.append((lab, mutants))
    whole = runtime.timeout
    failing: dict[str, list[str]] = {}
    runtime.timeout = mutant_limit(labs, runtime, failing) if batch else whole
    try:
        reports = iter(runtime.grade(batch) if batch else [])
    finally:
        runtime.timeout = whole
    scores = []
    for lab, mutants in plan:
        listed = read_equivalents(lab.folder)
        score = LabScore(lab.slug, mutants=len(mutants),
                         failing_references=failing.get(lab.slug, []))
        for mutant in mutants:
            report = next(reports)
            if mutant.key in listed:
                score.equivalent += 1
                if not report.passed:
                    score.stale.append(mutant.key)
            elif report.passed:
                score.survivors.append(mutant)
            else:
                score.killed += 1
        scores.append(score)
    seconds = time.perf_counter() - started
    for score in scores:
        score.seconds = seconds * score.mutants / max(1, sum(s.mutants for s in scores))
    return scores


def describe(score: LabScore) -> list[str]:
    """A lab's score and every surviving mutant as a diff, as `course check --mutants` prints."""
    judged = score.mutants - score.equivalent
    lines = [f"{score.lab}: {score.score:.1%} of {judged} mutants killed "
             f"({score.mutants} made, {score.equivalent} reviewed as equivalent, "
             f"{len(score.survivors)} survive)"]
    for failing in score.failing_references:
        lines.append(f"  the reference {failing[:300]}: a reference that fails kills every "
                     f"mutant, so this score means nothing (`course check --lab {score.lab}` "
                     "says why)")
    for mutant in score.survivors:
        lines += ["  survives:", *("    " + line for line in mutant.diff.splitlines()[2:])]
    for file, before, after in score.stale:
        lines.append(f"  listed as equivalent in {EQUIVALENTS} but killed: [{file}] {before} "
                     f"-> {after}")
    return lines


def check_mutants(course, lab: str, runtime) -> tuple[list[str], bool]:
    """`course check --mutants [LAB]`: the lines to print, and whether every lab scored at
    least THRESHOLD. `lab` is a slug or folder, or "all"."""
    labs = list(course.labs.values()) if lab == "all" else [course.lab(lab)]
    scores = score_labs(labs, runtime)
    lines, ok = [], True
    for score in scores:
        lines += describe(score)
        ok = ok and score.score >= THRESHOLD and not score.stale and not score.failing_references
    total = sum(s.mutants for s in scores)
    lines.append(f"{total} mutants of {len(scores)} lab(s) graded in "
                 f"{sum(s.seconds for s in scores):.1f} s; each lab needs {THRESHOLD:.0%}.")
    return lines, ok
