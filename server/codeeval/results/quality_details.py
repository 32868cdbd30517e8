"""The code-quality dimension's details: every finding and each function's share of them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.findings import Finding, Range
from .result import OMITTED_WHEN_NONE, DetailRecord, DimensionDetails


@dataclass(frozen=True)
class FunctionScore(DetailRecord):
    """One function's score, sub-scores and measurements, as the result reports them."""

    score: float  # rounded to 0.1
    sub_scores: dict[str, float]
    metrics: dict[str, int]
    range: Range  # from `def` to the end of the body


@dataclass(frozen=True)
class QualityDetails(DimensionDetails):
    """The findings (costliest first), each function's score, and why the file was not analysed, if so."""

    findings: tuple[Finding, ...]
    functions: dict[str, FunctionScore]
    parse_error: str | None = field(default=None, metadata=OMITTED_WHEN_NONE)
    # Findings silenced by comments (left out when none were):
    suppressed: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)
