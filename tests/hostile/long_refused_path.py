__SOLUTION__

# A right engine that tries to write three files whose paths are a million characters long
# (the audit event names a path before the system refuses it). The refusals disqualify it, in
# words of a readable length: kept whole, three of them made a report larger than any frame
# the CLI reads, and --runtime python said its interpreter "stopped before it could report".
for n in range(3):
    try:
        open("/home/" + "\U0001F525" * 1_000_000 + str(n), "w")
    except OSError as exc:
        print(type(exc).__name__, len(str(exc)))
