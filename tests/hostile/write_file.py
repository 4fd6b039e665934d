# Try to leave a file behind on the grading machine. In Pyodide, /tmp and the working folder
# are the interpreter's own memory (a file may keep its own files there: seal.py), so the
# marker's folder is not found there; the root of the file system is refused in both runtimes.
for path in ["__MARKER__", "/tmp/course-pwned.txt", "/course-pwned.txt"]:
    try:
        with open(path, "w") as f:
            f.write("pwned")
    except Exception as exc:
        print("could not write", path, exc)
