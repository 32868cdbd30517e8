"""Dimension scores and weights -> one 0-100 score.

Weights are renormalised over the dimensions that apply: a problem without
performance inputs is scored on the other three, in their relative weights.
"""

from __future__ import annotations

from ..base.catalog import default_weights
from .result import DimensionResult


def combine(dimensions: dict[str, DimensionResult], weights: dict[str, float] | None = None) -> float:
    """Set each dimension's effective weight and return the weighted score."""
    weights = {**default_weights(), **(weights or {})}
    scores = {name: d.score for name, d in dimensions.items() if d.applicable and d.score is not None}
    total = sum(weights.get(name, 0.0) for name in scores)
    for name, result in dimensions.items():
        result.weight = weights.get(name, 0.0) / total if name in scores and total > 0 else 0.0
    if total <= 0:
        return 0.0
    return sum(dimensions[name].weight * score for name, score in scores.items())


def renormalisation_note(dimensions: dict[str, DimensionResult]) -> str:
    """A sentence saying which dimensions were left out and why (empty when all apply)."""
    skipped = [d for d in dimensions.values() if not d.applicable]
    if not skipped:
        return ""
    parts = "; ".join(f"{d.name} ({d.reason})" for d in skipped)
    return f"Not applicable, weights renormalised over the rest: {parts}."
