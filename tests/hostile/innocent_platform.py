__SOLUTION__

# Innocent: a correct file that logs the machine it trained on. platform.platform() and
# platform.uname() ask platform.processor(), which on Linux CPython runs `uname -p` in a child
# process: under --runtime python the file was refused for starting a process. It gets the
# answer an interpreter without processes gives (Pyodide's, ""); the distribution's public
# name (/etc/os-release) may be read.
import platform

print("machine:", platform.platform() != "", platform.uname().processor == "", platform.system())
try:
    print("distribution:", type(platform.freedesktop_os_release()).__name__)
except OSError as error:
    print("distribution:", type(error).__name__)
