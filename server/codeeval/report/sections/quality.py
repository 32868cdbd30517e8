"""Quality findings with their points, confidence and rationale."""

from __future__ import annotations

from ...results.quality_details import QualityDetails
from ...results.result import DimensionResult
from ..markdown_text import cell, table

SHOWN_FINDINGS = 40


def render(result: DimensionResult) -> list[str]:
    """The report's code-quality section: a table of the costliest findings."""
    findings = result.details.findings if isinstance(result.details, QualityDetails) else ()
    if not findings:
        return ["No findings."]
    rows = []
    for f in findings[:SHOWN_FINDINGS]:
        confidence = round(f.confidence.value, 3)  # as the JSON report has it
        mark = f" ⚠ {f.confidence.low_reason()}" if f.is_low_confidence else ""
        rows.append(
            [
                f.rule_id,
                f.range.start_line,
                f.severity,
                f"{confidence:.2f}{mark}",
                f"-{round(f.points, 2):.1f}",
                cell(f.message, 120),
                cell(f.rationale, 160),
                cell(f.suggestion, 160),
            ]
        )
    lines = [
        table(["rule", "line", "severity", "confidence", "points", "finding", "why these points", "what to do"], rows)
    ]
    if len(findings) > SHOWN_FINDINGS:
        lines.append(f"\n…and {len(findings) - SHOWN_FINDINGS} more findings (all are in the JSON report).")
    if any(f.is_low_confidence for f in findings):
        lines.append(
            "\n⚠ marks a low-confidence finding (confidence below 0.6): shown, weighed less, "
            "and worth a reviewer's second look."
        )
    return lines
