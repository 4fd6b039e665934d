__SOLUTION__

# Hostile (or a very confused learner): backward() loops and swallows every interrupt, so no
# line can be named when the time limit stops it. The report must still name the check.


def _backward_forever(self):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass


Value.backward = _backward_forever
