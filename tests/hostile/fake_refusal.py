# Prints the words of the worker's own notice of a refused request ("NETWORK-REFUSED <url>")
# below sys.stdout, on both descriptors and through its worker's JavaScript: the host passed
# such lines on, and the runtime reported requests that no one made. Only the worker's own
# notices (which start with a word it drew before any learner code) are passed on now.
import os


def _all(cls, seen):
    for sub in type.__subclasses__(cls):
        if sub not in seen:
            seen.add(sub)
            _all(sub, seen)
    return seen


for fd in (1, 2):
    os.write(fd, b"\nNETWORK-REFUSED https://forged.example/fd\n")
for cls in _all(object, set()):
    if cls.__name__ == "JsFinder":
        js = cls.register_js_module.__globals__["jsfinder"].jsproxies["js"]
        js.Function("process.stderr.write('\\nNETWORK-REFUSED https://forged.example/js\\n')")()
print("NETWORK-REFUSED https://forged.example/print")


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0
