"""What people decided about a result, as the Markdown report shows it: the automatic and the reviewed
score, each decision with who, why, when and the decision file's line; a finding's mark in its section;
and how to make a decision (docs/decisions.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...base.calibration import NOTE_KEY
from ...base.catalog import title_of
from ...results.result import EvaluationResult, EvaluationStatus
from ...results.review import TOTAL, AppliedDecision, DecisionKind, ReviewRecord
from ..markdown_text import cell, code, table

STALE = "stale: made on another version of this solution, not applied"
REPORT_PLACEHOLDER = "REPORT.json"  # when the report does not know where its JSON twin is

FindingDecisions = Mapping[str, Sequence[AppliedDecision]]  # a finding's fingerprint -> decisions naming it


def render(result: EvaluationResult) -> list[str]:
    """The report's Review section (empty when nobody decided anything about this solution)."""
    review = result.review
    if review is None or not review.decisions:
        return []
    lines = ["## Review", "", _score_line(review, result.score), ""]
    rows = [_row(decision) for decision in review.decisions]
    lines += [table(["decision", "automatic -> decided", "who", "why", "when", "from", "status"], rows), ""]
    return lines


def _score_line(review: ReviewRecord, score: float) -> str:
    applied = len(review.applied)
    if review.changed_score:
        return (
            f"**Reviewed score {score:.1f} / 100** (automatic {review.automatic_score:.1f}): "
            f"{_decisions(applied)} applied, each below with who decided and why."
        )
    if applied:
        return (
            f"Score {score:.1f} / 100, as scored automatically: {_decisions(applied)} applied, none of which "
            "changes a score (confirmations)."
        )
    return f"Score {score:.1f} / 100, as scored automatically: no decision below applies to this version."


def _decisions(count: int) -> str:
    return f"{count} decision{'' if count == 1 else 's'}"


def _row(decision: AppliedDecision) -> list[str]:
    return [
        cell(what(decision), 200),
        cell(_values(decision)),
        cell(decision.reviewer, 60),
        cell(decision.reason, 300),
        cell(decision.at or "?"),
        code(decision.source, 120),
        cell(status(decision), 300),
    ]


def what(decision: AppliedDecision) -> str:
    """`dismissed finding 3b1e0c2a9d41 (CQ101) in code quality`, `override of the total`."""
    if decision.kind is DecisionKind.OVERRIDE:
        return "override of the total" if decision.target == TOTAL else f"override of {title_of(decision.target)}"
    verb = "dismissed" if decision.kind is DecisionKind.DISMISS else "confirmed"
    rule = f" ({decision.rule})" if decision.rule else ""
    return f"{verb} finding {decision.finding}{rule} in {title_of(decision.target).lower()}"


def _values(decision: AppliedDecision) -> str:
    if decision.automatic is None:
        return "-"
    decided = "-" if decision.decided is None else f"{decision.decided:g}"
    if decision.kind is DecisionKind.OVERRIDE:
        return f"{decision.automatic:g} -> {decided}"
    return f"costs {decision.automatic:g} -> {decided} points of its dimension"


def status(decision: AppliedDecision) -> str:
    """applied; the stale sentence; or why it was not applied (reviewers disagree, no such finding)."""
    if decision.stale:
        return STALE
    if decision.applied:
        return "applied"
    return f"not applied: {decision.note or 'see the JSON report'}"


def finding_decisions(result_review: ReviewRecord | None) -> dict[str, list[AppliedDecision]]:
    """The decisions on findings, by fingerprint, stale ones left out (they are about other code)."""
    found: dict[str, list[AppliedDecision]] = {}
    for decision in () if result_review is None else result_review.decisions:
        if decision.finding and not decision.stale:
            found.setdefault(decision.finding, []).append(decision)
    return found


def finding_mark(decisions: FindingDecisions, fingerprint: str) -> str:
    """`dismissed by ana: the name is the task's`; several when people disagree; empty when none."""
    marks = []
    for decision in decisions.get(fingerprint, ()):
        verb = "dismissed" if decision.kind is DecisionKind.DISMISS else "confirmed"
        unapplied = "" if decision.applied else " (not applied: see the Review section)"
        marks.append(f"{verb} by {decision.reviewer}: {decision.reason}{unapplied}")
    return "; ".join(marks)


def is_dismissed(decisions: FindingDecisions, fingerprint: str) -> bool:
    """Whether an applied dismissal makes the finding cost nothing."""
    return any(d.applied and d.kind is DecisionKind.DISMISS for d in decisions.get(fingerprint, ()))


def points_cell(points: float, dismissed: bool) -> str:
    """`-12.5`, or `0 (was -12.5: dismissed)`."""
    shown = f"-{round(points, 2):.1f}"
    return f"0 (was {shown}: dismissed)" if dismissed and points else shown


def calibration_note(details: Mapping[str, object]) -> str:
    """A quality finding's note on how people's decisions moved its confidence, or empty."""
    note = details.get(NOTE_KEY)
    return str(note) if note else ""


def accuracy_note(before: float, after: float) -> str:
    """An edge finding's note: its record carries the confidence before decisions moved it, not the counts."""
    return f"accuracy {before:.2f} -> {after:.2f} after people's decisions on this kind"


def instructions(result: EvaluationResult, json_report: str | None) -> list[str]:
    """How to dismiss or confirm a finding, or override a score, for this report."""
    if result.status is not EvaluationStatus.OK or not result.solution_hash:
        return []
    report = json_report or REPORT_PLACEHOLDER
    example = _first_fingerprint(result) or "FINGERPRINT"
    scored = next((name for name, d in result.dimensions.items() if d.applicable and d.score is not None), TOTAL)
    return [
        "## Reviewing this result",
        "",
        "A finding that is wrong here can be dismissed (it then costs nothing), a right one confirmed, and any "
        "dimension's score or the total overridden; each decision needs a reason and is kept in "
        "`codeeval-decisions.jsonl` beside the problems, applied on every later run until the code changes "
        "(docs/decisions.md). Fingerprints are in the findings' tables above.",
        "",
        "```sh",
        f'codeeval decide dismiss {report} {example} --reason "why it is wrong here"',
        f'codeeval decide confirm {report} {example} --reason "why it is right"',
        f'codeeval decide override {report} {scored} 90 --reason "why"   # a dimension, or: total',
        "```",
        "",
        'In the editor, a finding\'s quick actions (the light bulb) are "Dismiss finding…" and "Confirm '
        'finding"; the `codeeval.overrideScore` command overrides a score with a reason.',
    ]


def _first_fingerprint(result: EvaluationResult) -> str | None:
    for dimension in result.dimensions.values():
        for finding in getattr(dimension.details, "findings", ()) or ():
            fingerprint = getattr(finding, "fingerprint", None)
            if isinstance(fingerprint, str):
                return fingerprint
    return None
