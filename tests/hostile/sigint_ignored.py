# A correct file that ignores Ctrl-C (signal.signal(SIGINT, SIG_IGN): the signal a stop comes
# as in Pyodide) and whose Neuron then loops for ever. It is stopped all the same: the checks
# it passed before are kept, the check it was stopped in is named, and the words list the
# ignored Ctrl-C among what hides the line.
import signal

__SOLUTION__

signal.signal(signal.SIGINT, signal.SIG_IGN)


def _forever(self, x):
    while True:
        pass


Neuron.__call__ = _forever
