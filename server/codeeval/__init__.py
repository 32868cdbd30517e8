"""codeeval: scores AI-generated Python against YAML problems, in a sandbox.

import codeeval
result = codeeval.evaluate("solution.py", "problems/two_sum.yaml")
print(result.score)

rewards = codeeval.score_many([(answer, "two_sum")], problems="problems/")
"""

from __future__ import annotations

from .base.version import __version__

TYPE_CHECKING = False  # typing's own, without importing typing and pathlib: `import codeeval` stays at 1 ms
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from pathlib import Path
    from typing import Any

    from .problem import Problem
    from .results.result import EvaluationResult
    from .reward import Reward, RewardItem


def evaluate(solution: str | Path, problem: str | Path | Problem, **options: Any) -> EvaluationResult:
    """Evaluate a solution (a path, or `source=` text labelled `solution`) against a problem (path or Problem);
    `options`: codeeval.engine.evaluator.evaluate's."""
    from .engine.evaluator import evaluate as _evaluate  # noqa: PLC0415  (`import codeeval`: 1 ms, not the engine's 1.6 s)

    return _evaluate(solution, problem, **options)


def score_many(items: Iterable[RewardItem | tuple | Mapping[str, Any]], **options: Any) -> list[Reward]:
    """One reward in [0, 1] per (solution, problem[, weights]) item, in order; see codeeval.reward."""
    from .reward import score_many as _score_many  # noqa: PLC0415  (the engine loads on first use, as above)

    return _score_many(items, **options)


__all__ = ["__version__", "evaluate", "score_many"]
