"""A review of changes (`codeeval.reviewChanges`) as the editor shows it: each behaviour change and slow-down
of a file as a diagnostic on the changed function's name, and people's acceptances of them.

An acceptance is a decision of kind dismiss in the decision file, keyed by problem "review", the file's path in
the workspace, the hash of the function's text and a fingerprint of (qualified name, counterexample): it holds
for that function and input until the function's code changes. Light to import (the save path uses it): no
review engine here, only `ast`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from ..base.findings import Range
from ..base.python_functions import FunctionText, top_level_functions
from ..decisions.accepted_changes import BEHAVIOUR_RULE, acceptances, accepted_text
from ..decisions.decision import Decision
from ..decisions.store import EMPTY_LOG, DecisionLog
from ..results.review import DecisionKind
from .command_replies import JsonValue
from .positions import Lines

SOURCE = "codeeval"
SLOWDOWN_RULE = "slowdown"
DEFAULT_REASON = "accepted in the editor"


@dataclass(frozen=True)
class ReviewMark:
    """One behaviour change or slow-down of one function, as found by the review."""

    rule: str  # BEHAVIOUR_RULE or SLOWDOWN_RULE
    qualname: str
    message: str  # the diagnostic's text
    call: str  # the counterexample call (a slow-down: the speed summary)
    confidence: dict[str, float]  # the four parts, and `value`
    fingerprint: str


@dataclass(frozen=True)
class ReviewedFile:
    """A changed file's marks, where its acceptances are kept, and the decisions read from there."""

    uri: str
    path: str  # the file's path in its workspace folder (an acceptance's `solution`)
    marks: tuple[ReviewMark, ...]
    decision_file: Path
    log: DecisionLog = EMPTY_LOG
    report: Path | None = None  # the review's Markdown report, which lists the accepted changes last


@dataclass(frozen=True)
class LocatedFunction:
    """Where a function's name is in a text (1-based line, character columns) and its whole source."""

    name_range: Range
    text: str


def functions_in(source: str) -> dict[str, LocatedFunction]:
    """Top-level functions and methods of top-level classes by qualified name, read as the review reads them
    (base/python_functions.py); empty when the text does not parse."""
    try:
        found = top_level_functions(source)
    except (SyntaxError, ValueError, RecursionError):
        return {}
    lines = source.splitlines()
    return {name: LocatedFunction(_name_range(function, lines), function.text) for name, function in found.items()}


def _name_range(function: FunctionText, lines: list[str]) -> Range:
    line = function.line
    def_line = lines[line - 1] if line <= len(lines) else ""
    column = max(def_line.find(function.node.name, def_line.find("def") + 3), 0)
    return Range(line, column, line, column + len(function.node.name))


@dataclass(frozen=True)
class ShownMark:
    """A mark placed in the current text: where, and who accepted it (empty: not accepted)."""

    mark: ReviewMark
    where: LocatedFunction
    accepted: tuple[Decision, ...]


def shown_marks(reviewed: ReviewedFile | None, source: str) -> list[ShownMark]:
    """The file's marks on the functions of `source` (a function gone since the review loses its marks)."""
    if reviewed is None or not reviewed.marks:
        return []
    located = functions_in(source)
    shown = []
    for mark in reviewed.marks:
        where = located.get(mark.qualname)
        if where is None:
            continue
        decisions = acceptances(reviewed.log, reviewed.path, where.text, mark.fingerprint)
        shown.append(ShownMark(mark, where, tuple(decisions)))
    return shown


def diagnostics_json(reviewed: ReviewedFile | None, source: str, lines: Lines, codec: PositionCodec) -> list[JsonValue]:
    """The file's marks as the JSON of LSP diagnostics: a warning each, a Hint once accepted."""
    out: list[JsonValue] = []
    for shown in shown_marks(reviewed, source):
        mark = shown.mark
        severity = types.DiagnosticSeverity.Warning
        message = mark.message
        if shown.accepted:
            severity, message = types.DiagnosticSeverity.Hint, f"{message} ({accepted_text(shown.accepted)})"
        out.append(
            {
                "range": lines.range_json(shown.where.name_range, codec),
                "message": message,
                "severity": int(severity),
                "code": mark.rule,
                "source": SOURCE,
                "data": {
                    "review": True,
                    "rule": mark.rule,
                    "function": mark.qualname,
                    "fingerprint": mark.fingerprint,
                    "decision": DecisionKind.DISMISS.value if shown.accepted else None,
                },
            }
        )
    return out


def hover_markdown(shown: ShownMark) -> str:
    """The counterexample (or speed evidence) and the four-part confidence, for a hover."""
    mark = shown.mark
    title = "Behaviour change" if mark.rule == BEHAVIOUR_RULE else "Slow-down"
    parts = ", ".join(f"{name} {mark.confidence[name]:.2f}" for name in _PARTS if name in mark.confidence)
    lines = [f"**codeeval review: {title.lower()}** in `{mark.qualname}`", "", mark.message, ""]
    if mark.rule == BEHAVIOUR_RULE:
        lines += ["Counterexample:", "", "```python", mark.call, "```", ""]
    lines.append(f"Confidence {mark.confidence.get('value', 0.0):.2f} ({parts})")
    if shown.accepted:
        lines += ["", f"*{accepted_text(shown.accepted).capitalize()}*"]
    elif mark.rule == BEHAVIOUR_RULE:
        lines += ["", "If the change is intended, accept it (quick action): the counterexample is the test to write."]
    return "\n".join(lines)


_PARTS = ("relevance", "accuracy", "actionability", "severity_calibration")
ACCEPTED_HEADING = "## Accepted as intended"


def with_accepted(report: str, accepted: Sequence[tuple[str, ShownMark]]) -> str:
    """The review's Markdown with its last section listing the accepted changes (path, mark) as they stand now."""
    text = report.split(f"\n{ACCEPTED_HEADING}\n", 1)[0].rstrip() + "\n"
    if not accepted:
        return text
    lines = [
        f"- `{path}` `{shown.mark.qualname}`: `{shown.mark.call}`: {accepted_text(shown.accepted)}"
        for path, shown in accepted
    ]
    return text + f"\n{ACCEPTED_HEADING}\n\n" + "\n".join(lines) + "\n"
