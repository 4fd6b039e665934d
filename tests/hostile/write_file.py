# Try to leave a file behind on the grading machine.
for path in ["__MARKER__", "/tmp/course-pwned.txt"]:
    try:
        with open(path, "w") as f:
            f.write("pwned")
    except Exception as exc:
        print("could not write", path, exc)
