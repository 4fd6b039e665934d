# Try to open a connection to a server on the grading machine.
import socket
s = socket.create_connection(("127.0.0.1", __PORT__), timeout=2)
s.sendall(b"hello from a submission")
