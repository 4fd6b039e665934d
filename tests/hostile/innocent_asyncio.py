__SOLUTION__

# A learner who likes asyncio runs a tiny "training loop" as a coroutine: correct, and no
# attack. Pyodide's asyncio.run imports its JavaScript bridge when called (refused), and
# CPython's loop opens a socket pair (refused too): it failed as "reaching the machine".
import asyncio
import time


async def step(x):
    await asyncio.sleep(0.05)
    return (Value(x) * Value(3.0)).data


async def main():
    return await asyncio.gather(step(1.0), step(2.0))


started = time.monotonic()
print("asyncio:", asyncio.run(main()), 0.04 < time.monotonic() - started < 1.0)
loop = asyncio.new_event_loop()
print("loop:", loop.run_until_complete(step(4.0)))
loop.close()
time.sleep(0.01)
print("asyncio done")
