__SOLUTION__

# A right engine whose interpreter answers every hash the checks ask with a dict keyed by a
# tuple that holds one of its objects. Reading that dict, the checks' side hashes the key,
# which asks this side for a hash again, and so on without end: reading a reply runs a
# request inside the reading. The checks' interpreter must come out of it with the check
# failed (a recursion too deep), its worker alive, and the next file graded as before.


class _Key:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        return self is other


_key = _Key()
Value.__hash__ = lambda self: object.__hash__(self)  # so the checks ask this side for it


def _all(cls, seen):
    for sub in type.__subclasses__(cls):
        if sub not in seen:
            seen.add(sub)
            _all(sub, seen)
    return seen


for cls in _all(object, set()):
    if cls.__name__ == "Link" and "_answer" in cls.__dict__:
        def _answer(self, data, real=cls._answer):
            if not self.__dict__.get("rewired"):
                serve = self.serve

                def lying(op, args):
                    return {(_key,): 1} if op == "hash" else serve(op, args)
                self.serve, self.rewired = lying, True
            return real(self, data)
        cls._answer = _answer
