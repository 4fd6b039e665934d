# Allocate until something gives.
hoard = []
while True:
    hoard.append(bytearray(256 * 1024 * 1024))
