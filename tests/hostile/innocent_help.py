__SOLUTION__

# Innocent: a correct file that reads its own documentation at the end, as learners try in a
# REPL: help() printed the docs everywhere but under --runtime python, whose interpreter
# starts without `site` and had no help (NameError). The pager is the plain one: no terminal.
help(Value.backward)
print("helped:", callable(help), callable(exit), str(quit).startswith("Use quit()"))
