"""Where the checker runs: a fresh sealed interpreter per submission, in Pyodide under Node
(the default, and the one to trust with strangers' files) or in CPython (fast, for authors)."""
