__SOLUTION__

# A correct Value whose author wrote exceptions of their own, as a careful learner might: a
# hierarchy with BaseException at its root for "stop training now", a __str__ that formats
# the node, an exception carrying the Value that failed, ones chained with `from` and noted
# with add_note, an ExceptionGroup caught with except*, and a generator closed early
# (GeneratorExit caught, cleaned up). None of it leaves the file's own code.
class EngineError(Exception):
    def __init__(self, node, why):
        super().__init__(why)
        self.node = node

    def __str__(self):
        return f"{self.args[0]} at Value(data={self.node.data})"


class StopTraining(BaseException):
    pass


def checked_log(v):
    if v.data <= 0:
        raise EngineError(v, "log of a non-positive number")
    return v


def losses():
    try:
        for step in range(100):
            yield 1.0 / (step + 1)
    except GeneratorExit:
        said.append("closed")
        raise


said = []
try:
    checked_log(Value(-1.0))
except EngineError as exc:
    said.append(str(exc))
try:
    try:
        raise StopTraining("enough")
    except StopTraining as exc:
        raise EngineError(Value(0.0), "stopped") from exc
except EngineError as exc:
    exc.add_note("after 3 steps")
    said.append(f"{type(exc.__cause__).__name__} {exc.__notes__}")
try:
    raise ExceptionGroup("two", [EngineError(Value(1.0), "a"), ValueError("b")])
except* EngineError as group:
    said.append(f"group {len(group.exceptions)}")
except* ValueError:
    said.append("value")
stream = losses()
next(stream)
stream.close()
print("own exceptions:", said)
