"""Seal a fresh interpreter before untrusted learner code runs in it.

This is the inner layer of grading safety (the outer one is the process: Node's permission
model, a network namespace, a fresh interpreter per submission; see README "Grading safety").
It uses CPython's audit hooks (PEP 578), which cannot be removed once added, to refuse what a
lab never needs and what would let a submission reach the grader or the machine:

- the JavaScript bridge of Pyodide (`js`, `pyodide`, `pyodide_js`, `_pyodide*`) and ctypes,
  under any name (an import is judged by every part of its name), and compiled modules loaded
  from a file (in Pyodide any; on CPython one outside the folders that may be read);
- line tracers (`sys.settrace`) and the garbage collector's object lists (ways to every
  object of the interpreter);
- writing files (in Pyodide, outside its in-memory working folder and /tmp), reading files
  outside the standard library (and those folders), processes, sockets, signals;
- changing classes that existed before the learner's code ran, and the code or defaults of
  functions of the modules that did.

What the standard library does for ordinary code stays allowed: reading a function's code and
defaults (`inspect.signature`, which a dataclass without a docstring calls), setting the
defaults of a function made after the seal (`namedtuple`, `typing.NamedTuple`), frames
(`traceback.print_exc()`, `unittest` and `logging` read them), taking a tracer away that is
not there (`doctest` ends every run with `sys.settrace(None)`), a profiler (`cProfile` registers
a `sys.monitoring` callback, `profile` calls `sys.setprofile`: they see what frames show, and a
learner timing backward() is no attacker), and opening a file that does not
exist (`pdb`, which `doctest` starts, looks for a `.pdbrc`): that open fails as it would
anywhere, FileNotFoundError, and reaches nothing. A `breakpoint()` or `pdb.set_trace()` left in
a file does nothing, as with PYTHONBREAKPOINT=0: there is no one at a grader's terminal, and
`os.system` (a console cleared between epochs) runs nothing: there is no shell either. Refusing them failed correct
submissions as attacks, and frames guard nothing the structure does not: where grades count
(`course grade`), the checks live in another interpreter, and a learner's interpreter holds
only its own answers (README, "Grading safety"); a Check in the browser, where both share one
interpreter, is for learning and can be fooled by a crafted file anyway.

In Pyodide, a file may write, read back, list and remove its own files in its working folder
and /tmp, and make either its working folder, when they hold nothing at seal time: both are
in the interpreter's own memory, thrown away with it. A learner who logs a training run to
`losses.csv` is no attacker, and there is nothing there to reach. (CPython's runtime keeps
refusing: its folders are on disk.)

Every refused attempt is recorded, so a submission that catches the PermissionError still
fails; where the host gives an `alarm` (the Pyodide learner worker), it is also told at once,
outside this interpreter, so erasing the record here (through frames) changes nothing.
`Guard.intact()` also tells whether the checker's own namespaces (and builtins) were changed
behind its back.

The hook cannot be switched off quietly from Python: what it holds is bound as default
arguments (which the hook refuses to change), never closure cells, and before it trusts the
globals and builtins it reads it checks they are the ones it was sealed with; a change is
itself refused, with the alarm. What it cannot see is a class attribute set (no audit event):
`Guard.intact()` can be fooled that way, and through frames, so a changed builtin is only
found when the file does not hide it. That is no wall, and none is needed: in `course grade`
the checks judge in another interpreter, and a file that rewrites its own agent's classes
only gives wrong answers (tests/hostile/patch_agent_classes.py).
"""

from __future__ import annotations

import sys
from importlib.machinery import PathFinder
from types import FunctionType, MappingProxyType

BRIDGE_MODULES = ("js", "pyodide", "pyodide_js", "_pyodide", "_pyodide_core", "micropip")
# CPython's own test and debugging modules (Pyodide builds them in): like ctypes, they read
# and write the interpreter's memory, and no lab needs them (tests/hostile/capi_modules.py).
TEST_MODULES = ("_testcapi", "_testinternalcapi", "_testlimitedcapi", "_testbuffer",
                "_testclinic", "_testclinic_limited", "_testmultiphase", "_testsinglephase",
                "_testimportmultiple", "_testexternalinspection", "_xxtestfuzz",
                "_remote_debugging")
BLOCKED_IMPORTS = BRIDGE_MODULES + TEST_MODULES + ("ctypes", "_ctypes", "_posixsubprocess",
                                                   "_posixshmem", "grader")
# Functions that act on other processes or make files and raise no audit event, so the hook
# never sees them: taken out of the sealed interpreter (module: names). On CPython's runtime a
# file killed any process of the grader's user with signal.pidfd_send_signal(os.pidfd_open(
# pid), SIGKILL) (its parent, so the whole batch), made FIFOs and nodes anywhere (mkfifo,
# mknod) and re-niced other processes, and passed (tests/hostile/unaudited_calls.py).
# (`_posixshmem`, shared memory in /dev/shm, is refused as an import above.)
UNAUDITED = MappingProxyType({
    "posix": ("mkfifo", "mknod", "pidfd_open", "setpriority", "sched_setaffinity",
              "sched_setscheduler", "sched_setparam", "unshare", "setns"),
    "os": ("mkfifo", "mknod", "pidfd_open", "setpriority", "sched_setaffinity",
           "sched_setscheduler", "sched_setparam", "unshare", "setns"),
    "_signal": ("pidfd_send_signal",), "signal": ("pidfd_send_signal",)})

# Events refused outright once sealed (exact names, or prefixes ending with ".").
BLOCKED_EVENTS = (
    "sys._current_frames", "sys._current_exceptions", "sys.settrace",
    "sys.addaudithook", "sys.remote_exec",
    "gc.get_objects", "gc.get_referrers", "gc.get_referents",
    "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty", "os.kill",
    "os.killpg", "os.remove", "os.rename", "os.rmdir", "os.mkdir",
    "os.chmod", "os.chown", "os.link", "os.symlink", "os.truncate", "os.utime", "os.chdir",
    "os.setxattr", "os.removexattr", "os.startfile", "subprocess.Popen", "pty.spawn",
    "signal.pthread_kill", "resource.setrlimit", "resource.prlimit", "mmap.__new__",
    "_thread.start_new_thread", "webbrowser.open", "sqlite3.connect", "urllib.Request",
    "socket.", "ctypes.", "http.client.", "ftplib.", "smtplib.", "poplib.", "imaplib.",
    "nntplib.", "telnetlib.", "shutil.", "_posixsubprocess.", "os.listdir", "os.scandir",
    "os.walk", "os.fwalk", "sqlite3.enable_load_extension", "sqlite3.load_extension",
)
# Not refused: `glob.glob` (its event names only a pattern). The folders it lists are listed
# by os.scandir, judged above like any listing: a file that globbed its own working folder
# for the CSV files it wrote was refused as an attack, where pathlib's glob was not.
READ_ONLY = "r"
# Names Python writes into a namespace for ordinary code: `_` in the builtins, the last value
# shown by `sys.displayhook`, which every doctest example that shows a value sets (the lessons
# teach with doctest examples), and a module's `__warningregistry__`, which `warnings.warn`
# fills in the module of the frame it blames: with stacklevel=2 in a method the checks call,
# the grader's. A change there is no change to the checker.
FREE = ("_", "__warningregistry__")
# Builtins that are the learner's own conveniences, free to rebind: no grader code calls them
# (the checks judge in their own interpreter, or with their own copy of the builtins), and a
# correct file that silenced its training log with `builtins.print = lambda *a, **k: None`, or
# answered `input()` itself, failed as one that "changed the grader's own objects"
# (innocent_quiet_print.py). Any other builtin rebound is still a change.
FREE_BUILTINS = ("print", "input")


class Guard:
    """What the seal found: refused attempts, and whether the checker's state is intact."""

    def __init__(self, watched: tuple):
        self.attempts: list[str] = []
        self._compiling = [False]
        # Snapshots of the checker's namespaces: (dict, its items at seal time), without the
        # names Python itself writes there for ordinary code (FREE).
        self._builtins = sys.modules["builtins"]
        self._watched = tuple((d, tuple((k, v) for k, v in d.items()
                                        if k not in FREE and not self._own_builtins(d, k)
                                        and not (k in FREE_BUILTINS and self._is_builtins(d))))
                              for d in watched)

    def _is_builtins(self, space: dict) -> bool:
        return space is self._builtins.__dict__

    def _own_builtins(self, space: dict, key) -> bool:
        """Whether `key` is the `__builtins__` that eval() and exec() write into the globals
        they are given (the builtins, as a module or a dict) when those are the builtins'
        own dict: Python 3.14's inspect.signature evals a default's text in it, so
        `help(signal)` (pydoc) grew the builtins by that key, and a correct file was taken for
        one that changed the grader's own objects (innocent_signals.py). Any other value there
        is a change."""
        if key != "__builtins__" or space is not self._builtins.__dict__:
            return False
        value = space.get(key)
        return value is space or value is self._builtins

    def _free(self, space: dict) -> list:
        """The items of a watched namespace that Python writes there for ordinary code."""
        return [(k, space[k]) for k in FREE if k in space] + (
            [("__builtins__", space["__builtins__"])]
            if self._own_builtins(space, "__builtins__") else []) + (
            [(k, space[k]) for k in FREE_BUILTINS if k in space]
            if self._is_builtins(space) else [])

    def compiling(self):
        """Compile learner source: CPython's parser re-opens the file by name to show a
        syntax error's line. That open is refused quietly (the parser then shows the line from
        the source it was given): it is the grader's own doing, not the learner's."""
        guard = self

        class _Compiling:
            def __enter__(self):
                guard._compiling[0] = True

            def __exit__(self, *exc):
                guard._compiling[0] = False

        return _Compiling()

    def restore(self) -> None:
        """Put every watched namespace back as it was at seal time."""
        for space, items in self._watched:
            free = self._free(space)
            space.clear()
            space.update(items)
            space.update(free)

    def intact(self, _len=len) -> bool:
        missing = self
        for space, items in self._watched:
            if _len(space) - _len(self._free(space)) != _len(items):
                return False
            for key, value in items:
                if space.get(key, missing) is not value:
                    return False
        return True


# Characters of one refusal kept (an exact str, always: an f-string or an audit event's name).
SAID = 300


def seal(watched: tuple = (), alarm=None) -> Guard:
    """Cut the JS bridge out of `sys.modules` and install the audit hook. Once per interpreter."""
    guard = Guard(watched + (sys.modules["builtins"].__dict__,))
    attempts = guard.attempts
    compiling = guard._compiling

    # Everything the hook uses is bound as a default argument, never read from a closure cell
    # or, unchecked, from this module's globals or the builtins: a file reached each of those
    # (through `sys.settrace.__closure__`, or `Guard.restore.__globals__`) and emptied
    # BLOCKED_EVENTS, or swapped `alarm` for a function that does nothing, then called
    # gc.get_objects() with no alarm and passed (seal_globals.py, seal_cells.py). Defaults
    # cannot be changed: that is refused below, for every function of a module loaded now.
    def refuse(what: str, _alarm=alarm, _attempts=attempts, _len=len, _error=PermissionError,
               _most=SAID):
        if _len(what) > _most:
            # A path is named before the system refuses it, as long as the file made it: three
            # of a million characters made a report no frame could carry, and --runtime python
            # said the interpreter "stopped before it could report" (long_refused_path.py).
            what = what[:_most] + "…"
        if _alarm is not None:
            try:
                _alarm(what)
            except BaseException:
                pass
        if _len(_attempts) < 50:
            _attempts.append(what)
        raise _error(f"The grader does not allow this in a lab: {what}.")

    _stand_in_spawner(refuse)
    hidden = _keep_the_time_limit()
    _processless_platform()
    _one_thread()
    _no_shell()
    _faulthandler_without_a_descriptor()
    _unraisable_from_linecache()
    _drop_bridge()
    _take_out_unaudited(refuse)
    readable = tuple(p for p in sys.path if p and p not in (".", "/home/pyodide"))
    scratch = _scratch_folders()
    if scratch:
        _rmtree_by_path()
        _read_only(readable + _STDLIB_DATA, scratch)
    # Only folders that may be read stay on the import path: an import of a module that is not
    # there (numpy in Pyodide) must end in ImportError, never in listing the working folder.
    sys.path[:] = list(dict.fromkeys(readable))
    # An import looks only in folders that may be read: one the file adds to sys.path (".",
    # for its own helpers) holds nothing for it, and is never listed (that listing was taken
    # for an attempt, where the file only meant to import a module it does not have).
    sys.path_hooks.insert(0, _only_readable(readable))
    sys.path_importer_cache.clear()
    sealed_types = _all_types()
    # The namespaces of every module imported now: a function whose globals are one of them
    # is the grader's or the standard library's (old, or made since by their code).
    sealed_globals = {id(module.__dict__) for module in list(sys.modules.values())
                      if type(getattr(module, "__dict__", None)) is dict}
    _keep.append(list(sys.modules.values()))  # so those ids are never reused

    untrace = _untrace(sys.settrace, "sys.settrace", refuse)
    # What the hook's path reads as globals, and the builtins it calls, as they are now: any
    # of them changed is an attempt on the seal itself, seen at the next audited event (the
    # attempt it prepared is one), before the hook trusts any of them.
    pins = tuple((space, key, value) for space, names in (
        (globals(), tuple(k for k in globals() if k not in FREE)),
        (sys.modules["builtins"].__dict__, _HOOK_BUILTINS))
        for key, value in ((k, space[k]) for k in names))

    def hook(event: str, args: tuple, _pins=pins, _refuse=refuse, _compiling=compiling,
             _readable_paths=readable, _scratch=scratch, _types=frozenset(sealed_types),
             _globals=frozenset(sealed_globals), _frame=sys._getframe, _untraced=untrace.__code__,
             _function=FunctionType, _type=type, _str=str, _id=id, _getattr=getattr,
             _unset=_UNSET, _routine=_ROUTINE, _harmless=_harmless_events(),
             _hidden=hidden) -> None:
        if event in _routine:  # never refused, and the agent raises thousands in a job
            return
        for space, key, value in _pins:
            if space.get(key, _unset) is not value:
                _refuse("changing the grader's seal")
        if event == "import":
            refusal = _import_refusal(args, _readable_paths, _scratch)
            if refusal is not None:
                _refuse(refusal)
        elif event == "open":
            if _compiling[0]:
                raise PermissionError("the grader compiles from the source it was given")
            _check_open(args, _readable_paths, _scratch, _refuse)
        elif event in _TRACERS and _caller(_frame) is _untraced:
            return  # sys.settrace(None), from the seal's own function: a tracer taken away
        elif event == "object.__getattr__":
            if _id(args[0]) in _hidden and args[1] in ("__defaults__", "__kwdefaults__"):
                raise ValueError("the grader's time limit keeps this to itself")
        elif event in ("object.__setattr__", "object.__delattr__"):
            target = args[0]
            if _id(target) in _types or (_type(target) is _function
                                         and _id(target.__globals__) in _globals):
                _refuse(f"changing {_getattr(target, '__name__', '?')}.{args[1]}")
        elif event in BLOCKED_EVENTS or event.startswith(_PREFIXES):
            if event in _harmless:
                return
            if event in ("os.listdir", "os.scandir") and _readable(args[0], _readable_paths):
                return
            if event in _SCRATCH_EVENTS and _all_in(event, args, _scratch):
                return
            if event == "os.chdir" and _stays(args):
                return
            if event == "sqlite3.connect":
                refusal = _sqlite_refusal(args, _scratch)
                if refusal is None:
                    return
                _refuse(refusal)
            _refuse(event)

    sys.addaudithook(hook)
    sys.settrace = untrace
    sys.breakpointhook = _no_debugger
    sys.meta_path.insert(0, _QuietPdb())
    return guard


_UNSET = object()


def _stand_in_spawner(refuse) -> None:
    """`_posixsubprocess` once sealed, where CPython has it: a module whose `fork_exec` is
    refused. `import subprocess` imports it (and `import asyncio` imports subprocess), so a
    correct file that only imported asyncio was refused as an attack under --runtime python
    (innocent_asyncio.py); the real module's fork_exec starts a process and raises no audit
    event, so it is never loaded (its import stays refused, BLOCKED_IMPORTS)."""
    import importlib.machinery as machinery

    if "_posixsubprocess" in sys.modules or machinery.PathFinder.find_spec(
            "_posixsubprocess") is None and "_posixsubprocess" not in sys.builtin_module_names:
        return
    stand_in = type(sys)("_posixsubprocess", "Starting processes is refused in a sealed interpreter.")

    def fork_exec(*args, _refuse=refuse):
        _refuse("_posixsubprocess.fork_exec")
    stand_in.fork_exec = fork_exec
    sys.modules["_posixsubprocess"] = stand_in


# The signal the CPython runtime's time limit comes as (deadline.py, from job.py), and the
# functions that would switch it off.
_LIMIT_SIGNAL = getattr(__import__("signal"), "SIGALRM", None)
_LIMIT_TIMER = getattr(__import__("signal"), "ITIMER_REAL", None)


def _keep_the_time_limit() -> frozenset:
    """On CPython, a time limit the file cannot switch off. The limit is a SIGALRM that
    interrupts the file's code where it is (deadline.py); a file that called signal.alarm(0),
    setitimer(ITIMER_REAL, 0), signal.signal(SIGALRM, SIG_IGN), blocked SIGALRM
    (pthread_sigmask), waited for it (sigwait), gave it to faulthandler.register, or took the
    grader's handler (getsignal) to call the Deadline's __exit__ held in its closure, then
    looped, was ended by the parent instead, and its whole report was lost (0 of 18, where
    Pyodide kept the 13 checks that passed: tests/hostile/alarm_off.py).

    So, once sealed: the alarm and the real-time timer are the grader's (asking for them is a
    ValueError, which names why and is no accusation: a learner's own timeout helper is no
    attack; Pyodide has neither), SIGALRM's handler is the grader's (and reads as SIG_DFL,
    as in Pyodide's `course grade`), a mask or a wait leaves
    SIGALRM out (as in Pyodide, where neither does anything), and faulthandler takes every
    signal but it. Only the Deadline itself (code of its class on the stack: its __exit__
    puts the handler and the timer back) still sets them. The real functions are held as
    default arguments, which cannot be changed (the hook refuses it) and, for these functions
    alone, cannot be read (`__defaults__`, an audited read; the ids returned here)."""
    if sys.platform == "emscripten" or _LIMIT_SIGNAL is None:
        return frozenset()
    import faulthandler
    import operator

    # The Deadline class's own code, nothing else of its module: a function there that calls
    # a value it was given (deadline.sleep_in_slices compares the file's number) could run
    # the file's code with that function on the stack.
    codes: dict = {}
    todo = [getattr(sys.modules.get("grader.core.deadline"), "Deadline", None)]
    while todo:
        item = todo.pop()
        if isinstance(item, type):
            todo.extend(item.__dict__.values())
        elif isinstance(item, (staticmethod, classmethod)):
            todo.append(item.__func__)
        elif isinstance(item, property):
            todo.extend(f for f in (item.fget, item.fset, item.fdel) if f is not None)
        elif isinstance(item, FunctionType):
            todo.append(item.__code__)
        elif type(item) is type(_keep_the_time_limit.__code__) and id(item) not in codes:
            codes[id(item)] = item
            todo.extend(c for c in item.co_consts if type(c) is type(item))
    _keep.append(list(codes.values()))  # so their ids are never reused
    said = ("{what}: the grader's time limit is SIGALRM, so a lab file may not "
            "{do} here (nor can it in Pyodide, which has no alarm)")
    own = sys.modules["_signal"]

    def grader(r):
        frame = r[9](2)  # 0 this function, 1 a stand-in, 2 its caller
        while frame is not None:
            if id(frame.f_code) in r[8]:
                return True
            frame = frame.f_back
        return False

    def without(signals, r):
        return [n for n in (r[10](s) for s in signals) if n != r[11]]

    # One hidden argument, all of it: a caller who passes `_r` has none of the real functions,
    # and none can swap one part (the check) and keep the rest.
    real = (own.alarm, own.setitimer, own.signal, own.pthread_sigmask,
            own.sigwait, own.sigwaitinfo, own.sigtimedwait, faulthandler.register,
            frozenset(codes), sys._getframe, operator.index, _LIMIT_SIGNAL, _LIMIT_TIMER, said,
            ValueError, own.SIG_BLOCK, own.SIG_SETMASK, grader, without, own.getsignal,
            own.SIG_DFL)

    def alarm(seconds, *, _r=real):
        if not _r[17](_r):
            raise _r[14](_r[13].format(what="signal.alarm", do="set or cancel its alarm"))
        return _r[0](seconds)

    def setitimer(which, seconds, interval=0.0, *, _r=real):
        which = _r[10](which)
        if which == _r[12] and not _r[17](_r):
            raise _r[14](_r[13].format(what="signal.setitimer(ITIMER_REAL, ...)",
                                       do="set or cancel the real-time timer"))
        return _r[1](which, seconds, interval)

    def signal(signalnum, handler, *, _r=real):
        signalnum = _r[10](signalnum)
        if signalnum == _r[11] and not _r[17](_r):
            raise _r[14](_r[13].format(what="signal.signal(SIGALRM, ...)",
                                       do="change what SIGALRM does"))
        return _r[2](signalnum, handler)

    def getsignal(signalnum, *, _r=real):
        signalnum = _r[10](signalnum)
        if signalnum == _r[11] and not _r[17](_r):
            return _r[20]  # the Deadline's handler holds the Deadline, whose __exit__ ends it
        return _r[19](signalnum)

    def pthread_sigmask(how, mask, *, _r=real):
        how = _r[10](how)
        if how in (_r[15], _r[16]):
            mask = _r[18](mask, _r)
        return _r[3](how, mask)

    def sigwait(sigset, *, _r=real):
        return _r[4](_r[18](sigset, _r))

    def sigwaitinfo(sigset, *, _r=real):
        return _r[5](_r[18](sigset, _r))

    def sigtimedwait(sigset, timeout, *, _r=real):
        return _r[6](_r[18](sigset, _r), timeout)

    def register(signum, *args, _r=real, **kwargs):
        signum = _r[10](signum)
        if signum == _r[11]:
            raise _r[14](_r[13].format(what="faulthandler.register(SIGALRM)",
                                       do="take SIGALRM"))
        return _r[7](signum, *args, **kwargs)

    stand_ins = (alarm, setitimer, signal, getsignal, pthread_sigmask, sigwait, sigwaitinfo,
                 sigtimedwait)
    for stand_in in stand_ins:
        original = getattr(own, stand_in.__name__)
        stand_in.__doc__ = original.__doc__
        for module in (own, sys.modules.get("signal")):
            if module is not None and module.__dict__.get(stand_in.__name__) is original:
                setattr(module, stand_in.__name__, stand_in)
    register.__doc__ = faulthandler.register.__doc__
    faulthandler.register = register
    return frozenset(id(f) for f in stand_ins + (register,))


def import_builtins() -> None:
    """Import every built-in module a file may import (the seal needs them all imported).
    Done before an interpreter's memory snapshot is taken, the interpreters restored from it
    have them: in Pyodide these imports were ≈ 50 ms of every graded file's fresh interpreter."""
    for name in sys.builtin_module_names:
        if name.split(".")[0] not in BLOCKED_IMPORTS and name not in sys.modules:
            try:
                __import__(name)
            except Exception:  # a built-in that cannot start here: none to copy either
                pass


def _take_out_unaudited(refuse) -> None:
    """Take UNAUDITED out of their modules, and close the door that would put them back.

    `_imp.create_builtin(spec)` makes a fresh copy of a built-in module (posix, _signal),
    every function in it, and raises no audit event: through it a file got back what was taken
    out, and in Pyodide the JavaScript bridge (`_pyodide_core`) and `_ctypes`, both built in,
    without the `import` event the hook refuses them by (importlib.util.module_from_spec(
    BuiltinImporter.find_spec("_ctypes")), tests/hostile/builtin_copies.py). Every built-in
    module a file may import is imported now, so the import system never needs it again, and
    `_imp.create_builtin` is one that refuses: a built-in module is only ever the one in
    sys.modules (or, for the refused ones, none)."""
    import_builtins()
    for module_name, names in UNAUDITED.items():
        module = sys.modules.get(module_name)
        for name in names:
            if module is not None and name in module.__dict__:
                delattr(module, name)

    def create_builtin(spec, _refuse=refuse):
        _refuse("_imp.create_builtin: a copy of a built-in module")
    sys.modules["_imp"].create_builtin = create_builtin


def _harmless_events() -> frozenset:
    """Events of a blocked family that reach nothing in Pyodide: `socket.gethostname` names
    the interpreter's own made-up host ("emscripten", as platform.node() does, which raises
    no event), and Emscripten answers gethostbyname/gethostbyaddr from a table of its own
    (made-up addresses, no network, no DNS: the worker has none). socket.getfqdn() and
    email.utils.make_msgid() call them, and a correct file that logged its host or made a
    message id was refused as an attack (innocent_hostname.py). A socket itself (its
    creation, connect, bind) stays refused. On CPython they would ask the real machine and
    its network, and stay refused."""
    if sys.platform != "emscripten":
        return frozenset()
    return frozenset(("socket.gethostname", "socket.gethostbyname", "socket.gethostbyaddr"))
# Events the hook never refuses and Python raises often: every id() (the agent's codec calls
# it for each object it sends), every sys._getframe() (logging, warnings, the hook itself).
# They return before the pins are checked (each check reads some ninety names); any door a
# file opens is another event, and checks them.
_ROUTINE = frozenset(("builtins.id", "sys._getframe"))
# The builtins the hook and the functions it calls read (pinned in seal()).
_HOOK_BUILTINS = ("BaseException", "FileNotFoundError", "OSError", "PermissionError",
                  "ValueError", "all", "any", "bytes", "int", "str", "tuple", "type")
_PREFIXES = tuple(e for e in BLOCKED_EVENTS if e.endswith("."))
_TRACERS = ("sys.settrace", "sys.setprofile")


def _caller(frame):
    """The code of the function whose call raised the event the hook judges (frame 0 is this
    function, 1 the hook, 2 that function), or None."""
    try:
        return frame(2).f_code
    except ValueError:
        return None


def _untrace(setter, event: str, refuse):
    """`sys.settrace` as the sealed interpreter has it: setting a tracer is refused, taking one
    away (None) is not. The audit event does not say which it is, so the hook lets it through
    only when this function's code calls it (its code only ever passes None). A flag it set
    once did that, and a file set the flag and called the real settrace with a tracer."""
    def untrace(function, _setter=setter, _event=event, _refuse=refuse):
        if function is not None:
            _refuse(_event)
        _setter(None)
    untrace.__name__ = untrace.__qualname__ = setter.__name__
    return untrace


def _no_debugger(*args, **kwargs) -> None:
    """`sys.breakpointhook` once sealed: `breakpoint()` does nothing (PYTHONBREAKPOINT=0)."""
    return None


class _QuietPdb:
    """The finder of `pdb` once sealed: the module itself, whose `set_trace()` does nothing,
    as `breakpoint()` does. A learner's leftover `import pdb; pdb.set_trace()` started a
    tracer (sys.monitoring), which the seal refuses, and the file failed as an attack."""

    def find_spec(self, name, path=None, target=None):
        if name != "pdb":
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _QuietPdbLoader(spec.loader)
        return spec


class _QuietPdbLoader:
    def __init__(self, loader):
        self._loader = loader

    def __getattr__(self, name):  # get_source and the rest: the real loader's
        return getattr(self._loader, name)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module) -> None:
        self._loader.exec_module(module)
        module.set_trace = _no_debugger


def _import_refusal(args: tuple, readable: tuple, scratch: tuple, _str=str, _type=type,
                    _subclass=issubclass, _len=len):
    """What an `import` event is refused as, or None. Python raises it for an import statement
    (the name) and, beneath any statement, when a compiled module is loaded from a file (the
    name and the file: `_imp.create_dynamic`, which `importlib.util.module_from_spec` calls).

    Every part of the name is judged, as exact text: on CPython's runtime a file got `_ctypes`
    as `spec_from_file_location("cover._ctypes", <its .so>)` (the module's own name is the last
    part) and `_testcapi` as `__import__(Name("_testcapi"))` of a str subclass, which this hook
    let through unread. A compiled module comes only from a folder that may be read, never
    from one the file could write; in Pyodide, none at all: its folders hold no compiled
    module, so any is one the file made (it wrote a WebAssembly module to /tmp and loaded it
    into its interpreter: tests/hostile/compiled_modules.py)."""
    name = args[0] if args else None
    if not _subclass(_type(name), _str):
        return "import of a module named by something other than text"
    name = _str.__str__(name)  # the text itself: a subclass's methods are the file's code
    if any(part in BLOCKED_IMPORTS for part in name.split(".")):
        return f"import {name}"
    path = args[1] if _len(args) > 1 else None
    if path is None:
        return None
    if _subclass(_type(path), _str):
        path = _str.__str__(path)
    if _MEMORY_FILES or _inside(path, scratch) or not _readable(path, readable):
        return f"loading the compiled module {name} from {path!r}"
    return None


def _check_open(args: tuple, readable: tuple, scratch: tuple, refuse) -> None:
    path, mode, flags = (tuple(args) + (None, None, None))[:3]
    # os.open(path, O_RDONLY | O_CREAT) makes a file, and O_RDONLY | O_TRUNC empties one
    # (Linux): both change the file system without asking to write, and were taken for a
    # read of a readable folder (the standard library's) (tests/hostile/unaudited_calls.py).
    writes = (type(mode) is str and any(c in mode for c in "wax+")) or (
        type(flags) is int and flags & (0o3 | _CHANGES) != 0)
    if _inside(path, scratch):
        return
    if _device(path) is _NO_TERMINAL:
        raise OSError(_ENXIO, "No such device or address (a grader has no terminal)", path)
    device = _device(path)
    if device is not None and (device or not writes):
        return
    if writes:
        refuse(f"writing {path!r}")
    elif type(path) is int:
        return  # an already-open descriptor (the interpreter's own streams)
    elif not _readable(path, readable) and not _readable(path, _STDLIB_DATA):
        if _missing(path):  # it would fail anyway: nothing is reached (pdb's .pdbrc)
            raise FileNotFoundError(_ENOENT, "No such file or directory", path)
        refuse(f"reading {path!r}")


# Devices that hold nothing of anyone's, and whether a file may write to them: the sink every
# platform has (`with open(os.devnull, "w") as sink, redirect_stdout(sink)` silences prints)
# and the random sources. In Pyodide they are the interpreter's own (Emscripten's /dev). Each
# was once refused, and a correct file that silenced its prints failed as an attack.
# In Pyodide, the interpreter's own output streams too, by name or by descriptor
# (open("/dev/stdout", "w"), os.fdopen(1, "w")): they lead where print(file=sys.__stdout__)
# and os.write(1, ...) lead, which raise no event, into the worker's output (worker.mjs);
# and its input, read only, which is empty (host/boot.mjs): `open("/dev/stdin").read()` is
# "", as descriptor 0 gives.
# Refusing them protected nothing and failed correct files as attacks
# (innocent_output_streams.py). On CPython, descriptor 1 carries the report's frame, and
# stays refused.
_OWN_OUTPUT = sys.platform == "emscripten"
# A terminal (/dev/tty) is one no grader has: opening it fails as in a process without one,
# ENXIO, and nothing is recorded. `getpass.getpass()` opens it, then falls back to standard
# input (empty, so EOFError, as input() gives); a correct file that asked for a key and caught
# that was refused as an attack (innocent_getpass.py). On CPython the grader's own terminal is
# never opened by learner code either way.
_NO_TERMINAL = "no terminal"
DEVICES = MappingProxyType({"/dev/tty": _NO_TERMINAL,
                            "/dev/null": True, "/dev/urandom": False, "/dev/random": False,
                            **({"/dev/stdout": True, "/dev/stderr": True,
                                "/dev/stdin": False} if _OWN_OUTPUT else {})})
STREAMS = MappingProxyType({1: True, 2: True} if _OWN_OUTPUT else {})  # descriptors


def _device(path):
    """Whether `path` names one of DEVICES (or a descriptor of STREAMS) and a file may write
    there (None: it does not). Exactly as written: no normalising, so "/dev/fd/../null"
    (which a link could send elsewhere) is not /dev/null here."""
    if type(path) is int:
        return STREAMS.get(path)
    if type(path) is bytes:
        path = path.decode("utf-8", "replace")
    return DEVICES.get(path) if type(path) is str else None


def _missing(path, _stat=__import__("os").stat) -> bool:
    """Whether no file is at `path` (a str or bytes path; anything else counts as there)."""
    if type(path) is not str and type(path) is not bytes:
        return False
    try:
        _stat(path)
    except FileNotFoundError:
        return True
    except BaseException:
        return False
    return False


_ENOENT = __import__("errno").ENOENT
# open() flags that change the file system even when a file is opened only to be read.
# (O_TMPFILE needs a write mode anyway, and holds O_DIRECTORY's bit: not named here.)
_CHANGES = getattr(__import__("os"), "O_CREAT", 0) | getattr(__import__("os"), "O_TRUNC", 0)


def _stdlib_data() -> tuple:
    """The system's public data files the standard library reads for ordinary calls: the time
    zone database (`zoneinfo.ZoneInfo("UTC")`) and the MIME type tables
    (`mimetypes.guess_type("a.csv")`), where CPython is configured to look for them. Read only;
    they hold nothing of anyone's. On CPython's runtime a correct file that named a time zone
    or guessed a file type was refused as an attack for "reading '/etc/mime.types'"."""
    import sysconfig

    zones = str(sysconfig.get_config_var("TZPATH") or "").split(":")
    mime = __import__("mimetypes").knownfiles
    # The distribution's name (platform.freedesktop_os_release()): public, and no secret.
    release = getattr(__import__("platform"), "_os_release_candidates", ())
    return tuple(p for p in (*zones, *mime, *release) if type(p) is str and p.startswith("/"))


def _processless_platform() -> None:
    """`platform.processor()` as an interpreter without processes answers it (Pyodide's: "").
    On Linux CPython asks `uname -p` in a child process, and platform.uname() and
    platform.platform() ask for it: a correct file that logged the machine it trained on was
    refused for starting a process (subprocess.Popen) on CPython's runtime
    (innocent_platform.py). Any other child process stays refused."""
    processor = getattr(sys.modules.get("platform"), "_Processor", None)
    if processor is not None and hasattr(processor, "from_subprocess"):
        processor.from_subprocess = staticmethod(lambda: "")


# What os.system returns in a sealed interpreter: the status of a shell that could not find
# the command (exit status 127, as a wait status).
NO_SHELL_STATUS = 127 << 8


def _no_shell() -> None:
    """`os.system` as a machine without a shell answers it: nothing runs, a line on standard
    error says so, and it returns a failed command's status. A correct file that cleared its
    console between epochs (`os.system("cls" if os.name == "nt" else "clear")`, a habit from
    beginners' tutorials) was taken for an attack, "tried to reach the grading machine
    (os.system)", in both runtimes (innocent_clear_screen.py). It reaches nothing now: the real
    function is out of `os` and `posix` (a copy of `posix` is refused, _take_out_unaudited),
    and the hook still refuses its event. Every other way to start a process stays refused."""
    import os

    def system(command, _fspath=os.fspath, _fsdecode=os.fsdecode, _sys=sys,
               _status=NO_SHELL_STATUS):
        text = _fsdecode(_fspath(command))  # a TypeError for what os.system refuses too
        try:  # (a file may have set sys.stderr to None, or to a stream of its own)
            _sys.stderr.write(f"os.system({text[:80]!r}): nothing ran; there is no shell "
                              "where files are graded\n")
        except Exception:
            pass
        return _status
    system.__doc__ = "Run nothing: there is no shell where files are graded (grader seal)."
    for module in (sys.modules.get("os"), sys.modules.get("posix")):
        if module is not None and "system" in module.__dict__:
            module.system = system


def _faulthandler_without_a_descriptor() -> None:
    """`faulthandler.enable()` as in IDLE or a notebook: where the file's standard error is
    the grader's captured stream, which has no descriptor, it is accepted and changes nothing
    (`is_enabled()` then says True). A correct file that turned it on (a habit from tutorials
    on crashes) failed to load with "UnsupportedOperation: fileno", in both runtimes
    (innocent_faulthandler.py). No descriptor is lent to it: a fatal error's dump would go
    past the captured output to the grader's own stream, and `dump_traceback_later` would
    write there again and again; the grader reports a crash itself. A stream or descriptor
    of the file's own is the real function's, as before."""
    import faulthandler

    def enable(file=None, all_threads=True, *, _real=faulthandler.enable, _sys=sys,
               _on=[False], _no=(AttributeError, OSError, ValueError)):
        stream = _sys.stderr if file is None else file
        if stream is not None and type(stream) is not int:
            try:
                stream.fileno()
            except _no:
                _on[0] = True
                return None
        _on[0] = False
        return _real(file=stream, all_threads=all_threads)

    def is_enabled(*, _real=faulthandler.is_enabled, _on=enable.__kwdefaults__["_on"]):
        return _on[0] or _real()

    def disable(*, _real=faulthandler.disable, _on=enable.__kwdefaults__["_on"]):
        was = _on[0]
        _on[0] = False
        return _real() or was

    def _no_descriptor(stream, _no=(AttributeError, OSError, ValueError)):
        if stream is None or type(stream) is int:
            return False
        try:
            stream.fileno()
        except _no:
            return True
        return False

    def dump_traceback(file=None, all_threads=True, *, _real=faulthandler.dump_traceback,
                       _sys=sys, _plain=_no_descriptor):
        stream = _sys.stderr if file is None else file
        if not _plain(stream):
            return _real(file=stream, all_threads=all_threads)
        # faulthandler's own layout, drawn in Python on a stream that has no descriptor
        lines = ["Stack (most recent call first):\n"]
        frame = _sys._getframe(1)
        while frame is not None:
            code = frame.f_code
            lines.append(f'  File "{code.co_filename}", line {frame.f_lineno} in {code.co_name}\n')
            frame = frame.f_back
        stream.write("".join(lines))

    def dump_traceback_later(timeout, repeat=False, file=None, exit=False, *,
                             _real=faulthandler.dump_traceback_later, _sys=sys,
                             _plain=_no_descriptor):
        stream = _sys.stderr if file is None else file
        if _plain(stream):
            if timeout <= 0:
                raise ValueError("timeout must be greater than 0")
            return None  # the grader's own time limit stops a file that hangs
        return _real(timeout, repeat=repeat, file=stream, exit=exit)

    for stand_in in (enable, is_enabled, disable, dump_traceback, dump_traceback_later):
        stand_in.__doc__ = getattr(faulthandler, stand_in.__name__).__doc__
        setattr(faulthandler, stand_in.__name__, stand_in)


def _unraisable_from_linecache() -> None:
    """`sys.unraisablehook` as Python's own, but its traceback drawn by the `traceback` module,
    which takes a line's text from `linecache`, where the file's source is registered as it
    runs (run.exec_module). Python's default hook draws it in C, which opens the file by the
    name its code was compiled under: under --runtime python that is the submission's path on
    disk, outside the folders a file may read, so a correct file whose own __del__ or weakref
    callback raised (an error Python only prints) was disqualified for "reading" its own path
    (innocent_buggy_finalizers.py); in Pyodide the line's text was missing. A file may still
    set a hook of its own."""
    import traceback

    def unraisablehook(info, _sys=sys, _print=traceback.print_exception, _repr=repr):
        stream = _sys.stderr
        if stream is None:
            return
        try:
            said = info.err_msg or "Exception ignored in"
            if info.object is not None:
                try:
                    said = f"{said}: {_repr(info.object)}"
                except BaseException:
                    said = f"{said}: <object repr() failed>"
            else:
                said += ":"  # as Python's: 3.14 puts the object in the message itself
            stream.write(said + "\n")
            if info.exc_type is not None:
                _print(info.exc_type, info.exc_value, info.exc_traceback, file=stream)
        except BaseException:
            pass
    sys.unraisablehook = unraisablehook


def _one_thread() -> None:
    """A sealed interpreter starts no thread, as Pyodide's (which has none): starting one is
    the RuntimeError Pyodide raises, which a file may catch. CPython 3.11 raises no audit event
    for a thread (the `_thread.start_new_thread` refusal above never came), and under
    --runtime python a file's work in a thread ran beside the checks: a file passed there that
    fails in Pyodide, and one that falls back to working inline took the other path
    (innocent_threads.py). Nothing of the grader's starts a thread once sealed."""
    if sys.platform == "emscripten":
        return
    import _thread  # noqa: F401  (threading, imported later, takes its functions from it)

    def start(*args, **kwargs):
        raise RuntimeError("can't start new thread")
    for module in (sys.modules.get("_thread"), sys.modules.get("threading")):
        for name in ("start_new_thread", "start_new", "start_joinable_thread",
                     "_start_new_thread", "_start_joinable_thread"):
            if module is not None and name in module.__dict__:
                setattr(module, name, start)


_STDLIB_DATA = _stdlib_data()
_ENXIO = __import__("errno").ENXIO
# Pyodide's file system is the interpreter's own memory (worker.mjs refuses Node's fs): all a
# SQLite database there can reach. On CPython SQLite opens files by itself, beneath the audit
# hook (ATTACH and VACUUM INTO name any path in SQL, and no limit set on a connection is one
# its file cannot lift), so every connection stays refused there, saying why.
_MEMORY_FILES = sys.platform == "emscripten"


def _sqlite_refusal(args: tuple, scratch: tuple):
    """What `sqlite3.connect` is refused as, or None when it reaches only the interpreter's own
    memory: in Pyodide, a ":memory:" database or one in a scratch folder. A correct file that
    kept its training log in `sqlite3.connect(":memory:")` was refused as an attack
    (innocent_sqlite.py)."""
    database = _as_path(args[0]) if args else None
    if type(database) is bytes:
        database = database.decode("utf-8", "replace")
    if _MEMORY_FILES and type(database) is str and (database == ":memory:"
                                                     or _inside(database, scratch)):
        return None
    if not _MEMORY_FILES:
        return "sqlite3.connect: SQLite opens files beneath this runtime's seal"
    return f"sqlite3.connect({database!r})" if type(database) is str else "sqlite3.connect"
# What a file may do to paths in its scratch folders: the audit arguments that are paths, and
# those that are directory descriptors (-1 when there is none).
_SCRATCH_EVENTS = MappingProxyType({
                   "os.remove": ((0,), (1,)), "os.rmdir": ((0,), (1,)), "os.mkdir": ((0,), (2,)),
                   "os.rename": ((0, 1), (2, 3)), "os.truncate": ((0,), ()),
                   "os.listdir": ((0,), ()), "os.scandir": ((0,), ()),
                   "os.chmod": ((0,), (2,)), "os.walk": ((0,), ()), "os.utime": ((0,), (3,)),
                   # os.chdir(os.path.dirname(os.path.abspath(__file__))), the habit of scripts
                   # that read files beside them: the working folder is a scratch folder
                   "os.chdir": ((0,), ()),
                   # tempfile.TemporaryDirectory() cleans up with shutil.rmtree
                   "shutil.rmtree": ((0,), (1,)), "shutil.copyfile": ((0, 1), ()),
                   "shutil.copymode": ((0, 1), ()), "shutil.copystat": ((0, 1), ()),
                   "shutil.copytree": ((0, 1), ()), "shutil.move": ((0, 1), ()),
                   # a run's logs zipped, and unzipped: (base_name, format, root_dir, base_dir)
                   # and (filename, extract_dir, format); what either then reads, writes or
                   # lists is an event of its own, judged as any other
                   "shutil.make_archive": ((0, 2, 3), ()),
                   "shutil.unpack_archive": ((0, 1), ())})
# Both read-only (MappingProxyType): the hook reads them, and a file that reached this
# module's globals could otherwise have added "/etc/passwd" to DEVICES.


def _scratch_folders() -> tuple:
    """In Pyodide, the working folder and /tmp (both in its memory), those that hold nothing
    now: a folder with anything in it is never a file's scratch."""
    if sys.platform != "emscripten":
        return ()
    os = sys.modules["os"]
    try:
        return tuple(os.path.realpath(f) for f in (os.getcwd(), "/tmp") if not os.listdir(f))
    except OSError:
        return ()


def _read_only(folders: tuple, scratch: tuple) -> None:
    """In Pyodide, every folder a file may read, and those below it, made read-only in its
    in-memory file system. The audit event of `os.open` does not name the folder descriptor
    a relative path is opened in: `os.open("x.so", O_WRONLY | O_CREAT, dir_fd=<lib-dynload>)`
    was judged as "x.so" in the working folder, and wrote into /lib/python3.14/lib-dynload
    (tests/hostile/compiled_modules.py). Emscripten refuses a write to a folder without
    write permission (EACCES) whoever asks, so only the scratch folders take new files."""
    os = sys.modules["os"]
    for top in folders:
        if not os.path.isdir(top) or any(top == f or top.startswith(f.rstrip("/") + "/")
                                         or f.startswith(top.rstrip("/") + "/") for f in scratch):
            continue
        for folder, _, _ in os.walk(top):
            try:
                os.chmod(folder, 0o555)
            except OSError:
                pass


def _rmtree_by_path() -> None:
    """shutil.rmtree as on a platform without dir_fd (its `_rmtree_unsafe`): by path, each
    step one the scratch rules can judge. Pyodide has dir_fd, and the descriptor-relative
    steps name no path, so tempfile.TemporaryDirectory() could not clean up its own folder in
    /tmp, and a correct file that used one failed as an attack. (Its guard against a link
    swapped in mid-walk is moot: no file may make a link.)"""
    import shutil

    if callable(getattr(shutil, "_rmtree_unsafe", None)) and hasattr(shutil, "_rmtree_impl"):
        shutil._rmtree_impl = shutil._rmtree_unsafe


def _all_in(event: str, args: tuple, scratch: tuple) -> bool:
    """Whether every path an event names is in a scratch folder, none relative to a directory
    descriptor (a listing of no path is of the working folder)."""
    paths, fds = _SCRATCH_EVENTS[event]
    if any(i < len(args) and args[i] not in (None, -1) for i in fds):
        return False
    return all(i < len(args) and _inside("." if args[i] is None else _as_path(args[i]), scratch)
               for i in paths)


def _pathlib_types() -> tuple:
    import pathlib

    return (pathlib.PurePath, pathlib.PurePosixPath, pathlib.Path, pathlib.PosixPath)


_PATHLIB = _pathlib_types()  # taken before any learner code exists


def _as_path(value, _entry=__import__("os").DirEntry):
    """A path as os.* gives it to an audit hook: shutil's own events pass what they were
    given, often a pathlib path (or, in copytree, a directory entry), read here only if it is
    exactly one of those classes (a subclass could run the file's code); anything else is
    left as it is, and is no path."""
    if type(value) is _entry:
        return value.path
    return str(value) if type(value) in _PATHLIB else value


def _absolute(path: str, _normpath=getattr(__import__("posix"), "_path_normpath", None),
              _getcwd=__import__("posix").getcwd) -> str:
    """`path` made absolute and normal by C functions alone: os.path.realpath is Python,
    whose module a file could change to put any path in a scratch folder. No file can make a
    link (os.symlink is refused), so inside the scratch folders this is the real path."""
    if _normpath is None:  # before Python 3.12: the trusted CPython runtime has no scratch
        return __import__("os").path.realpath(path)
    return _normpath(path if path.startswith("/") else _getcwd() + "/" + path)


def _stays(args: tuple, _stat=__import__("posix").stat) -> bool:
    """Whether `os.chdir(path)` names the folder the interpreter is in already: a move that
    goes nowhere. `os.chdir(os.path.dirname(os.path.abspath(__file__)))`, the habit of scripts
    that read files beside them, is that in every runtime (the file runs under its own name in
    its working folder), and under --runtime python, which has no scratch folders, it was
    refused as an attack (innocent_chdir_here.py). The folders are compared as the system
    knows them (device and inode, by the C function, which no file can rewrite), never by
    name; a descriptor (fchdir) is never judged so."""
    path = _as_path(args[0]) if args else None
    if type(path) not in (str, bytes) or not path:
        return False
    try:
        here, there = _stat("."), _stat(path)
    except (OSError, ValueError, TypeError):
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _inside(path, scratch: tuple) -> bool:
    """Whether `path` is a scratch folder or below one. Python hands audit hooks a path as str
    or bytes (a pathlib path converted already); anything else is not one."""
    if not scratch or type(path) not in (str, bytes):
        return False
    try:
        if type(path) is bytes:
            path = path.decode("utf-8")
        if not path:
            # The empty path names nothing on any system (ENOENT; a descriptor-relative one
            # is never judged here, see _all_in): os.walk(os.path.dirname(__file__)) of a
            # file in its working folder lists "", and was refused as an attack.
            return True
        if "\0" in path:
            return False
        full = _absolute(path)
    except (ValueError, OSError):
        return False
    return any(full == folder or full.startswith(folder.rstrip("/") + "/") for folder in scratch)


def _readable(path, readable: tuple) -> bool:
    if type(path) is bytes:
        path = path.decode("utf-8", "replace")
    if type(path) is not str:
        return False
    path = path.replace("/./", "/")
    if ".." in path.split("/"):
        return False
    return any(path == p or path.startswith(p.rstrip("/") + "/") for p in readable)


def _only_readable(readable: tuple):
    """A path hook for sys.path entries outside the folders that may be read: their finder
    finds nothing (for any other entry it steps aside, and the usual finders take it)."""
    class Nowhere:
        def find_spec(self, fullname, target=None):
            return None

        def invalidate_caches(self):
            pass

    def hook(entry):
        if _readable(entry, readable):
            raise ImportError("a folder that may be read: the usual finders look there")
        return Nowhere()
    return hook


def _drop_bridge() -> None:
    """Remove every module that holds JavaScript objects, and the finder that serves `js`."""
    for name in list(sys.modules):
        if name.split(".")[0] in BRIDGE_MODULES:
            del sys.modules[name]
    sys.meta_path[:] = [f for f in sys.meta_path
                        if not type(f).__module__.startswith(("_pyodide", "pyodide"))]
    sys.path_hooks[:] = [h for h in sys.path_hooks
                         if not getattr(h, "__module__", "").startswith(("_pyodide", "pyodide"))]
    sys.path_importer_cache.clear()
    _plain_asyncio()


def _plain_asyncio() -> None:
    """Give asyncio back CPython's own run() and loop, one that needs no socket.

    Pyodide runs asyncio on JavaScript's event loop: it installs a policy built on JS timers,
    counts its loop as running from the start, and replaces `asyncio.run` with a wrapper that
    imports `pyodide_js` when called. Cut off from the bridge, a correct file that ran one
    coroutine with asyncio.run was refused as an attack ("import pyodide_js._api"), and
    CPython's own loop would be too: it opens a socket pair to wake itself from other
    threads, which a sealed interpreter (one thread) never needs. So asyncio.run is the
    function Pyodide wrapped, and asyncio's loops are CPython's without that socket pair
    (tests/hostile/innocent_asyncio.py).

    CPython's runtime has not imported asyncio yet: it is imported here, before the seal (with
    `_posixsubprocess` already the stand-in), so that its loop is this one too; imported later
    by the file, its loop opened the socket pair and the file was refused as an attack."""
    if "asyncio" not in sys.modules and sys.platform != "emscripten":
        try:
            import asyncio  # noqa: F401
        except ImportError:
            return
    asyncio = sys.modules.get("asyncio")
    wrapper = getattr(asyncio, "run", None)
    original = getattr(wrapper, "__wrapped__", None)
    home = getattr(wrapper, "__globals__", {}).get("__name__", "")  # wraps() copies __module__
    if callable(original) and type(home) is str and home.startswith(("pyodide", "_pyodide")):
        asyncio.run = original
    events = sys.modules.get("asyncio.events")
    if events is None:
        return
    events._event_loop_policy = None
    import selectors
    import time
    try:
        from asyncio import unix_events
    except ImportError:  # Windows: its loop needs no socket pair of this kind
        return

    class _Selector(selectors.DefaultSelector):
        """Waits out its timeout when it watches nothing (Emscripten's poll() returns at
        once then, and a loop waiting for asyncio.sleep() would spin). In the CPython
        runtime too, where a socket pair is refused as well."""

        def select(self, timeout=None):
            if not self.get_map() and (timeout is None or timeout > 0):
                time.sleep(3600.0 if timeout is None else timeout)
            return super().select(timeout)

    class _Loop(unix_events._UnixSelectorEventLoop):
        """CPython's loop, one thread only: no socket pair to wake it from another."""

        def __init__(self):
            super().__init__(_Selector())

        def _make_self_pipe(self):
            self._ssock = self._csock = None

        def _close_self_pipe(self):
            pass

        def _write_to_self(self):
            pass

    class _Policy(unix_events._UnixDefaultEventLoopPolicy):
        _loop_factory = _Loop

    events._event_loop_policy = _Policy()
    events._set_running_loop(None)  # Pyodide's loop counts as running from its start


def _all_types() -> set:
    """Ids of every class alive now, so learner code cannot patch them later."""
    seen: dict[int, type] = {}
    stack = [object]
    while stack:
        cls = stack.pop()
        if id(cls) in seen:
            continue
        seen[id(cls)] = cls
        try:
            stack.extend(type.__subclasses__(cls))
        except TypeError:
            pass
    _keep.append(seen)  # keep them alive so their ids cannot be reused
    return set(seen)


_keep: list = []
