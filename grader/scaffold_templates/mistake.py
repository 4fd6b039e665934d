# mistake: returns its input unchanged
# fails: double(x) returns twice x
# message: should be
"""A known wrong answer: `course check` makes sure the checks catch it with this message."""


def double(x):
    return x
