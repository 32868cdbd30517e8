"""The Markdown report: the score and a per-dimension table first, then why each point was lost."""

from __future__ import annotations

from collections.abc import Callable

from ..base.catalog import ProblemKind, names, title_of
from ..base.isolation import IsolationReport
from ..results.overall_score import renormalisation_note
from ..results.result import DimensionResult, EvaluationResult, EvaluationStatus
from .images import inline_links
from .markdown_text import block, cell, table
from .sections import failing_cases, performance, quality, review_decisions, visual_parts

VISUAL_PARTS = frozenset(names(ProblemKind.PLOT) + names(ProblemKind.WEBPAGE))  # rendered from their checks
SECTIONS: dict[str, Callable[[DimensionResult], list[str]]] = {
    "correctness": failing_cases.render,
    "performance": performance.render,
}
FINDING_SECTIONS: dict[str, Callable[[DimensionResult, review_decisions.FindingDecisions], list[str]]] = {
    "edge_cases": failing_cases.render,  # sections whose findings people decide on
    "code_quality": quality.render,
}
EXCLUDED_NOTE = (
    "The problem's own reference fails its tests in this environment, so this score is shown but not counted "
    "in pass@k or the leaderboard's means."
)
OWN_VERDICT = frozenset({"performance"})  # sections that open with their own verdict line (with the score)


def isolation_line(isolation: IsolationReport | None) -> str:
    """The report's line on sandbox isolation: a warning naming the missing layers, when any are."""
    if isolation is None:  # no sandbox was chosen (the evaluation failed first)
        return "> Isolation: `unknown` ()."
    level = isolation.level.value
    if isolation.missing:
        why = "; ".join(isolation.warnings)
        return f"> **Isolation is weaker than full** (ran with `{level}`, missing: {', '.join(isolation.missing)})" + (
            f": {why}." if why else "."
        )
    return f"> Isolation: `{level}` ({', '.join(isolation.layers)})."


def _isolation_lines(isolation: IsolationReport | None) -> list[str]:
    """The isolation line, then the run's notes (a visual problem's browser, its judge), each block closed by a
    blank line."""
    out = [isolation_line(isolation), ""]
    notes = isolation.notes if isolation is not None else None
    if notes:
        out += [f"> {cell(note, 400)}" for note in notes] + [""]
    return out


def to_markdown(
    result: EvaluationResult, image_links: dict[str, str] | None = None, json_report: str | None = None
) -> str:
    """The report; `image_links` maps each picture's name to where the report links it (report/images.py),
    and without it the pictures are inlined as data: URIs; `json_report`: the JSON report's path, which the
    instructions for making a decision name."""
    if result.status is EvaluationStatus.INTERNAL_ERROR:
        return _internal_error(result)
    links = image_links if image_links is not None else inline_links(result)
    out: list[str] = [f"# codeeval: {cell(result.problem)}", ""]
    if result.excluded is not None:  # first: this score says nothing about the solution's author
        out += [f"> **Excluded: {cell(result.excluded.sentence, 300)}.** {EXCLUDED_NOTE}", ""]
        out += [f"> Evidence: `{cell(result.excluded.evidence, 300)}`", ""] if result.excluded.evidence else []
    out.append(f"**Score: {result.score:.1f} / 100**{_reviewed(result)} for `{cell(result.solution)}`")
    out.append("")
    if result.cap is not None:  # the parts below add up to more: say which fault holds the score down
        out += [f'> {cell(result.cap.sentence(), 400)} (docs/visual.md, "Caps")', ""]
    rows = []
    for name, dim in result.dimensions.items():
        if dim.applicable and dim.score is not None:
            points = dim.weight * dim.score
            rows.append(
                [
                    title_of(name),
                    f"{dim.score:.1f}",
                    f"{dim.weight * 100:.0f}%",
                    f"{points:.1f} / {dim.weight * 100:.1f}",
                    cell(dim.summary),
                ]
            )
        else:
            rows.append([title_of(name), "n/a", "0%", "-", cell(f"not applicable: {dim.reason}")])
    out.append(table(["dimension", "score", "weight", "points", "summary"], rows))
    out.append("")
    note = renormalisation_note(result.dimensions)
    if note:
        out += [f"> {note}", ""]
    out += review_decisions.render(result)
    out += _isolation_lines(result.isolation)
    if result.errors:
        out += ["## Errors", ""] + [f"- {cell(e, 400)}" for e in result.errors]
        if result.load is not None and result.load.traceback:
            out += ["", block(result.load.traceback, 3000)]
        out.append("")
    out += _lost_points(result)
    out += visual_parts.pictures(result, links)
    decisions = review_decisions.finding_decisions(result.review)
    for name, dim in result.dimensions.items():
        out += [f"## {title_of(name)}", ""] + _dimension_section(name, dim, links, decisions)
    if result.output.strip():
        out += ["## What the solution printed", "", block(result.output, 3000), ""]
    out += review_decisions.instructions(result, json_report)
    return "\n".join(out).rstrip() + "\n"


def _reviewed(result: EvaluationResult) -> str:
    """` (reviewed; automatic 78.5)` when people's decisions changed the score."""
    if result.review is None or not result.review.changed_score:
        return ""
    return f" (reviewed; automatic {result.review.automatic_score:.1f})"


def _dimension_section(
    name: str, dim: DimensionResult, links: dict[str, str], decisions: review_decisions.FindingDecisions
) -> list[str]:
    """A dimension's section below its heading: the summary line with the score (or the section's own verdict
    line), then what its renderer shows."""
    if not dim.applicable:
        return [f"Not applicable: {dim.reason}", ""]
    summary = [f"{dim.summary}. Score {dim.score:.1f}.", ""]
    if name in VISUAL_PARTS:
        return summary + visual_parts.render(dim, links) + [""]
    if name in FINDING_SECTIONS:
        body = FINDING_SECTIONS[name](dim, decisions)
    elif name in SECTIONS:
        body = SECTIONS[name](dim)
    else:
        return summary
    return (summary if not (body and name in OWN_VERDICT) else []) + body + [""]


def _lost_points(result: EvaluationResult) -> list[str]:
    """Every point lost, by dimension, in overall points (dimension points x weight)."""
    lines = ["## Where points were lost", ""]
    any_lost = False
    for name, dim in result.dimensions.items():
        if not dim.applicable or dim.score is None or dim.score >= 100:
            continue
        any_lost = True
        lost = dim.weight * (100 - dim.score)
        lines.append(
            f"**{title_of(name)}**: {lost:.1f} points overall ({dim.score:.1f}/100 on this "
            f"dimension, weight {dim.weight * 100:.0f}%)."
        )
        lines.append("")
        lines += [f"- {cell(reason, 400)}" for reason in dim.rationale[:30]]
        if len(dim.rationale) > 30:
            lines.append(f"- …and {len(dim.rationale) - 30} more (see the JSON report).")
        lines.append("")
    if not any_lost:
        lines += ["None: full marks in every dimension that applies.", ""]
    return lines


def _internal_error(result: EvaluationResult) -> str:
    """No score: codeeval failed, not the solution. The traceback is what a bug report needs."""
    error = result.internal_error
    out = [
        f"# codeeval: {cell(result.problem)}",
        "",
        f"**No score** for `{cell(result.solution)}`: codeeval hit an internal error while evaluating it. "
        "This is a bug in codeeval, not a verdict on the solution; please report it with the traceback below.",
        "",
    ]
    if error is not None:
        out += [f"`{cell(error.type)}: {cell(error.message, 400)}`", "", block(error.traceback, 6000)]
    return "\n".join(out).rstrip() + "\n"
