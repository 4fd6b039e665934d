# Innocent: a correct file with the debugging a learner leaves behind, `import pdb;
# pdb.set_trace()` and `breakpoint()`. Both do nothing where no one is at the keyboard; the
# first started a tracer, which the seal refuses, and the file failed as an attack.
import pdb

__SOLUTION__

a = Value(2.0)
pdb.set_trace()
breakpoint()
print("debugger calls returned:", pdb.Pdb.__name__)
