__SOLUTION__

# Puts a `__builtins__` of its own into the builtins' dict: eval() and exec() put the builtins
# themselves there (which the seal lets be), never anything else.
import builtins

builtins.__dict__["__builtins__"] = {}
