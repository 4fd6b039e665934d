# An exception whose reading raises: its `args` is a property that raises KeyboardInterrupt,
# and its __getattribute__ refuses `__dict__` with SystemExit. The agent reads both to send
# the error to the checks; it used to die there, and the report said the interpreter had
# ended ("stopped before it could report"), not what the file raised and where.
class Lying(Exception):
    @property
    def args(self):
        raise KeyboardInterrupt

    def __getattribute__(self, name):
        if name == "__dict__":
            raise SystemExit(1)
        return super().__getattribute__(name)


raise Lying("boom")
