# Allocate until something gives, and say how far it got (the test reads the cap from it).
hoard = []
try:
    while True:
        hoard.append(bytearray(32 * 1024 * 1024))
except MemoryError:
    print(f"held {32 * len(hoard)} MB")
    raise
