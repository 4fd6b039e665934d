"""The learner's side of the wall: run the learner's file and do what the checks ask of it.

This module runs in the learner's own interpreter, which never holds a check, a seed or a
verdict. It seals the interpreter (seal.py, the second wall), then answers requests from the
checks' interpreter until the job is over: compile and run the file, read an attribute, call
a function, apply an operator. Everything here can be reached and changed by the learner's
code; that changes only the answers this submission gives, which is all it could ever do.
"""

from __future__ import annotations

import copy
import math
import operator
import sys

from . import seal
from .handles import BUILTIN_ERRORS, SPECIALS, rebuild_error
from .learner_errors import around, did_you_mean, learner_frame
from .link import Link, Stopped
from .run import OUTPUT_LIMIT, CappedText, exec_module, learner_limits
from .wire import ANCESTRY, DEPTH, Codec, is_plain


def _operations() -> dict:
    o = operator
    ops = {"getattr": getattr, "setattr": setattr, "delattr": delattr,
           "need": object.__getattribute__, "repr": repr, "str": str, "format": format,
           "bool": bool, "len": len, "hash": hash, "iter": iter, "next": next,
           "reversed": reversed, "float": float, "int": int, "index": o.index, "round": round,
           "trunc": math.trunc, "floor": math.floor, "ceil": math.ceil, "neg": o.neg,
           "pos": o.pos, "abs": o.abs, "invert": o.invert, "contains": o.contains,
           "getitem": o.getitem, "setitem": o.setitem, "delitem": o.delitem, "dir": dir,
           "copy": copy.copy, "deepcopy": copy.deepcopy, "divmod": divmod, "pow": pow,
           "enter": lambda x: type(x).__enter__(x),
           "exit": lambda x, *a: type(x).__exit__(x, *a)}
    for name in ("eq", "ne", "lt", "le", "gt", "ge"):
        ops[name] = getattr(o, name)
    for name in ("add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "lshift",
                 "rshift", "and", "xor", "or"):
        fn = name + "_" if name in ("and", "or") else name
        ops[name], ops["i" + name] = getattr(o, fn), getattr(o, "i" + name)
    ops["ipow"] = o.ipow
    ops["getattr_as"] = lambda cls, obj, name: cls.__getattribute__(obj, name)
    ops["special_as"] = _special_as
    ops["items"] = _items
    ops["getattr_or"] = None  # Agent._getattr_or: it packs the error as link.py would
    return ops


# What a check's subclass may call as a learner class's own method (handles._as).
_AS = frozenset(SPECIALS + ("__setattr__", "__delattr__", "__repr__"))


def _special_as(cls, name, obj, *args):
    """Learner class `cls`'s own method `name` on `obj` (a check's subclass calling super()):
    (True, None) for its NotImplemented, else (False, what it returned)."""
    if type(name) is not str or name not in _AS or not isinstance(cls, type):
        raise TypeError("not a method a check may call this way")
    value = getattr(cls, name)(obj, *args)
    return (True, None) if value is NotImplemented else (False, value)


READS = ("getattr", "getattr_as", "getattr_or")  # requests that read a learner attribute
MANY = frozenset(READS + ("call",))  # the requests Link.many may send together


class _Reads:
    """Lists and dicts this side answered attribute reads with, kept only while a method of a
    check's subclass runs (`open` of them), and dropped when it returns."""

    __slots__ = ("open", "items")

    def __init__(self):
        self.open, self.items = 0, []


def _subclass(name: str, bases: tuple, methods: dict, reads: _Reads):
    """A check's subclass of learner classes, made here: each method calls the check's.

    A list or dict crosses to the checks by value, so an attribute the check's
    `__getattribute__` reads (`super().__getattribute__(name)`) and hands back would reach
    the learner's code as a copy: `self.__dict__.update(...)` in a correct `__init__`, or
    `self._uses.append(out)`, changed the copy, and the object of the check's subclass had
    no `data` ('Counted' object has no attribute 'data'). So when the check gives back,
    unchanged, what this side answered it for that very read, the learner's code gets its
    own object again (`reads`: what this side answered, see Agent.serve)."""
    def method(callback, attribute):
        def forward(self, *args, **kwargs):
            mark = len(reads.items)
            reads.open += 1
            try:
                value = callback(self, *args, **kwargs)
                return _own(value, self, args, reads.items[mark:]) if attribute else value
            finally:
                reads.open -= 1
                del reads.items[mark:]
        return forward
    return type(name, bases, {k: method(v, k in ("__getattribute__", "__getattr__"))
                              for k, v in methods.items()})


def _own(value, obj, args: tuple, answered: list):
    """The learner's own list or dict that `value` is a copy of, if this side answered it for
    reading attribute args[0] of `obj` (with nothing changed on the way), else `value`."""
    if (type(value) is not list and type(value) is not dict) or len(args) != 1:
        return value
    held: list = []
    for read, name, real in reversed(answered):
        if read is obj and name == args[0] and type(real) is type(value) \
                and _shape(real, held) == _shape(value, held):
            return real
    return value


def describe(cls) -> dict:
    """What the checks' side needs to mirror a class: its name, its bases (but `object`) and
    the special methods it defines (looked up in its own MRO, not on `object`, not on its
    metaclass). The codec sends the bases as classes of their own (wire.py)."""
    defined, unhashable = [], False
    mro = type.__dict__["__mro__"].__get__(cls)
    bases = [b for b in type.__dict__["__bases__"].__get__(cls) if b is not object]
    if len(mro) > ANCESTRY - 2:  # described with its bases, it would nest past what is read
        bases = []
    for special in SPECIALS + ("__hash__",):
        for klass in mro:
            found = type.__dict__["__dict__"].__get__(klass).get(special, _MISSING)
            if found is _MISSING:
                continue
            if special == "__hash__":
                unhashable = found is None
                if found is not None and klass is not object:
                    defined.append("__hash__")
            elif found is not object.__dict__.get(special, _MISSING):
                defined.append(special)
            break
    name = type.__dict__["__name__"].__get__(cls)
    described = {"name": name, "specials": defined, "unhashable": unhashable, "bases": bases}
    if cls in _SETS:  # exactly Python's own: iterating one runs no learner code (handles.items)
        described["builtin"] = name
    return described


_MISSING = object()
_SETS = (set, frozenset)  # taken as this module loads, before any learner code runs


def _items(obj) -> tuple:
    """tuple(obj) of an exact set or frozenset (handles.items): the same items, in the same
    order, that the checks would get by iterating its handle one request per item."""
    if type(obj) not in _SETS:
        raise TypeError("only a set's items are listed in one request")
    return tuple(obj)


class Callback:
    """A function of the checks, as the learner's code sees it: calling it asks the checks."""

    __slots__ = ("_link",)

    def __init__(self, link):
        self._link = link

    def __call__(self, *args, **kwargs):
        return self._link.request("call", self, args, kwargs)

    def __getattr__(self, name):
        # A function has a name, and correct code reads it (print(loss_fn.__name__)): it
        # failed with "'Callback' object has no attribute '__name__'", in Pyodide only.
        if name in ("__name__", "__qualname__"):
            value = self._link.request("about", self, name)
            if type(value) is str:
                return value
        # Worded as a function's own (lab 5 names `loss = loss_fn` by it)
        raise AttributeError(f"'function' object has no attribute '{name}'")

    def __repr__(self):
        return "<a function of the checks>"


class Agent:
    """One job on the learner's side: the file, the link, and what was printed."""

    def __init__(self, send, receive, js_attempts=None, alarm=None):
        self.send = send
        self.codec = Codec(self._stand_in, describe)
        self.link = Link(send, receive, self.codec, self.serve, self.pack_error,
                         self.unpack_error)
        self.ops = _operations()
        self.js_attempts = js_attempts
        self.alarm = alarm  # alarm(what): the host's record of a refusal (seal.py)
        self.filename, self.source, self.code = "", "", None
        self.finished = False
        self.guard = None
        self.reads = _Reads()
        self.ops["subclass"] = lambda name, bases, methods: _subclass(name, bases, methods,
                                                                      self.reads)

    def unpack_error(self, info):
        """A check's exception, raised here as a builtin one (or RuntimeError), remembering
        the original so that it is itself again when it reaches the checks."""
        exc = rebuild_error({**info, "own": None}, {}) if type(info) is dict else RuntimeError()
        if type(info) is dict and isinstance(info.get("own"), Callback):
            exc.checks_error = info["own"]
        return exc

    def _stand_in(self, ref, info, codec):
        return Callback(self.link)

    def run(self) -> None:
        ours = [name for name in sys.modules if name.split(".")[0] == "grader"]
        self.guard = seal.seal(tuple(sys.modules[name].__dict__ for name in ours), self.alarm)
        for name in ours:
            del sys.modules[name]
        self.out, self.err = CappedText(), CappedText()
        sys.stdout, sys.stderr = self.out, self.err
        try:
            with learner_limits():
                self.link.serve_until(lambda: self.finished)
        except BaseException:
            # Learner code broke this side's own machinery (say, by rebinding a builtin it
            # uses): tell the checks why, in the one message they read as "it has ended".
            changed = not self.guard.intact()
            self.guard.restore()
            self.send('{"gone":"%s"}' % ("changed" if changed else "failed"))
            raise

    def serve(self, op: str, args: list):
        if op == "call":
            return self._call(*args)
        if op == "compile":
            self.source, self.filename = args[0], _own_name(args[1])
            if self.source.startswith("\ufeff"):  # a UTF-8 BOM, as `python file.py` accepts
                self.source = self.source[1:]
            with self.guard.compiling():
                self.code = compile(self.source, self.filename, "exec")
            return None
        if op == "exec":
            return exec_module(self.code, self.source, self.filename)
        if op == "finish":
            self.finished = True
            attempts = list(self.guard.attempts[:5])
            if self.js_attempts is not None:
                attempts += [a for a in str(self.js_attempts()).split("\n") if a]
            # Cut here too: learner code can reach these objects and stuff them.
            return {"stdout": _cut(self.out.value()), "stderr": _cut(self.err.value()),
                    "attempts": attempts, "intact": self.guard.intact()}
        if op == "many":
            return self._many(*args)
        value = self._getattr_or(*args) if op == "getattr_or" else self.ops[op](*args)
        read = value[1] if op == "getattr_or" and value[0] is True else value
        if self.reads.open and op in READS and (type(read) is list or type(read) is dict) and len(args) >= 2:
            # for a check's subclass: _subclass gives the learner's code this, not a copy
            self.reads.items.append((args[-2], args[-1], read))
        if op == "subclass":  # the checks' side holds the class already: tell it its number
            return self.codec.encode(value)["M"]
        return value

    def _many(self, requests: list) -> list:
        """Requests the checks sent together (Link.many), done in order as if sent one by one:
        [what each returned, None], or at the first that raises, [those so far, its error]."""
        values: list = []
        for item in requests:
            if type(item) is not list or len(item) != 2 or item[0] not in MANY \
                    or type(item[1]) is not list:
                raise TypeError("not a request that may be sent with others")
            try:
                values.append(self.serve(*item))
            except Stopped:
                raise
            except BaseException as exc:  # as Link._answer would have sent it back
                return [values, self.pack_error(exc)]
        return [values, None]

    def _getattr_or(self, cls, obj, name):
        """A handle's attribute read (handles.namespace_getattribute) in one request: the learner
        class's own lookup, and when that raises an AttributeError, what the checks' side would
        ask next (Handle.__getattr__: getattr here). [True, value], or [False, error, fell back]:
        the same learner code runs, in the same order, as with the two requests, the first
        error packed as the reply would have packed it. Only an error the checks' side surely
        rebuilds as an AttributeError falls back here; any other is theirs to judge."""
        try:
            return [True, self.ops["getattr_as"](cls, obj, name)]
        except Stopped:
            raise
        except BaseException as exc:
            first = self.pack_error(exc)
        if first.get("own") is not None or not (
                (first["builtin"] is True and first["type"] == "AttributeError")
                or (first["builtin"] is False and first["base"] == "AttributeError")):
            return [False, first, False]
        try:
            return [True, getattr(obj, name)]
        except Stopped:
            raise
        except BaseException as exc:
            return [False, self.pack_error(exc), True]

    def _call(self, fn, args, kwargs):
        """Call learner code; report back which list or dict arguments it changed, so the
        checks' own copies change too (a check may test that arguments are left alone)."""
        watched = [(i, a) for i, a in enumerate(args) if type(a) is list or type(a) is dict]
        watched += [(k, a) for k, a in kwargs.items() if type(a) is list or type(a) is dict]
        held: list = []  # every object a shape names, alive until the comparison is done
        before = [_shape(a, held) for _, a in watched]
        value = fn(*args, **kwargs)
        changes = [[key, a] for (key, a), was in zip(watched, before) if _shape(a, held) != was]
        return value, changes

    def pack_error(self, exc: BaseException) -> dict:
        """An exception as data: type, message, builtin base, plain args, the learner's line.
        Reading it runs the learner's code (a property named `args` or `msg`, a
        `__getattribute__`): when that raises, the exception goes as its type alone. It used to
        end this side, and the report said the interpreter had ended."""
        try:
            return self._pack_error(exc)
        except BaseException:
            cls = type(exc)
            mro = type.__dict__["__mro__"].__get__(cls)
            return {"type": type.__dict__["__name__"].__get__(cls)[:80], "builtin": False,
                    "base": _builtin_base(mro), "message": "(its message could not be shown)",
                    "args": None, "where": None}

    def _pack_error(self, exc: BaseException) -> dict:
        cls = type(exc)
        name = type.__dict__["__name__"].__get__(cls)
        base = _builtin_base(type.__dict__["__mro__"].__get__(cls))
        builtin = BUILTIN_ERRORS.get(name) is cls
        try:
            message = str(exc)[:300]
        except BaseException:
            message = "(its message could not be shown)"
        try:
            args = exc.args
            if isinstance(exc, SyntaxError):
                # Python 3.14 keeps the place of some errors found after parsing ('from
                # __future__' too late, a nonlocal with no binding) only in attributes: they
                # cross as the args that make them again, or the report says "somewhere".
                # A long line is cut here, as syntax_message shows it, or the args would be
                # too long to cross and the report named no place on it.
                text, offset = exc.text, exc.offset
                end = exc.end_offset
                if type(text) is str and (offset is None or type(offset) is int):
                    cut, moved = around(text.rstrip("\n"), offset)
                    if cut != text.rstrip("\n"):
                        shift = (moved or 0) - (offset or 0)
                        text, offset = cut, moved
                        end = end + shift if type(end) is int and exc.end_lineno == exc.lineno \
                            else None
                args = (exc.msg, (exc.filename, exc.lineno, offset, text,
                                  exc.end_lineno, end))
            args = args if builtin and _plain(args, 2) else None
        except BaseException:
            args = None
        where = learner_frame(exc, self.filename) if self.filename else None
        packed = {"type": name[:80], "builtin": builtin, "base": base, "message": message,
                  "args": args, "where": list(where) if where else None}
        # Python's "Did you mean", from this side's frames (the checks' side has none of them);
        # only for an error of the file's own lines, not for each attribute a check probes.
        suggested = did_you_mean(exc) if where else ""
        if suggested:
            packed["suggested"] = suggested
        try:
            own = getattr(exc, "__dict__", {}).get("checks_error")
        except BaseException:
            own = None
        if type(own) is Callback:  # a check's exception passing back through our code
            packed["own"] = own
        return packed


def _own_name(filename) -> str:
    """The name the learner's file runs under here: its own name in the interpreter's working
    folder, as the page's `lab.py` is. The grader's path of it (`/autograder/submission/...`)
    is no folder of this interpreter, and a correct file that looked beside itself
    (`os.chdir(os.path.dirname(os.path.abspath(__file__)))`, `Path(__file__).parent.glob()`)
    was refused as an attack for listing it, wherever the instructor kept the files."""
    name = str(filename).replace("\\", "/").rsplit("/", 1)[-1]
    return name if name not in ("", ".", "..") else "lab.py"


def _builtin_base(mro: tuple) -> str:
    """The name of the first builtin exception class in a class's MRO (read as Python keeps
    it, never through the class's own attributes)."""
    for klass in mro:
        name = type.__dict__["__name__"].__get__(klass)
        if BUILTIN_ERRORS.get(name) is klass:
            return name
    return "Exception"


def _cut(text) -> str:
    """Output as it crosses: CappedText's value is the limit's head and tail and a note of
    what was dropped between them, a little over OUTPUT_LIMIT, and crosses whole (it was cut
    to the limit, which took the note's length off the end: the last line printed, a final
    loss, was lost). Only text stuffed past that is cut, keeping both ends as split.py does."""
    text = text if type(text) is str else ""
    if len(text) <= OUTPUT_LIMIT + 200:
        return text
    return text[:OUTPUT_LIMIT // 2] + "\n[output truncated]\n" + text[-(OUTPUT_LIMIT // 2):]


def _plain(value, depth: int) -> bool:
    """Small plain data only (an exception's args, such as a KeyError's key)."""
    kind = type(value)
    if kind is str:
        return len(value) <= 300
    if is_plain(kind):
        return True
    return kind is tuple and depth > 0 and len(value) <= 8 and all(
        _plain(v, depth - 1) for v in value)


def serve(send, receive, js_attempts=None, alarm=None) -> None:
    """Entry point for the learner's worker (host/worker.mjs)."""
    Agent(send, receive, js_attempts, alarm).run()


def _shape(value, held: list, depth: int = 0):
    """What an argument holds, to compare before and after a call: plain data as itself,
    containers item by item, any other object by its identity. Not the codec's encoding: that
    registers a new object with its class's description, which the comparison threw away, so
    a Value the learner's code put into a list (or returned) reached the checks without its
    class, as a bare object with no operators. No learner code runs here."""
    kind = type(value)
    if is_plain(kind):
        return value
    if depth < DEPTH:
        if kind is list or kind is tuple:
            return (kind.__name__, [_shape(item, held, depth + 1) for item in value])
        if kind is dict:
            return ("dict", [(_shape(k, held, depth + 1), _shape(v, held, depth + 1))
                             for k, v in dict.items(value)])
    held.append(value)
    return ("object", id(value))
