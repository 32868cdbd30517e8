"""Performance: the candidate against the reference, paired timings at growing input sizes.

- `input_source` says where the inputs come from: the problem's input expression at its
  sizes, or a program's largest tests (dimensions/program_performance.py).
- `measure` walks the sizes; `timed` (CPU time, paired and interleaved) or
  `counted` (bytecode instructions, deterministic) measures each one.
- `stats` turns pairs into a ratio with a 95% interval and instability warnings.
- `complexity` fits classes to both curves and decides whether the
  candidate's is clearly worse.
- `verdict` turns all that into a score and the sentences explaining it.
See docs/scoring.md, "Performance", for the reasoning behind each choice.
"""

from __future__ import annotations

from typing import Any

from .budget import Budget, Settings

_DIMENSION_NAMES = {"NAME", "DETERMINISTIC_BUDGET_FACTOR", "evaluate", "evaluate_against_reference"}


def __getattr__(name: str) -> Any:
    if name in _DIMENSION_NAMES:
        from . import scored  # noqa: PLC0415  (scipy and numpy, 1.5 s: only when performance is judged)

        return getattr(scored, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["NAME", "Budget", "Settings", "evaluate", "evaluate_against_reference"]
