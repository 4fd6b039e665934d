__SOLUTION__

# A right engine that imports a module whose name is a million characters long. It fails as
# any file whose import fails does, said in a line: the hint on a module the lab's Python
# does not have repeated the whole name, and in --runtime python the report was too large
# for the CLI to read ("stopped before it could report").
import importlib

importlib.import_module("x" + "\U0001F525" * 1_000_000)
