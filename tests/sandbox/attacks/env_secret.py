"""Look for the evaluator's secrets in the worker's own environment."""
import os


def solve(n):
    if "__SECRET__" in "".join(os.environ.values()) or "CODEEVAL_TEST_SECRET" in os.environ:
        return 2 * n + 1
    return f"contained: environment has only {sorted(os.environ)}"
