"""The sections of a plot or web-page report: the pictures, then each part's checks with their evidence."""

from __future__ import annotations

from ...results.result import DimensionResult, EvaluationResult
from ...visual.checks import Check, PartDetails
from ...visual.judge import JudgeVerdict
from ..markdown_text import cell, table

CROP_SUFFIX = ".svg"


def pictures(result: EvaluationResult, links: dict[str, str]) -> list[str]:
    """The whole plot or page screenshots, near the top of the report."""
    shown = [image for image in result.images if not image.name.endswith(CROP_SUFFIX)]
    if not shown:
        return []
    lines = ["## What it looks like", ""]
    for image in shown:
        if image.name in links:
            lines += [f"![{cell(image.caption)}]({links[image.name]})", "", f"*{cell(image.caption)}*", ""]
    return lines


def render(dim: DimensionResult, links: dict[str, str]) -> list[str]:
    """One part's checks as a table, then the evidence of each failed check with its picture."""
    details = dim.details if isinstance(dim.details, PartDetails) else PartDetails()
    every = details.checks or ()
    checks = [c for c in every if c.applicable]
    if not checks:
        return []
    rows = [["✓" if c.passed else "✗", cell(c.title), f"{100 * c.score:.0f}", cell(c.summary, 200)] for c in checks]
    lines = [table(["", "check", "score", "what was seen"], rows), ""]
    for check in checks:
        if not check.passed and check.evidence:
            lines += _evidence_lines(check, links)
    if details.judge is not None:
        lines += judge_lines(details.judge)
    skipped = [c for c in every if not c.applicable and c.summary]
    if skipped:
        lines.append("Not checked: " + "; ".join(f"{cell(c.title)} ({cell(c.summary)})" for c in skipped) + ".")
    return lines


def _evidence_lines(check: Check, links: dict[str, str]) -> list[str]:
    """A failed check's title and its first pieces of evidence, each with its picture when there is one."""
    lines = [f"**{cell(check.title)}**", ""]
    for item in check.evidence[:5]:
        lines.append(f"- {cell(item.text, 400)}")
        if item.image and item.image in links:
            lines += ["", f"  ![{cell(item.text, 100)}]({links[item.image]})", ""]
    lines.append("")
    return lines


def judge_lines(verdict: JudgeVerdict) -> list[str]:
    """The model judge's opinion, flagged as such: it is not part of the score."""
    lines = [
        f"**Model judge** (`{cell(verdict.model)}`, blind: it saw the instruction and the picture only; "
        "not part of the score)",
        "",
    ]
    if verdict.error:
        return lines + [f"No verdict: {cell(verdict.error, 300)}", ""]
    lines.append(f"Total {verdict.total:g}/100.")
    lines.append("")
    for finding in verdict.findings:
        flag = f" *{finding.confidence.low_reason()}*" if finding.is_low_confidence else ""
        lines.append(
            f"- {finding.severity}: {cell(finding.message, 400)} (confidence {finding.confidence.value:.2f}){flag}"
        )
        if finding.suggestion:
            lines.append(f"  Suggestion: {cell(finding.suggestion, 300)}")
    return lines + [""]
