__SOLUTION__

# Innocent: a correct file that keeps its training log in an in-memory SQLite database, the
# way a learner who knows SQL might. sqlite3.connect was refused outright as reaching the
# machine. In Pyodide every file SQLite can open is in the interpreter's own memory; on
# CPython SQLite opens files beneath the audit hook (ATTACH), and stays refused, saying so.
import sqlite3

log = sqlite3.connect(":memory:")
log.execute("create table losses (step integer, loss real)")
for step in range(3):
    x = Value(float(step))
    loss = x * x
    log.execute("insert into losses values (?, ?)", (step, loss.data))
print("sqlite:", log.execute("select sum(loss) from losses").fetchone()[0])
try:
    log.execute("attach database '/etc/passwd' as outside")
    print("attach: opened")
except sqlite3.Error as error:
    print("attach:", type(error).__name__)
log.close()
