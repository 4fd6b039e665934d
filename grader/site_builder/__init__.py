"""Building the static site: lesson pages, the lab worker, Pyodide, and the bundle."""
