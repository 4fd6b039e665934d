"""Lab 3, unusual but correct: closed-form gradients, L = a*b + a and L = a*a*b + a*b*b
differentiated by hand, with type hints."""

def grads(a: float, b: float) -> dict:
    """Closed form: L = a*b + a."""
    return {"a": b + 1, "b": a, "c": 1}

def diamond_grads(a: float, b: float) -> dict:
    """Closed form: L = a*a*b + a*b*b."""
    return {"a": 2 * a * b + b * b, "b": a * a + 2 * a * b, "d": a + b, "e": a * b}
