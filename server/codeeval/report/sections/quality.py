"""Quality findings with their points, confidence and rationale; each with its fingerprint (what a person's
decision names) and, once decided, who dismissed or confirmed it and why."""

from __future__ import annotations

from ...base.findings import Finding
from ...results.quality_details import QualityDetails
from ...results.result import DimensionResult
from ..markdown_text import cell, table
from .review_decisions import FindingDecisions, calibration_note, finding_mark, is_dismissed, points_cell

SHOWN_FINDINGS = 40
HEADER = (
    "rule",
    "line",
    "fingerprint",
    "severity",
    "confidence",
    "points",
    "finding",
    "why these points",
    "what to do",
)


def render(result: DimensionResult, decisions: FindingDecisions | None = None) -> list[str]:
    """The report's code-quality section: a table of the costliest findings."""
    findings = result.details.findings if isinstance(result.details, QualityDetails) else ()
    if not findings:
        return ["No findings."]
    decided = decisions or {}
    rows = [_row(f, decided) for f in findings[:SHOWN_FINDINGS]]
    lines = [table(HEADER, rows)]
    if len(findings) > SHOWN_FINDINGS:
        lines.append(f"\n…and {len(findings) - SHOWN_FINDINGS} more findings (all are in the JSON report).")
    if any(f.is_low_confidence for f in findings):
        lines.append(
            "\n⚠ marks a low-confidence finding (confidence below 0.6): shown, weighed less, "
            "and worth a reviewer's second look."
        )
    if any(calibration_note(f.details) for f in findings):
        lines.append(
            "\nA confidence with a note (accuracy before -> after) was moved by people's decisions on its rule's "
            "findings elsewhere (docs/decisions.md)."
        )
    return lines


def _row(finding: Finding, decisions: FindingDecisions) -> list[object]:
    confidence = round(finding.confidence.value, 3)  # as the JSON report has it
    mark = f" ⚠ {finding.confidence.low_reason()}" if finding.is_low_confidence else ""
    note = calibration_note(finding.details)
    if note:
        mark += f" ({note})"
    decided = finding_mark(decisions, finding.fingerprint)
    message = finding.message + (f" **[{decided}]**" if decided else "")
    return [
        finding.rule_id,
        finding.range.start_line,
        f"`{finding.fingerprint}`",
        finding.severity,
        cell(f"{confidence:.2f}{mark}", 200),
        points_cell(finding.points, is_dismissed(decisions, finding.fingerprint)),
        cell(message, 300),
        cell(finding.rationale, 160),
        cell(finding.suggestion, 160),
    ]
