__SOLUTION__

# A learner who computes a data set in a thread, and works inline where no thread can start
# (Pyodide has none: "can't start new thread"). Correct, and no attack; it must take the same
# path, and print the same, under --runtime python, whose interpreter is sealed to one thread.
import threading

made = []
try:
    worker = threading.Thread(target=lambda: made.extend(Value(x) * 2.0 for x in range(4)))
    worker.start()
    worker.join()
    how = "in a thread"
except RuntimeError as exc:
    made.extend(Value(x) * 2.0 for x in range(4))
    how = f"inline ({exc})"
print("threads:", how, sum(v.data for v in made))
