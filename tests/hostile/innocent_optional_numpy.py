# Innocent: a correct file that uses numpy when it can. Pyodide has no numpy here, so the
# import raises ImportError in this file's own code, and the except branch runs.
try:
    import numpy
except ImportError:
    numpy = None
    print("numpy is not here; plain floats it is")

__SOLUTION__
