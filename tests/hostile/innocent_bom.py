# Innocent: a correct file saved with a UTF-8 BOM (as some Windows editors do); python file.py
# accepts it, and so must the grader.
__SOLUTION__
