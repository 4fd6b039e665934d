__SOLUTION__

# A correct file that logs where it ran and makes a message id for its log: in Pyodide the
# host is the interpreter's own made-up one, and no network is asked. socket.gethostname
# was refused as "reaching the grading machine", where platform.node() (the same name) was
# not.
import email.utils
import platform
import socket

host = socket.gethostname()
print("host:", host, host == platform.node(), socket.getfqdn() != "")
print("message id:", email.utils.make_msgid().endswith(">"))
