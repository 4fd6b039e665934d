# A correct Value that uses what the seal lets a file do with devices and its scratch
# folders (open(os.devnull, "w"), reading /dev/urandom, shutil and os.walk inside /tmp) on
# paths beyond them: writing the random device, a path that only reads as /dev/null, copying
# a file or a folder of the machine into /tmp, walking the root, changing the modes or times
# of a file outside, removing a folder outside. Each must be refused (the targets do not exist
# or are not changed either way).
import os
import shutil

__SOLUTION__

TRIES = [
    ("write /dev/urandom", lambda: open("/dev/urandom", "wb")),
    ("write /dev/fd/../null", lambda: open("/dev/fd/../null", "w")),
    ("copy a file of the machine", lambda: shutil.copyfile("/etc/hostname", "/tmp/hostname")),
    ("walk the root", lambda: next(os.walk("/"))),
    ("chmod outside", lambda: os.chmod("/course-no-such-file", 0o777)),
    ("rmtree outside", lambda: shutil.rmtree("/course-no-such-folder")),
    ("copy a folder of the machine", lambda: shutil.copytree("/etc", "/tmp/etc-copy")),
    ("touch outside", lambda: os.utime("/course-no-such-file")),
    ("move to the root", lambda: os.chdir("/")),
]
for what, attempt in TRIES:
    try:
        attempt()
        print(what, "allowed")
    except Exception as exc:
        print(what, "refused:", type(exc).__name__)
