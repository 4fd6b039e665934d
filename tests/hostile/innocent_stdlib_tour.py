__SOLUTION__
# Innocent: a tour of the standard library as correct files use it, each a step that once
# failed a file or might (helper-33's round: every one passes in both runtimes). Each runs in
# a function of its own, so one name does not leak into the next. Its second half is
# innocent_stdlib_tour_2.py.


def _step_dataclasses():
    from dataclasses import dataclass, field, asdict
    @dataclass(frozen=True)
    class P:
        x: float
        tags: tuple = ()
    print(asdict(P(1.0)))


_step_dataclasses()
print('tour step: dataclasses')


def _step_functools_cache():
    import functools
    @functools.cache
    def fib(n): return n if n<2 else fib(n-1)+fib(n-2)
    print(fib(30), fib.cache_info().hits)
    @functools.lru_cache(maxsize=8)
    def sq(x): return x*x
    print(sq(3), functools.reduce(lambda a,b:a+b, [1,2,3]))
    print(functools.partial(pow, 2)(5))


_step_functools_cache()
print('tour step: functools_cache')


def _step_typing():
    from typing import Protocol, TypedDict, Generic, TypeVar, Callable, get_type_hints, overload, Final, Literal
    T=TypeVar('T')
    class Box(Generic[T]):
        def __init__(self, v: T): self.v=v
    class TD(TypedDict):
        a: int
    class HasData(Protocol):
        data: float
    print(Box[int](3).v, get_type_hints(TD))


_step_typing()
print('tour step: typing')


def _step_enum():
    import enum
    class Op(enum.Enum):
        ADD='+'
        MUL='*'
    class F(enum.IntFlag):
        A=1
        B=2
    @enum.unique
    class S(enum.StrEnum if hasattr(enum,'StrEnum') else str, enum.Enum):
        X='x'
    print(Op('+'), F.A|F.B, list(Op), enum.auto)


_step_enum()
print('tour step: enum')


def _step_fractions():
    from fractions import Fraction
    print(Fraction(1,3)+Fraction(1,6), Fraction('0.25'), Fraction(1.5).limit_denominator())


_step_fractions()
print('tour step: fractions')


def _step_decimal():
    import decimal
    decimal.getcontext().prec = 40
    print(decimal.Decimal(1)/decimal.Decimal(7))
    with decimal.localcontext() as c:
        c.prec=5
        print(decimal.Decimal(2).sqrt())


_step_decimal()
print('tour step: decimal')


def _step_statistics():
    import statistics
    print(statistics.mean([1,2,3]), statistics.stdev([1.0,2.0,4.0]), statistics.median([3,1,2]), statistics.NormalDist(0,1).cdf(0))


_step_statistics()
print('tour step: statistics')


def _step_itertools():
    import itertools
    print(list(itertools.islice(itertools.count(), 5)), list(itertools.product('ab', repeat=2))[:3], list(itertools.accumulate([1,2,3])), list(itertools.pairwise([1,2,3])) if hasattr(itertools,'pairwise') else 0)


_step_itertools()
print('tour step: itertools')


def _step_random_seed():
    import random
    random.seed(42)
    r=random.Random(7)
    print(random.random(), r.gauss(0,1), random.sample(range(10),3), random.choices('abc', k=2), random.SystemRandom().random()<1)


_step_random_seed()
print('tour step: random_seed')


def _step_slots():
    class V2:
        __slots__=('data','grad')
        def __init__(self,d): self.data=d; self.grad=0.0
    print(V2(3).data)


_step_slots()
print('tour step: slots')


def _step_properties():
    class T:
        def __init__(self): self._x=1
        @property
        def x(self): return self._x
        @x.setter
        def x(self,v): self._x=v
        @staticmethod
        def s(): return 2
        @classmethod
        def c(cls): return cls.__name__
    t=T(); t.x=5; print(t.x, T.s(), T.c())


_step_properties()
print('tour step: properties')


def _step_abc():
    import abc
    class Base(abc.ABC):
        @abc.abstractmethod
        def f(self): ...
    class D(Base):
        def f(self): return 1
    print(D().f(), isinstance(D(), Base))


_step_abc()
print('tour step: abc')


def _step_collections():
    import collections
    c=collections.Counter('hello'); d=collections.defaultdict(list); d['a'].append(1)
    q=collections.deque(maxlen=3); q.extend(range(5))
    OD=collections.OrderedDict(a=1)
    CM=collections.ChainMap({'a':1},{'b':2})
    print(c.most_common(1), dict(d), list(q), OD, CM['b'])


_step_collections()
print('tour step: collections')


def _step_heapq_bisect():
    import heapq, bisect
    h=[5,1,3]; heapq.heapify(h); print(heapq.heappop(h), bisect.bisect([1,2,4],3), heapq.nlargest(2,[1,5,3]))


_step_heapq_bisect()
print('tour step: heapq_bisect')


def _step_math_cmath():
    import math, cmath
    print(math.isclose(0.1+0.2,0.3), math.fsum([0.1]*10), math.tanh(1), cmath.sqrt(-1), math.prod([1,2,3]), math.dist((0,0),(3,4)))


_step_math_cmath()
print('tour step: math_cmath')


def _step_json_roundtrip():
    import json
    print(json.loads(json.dumps({'w':[1.0,2.0],'b':None}, indent=2, sort_keys=True)))


_step_json_roundtrip()
print('tour step: json_roundtrip')


def _step_pickle_copy():
    import pickle, copy
    class N:
        def __init__(self): self.w=[1,2]
    n=N(); m=copy.deepcopy(n); print(pickle.loads(pickle.dumps([1,{'a':2}])), m.w)


_step_pickle_copy()
print('tour step: pickle_copy')


def _step_io_stringio():
    import io, contextlib
    buf=io.StringIO()
    with contextlib.redirect_stdout(buf):
        print('hidden')
    print('captured', repr(buf.getvalue()))
    with contextlib.redirect_stderr(io.StringIO()): pass
    b=io.BytesIO(b'abc'); print(b.read())


_step_io_stringio()
print('tour step: io_stringio')


def _step_textwrap_string():
    import textwrap, string, re
    print(textwrap.dedent('  a\n  b'), string.ascii_lowercase[:3], re.sub(r'\d','#','a1b2'), textwrap.shorten('hello world foo', 10))


_step_textwrap_string()
print('tour step: textwrap_string')


def _step_logging():
    import logging
    logging.basicConfig(level=logging.INFO, format='%(levelname)s %(message)s')
    log=logging.getLogger('train')
    log.info('start'); log.warning('careful')
    logging.getLogger().handlers[0].flush()


_step_logging()
print('tour step: logging')


def _step_warnings():
    import warnings
    warnings.warn('deprecated thing', DeprecationWarning)
    warnings.warn('user warning')
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        warnings.warn('x')
    print(len(w))


_step_warnings()
print('tour step: warnings')


def _step_operator():
    import operator
    print(operator.add(1,2), operator.attrgetter('real')(3), operator.itemgetter(0)([5]), operator.mul(2,3))


_step_operator()
print('tour step: operator')


def _step_array_struct():
    import array, struct
    a=array.array('d',[1.0,2.0]); print(a.tolist(), struct.pack('<d',1.0), struct.unpack('<i', b'\x01\x00\x00\x00'))


_step_array_struct()
print('tour step: array_struct')


def _step_weakref():
    import weakref
    class O: pass
    o=O(); r=weakref.ref(o); d=weakref.WeakValueDictionary(); d['k']=o; f=weakref.finalize(o, print, 'finalized'); del o
    print(r() is None)


_step_weakref()
print('tour step: weakref')


def _step_contextlib():
    import contextlib
    @contextlib.contextmanager
    def cm():
        yield 1
    with cm() as v, contextlib.suppress(KeyError):
        {}['x']
    with contextlib.ExitStack() as st: st.callback(print,'cb')
    print('ok', v)


_step_contextlib()
print('tour step: contextlib')


def _step_generators():
    def gen():
        yield from range(3)
    g=gen(); print(list(g), sum(x*x for x in range(10)))
    import itertools
    it=itertools.cycle([1,2]); print(next(it), next(it), next(it))


_step_generators()
print('tour step: generators')


def _step_atexit():
    import atexit
    atexit.register(print, 'bye')
    print('registered')


_step_atexit()
print('tour step: atexit')


def _step_threading_lock():
    import threading
    lock=threading.Lock(); rl=threading.RLock()
    with lock, rl: print('locked', threading.current_thread().name, threading.active_count())
    local=threading.local(); local.x=1


_step_threading_lock()
print('tour step: threading_lock')


def _step_queue():
    import queue
    q=queue.Queue(); q.put(1); print(q.get(), queue.PriorityQueue().qsize())


_step_queue()
print('tour step: queue')


def _step_uuid_hashlib():
    import uuid, hashlib, hmac, secrets, base64, binascii, zlib
    print(len(str(uuid.uuid4())), hashlib.sha256(b'x').hexdigest()[:8], hmac.new(b'k',b'm','sha256').hexdigest()[:4], len(secrets.token_hex(4)), base64.b64encode(b'hi'), zlib.crc32(b'a'), uuid.uuid5(uuid.NAMESPACE_DNS,'a'))


_step_uuid_hashlib()
print('tour step: uuid_hashlib')


def _step_pprint_reprlib():
    import pprint, reprlib
    pprint.pprint({'a':list(range(30))}, width=40)
    print(reprlib.repr(list(range(100))))


_step_pprint_reprlib()
print('tour step: pprint_reprlib')


def _step_inspect():
    import inspect
    def f(a, b=2): return a
    print(inspect.signature(f), inspect.getsource(f) if False else '', inspect.isclass(Value), [m for m,_ in inspect.getmembers(Value) if m=='backward'], inspect.getdoc(f))


_step_inspect()
print('tour step: inspect')


def _step_inspect_source():
    import inspect
    try:
        print(len(inspect.getsource(Value))>0)
    except (OSError, TypeError) as e:
        print('no source', type(e).__name__)


_step_inspect_source()
print('tour step: inspect_source')


def _step_traceback_format():
    import traceback, sys
    try:
        1/0
    except ZeroDivisionError:
        s=traceback.format_exc(); print('tb lines', len(s.splitlines())>1)
        traceback.print_exc(file=sys.stdout)
    print(len(traceback.format_stack())>0)


_step_traceback_format()
print('tour step: traceback_format')


def _step_unittest():
    import unittest
    class T(unittest.TestCase):
        def test_add(self):
            self.assertAlmostEqual((Value(1.0)+Value(2.0)).data, 3.0)
    r=unittest.TextTestRunner(verbosity=0).run(unittest.defaultTestLoader.loadTestsFromTestCase(T))
    print('tests', r.wasSuccessful())


_step_unittest()
print('tour step: unittest')

print('tour done')
