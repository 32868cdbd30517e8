"""People's decisions as hovers show them: a finding's decision, and an evaluation's overrides and dismissals
with the automatic value beside the decided one, who and why."""

from __future__ import annotations

from ..base.catalog import info_of
from ..results.review import TOTAL, AppliedDecision, DecisionKind, ReviewRecord
from .finding_reviews import FindingReview
from .views import score_text


def finding_review_line(review: FindingReview | None) -> str:
    """'*Dismissed by ana: the name is the task's*', or nothing without a decision."""
    if review is None:
        return ""
    text = review.text()
    return f"*{text[0].upper()}{text[1:]}*"


def review_markdown(review: ReviewRecord | None) -> list[str]:
    """An evaluation's decisions: one list item each, and the automatic total when a decision moved it."""
    if review is None or not review.decisions:
        return []
    out = ["People's decisions:", ""] + [f"- {decision_line(d)}" for d in review.decisions]
    if review.changed_score:
        out.append(f"- automatic total: {score_text(review.automatic_score)}")
    return out + [""]


def decision_line(decision: AppliedDecision) -> str:
    """'Correctness: automatic 66.7 → **90**, overridden by bob: reason' (a finding: the points it cost)."""
    who = f"{_verb(decision.kind)} by {decision.reviewer}: {decision.reason}"
    if decision.kind is DecisionKind.OVERRIDE:
        automatic, decided = score_text(decision.automatic), score_text(decision.decided)
        what = f"{_title(decision.target)}: automatic {automatic} → **{decided}**"
    else:
        cost = "" if decision.automatic is None else f" (cost {score_text(decision.automatic)} points)"
        what = f"{decision.rule or 'finding'} `{decision.finding}`{cost}"
    line = f"{what}, {who}"
    if not decision.applied:
        line += f" — *not applied: {decision.note or 'stale'}*"
    return line


def _verb(kind: DecisionKind) -> str:
    return {DecisionKind.DISMISS: "dismissed", DecisionKind.CONFIRM: "confirmed"}.get(kind, "overridden")


def _title(target: str) -> str:
    if target == TOTAL:
        return "Total"
    info = info_of(target)
    return info.short_title if info is not None else target
