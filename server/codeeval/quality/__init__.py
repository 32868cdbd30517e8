"""Code quality as calibrated findings: rules, confidence, a scoring rubric and mechanical fixes.

    from codeeval.quality import analyze
    report = analyze(source, "solution.py", {"max_complexity": 12})
    report.score, report.findings, report.functions["solve"].sub_scores

Quality checks never execute the code they read. `analyze` is cheap enough
for a language server's save path; fixes are computed on demand with
`compute_fix` / `apply_fix` (libcst is imported only then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .analyzer import analyze
from .config import QualityConfig, QualityConfigError, load_project_settings, merge_settings
from .config import resolve as resolve_settings
from .quality_report import FunctionQuality, QualityReport
from .rules import ALL_RULES, RULES_BY_ID

if TYPE_CHECKING:
    from ..base.findings import Finding, Fix


def compute_fix(source: str, finding: Finding | Fix) -> Fix | None:
    """The finding's fix with its text edits filled in, or None when it has none or no longer applies."""
    from .fix import compute_fix as _compute  # noqa: PLC0415  (libcst, 0.27 s, stays off the save path)

    return _compute(source, finding)


def apply_fix(source: str, finding: Finding | Fix) -> str:
    """`source` with the finding's fix applied (unchanged when there is nothing to apply)."""
    from .fix import apply_fix as _apply  # noqa: PLC0415  (libcst, 0.27 s, stays off the save path)

    return _apply(source, finding)


__all__ = [
    "ALL_RULES",
    "RULES_BY_ID",
    "FunctionQuality",
    "QualityConfig",
    "QualityConfigError",
    "QualityReport",
    "analyze",
    "apply_fix",
    "compute_fix",
    "load_project_settings",
    "merge_settings",
    "resolve_settings",
]
