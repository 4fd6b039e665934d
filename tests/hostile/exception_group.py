# An ExceptionGroup raised as the file runs: no ExceptionGroup can be made again on the
# checks' side from a message alone (the exceptions it holds never cross as data), and the
# TypeError of trying was reported as the file's own error, at no line.
raise ExceptionGroup("several slips", [ValueError("one"), KeyError("two")])
