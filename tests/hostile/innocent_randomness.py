# Innocent: a correct file that draws its own randomness the ordinary ways. Pyodide fetches its
# source of random bytes with an import on first use, which the learner's worker refuses once
# learner code runs: the interpreter died at random.seed(), and the file "stopped before it
# could report".
import os
import random
import secrets
import uuid

random.seed()
rng = random.Random()
print("drawn:", len(os.urandom(8)), len(secrets.token_hex(4)), len(str(uuid.uuid4())),
      0.0 <= rng.random() < 1.0, 0.0 <= random.SystemRandom().random() < 1.0)

__SOLUTION__
