"""Quality findings with their points, confidence and rationale."""

from __future__ import annotations

from ...result import DimensionResult
from ..markdown_text import cell, table

SHOWN_FINDINGS = 40


def render(result: DimensionResult) -> list[str]:
    """The report's code-quality section: a table of the costliest findings."""
    findings = result.details.get("findings") or []
    if not findings:
        return ["No findings."]
    rows = []
    for f in findings[:SHOWN_FINDINGS]:
        confidence = f["confidence"]["value"]
        mark = f" ⚠ {f['low_confidence_reason']}" if f["confidence"]["low"] else ""
        rows.append([f["rule"], f["range"]["start"]["line"], f["severity"], f"{confidence:.2f}{mark}",
                     f"-{f['points']:.1f}", cell(f["message"], 120), cell(f.get("rationale"), 160),
                     cell(f.get("suggestion"), 160)])
    lines = [table(["rule", "line", "severity", "confidence", "points", "finding", "why these points", "what to do"],
                   rows)]
    if len(findings) > SHOWN_FINDINGS:
        lines.append(f"\n…and {len(findings) - SHOWN_FINDINGS} more findings (all are in the JSON report).")
    if any(f["confidence"]["low"] for f in findings):
        lines.append("\n⚠ marks a low-confidence finding (confidence below 0.6): shown, weighed less, "
                     "and worth a reviewer's second look.")
    return lines
