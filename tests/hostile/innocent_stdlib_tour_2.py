__SOLUTION__
# Innocent: the second half of the standard library tour (innocent_stdlib_tour.py), a file
# of its own so that each half grades well inside the 10 s limit on a loaded machine (the
# whole tour timed out there in 3 of 4 runs). Each step runs in a function of its own.


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

print('tour 2 done')
