"""Reference solution for $slug (never shipped to learners)."""


def double(x):
    return 2 * x
