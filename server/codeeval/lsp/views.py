"""Small Markdown pieces shared by hover and code lens: scores, findings, cases."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..base.catalog import info_of
from ..base.findings import Finding
from ..results.edge_case_details import EdgeFindingRecord
from ..results.result import DimensionResult

SUB_SCORE_ORDER = ("docs", "typing", "naming", "complexity", "size", "robustness")
TEXT_LIMIT = 120


def code(text: Any, limit: int = TEXT_LIMIT) -> str:
    """Inline code that survives backticks and newlines in the value."""
    value = str(text).replace("\n", "⏎")
    if len(value) > limit:
        value = value[: limit - 1] + "…"
    fence = "``" if "`" in value else "`"
    pad = " " if value.startswith("`") or value.endswith("`") else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def score_text(score: float | None) -> str:
    """One way to write a quality score everywhere (hover, lens, inlay hint): at most one decimal."""
    if score is None:
        return "–"
    return f"{score:.1f}".removesuffix(".0")


def lost_points_line(sub_scores: dict[str, float]) -> str:
    """'complexity −23.9 · docs −9 · typing −8.6': the points each category cost, most first.
    (A line, not a table: VS Code's hover draws Markdown tables without cell spacing.)"""
    lost = {name: 100.0 - score for name, score in sub_scores.items() if score < 100.0}
    order = {name: i for i, name in enumerate(SUB_SCORE_ORDER)}
    names = sorted(lost, key=lambda name: (-lost[name], order.get(name, len(order)), name))
    return " · ".join(f"{name} −{score_text(lost[name])}" for name in names)


def finding_line(finding: Finding, detailed: bool = False) -> str:
    """One finding as a markdown line: rule, severity, points, message, and why its confidence is low."""
    points = f", −{finding.points:.1f} pts" if finding.points else ""
    line = f"**{finding.rule_id}** ({finding.severity}{points}) {finding.message}"
    if finding.confidence.is_low:
        reason = finding.confidence.low_reason() or "low confidence"
        line += f" *({reason[0].lower() + reason[1:]})*"
    if detailed:
        if finding.suggestion:
            line += f"\n\n{finding.suggestion}"
        if finding.rationale:
            line += f"\n\n_{finding.rationale}_"
        if finding.fix is not None:
            line += f"\n\nQuick fix available: {finding.fix.description}"
    elif finding.suggestion:
        line += f" — {finding.suggestion}"
    return line


def dimension_line(name: str, dim: DimensionResult) -> str:
    """One dimension as a markdown list item: its score and summary, or n/a and why."""
    info = info_of(name)
    title = info.short_title if info is not None else name
    if not dim.applicable or dim.score is None:
        return f"- {title}: n/a ({dim.reason})"
    summary = f" — {dim.summary}" if dim.summary else ""
    return f"- {title}: **{dim.score:.0f}**{summary}"


class ShownCase(Protocol):
    """A failing case or counterexample as a hover lists it."""

    @property
    def input(self) -> str: ...
    @property
    def expected(self) -> str: ...
    @property
    def actual(self) -> str: ...
    @property
    def line(self) -> int | None: ...


def case_lines(cases: Sequence[ShownCase], limit: int) -> list[str]:
    """Up to `limit` cases as markdown list items: input, expected (when there is one) and actual, and the line."""
    out = []
    for case in cases[:limit]:
        where = f" (line {case.line})" if case.line else ""
        if case.expected:
            out.append(f"- {code(case.input)}: expected {code(case.expected)}, got {code(case.actual)}{where}")
        else:  # a test suite's test judges itself: its message is all there is
            out.append(f"- {code(case.input)}: {code(case.actual)}{where}")
    if len(cases) > limit:
        out.append(f"- …and {len(cases) - limit} more (see the report)")
    return out


def edge_finding_lines(findings: Sequence[EdgeFindingRecord], limit: int) -> list[str]:
    """Up to `limit` edge-case findings as markdown list items: what failed, what it costs, and how sure codeeval
    is (for a function, the chance it is a real bug, measured; a program's finding keeps the mean of its parts);
    below 0.6 it costs nothing and says why."""
    out = []
    for finding in findings[:limit]:
        sure = finding.confidence
        chance = f"confidence {sure.value:.2f}"
        if sure.probability is not None:
            chance = f"{100 * sure.probability:.0f}% likely a real bug"
        if finding.telling_answer is not None:
            chance += f", answer {finding.telling_answer}"
        cost = f"−{score_text(finding.points)} pts" if finding.points else "no points"
        line = f"- {finding.kind} on {finding.inputs} input{'s' if finding.inputs != 1 else ''}, e.g. "
        line += f"{code(finding.input)}: {cost} ({chance})"
        if finding.low_confidence:
            why = "; ".join(finding.relevance_reasons[:2]) or finding.low_confidence
            line += f" *(low confidence: {why})*"
        out.append(line)
    if len(findings) > limit:
        out.append(f"- …and {len(findings) - limit} more (see the report)")
    return out


def lens_title(score: float | None, evaluated: float | None = None) -> str:
    """A code lens's title: the function's quality, the last score when it is the evaluated entry point."""
    quality = f"quality {score_text(score)}"
    if evaluated is not None:
        return f"{quality} · score {score_text(evaluated)} · evaluate"
    return f"{quality} · evaluate"
