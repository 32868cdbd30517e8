"""The Markdown a CI run shows people: in the job summary and, on a pull request, in its comment."""

from __future__ import annotations

from dataclasses import dataclass

from ..badge import band_for
from ..base.findings import Severity
from ..diff import RunDiff
from ..diff.markdown import to_markdown as diff_markdown
from ..report.markdown_text import cell, table
from ..report.standings import REVIEWED_MARK
from .sarif_findings import QualityFinding

MAX_LISTED_FINDINGS = 20


@dataclass(frozen=True)
class SummaryParts:
    """What the summary shows, gathered by the pipeline."""

    title: str  # what was evaluated: "14 problems, 70 solutions" or "quality of 12 files"
    score: float | None
    failures: tuple[str, ...]
    notes: tuple[str, ...]  # things a reader should know (no base to compare with, isolation, ...)
    diff: RunDiff | None
    findings: tuple[QualityFinding, ...]  # the findings annotated (on changed lines in a pull request)
    findings_scope: str  # "on changed lines" or "in all checked files"
    leaderboard: str | None  # the leaderboard's Markdown
    artifact: str | None  # where the full reports are
    reviewed: int = 0  # results whose scores include people's decisions (dismissed findings, overrides)
    behaviour: str | None = None  # the pull request's "Behaviour changes" section (change_review_step.py)


def render(parts: SummaryParts) -> str:
    """The summary: score, failures, notes, the comparison, the findings, the leaderboard (folded)."""
    out = ["## codeeval", ""]
    mark = REVIEWED_MARK if parts.reviewed else ""
    if parts.score is not None:
        out.append(f"**Score {parts.score:.1f} / 100**{mark} ({band_for(parts.score).name}): {parts.title}.")
    else:
        out.append(f"{parts.title}: no score.")
    out.append("")
    if parts.reviewed:
        out += [f"{REVIEWED_MARK} {_reviewed(parts.reviewed)}", ""]
    if parts.failures:
        out += ["**Failed:**", ""] + [f"- {cell(failure, 300)}" for failure in parts.failures] + [""]
    out += [f"> {cell(note, 400)}" for note in parts.notes]
    if parts.notes:
        out.append("")
    if parts.diff is not None:
        out += [diff_markdown(parts.diff, heading="###"), ""]
    if parts.behaviour:
        out += [parts.behaviour.rstrip(), ""]
    out += _findings(parts.findings, parts.findings_scope)
    if parts.leaderboard:
        body = parts.leaderboard.replace("# codeeval leaderboard", "", 1).strip().replace("\n## ", "\n#### ")
        out += ["<details><summary>Leaderboard</summary>", "", body, "", "</details>", ""]
    if parts.artifact:
        out += [f"Full reports (JSON, Markdown, SARIF, badge): {parts.artifact}.", ""]
    return "\n".join(out).rstrip() + "\n"


def _reviewed(count: int) -> str:
    results = "result" if count == 1 else "results"
    return f"{count} {results} reviewed by people: scores include their decisions (docs/decisions.md)."


def _findings(findings: tuple[QualityFinding, ...], scope: str) -> list[str]:
    counts = ", ".join(f"{sum(f.severity == severity for f in findings)} {severity}" for severity in Severity)
    out = [f"### Quality findings {scope}: {len(findings)}" + (f" ({counts})" if findings else ""), ""]
    if findings:
        rows: list[list[object]] = [
            [
                f"`{cell(f.path)}:{f.start_line}`",
                f.rule,
                f.severity + (" (low confidence)" if f.low_confidence else ""),
                cell(f.message, 200) + (f" **[{cell(f.dismissed, 200)}]**" if f.dismissed else ""),
            ]
            for f in findings[:MAX_LISTED_FINDINGS]
        ]
        out += [table(["where", "rule", "severity", "finding"], rows), ""]
        if len(findings) > MAX_LISTED_FINDINGS:
            out += [f"…and {len(findings) - MAX_LISTED_FINDINGS} more (see the SARIF report).", ""]
    return out
