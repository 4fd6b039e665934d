# An infinite loop that swallows every interrupt.
while True:
    try:
        while True:
            pass
    except BaseException:
        pass
