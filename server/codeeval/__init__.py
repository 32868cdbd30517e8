"""codeeval: scores AI-generated Python against YAML problems, in a sandbox.

import codeeval
result = codeeval.evaluate("solution.py", "problems/two_sum.yaml")
print(result.score)

rewards = codeeval.score_many([(answer, "two_sum")], problems="problems/")
"""

from __future__ import annotations

from .base.version import __version__


def evaluate(solution, problem, **options):
    """Evaluate a solution (a path, or source text with `source=True`) against a problem (path or Problem)."""
    from .engine.evaluator import evaluate as _evaluate  # noqa: PLC0415  (`import codeeval`: 1 ms, not the engine's 1.6 s)

    return _evaluate(solution, problem, **options)


def score_many(items, **options):
    """One reward in [0, 1] per (solution, problem[, weights]) item, in order; see codeeval.reward."""
    from .reward import score_many as _score_many  # noqa: PLC0415  (the engine loads on first use, as above)

    return _score_many(items, **options)


__all__ = ["__version__", "evaluate", "score_many"]
