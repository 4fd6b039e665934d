# Innocent: a plain syntax error. It is reported as one, with the line and a caret; it never
# counts as an attempt to reach the grading machine.

total = (1 +
