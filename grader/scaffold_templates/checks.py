"""Hidden checks for $slug: plain functions, marked with @check(name, hints...)."""

from grader.core.checks import attempt, check, close, inputs, need


@check("double(x) returns twice x",
       "Multiply x by two.",
       "return 2 * x")
def doubles(learner):
    double = need(learner, "double")
    rng = inputs("double")  # numbers of this grading's seed: no file can be tuned to them
    for _ in range(5):
        x = rng.uniform(-10, 10)
        close(attempt(f"double({x:.3g})", double, x), 2 * x, f"double({x:.3g})")
