# Innocent: a correct file that checks itself the way the lessons do, with doctest examples,
# and keeps a breakpoint() from a debugging session. doctest ends every run by taking the
# tracer away (sys.settrace(None)) and starts pdb, which looks for a .pdbrc that is not there:
# the seal once took both for attacks, and a breakpoint() for one too.
import doctest

__SOLUTION__


def double(x):
    """
    >>> double(Value(2.0)).data
    4.0
    >>> (double(Value(1.5)) * Value(2.0)).data
    6.0
    """
    return x * 2


breakpoint()
doctest.run_docstring_examples(double, {"double": double, "Value": Value}, name="double")
print("doctest:", doctest.testmod(optionflags=doctest.ELLIPSIS))
