"""codeeval: scores AI-generated Python against YAML problems, in a sandbox.

    import codeeval
    result = codeeval.evaluate("solution.py", "problems/two_sum.yaml")
    print(result.score)
"""

from __future__ import annotations

__version__ = "0.1.0"


def evaluate(solution, problem, **options):
    """Evaluate a solution (a path, or source text with `source=True`) against a problem (path or Problem)."""
    from .engine import evaluate as _evaluate  # noqa: PLC0415  (`import codeeval`: 1 ms, not the engine's 1.6 s)

    return _evaluate(solution, problem, **options)


__all__ = ["__version__", "evaluate"]
