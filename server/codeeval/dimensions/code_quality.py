"""The code_quality dimension of an evaluation: analyze() as a DimensionResult."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base.calibration import NO_CALIBRATION, Calibration
from ..base.catalog import CODE_QUALITY
from ..quality.analyzer import analyze
from ..quality.config import QualityConfigError
from ..results.quality_details import FunctionScore, QualityDetails
from ..results.result import DimensionResult

NAME = CODE_QUALITY.name


def dimension(
    source: str,
    settings: Mapping[str, Any] | None = None,
    path: str = "solution.py",
    calibration: Calibration = NO_CALIBRATION,
) -> DimensionResult:
    """The code_quality dimension for the engine: the score, a summary line, the rationale and every finding."""
    try:
        report = analyze(source, path, settings, calibration)
    except QualityConfigError as exc:
        return DimensionResult.not_applicable(NAME, f"bad quality settings: {exc.location_message()}")
    details = QualityDetails(
        findings=tuple(report.findings),
        functions={
            name: FunctionScore(round(function.score, 1), function.sub_scores, function.metrics, function.range)
            for name, function in report.functions.items()
        },
        parse_error=report.parse_error or None,
        suppressed=report.suppressed or None,
    )
    return DimensionResult(
        name=NAME, score=report.score, summary=report.summary(), rationale=list(report.rationale), details=details
    )
