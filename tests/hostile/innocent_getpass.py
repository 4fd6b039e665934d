__SOLUTION__

# Innocent: a correct file that asks for an API key the way scripts do, getpass.getpass(),
# and goes on without one. getpass opens the terminal (/dev/tty), which the seal refused as
# "writing '/dev/tty'": the file failed as an attack. A grader has no terminal: the open
# fails as in a process without one, getpass falls back to standard input (empty), EOFError.
import getpass
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore", getpass.GetPassWarning)
    try:
        key = getpass.getpass("API key (Enter to skip): ")
    except EOFError:
        key = None
print("key:", key, (Value(2.0) * Value(3.0)).data)
