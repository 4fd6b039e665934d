__SOLUTION__


# A check's own failure, kept and raised again later. The first train_step makes w.data a
# string for a moment and calls the check's loss_fn, whose reading of w.data fails with the
# check's CheckFailed ("w.data should be a plain number ..."); the file catches it, keeps it,
# puts w.data back and trains correctly, so that check passes. Every later train_step raises
# the kept exception object: one that crossed to this file in an earlier request. Given back,
# it must be this file's own error of that name, not the check's word: it used to fail the
# next check with the first check's exact sentence, as if that check had found it.
_kept = []
_plain_step = train_step


def train_step(params, loss_fn, lr):
    if _kept:
        raise _kept[0]
    start = params[0].data
    params[0].data = "not a number"
    try:
        loss_fn()
    except Exception as failure:
        _kept.append(failure)
    params[0].data = start
    return _plain_step(params, loss_fn, lr)
