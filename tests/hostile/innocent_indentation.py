# Innocent: an indentation error, reported as Python reports it.


def f():
    return 1
      extra = 2
