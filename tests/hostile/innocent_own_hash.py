__SOLUTION__


# A correct engine whose Value spells out the hash every object has, as learners do after
# reading that a class defining __eq__ loses it. Lab 5's "sorts once" subclasses Value in
# the checks and calls super().__hash__(): that asked this side for hash(obj), which ran the
# check's override again, and the file failed with a RecursionError, in Pyodide only.
def _identity_hash(self):
    return id(self)


Value.__hash__ = _identity_hash
