"""Small Markdown pieces shared by hover and code lens: scores, findings, cases."""

from __future__ import annotations

from typing import Any

from ..dimensions.catalog import info_of
from ..findings import Finding

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


def sub_score_table(sub_scores: dict[str, float]) -> list[str]:
    names = [n for n in SUB_SCORE_ORDER if n in sub_scores] + sorted(n for n in sub_scores if n not in SUB_SCORE_ORDER)
    return ["| " + " | ".join(names) + " |", "|" + "---:|" * len(names),
            "| " + " | ".join(f"{sub_scores[n]:.0f}" for n in names) + " |"]


def finding_line(finding: Finding, detailed: bool = False) -> str:
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


def dimension_line(name: str, dim) -> str:
    info = info_of(name)
    title = info.short_title if info is not None else name
    if not dim.applicable or dim.score is None:
        return f"- {title}: n/a ({dim.reason})"
    summary = f" — {dim.summary}" if dim.summary else ""
    return f"- {title}: **{dim.score:.0f}**{summary}"


def case_lines(cases: list, limit: int) -> list[str]:
    out = []
    for case in cases[:limit]:
        if not isinstance(case, dict):
            out.append(f"- {code(case)}")
            continue
        where = f" (line {case['line']})" if case.get("line") else ""
        text = f"- {code(case.get('input', '?'))}: expected {code(case.get('expected', '?'))}, "
        out.append(text + f"got {code(case.get('actual', '?'))}{where}")
    if len(cases) > limit:
        out.append(f"- …and {len(cases) - limit} more (see the report)")
    return out


def lens_title(score: float | None, evaluated: float | None = None) -> str:
    quality = "quality –" if score is None else f"quality {score:.0f}"
    if evaluated is not None:
        return f"{quality} · score {evaluated:.0f} · evaluate"
    return f"{quality} · evaluate"
