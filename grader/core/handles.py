"""The checks' side of the wall: learner objects as handles that behave like the objects.

A handle holds no learner state; every use of it (an attribute, a call, an operator, `len`,
`bool`, iteration, ...) is one request to the learner's interpreter, which does the real
thing and answers with plain data or another handle. Each learner class becomes one real
class here, named like it and given exactly the special methods the learner's class has, so
that `type(x) is Value`, `isinstance`, `callable(x)`, `hasattr(type(x), "items")`, reflected
operators and "unsupported operand" errors all behave as they would on the objects themselves.
Identity is kept: one learner object is one handle, so `is`, sets and dicts of handles work
without asking the learner (unless its class defines `__eq__`/`__hash__`).

A learner exception arrives as its type's name, its message and its line in the learner's
file (see `rebuild_error`); a builtin type is rebuilt as itself (KeyError stays a KeyError).
"""

from __future__ import annotations

import builtins

from .link import Link

# special method -> (operation asked of the learner, how the handle's own arguments map)
_BINARY = ("add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "divmod", "pow",
           "lshift", "rshift", "and", "xor", "or")
_UNARY = ("neg", "pos", "abs", "invert", "iter", "next", "reversed", "len", "bool", "hash",
          "float", "int", "index", "trunc", "floor", "ceil", "str", "enter")
_OTHER = ("eq", "ne", "lt", "le", "gt", "ge", "contains", "getitem", "setitem", "delitem",
          "format", "round", "exit", "call")
# What the learner's side reports about a class: which of these it defines itself.
SPECIALS = tuple(f"__{n}__" for n in _BINARY + tuple("r" + n for n in _BINARY)
                 + tuple("i" + n for n in _BINARY if n != "divmod") + _UNARY + _OTHER)
# Results that Python itself insists on, checked here so a lie is the learner's TypeError.
_RESULT = {"len": int, "bool": bool, "hash": int, "float": float, "int": int, "index": int,
           "str": str, "format": str, "repr": str}

MAX_BASES = 16  # bases of a learner class mirrored here (more: the handle's alone)

BUILTIN_ERRORS = {name: value for name, value in vars(builtins).items()
                  if isinstance(value, type) and issubclass(value, BaseException)}


class Remote:
    """What every handle is an instance of (each learner class gets its own subclass)."""

    __slots__ = ()


class Handles:
    """The handle classes of one job: made as learner objects and classes first cross."""

    def __init__(self, link: Link):
        self.link = link
        self.mirrors: set[type] = set()  # the classes made here for learner classes
        self.sets: set[type] = set()     # those said to be Python's own set or frozenset
        self.meta = _metaclass(link)
        self.errors: dict[tuple, type] = {}
        self.base = _base(link, self.mirrors)
        type.__setattr__(self.meta, "__handles__", self)  # for reads() and calls() below

    def stand_in(self, ref: int, info: dict, codec):
        """The local object for learner object `ref` (wire.Codec calls this)."""
        if "class" in info:
            return self._class(info["class"])
        cls = info.get("of")
        if not (isinstance(cls, type) and issubclass(cls, Remote)):
            cls = self._class({"name": "object", "specials": []})
        return object.__new__(cls)

    def _class(self, info, ref=None) -> type:
        if type(info) is not dict:
            info = {}
        name = info.get("name")
        name = name[:80] if type(name) is str and name.isidentifier() else "object"
        specials = info.get("specials")
        specials = [s for s in specials if s in SPECIALS] if type(specials) is list else []
        namespace = {"__slots__": (), "__module__": "submission", "__qualname__": name}
        owner: list[type] = []  # the class made here, once it is
        for special in specials:
            namespace[special] = _forward(self.link, special[2:-2], owner, self.mirrors)
        if info.get("unhashable") is True:
            namespace["__hash__"] = None
        # The learner's own class hierarchy, so that isinstance(p, Value) holds for an object
        # of a learner's `class Parameter(Value)`, as it does there; any base that is not a
        # learner class mirrored here, or bases Python cannot order, leave only the handle.
        # A real class has a few bases; ordering thousands would hold this side for minutes.
        bases = info.get("bases")
        bases = (tuple(b for b in bases if type(b) is self.meta and b in self.mirrors)
                 if type(bases) is list and len(bases) <= MAX_BASES else ())
        try:
            cls = self.meta(name, bases or (self.base,), namespace, mirror=True)
        except TypeError:
            cls = self.meta(name, (self.base,), namespace, mirror=True)
        namespace_getattribute(cls, self.link)
        owner.append(cls)
        self.mirrors.add(cls)
        if info.get("builtin") in ("set", "frozenset") and info.get("builtin") == name:
            self.sets.add(cls)
        return cls


def namespace_getattribute(cls, link: Link) -> None:
    """Attribute reads on a handle are the learner class's own lookup (`cls.__getattribute__`
    there), so that `super().__getattribute__(name)` in a check's subclass of a learner class
    means what it says. Attributes of a check's own subclass are read here."""
    request, plain_get = link.request, object.__getattribute__

    def __getattribute__(self, name):
        link.fell_back = None
        for klass in type(self).__mro__:
            if klass is cls:
                break
            if name in klass.__dict__:
                return plain_get(self, name)
        if name[:2] == "__" and name in cls.__dict__:
            return plain_get(self, name)
        if type(self) is not cls:  # a check's subclass: its own __getattr__ may come next
            return request("getattr_as", cls, self, name)
        # One request for the class's lookup and, if it raises an AttributeError, the
        # learner's getattr that Handle.__getattr__ would ask for next (agent._getattr_or).
        reply = request("getattr_or", cls, self, name)
        if type(reply) is not list or len(reply) not in (2, 3) or type(reply[0]) is not bool:
            raise TypeError("the learner's side answered an attribute read with something else")
        if reply[0]:
            return reply[1]
        error = link.unpack_error(reply[1])
        if len(reply) == 3 and reply[2] is True and isinstance(error, AttributeError):
            # Python calls Handle.__getattr__ next: it raises this, and asks nothing
            link.fell_back = (self, name, error)
        raise error

    type.__setattr__(cls, "__getattribute__", __getattribute__)


def _forward(link: Link, name: str, owner: list, mirrors: set):
    """The method for one special name: ask the learner's side, check the result's type.

    Called on an object of a check's subclass that overrides the same method, it is that
    method's `super()` call: the learner class's own method runs (`_as`). Asking the
    learner's side for hash(obj) instead ran the check's override again, there, and so on
    until the calls nested too deeply (a correct Value with `def __hash__(self): return
    id(self)` failed lab 5's "sorts once" that way, in Pyodide only)."""
    request = link.request
    dunder = f"__{name}__"
    if name.startswith("r") and name[1:] in _BINARY:
        op = name[1:]

        def method(self, other):
            if _overridden(type(self), owner, mirrors, dunder):
                return _as(request, owner[0], dunder, self, (other,))
            return request(op, other, self)
    elif name == "call":
        def method(self, *args, **kwargs):
            return call(request, self, args, kwargs)
    else:
        wanted = _RESULT.get(name)

        def method(self, *args):
            if _overridden(type(self), owner, mirrors, dunder):
                value = _as(request, owner[0], dunder, self, args)
            else:
                value = request(name, self, *args)
            if wanted is not None and type(value) is not wanted:
                raise TypeError(f"__{name}__ returned {type(value).__name__}, "
                                f"not {wanted.__name__}")
            return value
    method.__name__ = dunder
    return method


def _overridden(kind: type, owner: list, mirrors: set, dunder: str) -> bool:
    """Whether a class of the checks' own, between `kind` and the learner class `owner[0]`
    (or the first learner class, without one), defines `dunder`: then the method running is
    reached through that override (its super() call), not through Python's own dispatch."""
    if owner and kind is owner[0]:
        return False
    for klass in type.__dict__["__mro__"].__get__(kind):
        if (owner and klass is owner[0]) or klass in mirrors:
            return False
        if dunder in type.__dict__["__dict__"].__get__(klass):
            return True
    return False


def _as(request, cls: type, dunder: str, obj, args: tuple):
    """The learner class `cls`'s own method `dunder`, run on `obj` (its NotImplemented is
    this side's, so Python tries the other operand's method as usual)."""
    reply = request("special_as", cls, dunder, obj, *args)
    if type(reply) is not tuple or len(reply) != 2 or type(reply[0]) is not bool:
        raise TypeError("the learner's side answered a method call with something else")
    return NotImplemented if reply[0] else reply[1]


def _base(link: Link, mirrors: set) -> type:
    request = link.request
    nobody: list = []  # these methods belong to no learner class: the first one in the MRO

    def first_mirror(kind):
        return next((k for k in type.__dict__["__mro__"].__get__(kind) if k in mirrors), None)

    class Handle(Remote):
        """A learner object: attributes are read, set and deleted in the learner's interpreter."""

        __slots__ = ()

        def __getattr__(self, name):
            done, link.fell_back = link.fell_back, None
            if done is not None and done[0] is self and done[1] == name:
                raise done[2]  # the learner's getattr ran already (namespace_getattribute)
            return request("getattr", self, name)

        def __setattr__(self, name, value):
            kind = type(self)
            if _overridden(kind, nobody, mirrors, "__setattr__") and first_mirror(kind):
                _as(request, first_mirror(kind), "__setattr__", self, (name, value))
            else:
                request("setattr", self, name, value)

        def __delattr__(self, name):
            kind = type(self)
            if _overridden(kind, nobody, mirrors, "__delattr__") and first_mirror(kind):
                _as(request, first_mirror(kind), "__delattr__", self, (name,))
            else:
                request("delattr", self, name)

        def __repr__(self):
            kind = type(self)
            if _overridden(kind, nobody, mirrors, "__repr__") and first_mirror(kind):
                value = _as(request, first_mirror(kind), "__repr__", self, ())
            else:
                value = request("repr", self)
            return value if type(value) is str else object.__repr__(self)

        def __dir__(self):
            return request("dir", self)

        def __copy__(self):
            return request("copy", self)

        def __deepcopy__(self, memo):
            return request("deepcopy", self)

        def __need__(self, name):
            # checks.need: a name the learner's module defines itself (no module __getattr__)
            return request("need", self, name)

        def __reduce_ex__(self, protocol):
            raise TypeError("a learner object cannot be pickled on the checks' side")

    return Handle


def _metaclass(link: Link) -> type:
    request = link.request

    class LearnerClass(type):
        """A learner class: calling it makes a learner object; its attributes are the learner's.

        A check may subclass a learner class (`class Counted(Value)`, to count how often the
        learner's code touches a node): the subclass is then made in the learner's
        interpreter too, its methods calling back the check's own, so the learner's code
        meets the check's methods and the check meets the learner's."""

        def __new__(mcls, name, bases, namespace, mirror=False, **kwargs):
            if not mirror and "__slots__" not in namespace:
                # A handle holds no state (attributes are set in the learner's interpreter):
                # without this, the check's class had a __dict__ of its own, and the learner's
                # code reading self.__dict__ on its object got that empty one.
                namespace = {**namespace, "__slots__": ()}
            cls = super().__new__(mcls, name, bases, namespace, **kwargs)
            if not mirror:
                methods = {k: v for k, v in namespace.items() if type(v) is _function}
                ref = request("subclass", name, tuple(bases), methods)
                if type(ref) is not int:
                    raise TypeError("the learner's side did not make the subclass")
                link.codec.theirs[ref] = cls
                link.codec.ref_of_theirs[id(cls)] = ref
            return cls

        def __init__(cls, name, bases, namespace, mirror=False, **kwargs):
            super().__init__(name, bases, namespace, **kwargs)

        def __call__(cls, *args, **kwargs):
            return call(request, cls, args, kwargs)

        def __getattr__(cls, name):
            if name.startswith("__") and name.endswith("__"):
                raise AttributeError(name)  # Python's own probes (__origin__, ...) stay here
            return request("getattr", cls, name)

        def __repr__(cls):
            value = request("repr", cls)
            return value if type(value) is str else type.__repr__(cls)

    # Named as the type of any class is, so a message that names what learner code gave (a
    # class where a Value belongs: `return Value`) says "a type", as in CPython, never this
    # layer's own name ("it gave a LearnerClass", in Pyodide only).
    LearnerClass.__name__ = LearnerClass.__qualname__ = "type"
    return LearnerClass


_function = type(lambda: None)


def call(request, target, args: tuple, kwargs: dict):
    """Call a learner function; then change our own list and dict arguments as the learner's
    code changed its copies of them, so a check still sees what a call did to its arguments."""
    return _called(request("call", target, args, kwargs), args, kwargs)


def _called(reply, args: tuple, kwargs: dict):
    if type(reply) is not tuple or len(reply) != 2 or type(reply[1]) is not list:
        raise TypeError("the learner's side answered a call with something else")
    value, changes = reply
    for change in changes:
        if type(change) is not list or len(change) != 2:
            continue
        key, new = change
        if type(key) is int and 0 <= key < len(args):
            patch(args[key], new)
        elif type(key) is str and key in kwargs:
            patch(kwargs[key], new)
    return value


def _handles_of(obj) -> Handles | None:
    """The Handles whose mirror class `obj` is an exact instance of (its learner class's own
    attribute lookup, no check's subclass between), else None."""
    kind = type(obj)
    owner = type.__dict__["__dict__"].__get__(type(kind)).get("__handles__")
    return owner if type(owner) is Handles and kind in owner.mirrors else None


def reads(objects: list, name: str) -> list:
    """One function per object: calling it does what `getattr(obj, name)` would, as a check
    reading them one after another in this order, with nothing asked between, would see it.
    Reads of learner objects go to the learner's side together (Link.many) as the first is
    called: they run there in order up to the first that raises, which raises where its own
    function is called (an AttributeError then asks the class's __getattr__, as Python does);
    the reads after it go only when their functions are called. Anything but a plain
    attribute name of exact learner objects of one job is read one by one."""
    objects = list(objects)
    owners = {id(_handles_of(obj)) for obj in objects}
    if not objects or type(name) is not str or name[:2] == "__" or len(owners) != 1 \
            or _handles_of(objects[0]) is None:
        return [lambda obj=obj: getattr(obj, name) for obj in objects]
    link = _handles_of(objects[0]).link
    return _ahead(link, [("getattr_as", type(obj), obj, name) for obj in objects],
                  [lambda exc, obj=obj: _fall_back(exc, obj, name) for obj in objects],
                  [lambda value: value] * len(objects))


def calls(fn, arglists: list) -> list:
    """One function per argument tuple: calling it does what `fn(*args)` would, called one
    after another in this order with nothing asked between (see `reads`). Together only when
    `fn` is a learner class or function and every argument is plain (None, bool, int, float,
    str) or a learner object: a list or dict argument changed by one call would go to the
    next as it was before."""
    arglists = [tuple(args) for args in arglists]
    owner = None
    if type(fn) is not type and isinstance(fn, type):
        owner = type.__dict__["__dict__"].__get__(type(fn)).get("__handles__")
        owner = owner if type(owner) is Handles and type(fn) is owner.meta else None
    elif _handles_of(fn) is not None and "__call__" in type(fn).__dict__:
        owner = _handles_of(fn)
    plain = (type(None), bool, int, float, str)
    if owner is None or not arglists or not all(
            type(a) in plain or (isinstance(a, Remote) and _handles_of(a) is owner)
            for args in arglists for a in args):
        return [lambda args=args: fn(*args) for args in arglists]
    return _ahead(owner.link, [("call", fn, args, {}) for args in arglists],
                  [None] * len(arglists),
                  [lambda reply, args=args: _called(reply, args, {}) for args in arglists])


def items(obj) -> tuple:
    """tuple(obj): for a learner's set or frozenset (Python's own, no subclass), in one
    request instead of one per item, with the same items in the same order (iterating one
    runs no learner code); anything else is iterated here, item by item. The learner's side
    says which classes are Python's sets: a side that lies gets a tuple of whatever it
    sends, as it would by answering each `next` with whatever it likes."""
    owner = _handles_of(obj)
    if owner is None or type(obj) not in owner.sets:
        return tuple(obj)
    value = owner.link.request("items", obj)
    if type(value) is not tuple:
        raise TypeError("the learner's side listed a set as something else")
    return value


def _fall_back(exc: BaseException, obj, name: str):
    """What a handle's attribute read does when its class's lookup raised `exc`."""
    if isinstance(exc, AttributeError):  # Handle.__getattr__, as Python would call it
        return _handles_of(obj).link.request("getattr", obj, name)
    raise exc


def _ahead(link: Link, requests: list, on_error: list, on_value: list) -> list:
    """Functions that answer `requests` in order from Link.many, sent as the first is called
    and again after a request that raised, for those still to come."""
    answers: dict[int, tuple] = {}

    def answer(i: int):
        if i not in answers:
            values, error = link.many(requests[i:])
            answers.update({i + k: (True, v) for k, v in enumerate(values)})
            if error is not None:
                answers[i + len(values)] = (False, error)
        ok, value = answers.pop(i)
        if ok:
            return on_value[i](value)
        if on_error[i] is None:
            raise value
        return on_error[i](value)
    return [lambda i=i: answer(i) for i in range(len(requests))]


def patch(mine, new):
    """Make list or dict `mine` hold what `new` holds, keeping our objects where unchanged
    (so that `is` still holds for an item the learner's code did not replace)."""
    if type(mine) is list and type(new) is list:
        mine[:] = [_kept(mine[i], v) if i < len(mine) else v for i, v in enumerate(new)]
    elif type(mine) is dict and type(new) is dict:
        for key in [k for k in mine if k not in new]:
            del mine[key]
        for key, value in new.items():
            mine[key] = _kept(mine[key], value) if key in mine else value


def _kept(mine, new):
    return mine if _same(mine, new) else new


def _same(a, b) -> bool:
    """Equal as plain data (never asks a handle: handles are the same only if identical)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or isinstance(a, Remote):
        return False
    if kind in (list, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if kind is dict:
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return kind in (bool, int, float, str, type(None)) and a == b


def rebuild_error(info, errors: dict, fresh=None) -> BaseException:
    """An exception of the learner's, as data, made into one to raise here. `fresh(exc)` says
    whether an exception of the checks' own that comes back ("own") was raised during the
    request being answered (Link.raised_here): only then is it raised here as itself."""
    if type(info) is not dict:
        info = {}
    own = info.get("own")
    where = info.get("where")
    if (type(where) is not list or len(where) != 2 or type(where[0]) is not int
            or type(where[1]) is not str):
        where = None
    if isinstance(own, BaseException) and not isinstance(own, Remote) \
            and (fresh is None or fresh(own)):
        # Raised by a check's own function, passed through the learner's code: it keeps the
        # first learner line it passed (calls nesting through both interpreters stop with the
        # link's RecursionError, and the report named no line of the file that nested them).
        if where is not None and "learner_where" not in own.__dict__:
            own.learner_where = (where[0], where[1][:80])
        return own
    name = info.get("type") if type(info.get("type")) is str else "Exception"
    message = info.get("message") if type(info.get("message")) is str else ""
    args = info.get("args") if type(info.get("args")) is tuple else (message,)
    cls = BUILTIN_ERRORS.get(name) if info.get("builtin") is True else None
    if cls is None:
        base = BUILTIN_ERRORS.get(info.get("base"), Exception)
        key = (name[:80], base)
        cls = errors.get(key)
        if cls is None:
            label = key[0] if key[0].isidentifier() else "LearnerError"
            cls = errors[key] = type(label, (base,), {"__module__": "submission"})
    try:
        exc = cls(*args)
    except Exception:
        try:
            exc = cls(message)
        except Exception:
            # A type that no message alone makes (an ExceptionGroup holds exceptions, which
            # never cross as data): the TypeError of making it was reported as the learner's
            # own error, at no line. A class of its name, with its message, says what it was.
            plain = Exception if issubclass(cls, Exception) else BaseException
            key = (name[:80], plain)
            cls = errors.get(key)
            if cls is None:
                label = key[0] if key[0].isidentifier() else "LearnerError"
                cls = errors[key] = type(label, (plain,), {"__module__": "submission"})
            exc = cls(message)
    if where is not None:
        exc.learner_where = (where[0], where[1][:80])
    if type(info.get("suggested")) is str and type(exc) in (NameError, AttributeError):
        exc.suggested = info["suggested"][:80]  # Python's "Did you mean" (learner_errors)
    return exc
