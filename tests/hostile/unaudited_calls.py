__SOLUTION__

# A correct Value that then acts on the machine through calls that raise no audit event: the
# seal's hook never saw them, and under --runtime python the file passed after it killed a
# process of the grader's user (signal.pidfd_send_signal; it could have been the grader, and
# every other file of the batch), made a FIFO and a node on disk, and created a file in a
# folder it may read (the standard library's: os.open with O_RDONLY | O_CREAT; O_TRUNC
# empties one the same way). Each is refused or missing now, in both runtimes.
import os
import signal
import sys

target = sys.path[0] + "/made-by-a-submission"
tries = (
    ("pidfd", lambda: signal.pidfd_send_signal(os.pidfd_open(os.getpid()), 0)),
    ("mkfifo", lambda: os.mkfifo("__MARKER__")),
    ("mknod", lambda: os.mknod("__MARKER__")),
    ("setpriority", lambda: os.setpriority(os.PRIO_PROCESS, os.getppid(), 19)),
    ("create read-only", lambda: os.close(os.open(target, os.O_RDONLY | os.O_CREAT, 0o644))),
    ("shared memory", lambda: __import__("_posixshmem").shm_open("/made", os.O_CREAT, 0o600)),
)
for name, attempt in tries:
    try:
        attempt()
        print(name, "done")
    except BaseException as error:
        print(name, "refused:", type(error).__name__)
print("made:", os.path.exists(target))
