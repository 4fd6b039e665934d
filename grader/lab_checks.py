"""A lab's hidden checks as one source: `checks.py`, or a `checks/` folder split by part.

A small lab keeps its checks in `checks.py`. A lab with parts (lab.yaml) may instead give each
part its own file in `checks/`, named by the part's `file:`, with `helpers:` for the code the
parts share. The files are joined, helpers first and then part by part, into the one source
every host already runs (the page, the Node host, `--runtime python`, the notebooks): no
host knows there were several files. The files share one namespace, exactly as if they were
one file, so a later part may use an earlier file's helpers.

The joined source remembers where each file's lines went, so an error at line 312 of the
whole reads as `checks/relu_tanh_exp.py:14` for the author.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from . import authored
from .lab_config import CHECKS_FOLDER, ConfigProblem, LabConfig

SINGLE = "checks.py"


@dataclass
class Piece:
    path: Path
    first: int  # the line of the joined source that is this file's line 1
    lines: int


@dataclass
class ChecksSource:
    text: str
    pieces: list[Piece] = field(default_factory=list)

    def where(self, line: int) -> tuple[Path, int]:
        """The file and line that line `line` of the joined source came from."""
        for piece in self.pieces:
            if line < piece.first + piece.lines:
                return piece.path, max(1, line - piece.first + 1)  # a banner: its file's line 1
        last = self.pieces[-1]
        return last.path, last.lines


@dataclass
class Layout:
    """Which files hold a lab's checks, in the order they are joined, and what is wrong."""

    files: list[Path] = field(default_factory=list)
    problems: list[ConfigProblem] = field(default_factory=list)


def layout(folder: Path, config: LabConfig) -> Layout:
    """The lab's checks files: checks.py alone, or lab.yaml's helpers then each part's file."""
    found = Layout()
    say = lambda path, line, message: found.problems.append(ConfigProblem(path, line, message))  # noqa: E731
    single, split = folder / SINGLE, folder / CHECKS_FOLDER
    named = [*config.helpers, *(p.file for p in config.parts if p.file is not None)]
    if not split.is_dir():
        if named:
            say(config.path, 1, f"lab.yaml names files in {CHECKS_FOLDER}/, but this lab has no "
                                f"{CHECKS_FOLDER}/ folder")
        elif single.is_file():
            found.files = [single]
        return found
    if single.is_file():
        say(single, 1, f"a lab keeps its checks in {SINGLE} or in {CHECKS_FOLDER}/, not both: "
                       f"move this file's checks into {CHECKS_FOLDER}/")
    if config.unread:
        return found  # which file is which part's is lab.yaml's to say: its own problem says why not
    if not config.parts:
        say(split, 1, f"{CHECKS_FOLDER}/ holds checks part by part: give the lab a lab.yaml with "
                      "'parts:', each naming its 'file:'")
    for part in config.parts:
        if part.file is None:
            say(config.path, part.line, f"part {part.title!r} has no checks file: add "
                                        f"'file: {CHECKS_FOLDER}/<name>.py'")
    for path in dict.fromkeys(named):
        if not path.is_file():
            say(config.path, _line_of(config, path), f"{_shown(folder, path)} does not exist")
    for path in sorted(set(p for p in named if named.count(p) > 1)):
        say(config.path, 1, f"{_shown(folder, path)} is named twice in lab.yaml: each file is one "
                            "part's, or a helper")
    for path in sorted(split.glob("*.py")):
        if path not in named:
            say(path, 1, f"{_shown(folder, path)} is in no part: name it in lab.yaml (a part's "
                         "'file:', or 'helpers:'), or delete it")
    found.files = [p for p in dict.fromkeys(named) if p.is_file()]
    return found


def _line_of(config: LabConfig, path: Path) -> int:
    """The line of lab.yaml that names `path`."""
    part = next((p for p in config.parts if p.file == path), None)
    return part.line if part else config.lines.get("helpers", 1)


def join(folder: Path, files: list[Path]) -> ChecksSource:
    """The one source of these files; a lone checks.py is its own text, unchanged."""
    if [p.name for p in files] == [SINGLE] and files[0].parent == folder:
        text = authored.read(files[0])
        return ChecksSource(text, [Piece(files[0], 1, max(1, len(text.splitlines())))])
    source, chunks, line = ChecksSource(""), [], 1
    for path in files:
        text = authored.read(path)
        if not text.endswith("\n"):
            text += "\n"
        # A banner, so a reader of the joined source sees where each file starts.
        chunks += [f"# ---- {_shown(folder, path)} ----\n", text]
        source.pieces.append(Piece(path, line + 1, len(text.splitlines())))
        line += 1 + len(text.splitlines())
    source.text = "".join(chunks)
    return source


def part_problems(source: ChecksSource, config: LabConfig, checks: list) -> list[ConfigProblem]:
    """With checks/ split by part: each part's file defines exactly that part's checks, and a
    helpers file defines none. `checks` are the loaded check functions, in order."""
    defined: dict[Path, list[tuple[str, int]]] = {}
    for fn in checks:
        path, line = source.where(fn.__code__.co_firstlineno)
        defined.setdefault(path, []).append((fn.check_name, line))
    found = []
    for path in config.helpers:
        for name, line in defined.get(path, []):
            found.append(ConfigProblem(path, line, f"check {name!r} is in a helpers file: move it "
                                                   "to its part's file"))
    every = {fn.check_name for fn in checks}
    for part in config.parts:
        if part.file is None or part.file in config.helpers:
            continue
        mine = defined.get(part.file, [])
        for name, line in mine:
            if name not in part.checks:
                found.append(ConfigProblem(part.file, line, f"check {name!r} is defined in part "
                                                            f"{part.title!r}'s file, but lab.yaml does "
                                                            "not list it in that part"))
        for name in part.checks:
            if name in every and name not in [n for n, _ in mine]:
                found.append(ConfigProblem(config.path, part.line, f"part {part.title!r} lists {name!r}, "
                                                                   "which is not defined in its file, "
                                                                   f"{_shown(config.path.parent, part.file)}"))
    return found


def rebound_names(source: ChecksSource) -> list[ConfigProblem]:
    """A name one file defines that an earlier file already defined: the files share one
    namespace, so the later one would silently replace it for every file (an import of the
    very same thing, such as `from grader.core.checks import check` in each, is fine)."""
    if len(source.pieces) < 2:
        return []
    first: dict[str, tuple[Path, object]] = {}
    found = []
    for piece in source.pieces:
        for name, line, what in _bindings(authored.read(piece.path)):
            earlier, earlier_what = first.get(name, (piece.path, None))
            if earlier != piece.path and (what is None or what != earlier_what):
                found.append(ConfigProblem(piece.path, line, f"`{name}` is already defined in "
                                                             f"{earlier.name}: the files of "
                                                             f"{CHECKS_FOLDER}/ share one namespace, so "
                                                             "this would replace it; give it another name"))
            first.setdefault(name, (piece.path, what))
    return found


def _bindings(text: str):
    """(name, line, what) for each name a module binds at its top level; `what` says what an
    import binds, None for anything else."""
    for node in ast.parse(text).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name, node.lineno, None
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        yield name.id, node.lineno, None
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.name if alias.asname else alias.name.split(".")[0]  # import a.b binds a
                yield alias.asname or bound, node.lineno, ("import", bound)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                yield alias.asname or alias.name, node.lineno, (node.module, node.level, alias.name)


def _shown(folder: Path, path: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)


# Module-level functions of `random`: they draw from Python's one shared generator, which
# nothing seeds, so a check using them gives the same file a different verdict on each grading.
SHARED_RANDOM = frozenset({
    "random", "uniform", "randint", "randrange", "choice", "choices", "shuffle", "sample",
    "gauss", "normalvariate", "lognormvariate", "triangular", "betavariate", "expovariate",
    "gammavariate", "paretovariate", "vonmisesvariate", "weibullvariate", "binomialvariate",
    "getrandbits", "randbytes", "seed"})


def slips(source: ChecksSource) -> list[ConfigProblem]:
    """What loads and runs but silently does not do what its author meant: a function that
    takes `learner` but is neither marked @check nor called (it is never run), and a draw from
    `random`'s shared, unseeded generator (the verdict changes from one grading to the next)."""
    found = []
    trees = []
    for piece in source.pieces:
        try:
            trees.append((piece.path, ast.parse(authored.read(piece.path))))
        except (SyntaxError, ValueError):
            return []  # reported when the checks are loaded
    used = {node.id for _, tree in trees for node in ast.walk(tree)
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store)}
    used |= {node.attr for _, tree in trees for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    for path, tree in trees:
        modules = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules |= {a.asname or a.name for a in node.names if a.name == "random"}
            elif isinstance(node, ast.ImportFrom) and node.module == "random" and not node.level:
                for alias in node.names:
                    if alias.name in SHARED_RANDOM:
                        found.append(ConfigProblem(path, node.lineno, _shared(f"random.{alias.name}")))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in modules and node.attr in SHARED_RANDOM):
                found.append(ConfigProblem(path, node.lineno, _shared(f"{node.value.id}.{node.attr}")))
        for node in tree.body:
            if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.decorator_list
                    and [a.arg for a in node.args.args[:1]] == ["learner"] and node.name not in used):
                found.append(ConfigProblem(path, node.lineno, (
                    f"{node.name}(learner) is never run: it is not marked @check(\"name\", "
                    "\"hint\") and nothing calls it")))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _check_name(node):
                found += [ConfigProblem(path, line, said) for line, said in _verdicts_ignored(node)]
    return found


def check_lines(source: ChecksSource) -> dict[str, tuple[Path, int]]:
    """Each check's name, as its @check(...) gives it, to the file and line that define it,
    read without running the checks."""
    found = {}
    for piece in source.pieces:
        try:
            tree = ast.parse(authored.read(piece.path))
        except (SyntaxError, ValueError, OSError):
            continue
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _check_name(node):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                found.setdefault(_check_name(node), (piece.path, first))
    return found


def _check_name(function) -> str | None:
    """The name a function's @check(...) gives it, else None."""
    for decorator in function.decorator_list:
        call = decorator.func if isinstance(decorator, ast.Call) else decorator
        if (isinstance(call, ast.Name) and call.id == "check") or (
                isinstance(call, ast.Attribute) and call.attr == "check"):
            first = decorator.args[0] if isinstance(decorator, ast.Call) and decorator.args else None
            return first.value if isinstance(first, ast.Constant) else function.name
    return None


def _own_statements(function):
    """The statements of `function` itself, not of the functions and classes in it."""
    waiting = list(function.body)
    while waiting:
        node = waiting.pop(0)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node
            waiting += [child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt)]


def _verdicts_ignored(function) -> list[tuple[int, str]]:
    """A check's verdict written as pytest or a predicate would, which the grader ignores: a
    check passes by returning, so `return double(3) == 6` passed every file, False or not,
    and a comparison standing alone (`double(3) == 6`) computes a bool nobody reads."""
    name, found = _check_name(function), []
    fail = "to fail, raise CheckFailed(\"what is wrong and why\")"
    for node in _own_statements(function):
        if (isinstance(node, ast.Return) and node.value is not None
                and not (isinstance(node.value, ast.Constant) and node.value.value is None)):
            found.append((node.lineno, (
                f"check {name!r} returns a value ({ast.unparse(node.value)[:60]}), which no one "
                f"reads: a check passes by returning, whatever it returns, False too; {fail}")))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Compare):
            found.append((node.lineno, (
                f"check {name!r} compares ({ast.unparse(node.value)[:60]}) and drops the "
                f"answer: the check passes either way; {fail}")))
    return found


def _shared(call: str) -> str:
    return (f"{call} draws from Python's shared generator, which nothing seeds: the same file "
            "could pass one grading and fail the next; draw from rng = inputs(\"salt\") "
            "(from grader.core.checks) instead")
