__SOLUTION__
# Innocent: a tour of the standard library as correct files use it, each a step that once
# failed a file or might (helper-33's round: every one passes in both runtimes). Each runs in
# a function of its own, so one name does not leak into the next.


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


def _step_unittest_main():
    import unittest
    class T(unittest.TestCase):
        def test_add(self):
            self.assertEqual(1,1)
    if __name__ == '__main__':
        unittest.main(exit=False)
    print('after main')


_step_unittest_main()
print('tour step: unittest_main')


def _step_name_main():
    def main():
        a=Value(2.0); b=a*a; b.backward(); print('grad', a.grad)
    if __name__ == '__main__':
        main()


_step_name_main()
print('tour step: name_main')


def _step_argparse():
    import argparse
    p=argparse.ArgumentParser(); p.add_argument('--lr', type=float, default=0.1)
    args,_=p.parse_known_args(); print('lr', args.lr)


_step_argparse()
print('tour step: argparse')


def _step_csv_stringio():
    import csv, io
    b=io.StringIO(); w=csv.writer(b); w.writerow([1,2.5]); print(list(csv.reader(io.StringIO(b.getvalue()))))


_step_csv_stringio()
print('tour step: csv_stringio')


def _step_timeit():
    import timeit
    print(timeit.timeit('x=1+1', number=1000)>=0, timeit.repeat('pass', number=10, repeat=2) is not None)


_step_timeit()
print('tour step: timeit')


def _step_graphlib():
    import graphlib
    ts=graphlib.TopologicalSorter({'c':{'a','b'}}); print(list(ts.static_order())[-1])


_step_graphlib()
print('tour step: graphlib')


def _step_numbers_cmp():
    import numbers, functools
    print(isinstance(1.0, numbers.Real), isinstance(Value(1.0), numbers.Number))
    @functools.total_ordering
    class K:
        def __init__(s,v): s.v=v
        def __eq__(s,o): return s.v==o.v
        def __lt__(s,o): return s.v<o.v
    print(K(1)<=K(2))


_step_numbers_cmp()
print('tour step: numbers_cmp')


def _step_gc_collect():
    import gc
    gc.collect(); gc.disable(); gc.enable(); print('gc', gc.isenabled(), gc.get_count() is not None)


_step_gc_collect()
print('tour step: gc_collect')


def _step_gc_freeze_stats():
    import gc
    print(len(gc.get_stats())>0, gc.get_threshold()); gc.set_threshold(700,10,10)


_step_gc_freeze_stats()
print('tour step: gc_freeze_stats')


def _step_tracemalloc():
    import tracemalloc
    tracemalloc.start(); x=[0]*1000; cur,peak=tracemalloc.get_traced_memory(); tracemalloc.stop(); print('mem', peak>0)


_step_tracemalloc()
print('tour step: tracemalloc')


def _step_faulthandler():
    import faulthandler
    print('fh', faulthandler.is_enabled())


_step_faulthandler()
print('tour step: faulthandler')


def _step_signal_getsignal():
    import signal
    print('sig', signal.getsignal(signal.SIGINT) is not None)


_step_signal_getsignal()
print('tour step: signal_getsignal')


def _step_zipfile_mem():
    import zipfile, io
    b=io.BytesIO()
    with zipfile.ZipFile(b,'w') as z: z.writestr('a.txt','hi')
    print(zipfile.ZipFile(b).read('a.txt'))


_step_zipfile_mem()
print('tour step: zipfile_mem')


def _step_xml_html():
    import xml.etree.ElementTree as ET, html
    print(ET.fromstring('<a><b/></a>')[0].tag, html.escape('<x>'))


_step_xml_html()
print('tour step: xml_html')


def _step_email_urllib_parse():
    import urllib.parse, email.message
    print(urllib.parse.urlencode({'a':1}), urllib.parse.urlparse('http://x/y').path); m=email.message.EmailMessage(); m['Subject']='hi'


_step_email_urllib_parse()
print('tour step: email_urllib_parse')


def _step_input_guarded():
    try:
        n=int(input('epochs? ') or 3)
    except EOFError:
        n=3
    print('epochs', n)


_step_input_guarded()
print('tour step: input_guarded')


def _step_dis_ast():
    import dis, ast
    print(type(ast.parse('x=1')).__name__); dis.dis(compile('1+1','<s>','eval'))


_step_dis_ast()
print('tour step: dis_ast')


def _step_importlib_metadata():
    import importlib.metadata as md
    try:
        print('ver', md.version('numpy'))
    except md.PackageNotFoundError:
        print('no numpy dist')


_step_importlib_metadata()
print('tour step: importlib_metadata')


def _step_importlib_util_find():
    import importlib.util
    print('numpy spec', importlib.util.find_spec('numpy') is not None)


_step_importlib_util_find()
print('tour step: importlib_util_find')


def _step_multiprocessing_cpu():
    import multiprocessing
    print('cpus', multiprocessing.cpu_count()>0)


_step_multiprocessing_cpu()
print('tour step: multiprocessing_cpu')


def _step_os_urandom():
    import os
    print(len(os.urandom(8)))


_step_os_urandom()
print('tour step: os_urandom')


def _step_selectors_import():
    import selectors
    print('sel', selectors.DefaultSelector.__name__)


_step_selectors_import()
print('tour step: selectors_import')


def _step_subprocess_import_only():
    import subprocess
    print('sub', subprocess.PIPE)


_step_subprocess_import_only()
print('tour step: subprocess_import_only')


def _step_socket_import_only():
    import socket
    print('af', int(socket.AF_INET))


_step_socket_import_only()
print('tour step: socket_import_only')


def _step_http_import_only():
    import http.client, urllib.request
    print('http', http.client.OK)


_step_http_import_only()
print('tour step: http_import_only')


def _step_mimetypes():
    import mimetypes
    print(mimetypes.guess_type('a.csv'))


_step_mimetypes()
print('tour step: mimetypes')


def _step_os_path():
    import os
    print(os.path.basename(__file__), os.path.splitext('a.py'), os.sep, os.path.join('a','b'), os.getcwd() != '')


_step_os_path()
print('tour step: os_path')


def _step_open_missing():
    try:
        open('weights.json').read()
    except FileNotFoundError:
        print('no weights, training from scratch')


_step_open_missing()
print('tour step: open_missing')


def _step_pathlib_exists():
    import pathlib
    p=pathlib.Path('weights.json')
    print('exists', p.exists(), pathlib.Path(__file__).name)


_step_pathlib_exists()
print('tour step: pathlib_exists')


def _step_string_format():
    x=Value(2.0)
    print(f'{x.data:.3f} {x.data!r:>10} {x.grad:e}', '%5.2f' % x.data, format(x.data, '08.3f'))


_step_string_format()
print('tour step: string_format')


def _step_tqdm_like_cr():
    import sys
    for i in range(5):
        print(f'\rstep {i}', end='')
    print()


_step_tqdm_like_cr()
print('tour step: tqdm_like_cr')


def _step_os_times():
    import os, time
    print(os.times() is not None, time.time()>0, time.monotonic_ns()>0, time.localtime().tm_year>2000, time.get_clock_info('monotonic').adjustable is not None)


_step_os_times()
print('tour step: os_times')


def _step_concurrent_futures():
    import concurrent.futures as cf
    try:
        with cf.ThreadPoolExecutor(max_workers=2) as ex:
            print('futures', list(ex.map(lambda v: v*2, [1,2])))
    except RuntimeError as e:
        print('no threads', e)


_step_concurrent_futures()
print('tour step: concurrent_futures')


def _step_locale_setlocale():
    import locale
    try:
        locale.setlocale(locale.LC_ALL, '')
    except locale.Error: pass
    print('locale set')


_step_locale_setlocale()
print('tour step: locale_setlocale')

print('tour done')
