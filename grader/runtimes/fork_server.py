"""The CPython runtime's fork server: one interpreter that imports the grader's core once, then
forks a fresh child per submission.

Starting `python -I -S` and importing the core took ≈ 0.1 s of the ≈ 0.2 s a submission cost;
a fork of an interpreter that has imported the core and never run learner code is, for the
child, the same fresh interpreter, ready in a few milliseconds.

This file is not imported by the grader: python.py runs its text with `python -I -S -c`, and it
talks to python.py over the Unix socket it inherits (its descriptor is the third argument). Per job it receives
the child's working folder, its stdin (the job) and its stdout (the report), forks, sends back
the child's pid; when the parent says it is done with the child, ends the child's process group
and sends back its exit status.
"""

import importlib
import json
import os
import resource
import socket
import struct
import sys

sys.path.insert(0, sys.argv[1])
import grader.core.job as job  # noqa: E402  (after the core's folder is on the path)
from grader.core.checks_code import compiled  # noqa: E402

importlib.import_module("site")  # job.main imports it for help() and exit(): done once, here

MEMORY_LIMIT = int(sys.argv[2])
STATUS = struct.Struct("!ii")  # (kind, value): kind 0 = the child's pid, 1 = its exit status
SIZE = struct.Struct("!I")
END = b"E"  # from the parent: end this child now


def _receive(channel: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = channel.recv(size - len(data))
        if not chunk:
            raise OSError("the parent has gone")
        data += chunk
    return data


def compile_labs(channel: socket.socket) -> None:
    """The batch's labs' checks, compiled once here rather than in every child (≈ 40 ms of
    lab 5's ≈ 120): the parent sends them first, as JSON [[checks_source, lab], ...]."""
    size, = SIZE.unpack(_receive(channel, SIZE.size))
    for checks_source, lab in json.loads(_receive(channel, size)):
        compiled(checks_source, lab)


def _child(folder: str, stdin: int, stdout: int, channel: socket.socket) -> None:
    """Become the submission's interpreter: its own process group (the parent ends the whole
    group, leftovers included), its pipes, its folder and its limits; then the job."""
    code = 1
    try:
        os.setpgid(0, 0)
        channel.close()  # the child cannot ask the server for anything
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(stdin, 0)
        os.dup2(stdout, 1)
        os.dup2(null, 2)
        os.closerange(3, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024)
        os.chdir(folder)
        for limit, value in ((resource.RLIMIT_AS, MEMORY_LIMIT), (resource.RLIMIT_FSIZE, 0),
                             (resource.RLIMIT_CORE, 0)):
            resource.setrlimit(limit, (value, value))
        job.main()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        code = 1
    finally:
        # As an interpreter ends: flush what was written, then leave without running the
        # server's own clean-up (its socket and loop are not the child's).
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                pass
        os._exit(code & 0xFF)


def serve(channel: socket.socket) -> None:
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(channel, 4096, 2)
        except OSError:
            return
        if not message or len(fds) != 2:
            return  # the parent has gone
        pid = os.fork()
        if pid == 0:
            _child(message.decode(), fds[0], fds[1], channel)
        try:
            os.setpgid(pid, pid)  # also here, so the group exists before it is ended below
        except OSError:
            pass  # the child already did it, or already ended
        for fd in fds:
            os.close(fd)
        channel.sendall(STATUS.pack(0, pid))
        try:
            done = _receive(channel, 1)  # the parent has its report, or gave up waiting
        except OSError:
            done = b""
        # Ended here, not by the parent: until it is waited for below, the child's pid (and
        # its group's id) cannot be given to another process, so this kills nothing else.
        for end in (os.killpg, os.kill):  # its group, leftovers included; itself, had it left
            try:
                end(pid, 9)
            except OSError:
                pass
        _, status = os.waitpid(pid, 0)
        if done != END:
            return
        channel.sendall(STATUS.pack(1, os.waitstatus_to_exitcode(status)))


if __name__ == "__main__":
    parent = socket.socket(fileno=int(sys.argv[3]))
    compile_labs(parent)
    serve(parent)
