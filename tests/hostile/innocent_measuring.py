# Innocent: a learner who measures their engine, with the tools tutorials show for it: memory
# (tracemalloc, sys.getsizeof, gc), time (timeit, perf_counter, process_time), a recursion
# limit raised for deep graphs, logging, and the machine's own numbers. Then a correct lab 5.
import gc
import logging
import os
import sys
import time
import timeit
import tracemalloc

__SOLUTION__

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
log = logging.getLogger("engine")

sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
tracemalloc.start()
started, cpu = time.perf_counter(), time.process_time()
x = Value(0.5)
y = x
for _ in range(200):
    y = y * 1.001 + 0.0
y.backward()
current, peak = tracemalloc.get_traced_memory()
snapshot = tracemalloc.take_snapshot()
top = snapshot.statistics("lineno")[:3]
tracemalloc.stop()
gc.collect()
gc.disable()
gc.enable()
elapsed = timeit.timeit(lambda: Value(1.0) * Value(2.0), number=200)
log.info("graph of 400 nodes: peak %d bytes, %d stats, %.3f s", peak, len(top), elapsed)
print("sizes", sys.getsizeof(x) > 0, gc.isenabled(), os.cpu_count() is None or os.cpu_count() > 0,
      time.perf_counter() >= started, time.process_time() >= cpu, os.getpid() > 0)
