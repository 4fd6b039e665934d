"""`course merge`: join the `--json` outputs of several `course grade` runs (usually the
shards of one class) into one list, refusing anything that would make it untrue.

Refused, with the reason: a file that is not a list of reports, the same file graded twice
(within or across documents), shards from different runs or with different N, and a
shard that is missing — detected by counting the run's inputs, so an empty shard (`[]`)
costs nothing and a missing one is named. A shard stopped by Ctrl+C is short of files:
refused alone, it is completed by an unsharded `--json` of exactly the inputs it lacks.

`regrade()` then puts a later grading of some of those files (a fixed check, a learner's
regrade request) in the place of their reports, refusing one that matches no report.
"""

from __future__ import annotations

import codecs
import difflib
import json
from dataclasses import dataclass
from pathlib import Path

from .graded import Graded
from .shards import Shard, bucket, inputs_digest


class MergeError(Exception):
    """The documents cannot be merged; the message says why."""


@dataclass
class Document:
    path: str
    graded: list[Graded]


def read_document(path: Path) -> Document:
    try:
        data = json.loads(_text(path.read_bytes()))
    except OSError as exc:
        raise MergeError(f"{path}: cannot be read ({exc.strerror})") from None
    except ValueError as exc:
        if path.is_file() and path.stat().st_size == 0:  # read as "not JSON (line 1 column 1)"
            raise MergeError(f"{path}: is empty, not the output of course grade --json (a "
                             f"shell's `> {path.name}` empties a file before the command runs: "
                             "is it where this merge's output goes, matched by a glob "
                             "like *.json? Name the shards, like shard-*.json; or its "
                             "course grade stopped (Ctrl+C, an error) before it graded a "
                             "file: grade that shard again)") from None
        raise MergeError(f"{path}: is not JSON ({exc}); give the output of course grade "
                         "--json") from None
    if not isinstance(data, list):
        raise MergeError(f"{path}: is not a list of reports; give the output of course grade "
                         "--json")
    graded = []
    for number, item in enumerate(data, 1):
        try:
            graded.append(Graded.from_dict(item))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise MergeError(f"{path}: item {number} is not a report (it needs lab, file and "
                             "checks)") from None
    return Document(str(path), graded)


def _text(data: bytes) -> str:
    """A document's text: UTF-8, or UTF-16 with its byte-order mark, which Windows
    PowerShell's `course grade --json > shard.json` writes (it was refused as "not JSON")."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    return data.decode("utf-8-sig")


def merge(documents: list[Document]) -> list[Graded]:
    pieces = [piece for document in documents for piece in document.graded]
    if not pieces:  # `course grade` reports every input, so only a shard's share is ever []
        raise MergeError(f"{', '.join(d.path for d in documents)}: no report in "
                         f"{'any of these' if len(documents) > 1 else 'it'}, so each is a shard "
                         "whose share was empty, and the shards that graded the class are "
                         "missing: merge every shard's output")
    sharded = [p for p in pieces if p.shard is not None]
    if len({(p.shard.count, p.shard.inputs, p.shard.digest) for p in sharded}) > 1:
        raise MergeError("these shards come from different runs (a different N, different "
                         "inputs or a different lab): shard the same paths against the same "
                         "lab the same way on every machine")
    seen: dict[tuple[str, str], str] = {}
    for document in documents:
        for piece in document.graded:
            key = (piece.report.lab, piece.report.file)
            if key in seen:
                where = ("twice in " + document.path if seen[key] == document.path
                         else f"in {seen[key]} and in {document.path}")
                raise MergeError(f"{piece.report.file} (lab {piece.report.lab or 'unknown'}) "
                                 f"was graded {where}: merge each shard once")
            seen[key] = document.path
    if sharded and len(sharded) != len(pieces):
        pieces = _fill(sharded, [p for p in pieces if p.shard is None])
        sharded = pieces
    if sharded:
        _check_shards(documents, sharded)
        order = {id(p): n for n, p in enumerate(pieces)}
        pieces.sort(key=lambda p: (p.shard.position, order[id(p)]))
    return pieces


def _fill(sharded: list[Graded], loose: list[Graded]) -> list[Graded]:
    """The shards' reports, and `loose` (an unsharded run's) in the places no shard holds.

    A shard stopped by Ctrl+C holds only the files graded before it and names the rest;
    grading those again without --shard, its reports had no way in ("some reports come from
    a sharded run and some do not"), and with the same --shard they were another run. They
    are taken only if they are exactly the inputs the shards lack: the run's fingerprint
    (every input's name, in order) is computed again with them in the gaps, so a file of
    another class, one too few or one too many is refused, never merged as complete."""
    first = sharded[0].shard
    held = {p.shard.position: p.input for p in sharded}
    gaps = [position for position in range(first.inputs) if position not in held]
    given = list(dict.fromkeys(p.input for p in loose))  # an export with --all: several
    if not gaps:
        raise MergeError("some reports come from a sharded run (--shard) and some do not, and "
                         "the shards already hold every input of their run: merge the shards "
                         "of one run; to put a later grading of some files in the place of "
                         "theirs, give it with --regraded")
    labs = {p.report.lab for p in sharded}
    wanted = [*labs, None] if len(labs) == 1 else [None]  # a LAB's run, or --all's
    for order in (given, sorted(given)):
        if len(order) != len(gaps):
            break
        names = dict(held)
        names.update(zip(gaps, order))
        listed = [names[position] for position in range(first.inputs)]
        matched = [lab for lab in wanted if inputs_digest(listed, lab) == first.digest]
        if matched:
            other = sorted({p.report.lab for p in loose} - {matched[0]})
            if matched[0] is not None and other:  # the run graded one lab: so must they
                raise MergeError(f"the shards graded lab {matched[0]}, and the files graded "
                                 f"without --shard were graded for {', '.join(other)}: grade "
                                 f"them for lab {matched[0]}")
            place = dict(zip(order, gaps))
            return sharded + [Graded(p.report, p.input,
                                     Shard(bucket(p.input, first.count), first.count,
                                           first.inputs, first.digest, place[p.input]))
                              for p in loose]
    raise MergeError(f"the run has {first.inputs} input(s): the shards hold "
                     f"{first.inputs - len(gaps)}, and the {len(given)} graded without --shard "
                     f"are not the {len(gaps)} they lack; give every shard's output, and grade "
                     "again by the same paths the files a stopped shard named as not graded "
                     "(another file, or one graded by another path, is not its place)")


def _check_shards(documents: list[Document], sharded: list[Graded]) -> None:
    count, inputs = sharded[0].shard.count, sharded[0].shard.inputs
    # A document may hold several shards: an earlier merge's output, merged again (with
    # --regraded, say). It was refused ("give each shard's own output"), though a file in
    # it twice and a shard missing from it are found as in the shards' own outputs.
    by_shard: dict[int, set[str]] = {}
    for piece in sharded:
        by_shard.setdefault(piece.shard.index, set()).add(piece.input)
    covered = {p.shard.position for p in sharded}
    if len(covered) == inputs:
        return
    absent = [index for index in range(1, count + 1) if index not in by_shard]
    named = ", ".join(f"{index}/{count}" for index in absent)
    held = f"the run has {inputs} input(s), these documents hold {len(covered)}"
    if not absent:  # every shard gave something: one was stopped before its end
        raise MergeError(f"the run has {inputs} input(s) but these shards hold {len(covered)}: "
                         "a shard stopped by Ctrl+C holds only the files graded before it, and "
                         "named the rest; grade those again without --shard (`course grade "
                         "... --json > rest.json`) and merge rest.json with the shards")
    empty = sum(1 for document in documents if not document.graded)
    if not empty:
        raise MergeError(f"{'shard' if len(absent) == 1 else 'shards'} {named} "
                         f"{'is' if len(absent) == 1 else 'are'} missing: {held}; merge every "
                         "shard's output")
    # An empty shard's output is `[]`, which cannot say which shard it was: given shards 1 to
    # 3 of 6 with 1 and 3 empty, "shard 1/6, 3/6, ... is missing" named the ones just given.
    missing = max(len(absent) - empty, 1)
    raise MergeError(f"{missing} of shards {named} {'is' if missing == 1 else 'are'} missing "
                     f"({empty} of the documents given hold no report: each is a shard that "
                     f"graded nothing, and an empty shard's [] does not say which shard it "
                     f"was); {held}; merge every shard's output")


def regrade(merged: list[Graded], documents: list[Document]) -> list[Graded]:
    """`merged` with each report of `documents` (later `course grade --json` runs of some of
    its files) in the place of the report for the same lab and file, keeping that one's input
    and shard so the order, and the shard count a later merge checks, stay the run's own.
    A report that matches none, or a file regraded twice, is refused: silently adding or
    dropping a learner's grade is what this must never do."""
    where = {(g.report.lab, g.report.file): n for n, g in enumerate(merged)}
    result = list(merged)
    seen: dict[tuple[str, str], str] = {}
    for document in documents:
        for piece in document.graded:
            key = (piece.report.lab, piece.report.file)
            if key in seen:
                raise MergeError(f"{piece.report.file} (lab {piece.report.lab or 'unknown'}) "
                                 f"is regraded in {seen[key]} and in {document.path}: give "
                                 "each file's new grading once")
            seen[key] = document.path
            if key not in where:
                known = sorted({g.report.file for g in merged if g.report.lab == key[0]})
                near = difflib.get_close_matches(key[1], known, n=1, cutoff=0.6)
                raise MergeError(f"{document.path}: {piece.report.file} (lab "
                                 f"{piece.report.lab or 'unknown'}) is in none of the documents "
                                 "merged, so it replaces no grade"
                                 + (f" (did you mean {near[0]}? a file is matched by the path "
                                    "it was graded as: regrade it from the same folder, "
                                    "by the same path)" if near else
                                    ": a regraded file must be one of the class, graded by "
                                    "the same path; grade a new one with the class"))
            old = merged[where[key]]
            result[where[key]] = Graded(piece.report, old.input, old.shard)
    return result
