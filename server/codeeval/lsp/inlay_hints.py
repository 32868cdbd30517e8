"""Inlay hints: each function's quality and worst finding at the end of its `def` line, and after an
evaluation the dimension scores on the problem's entry point instead. Off with the `inlayHints` setting.

VS Code shows at most 43 characters of hints per line (editor.inlayHints.maximumLength), so a line gets
one short hint: the evaluation's as `score 94.3 = C100 E100 P100 Q62.1` (its tooltip names the letters;
the function's own quality stays in the code lens and the hover).

They follow the same analysis as diagnostics and lenses (refreshed with `workspace/inlayHint/refresh`
after each analysis and evaluation), and a function moved by unsaved edits keeps its hint.
"""

from __future__ import annotations

from lsprotocol import types

from ..base.catalog import info_of
from ..base.findings import Finding
from .analysis import Analysis, FunctionInfo
from .code_lens import relocate
from .positions import Lines
from .server_host import ServerHost
from .server_state import EvaluationRecord
from .views import score_text

LABEL_LIMIT = 43  # VS Code cuts a hint's label there by default (editor.inlayHints.maximumLength); cut it ourselves


def inlay_hints(server: ServerHost, params: types.InlayHintParams) -> list[types.InlayHint] | None:
    """Each function's quality at the end of its def line, and the dimension scores on the entry point."""
    uri = params.text_document.uri
    state = server.state.get(uri)
    if state is None or state.analysis is None or state.analysis_lines is None:
        return None
    if not server.settings_for(uri).inlay_hints:
        return []
    doc = server.workspace.get_text_document(uri)
    old = state.analysis_lines
    current = old if doc.version == state.analysis_version else Lines(doc.source)
    record = server.state.evaluations.get(uri)
    codec = server.workspace.position_codec
    first, last = params.range.start.line, params.range.end.line
    hints = []
    for function in state.analysis.functions:
        line0 = relocate(old, current, function.name_range.start_line - 1)
        if line0 is None or not first <= line0 <= last:
            continue
        end = current.to_client(line0, len(current.text(line0)), codec)
        if record is not None and record.entry_point and function.qualname == record.entry_point:
            hints.append(evaluation_hint(record, end))
        else:
            hints.append(quality_hint(function, state.analysis, end))
    return hints


def worst_finding(function: FunctionInfo, analysis: Analysis) -> Finding | None:
    """The finding that costs the function the most points (the first of equals)."""
    own = [analysis.findings[i] for i in function.findings if i < len(analysis.findings)]
    return max(own, key=lambda f: f.points, default=None)


def quality_label(function: FunctionInfo, analysis: Analysis) -> str:
    """A function's inlay label: its quality and costliest finding, cut to VS Code's width."""
    label = f"quality {score_text(function.score)}"
    worst = worst_finding(function, analysis)
    if worst is not None:
        label += f" · {worst.rule_id} {worst.message}"
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"


def quality_hint(function: FunctionInfo, analysis: Analysis, at: types.Position) -> types.InlayHint:
    """A function's quality inlay hint, with a tooltip that explains the number."""
    worst = worst_finding(function, analysis)
    costliest = "" if worst is None else f"\n\nCostliest finding: **{worst.rule_id}** {worst.message}"
    tooltip = (
        f"codeeval: `{function.qualname}` scores {score_text(function.score)}/100 for code quality: 100 minus "
        f"the points its findings cost the file (the file: {score_text(analysis.score)}). Hover the name for "
        f"the breakdown.{costliest}"
    )
    return types.InlayHint(
        position=at,
        label=quality_label(function, analysis),
        padding_left=True,
        tooltip=types.MarkupContent(kind=types.MarkupKind.Markdown, value=tooltip),
    )


def _short_title(name: str) -> str:
    info = info_of(name)
    return info.short_title if info is not None else name


DIMENSION_LETTERS = {"correctness": "C", "edge_cases": "E", "performance": "P", "code_quality": "Q"}


def evaluation_label(record: EvaluationRecord) -> str:
    """'score 94.3 = C100 E100 P100 Q62.1'; a dimension that did not apply reads 'P–'."""
    parts = [f"{DIMENSION_LETTERS.get(name, name)}{score_text(score)}" for name, score in record.dimensions.items()]
    return f"score {score_text(record.score)} = {' '.join(parts)}"


def evaluation_hint(record: EvaluationRecord, at: types.Position) -> types.InlayHint:
    """The evaluated entry point's inlay hint: each dimension's score, with a legend in its tooltip."""
    legend = ", ".join(f"{letter} {_short_title(name)}" for name, letter in DIMENSION_LETTERS.items())
    tooltip = types.MarkupContent(
        kind=types.MarkupKind.Markdown,
        value=(
            f"codeeval: the last evaluation against problem `{record.problem}` ({legend}; Q is the whole file's "
            f"quality). [Open the report]({record.report_uri})"
        ),
    )
    return types.InlayHint(position=at, label=evaluation_label(record), padding_left=True, tooltip=tooltip)
