"""The checking core: stdlib only, identical in CPython and Pyodide.

The browser worker, the Node host the CLI uses, and CPython all call `run.grade` (through
`job.run_job` in a sealed interpreter). Nothing here may import outside the standard library.
"""
