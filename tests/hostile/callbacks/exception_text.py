__SOLUTION__


# Errors that cannot be told: a Value's + raises an exception whose text recurses for ever,
# whose args raise and whose class's name is long, during the checks. Each check that adds
# must fail with that error named and its message "could not be shown", never stop the
# grader or take another check with it.
class Untellable(Exception):
    def __str__(self):
        return str(self)

    def __repr__(self):
        raise SystemExit(3)

    @property
    def args(self):
        raise KeyboardInterrupt


def _add(self, other):
    raise Untellable()


Value.__add__ = _add
