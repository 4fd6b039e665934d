# A correct Value that zips folders outside its scratch folders (the system's /etc and /usr)
# into /tmp, and unpacks an archive over the folder above its own: make_archive and
# unpack_archive are allowed only inside the working folder and /tmp (innocent_archives.py).
# (Not the lab's folder: a course checked out under /tmp has it inside a scratch folder's
# name, where in Pyodide it does not exist, and CI of such a clone saw one refusal fewer.)
import shutil

__SOLUTION__

for root in ("/etc", "/usr"):
    try:
        print("zipped:", shutil.make_archive("/tmp/taken", "zip", root))
    except Exception as exc:
        print("zip refused:", type(exc).__name__)
try:
    shutil.make_archive("/tmp/mine", "zip", "/tmp")
    print("unpacked:", shutil.unpack_archive("/tmp/mine.zip", ".."))
except Exception as exc:
    print("unpack refused:", type(exc).__name__)
