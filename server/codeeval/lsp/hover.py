"""Hover: why a function scores what it does. Answers only where codeeval has something to say.

That is on a function's `def` line (its quality sub-scores and findings, and
after an evaluation the dimension scores, failing cases and counterexamples
for the problem's entry point) and on a finding's range (that finding). The
rest of the file is left to the user's Python language server.
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types

from ..base.findings import Range
from ..quality.rubric import UNIT_CAP
from ..results.case_details import CorrectnessDetails
from ..results.edge_case_details import EdgeCaseDetails, EdgeCasesNotRunDetails, RobustnessDetails
from ..results.result import DimensionDetails
from .analysis import Analysis, FunctionInfo
from .command_replies import Trend
from .finding_reviews import FindingReview
from .health import health_of
from .positions import Lines, contains
from .review_views import finding_review_line, review_markdown
from .server_host import ServerHost
from .server_state import DocumentState, EvaluationRecord
from .views import (
    ShownCase,
    case_lines,
    dimension_line,
    edge_finding_lines,
    finding_line,
    lost_points_line,
    score_text,
)

MAX_CASES = 5


async def hover(server: ServerHost, params: types.HoverParams) -> types.Hover | None:
    """What codeeval says here; on the file's first line (unchanged since the analysis) also its health
    against git HEAD, when git has a HEAD version of the file."""
    state = server.state.get(params.text_document.uri)
    if state is None or state.analysis is None:
        return None
    answer = _hover_here(server, state, params)
    if params.position.line != 0 or position_in_analysis(server, state, params.position) is None:
        return answer
    health = await health_of(server, state.uri)
    if health is None or health.trend is Trend.UNTRACKED:  # nothing to compare with: say nothing
        return answer
    if answer is None or not isinstance(answer.contents, types.MarkupContent):
        first_line = state.analysis_lines.text(0) if state.analysis_lines is not None else ""
        whole_line = types.Range(types.Position(0, 0), types.Position(0, len(first_line)))
        return types.Hover(contents=_markdown(f"**codeeval**\n\n{health.markdown}"), range=whole_line)
    return types.Hover(
        contents=_markdown(f"{answer.contents.value.rstrip()}\n\n---\n\n{health.markdown}"), range=answer.range
    )


def _hover_here(server: ServerHost, state: DocumentState, params: types.HoverParams) -> types.Hover | None:
    at = position_in_analysis(server, state, params.position)
    if at is None:
        return None
    line1, col = at
    analysis, lines = state.analysis, state.analysis_lines
    if analysis is None or lines is None:
        return None
    codec = server.workspace.position_codec
    function = _function_on_def_line(analysis, line1)
    # On a def line, a finding about part of it (a parameter's default, say) wins over the function's
    # summary; findings covering the name are about the function (or the module) as a whole.
    here = [
        f
        for f in analysis.findings
        if contains(f.range, line1, col) and (function is None or not _covers(f.range, function.name_range))
    ]
    if here:
        shown = [_with_review(finding_line(f, detailed=True), state.reviews.get(f.fingerprint)) for f in here]
        text = "\n\n".join(["**codeeval**", *shown])
        return types.Hover(contents=_markdown(text), range=lines.range(here[0].range, codec))
    if function is not None:
        record = server.state.evaluations.get(state.uri)
        text = function_markdown(function, analysis, record)
        return types.Hover(contents=_markdown(text), range=lines.range(function.name_range, codec))
    return None


def _with_review(text: str, review: FindingReview | None) -> str:
    line = finding_review_line(review)
    return f"{text}\n\n{line}" if line else text


def position_in_analysis(server: ServerHost, state: DocumentState, position: types.Position) -> tuple[int, int] | None:
    """(1-based line, character column) of a client position in the analysed text, or None if that
    line has changed since the analysis (an answer about other code would mislead)."""
    lines = state.analysis_lines
    if lines is None:
        return None
    codec = server.workspace.position_codec
    doc = server.workspace.get_text_document(state.uri)
    if doc.version != state.analysis_version:
        current = Lines(doc.source)
        if current.text(position.line) != lines.text(position.line):
            return None
    line0, col = lines.from_client(position, codec)
    return line0 + 1, col


def _covers(outer: Range, inner: Range) -> bool:
    """Whether `outer` holds all of `inner`."""
    return contains(outer, inner.start_line, inner.start_col) and contains(outer, inner.end_line, inner.end_col)


def _function_on_def_line(analysis: Analysis, line1: int) -> FunctionInfo | None:
    for function in analysis.functions:
        if function.name_range.start_line == line1:
            return function
    return None


def function_markdown(function: FunctionInfo, analysis: Analysis, record: EvaluationRecord | None) -> str:
    """A function's hover: its quality, the points it loses and its findings, and the last evaluation."""
    if function.score is None:
        out = [f"**codeeval** · `{function.qualname}` · quality n/a", ""]
    else:
        out = [f"**codeeval** · `{function.qualname}` · quality **{score_text(function.score)}**/100", ""]
        lost = lost_points_line(function.sub_scores)
        if lost:
            out += [f"Points lost: {lost}", ""]
        out += [scale_note(analysis.score), ""]
    findings = [analysis.findings[i] for i in function.findings if i < len(analysis.findings)]
    if findings:
        out += ["Findings:", ""] + [f"- {finding_line(f)}" for f in findings] + [""]
    elif function.score is not None:
        out += ["No quality findings.", ""]
    if record is not None and _is_evaluated(function, record):
        out += evaluation_markdown(record)
    elif record is not None and record.entry_point is None:  # no problem: this function's robustness
        out += evaluation_markdown(record, only_function=function.qualname)
    return "\n".join(out).rstrip() + "\n"


def scale_note(file_score: float | None) -> str:
    """How a function's score relates to the file's (docs/scoring.md, "Per function")."""
    file_part = "" if file_score is None else f" (here {score_text(file_score)})"
    return (
        f"*One scale: a function scores 100 minus the points its findings cost the file; the file scores "
        f"100 minus all points{file_part}. One function costs at most {UNIT_CAP:g}.*"
    )


def _is_evaluated(function: FunctionInfo, record: EvaluationRecord) -> bool:
    entry = record.entry_point
    return bool(entry) and (function.qualname == entry or function.qualname.startswith(f"{entry}."))


def evaluation_markdown(record: EvaluationRecord, only_function: str | None = None) -> list[str]:
    """The last evaluation's lines in a hover: its score, each dimension, and what failed."""
    total = "n/a" if record.score is None else f"{record.score:.1f}"
    out = ["---", "", f"**Last evaluation** ({record.problem or 'no problem'}): **{total}**/100", ""]
    result = record.result
    if result is None:
        return out
    out += [dimension_line(name, dim) for name, dim in result.dimensions.items()] + [""]
    out += review_markdown(result.review)
    for name in ("correctness", "edge_cases"):
        dim = result.dimensions.get(name)
        if dim is not None and dim.applicable:
            out += _failure_lines(name, dim.details, only_function)
    out.append(f"[Open the report]({record.report_uri})")
    return out


def _failure_lines(name: str, details: DimensionDetails, only_function: str | None) -> list[str]:
    """A case-based dimension's failing cases and counterexamples (those of `only_function` when given)."""
    out: list[str] = []
    cases = details.cases if isinstance(details, (CorrectnessDetails, EdgeCaseDetails, RobustnessDetails)) else ()
    failing = [c for c in cases if not c.passed]
    if failing:
        title = "Failing tests" if name == "correctness" else "Failing edge cases"
        out += [f"{title}:", ""] + case_lines(failing, MAX_CASES) + [""]
    if isinstance(details, EdgeCaseDetails) and details.findings:
        out += ["Edge-case findings (one per kind of failure):", ""]
        out += edge_finding_lines(details.findings, MAX_CASES) + [""]
    shown: Sequence[ShownCase] = ()
    if isinstance(details, RobustnessDetails):
        shown = [c for c in details.counterexamples if only_function is None or c.function == only_function]
    elif isinstance(details, (EdgeCaseDetails, EdgeCasesNotRunDetails)):
        shown = details.counterexamples
    if shown:
        out += ["Counterexamples:", ""] + case_lines(shown, MAX_CASES) + [""]
    return out


def _markdown(text: str) -> types.MarkupContent:
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)
