"""What crosses between the checks' interpreter and the learner's: plain data by value, every
other object as a reference the other side holds a stand-in for.

Used on both sides (the same file is loaded into both interpreters). A value is written as
JSON (ASCII only, so lone surrogates survive and the channel carries bytes it can count):

    None, bool, int, float, str      as themselves
    list                             a JSON array
    tuple / dict                     {"T": [...]} / {"D": [[key, value], ...]}
    an object of the writing side    {"M": ref} ("mine"), with {"C": class} the first time an
                                     instance of a new class crosses, {"K": {...}} for a class
                                     (its "bases" are classes written the same way)
    a stand-in for the reader's own  {"R": ref} ("yours")

Only exact types count as plain: a subclass of list, dict or float is an object like any
other. Reading builds trusted values or stand-ins, and a malformed message is a WireError,
never a crash. It runs no code of the writer but one thing: a dict key that is a stand-in (or
a tuple holding one) is hashed, and compared where hashes meet, which asks the writer when its
class defines __hash__ or __eq__, over the link, in the middle of the reading (a writer that
answers with such a dict again and again fails its own check with a RecursionError:
tests/hostile/nested_hash_replies.py).
"""

from __future__ import annotations

import json
import json.decoder
import json.encoder
import json.scanner

PLAIN = (type(None), bool, int, float, str)
# Tested by identity: `kind in PLAIN` compares with ==, and a learner's metaclass may define
# __eq__ (always True made its instances "plain", handed on raw; and it ran learner code here).
_PLAIN_IDS = frozenset(map(id, PLAIN))


def is_plain(kind: type) -> bool:
    """Whether a type (from type(x), never learner-chosen beyond its class) is plain data."""
    return id(kind) in _PLAIN_IDS
DEPTH = 40          # containers nested deeper than this cross as references
ANCESTRY = 16       # classes a class description may nest, as bases (describe sends fewer)
SHARED_HASH = 32    # keys of one dict read from a message that may share a hash
MAX_DIGITS = 4000   # ints longer than this cross as references (int -> str refuses ~4300)
# Items no message can hold more of: the channel carries 4 MiB (host/channel.mjs, CAPACITY)
# and JSON writes every item in two characters at least ("0,"). Counted before a container is
# walked: a parameters() that gave back a list of 3 million floats was walked item by item and
# written (12 MB) before the channel refused it, which in Pyodide took longer than the time
# limit, so the file was "stopped at a line that could not be named" instead of told why.
MAX_ITEMS = (4 << 20) // 2
# Made once: 10 ** 4000 took 0.2 ms to compute, twice for every int written (58 a lab-5 file).
_INT_LIMIT = 10 ** MAX_DIGITS

# The C encoder and scanner themselves, without json's Python wrappers around them: in wasm
# those wrappers cost more than the work (measured in Pyodide: 32 µs vs 10 µs to write a
# small message, 20 µs vs 13 µs to read one), and a check may make thousands of requests.
_make_encoder, _make_scanner = json.encoder.c_make_encoder, json.scanner.c_make_scanner
_encoder = _make_encoder and _make_encoder(None, None, json.encoder.encode_basestring_ascii,
                                           None, ":", ",", False, False, True)
_scan = _make_scanner and _make_scanner(json.JSONDecoder())


def _dumps(value) -> str:
    return "".join(_encoder(value, 0))


if _encoder is None or _scan is None:  # a Python built without _json: the slow wrappers
    _dumps = json.JSONEncoder(ensure_ascii=True, check_circular=False).encode
    _scan = json.JSONDecoder().raw_decode


def _loads(text: str):
    value, end = _scan(text, 0)
    if end != len(text):
        raise ValueError("extra data")
    return value
_int_repr = int.__repr__


class WireError(Exception):
    """A message that does not follow the format: the other side broke its end of the link."""


def too_many_items(items: int) -> ValueError:
    """A value with more items than any message can carry (MAX_ITEMS); nothing was written. A
    plain ValueError, as the channel's own refusal of a long message is (link.py)."""
    return ValueError(f"the value your code gave back holds {items:,} items or more, more than "
                      "a message between your code and the checks may hold (4 MiB)")


class Codec:
    """One side's view: its own objects by ref number, and stand-ins for the other side's.

    `stand_in(ref, info, codec)` makes the local object that represents the other side's
    object `ref`; `describe(obj)` gives what the other side needs to know about one of ours
    that is a class (the learner side describes its classes; the checks' side describes none).
    """

    def __init__(self, stand_in, describe=None):
        self.stand_in = stand_in
        self.describe = describe
        self.mine: list = []                 # ref -> our object (kept alive for the job)
        self.ref_of_mine: dict[int, int] = {}   # id(our object) -> ref
        self.theirs: dict[int, object] = {}     # their ref -> our stand-in
        self.ref_of_theirs: dict[int, int] = {}  # id(stand-in) -> their ref
        self._items = 0                           # items of the value being encoded

    # -- writing ------------------------------------------------------------------------
    def write(self, envelope: dict) -> str:
        """A message whose values are encoded already (see link.py)."""
        return _dumps(envelope)

    def encode(self, value, depth: int = 0):
        kind = type(value)
        if is_plain(kind):
            if kind is int and not -_INT_LIMIT <= value <= _INT_LIMIT:
                return self._reference(value)
            return value
        if depth == 0:  # a value of its own (a class's description encodes at depth 1)
            self._items = 0
        if depth < DEPTH and (kind is list or kind is tuple or kind is dict):
            self._items += len(value)
            if self._items > MAX_ITEMS:
                raise too_many_items(self._items)
            if kind is list:
                return [self.encode(item, depth + 1) for item in value]
            if kind is tuple:
                return {"T": [self.encode(item, depth + 1) for item in value]}
            if kind is dict:
                return {"D": [[self.encode(k, depth + 1), self.encode(v, depth + 1)]
                              for k, v in dict.items(value)]}
        ref = self.ref_of_theirs.get(id(value))
        if ref is not None and self.theirs.get(ref) is value:
            return {"R": ref}
        return self._reference(value)

    def _reference(self, value) -> dict:
        ref = self.ref_of_mine.get(id(value))
        if ref is not None:
            return {"M": ref}
        out = {}
        if self.describe is not None:
            # type(), never isinstance(): that would read the object's own __class__
            if issubclass(type(value), type):
                info = self.describe(value)
                # its bases first, as classes of their own (each crosses once)
                info["bases"] = [self.encode(b, 1) for b in info.get("bases", ())]
                out["K"] = info
            else:
                out["C"] = self.encode(type(value), 1)
        ref = len(self.mine)
        self.mine.append(value)
        self.ref_of_mine[id(value)] = ref
        return {"M": ref, **out}

    # -- reading ------------------------------------------------------------------------
    def loads(self, text: str):
        try:
            data = _loads(text)
        except (ValueError, RecursionError, MemoryError, StopIteration) as exc:
            raise WireError(f"unreadable message ({type(exc).__name__})") from None
        return data

    def decode(self, data, depth: int = 0):
        kind = type(data)
        if is_plain(kind):
            return data
        if depth > DEPTH + 2 + ANCESTRY:  # a value's class, then the class's bases, nest on
            raise WireError("nested too deeply")
        if kind is list:
            return [self.decode(item, depth + 1) for item in data]
        if kind is not dict or len(data) not in (1, 2):
            raise WireError("not a value")
        if "T" in data and type(data["T"]) is list:
            return tuple(self.decode(item, depth + 1) for item in data["T"])
        if "D" in data and type(data["D"]) is list:
            out, shared = {}, {}
            for pair in data["D"]:
                if type(pair) is not list or len(pair) != 2:
                    raise WireError("not a dict item")
                key = self.decode(pair[0], depth + 1)
                if is_plain(type(key)) or type(key) is tuple:
                    # Keys that share one hash make each insertion compare with all before
                    # it: 120 000 of them held the checks' interpreter for minutes, past any
                    # clock of the link. No honest dict has more than a few.
                    code = hash(key)
                    shared[code] = count = shared.get(code, 0) + 1
                    if count > SHARED_HASH:
                        raise WireError("a dict whose keys share one hash")
                out[key] = self.decode(pair[1], depth + 1)
            return out
        if "R" in data:
            ref = data["R"]
            if type(ref) is not int or not 0 <= ref < len(self.mine):
                raise WireError("a reference to nothing of ours")
            return self.mine[ref]
        if "M" in data and type(data["M"]) is int:
            ref = data["M"]
            known = self.theirs.get(ref)
            if known is not None:
                return known
            info = {}
            if "K" in data:
                info["class"] = described = data["K"]
                if type(described) is dict and type(described.get("bases")) is list:
                    info["class"] = {**described, "bases": [
                        self.decode(base, depth + 1) for base in described["bases"]]}
            elif "C" in data:
                info["of"] = self.decode(data["C"], depth + 1)
            made = self.stand_in(ref, info, self)
            self.theirs[ref] = made
            self.ref_of_theirs[id(made)] = ref
            return made
        raise WireError("not a value")
