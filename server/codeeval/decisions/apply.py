"""People's decisions applied to a result: dismissed findings cost nothing, overridden scores replace the
automatic ones, and the result says what changed, who decided and why (results/review.py).

Applied after the evaluation (and after the result cache), so a decision takes effect on the next run
without evaluating anything again. The order: dismissals first (each gives back what its finding cost),
then dimension overrides, then the total from the dimensions' weights, then an override of the total.
A decision is shown but not applied when it was made on another version of the solution (stale), when its
finding is not in this result, or when reviewers disagree on the same item.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace

from ..results.edge_case_details import EdgeCaseDetails
from ..results.quality_details import QualityDetails
from ..results.result import DimensionResult, EvaluationResult
from ..results.review import TOTAL, AppliedDecision, DecisionKind, ReviewRecord
from .decision import Decision
from .store import DecisionLog


@dataclass
class _Scores:
    """The result's scores as decisions move them: per dimension, and the total."""

    dimensions: dict[str, DimensionResult]
    total: float
    ceiling: float  # a fault's cap on the total (results/score_cap.py); people may override the total past it
    dismissed: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # dimension -> fingerprints


def apply_decisions(result: EvaluationResult, log: DecisionLog) -> EvaluationResult:
    """`result` with every decision in `log` on this solution applied (or listed as not applied, with why)."""
    mine = [d for d in log.decisions if d.problem == result.problem and _names_solution(d, result)]
    if not mine or not result.solution_hash:
        return result
    scores = _Scores(dict(result.dimensions), result.score, result.cap.limit if result.cap else 100.0)
    records = [_stale(d, log) for d in mine if d.solution_sha256 != result.solution_hash]
    current = [d for d in mine if d.solution_sha256 == result.solution_hash]
    records += _apply_findings([d for d in current if d.finding is not None], scores, log)
    records += _apply_overrides([d for d in current if d.finding is None], scores, log)
    review = ReviewRecord(automatic_score=round(result.score, 2), decisions=tuple(records))
    return replace(result, dimensions=scores.dimensions, score=scores.total, review=review)


def _names_solution(decision: Decision, result: EvaluationResult) -> bool:
    return decision.solution_sha256 == result.solution_hash or decision.solution == result.solution


def _record(decision: Decision, log: DecisionLog, **values: object) -> AppliedDecision:
    fields: dict[str, object] = {
        "kind": decision.kind,
        "target": decision.dimension,
        "finding": decision.finding,
        "rule": decision.rule,
        "automatic": None,
        "decided": None,
        "reviewer": decision.reviewer,
        "reason": decision.reason,
        "at": decision.at,
        "source": log.where(decision),
        **values,
    }
    return AppliedDecision(**fields)  # type: ignore[arg-type]


def _stale(decision: Decision, log: DecisionLog) -> AppliedDecision:
    note = "made on another version of this solution: the code changed since, so it is not applied"
    return _record(decision, log, stale=True, applied=False, note=note)


def _disagreement(group: list[Decision]) -> str | None:
    """Why a group of decisions on one item cannot be applied: reviewers who disagree."""
    verdicts = {(d.kind, d.score) for d in group}
    if len(verdicts) < 2:
        return None
    said = "; ".join(f"{d.reviewer}: {d.kind.value}{'' if d.score is None else f' {d.score:g}'}" for d in group)
    return f"reviewers disagree ({said}): the automatic value stands until they agree"


def _grouped(decisions: list[Decision]) -> list[list[Decision]]:
    groups: dict[tuple[str, str, str, str], list[Decision]] = defaultdict(list)
    for decision in decisions:
        groups[decision.item].append(decision)
    return list(groups.values())


def _apply_findings(decisions: list[Decision], scores: _Scores, log: DecisionLog) -> list[AppliedDecision]:
    records: list[AppliedDecision] = []
    for group in _grouped(decisions):
        first = group[0]
        cost = _finding_cost(
            scores.dimensions.get(first.dimension), first.finding or "", scores.dismissed[first.dimension]
        )
        disagreement = _disagreement(group)
        if cost is None or disagreement is not None:
            note = disagreement or "no such finding in this result (the evaluation's settings may have changed)"
            records += [_record(d, log, applied=False, note=note) for d in group]
            continue
        decided = 0.0 if first.kind is DecisionKind.DISMISS else cost
        if first.kind is DecisionKind.DISMISS:
            _dismiss(scores, first, cost)
        records += [_record(d, log, automatic=round(cost, 2), decided=decided) for d in group]
    if any(d.kind is DecisionKind.DISMISS for d in decisions):
        scores.total = min(scores.ceiling, _weighted_total(scores.dimensions))
    return records


def _finding_cost(dimension: DimensionResult | None, fingerprint: str, dismissed: set[str]) -> float | None:
    """The points the finding costs its dimension's score, or None when the dimension has no such finding."""
    if dimension is None:
        return None
    details = dimension.details
    if isinstance(details, QualityDetails):
        costs = [f.points for f in details.findings if f.fingerprint == fingerprint]
        return costs[0] if costs else None
    if isinstance(details, EdgeCaseDetails):
        found = [f for f in details.findings if f.fingerprint == fingerprint]
        if not found:
            return None
        return _edge_score_without(details, dismissed | {fingerprint}) - (dimension.score or 0.0)
    return None


def _edge_score_without(details: EdgeCaseDetails, dismissed: set[str]) -> float:
    """The edge-case score with these findings costing nothing: the generated part recomputed, parts averaged."""
    cost = sum(f.points for f in details.findings if f.fingerprint not in dismissed)
    parts = {**details.parts}
    if "generated" in parts and details.findings:
        parts["generated"] = max(0.0, 100.0 - cost)
    return sum(parts.values()) / len(parts) if parts else 0.0


def _dismiss(scores: _Scores, decision: Decision, cost: float) -> None:
    """Give back what the dismissed finding cost (`_finding_cost`), with a rationale line saying who and why."""
    dimension = scores.dimensions[decision.dimension]
    before = dimension.score or 0.0
    scores.dismissed[decision.dimension].add(decision.finding or "")
    after = min(100.0, before + cost)
    line = (
        f"+{after - before:.1f}: {decision.rule} finding {decision.finding} dismissed by {decision.reviewer}: "
        f"{decision.reason}"
    )
    scores.dimensions[decision.dimension] = replace(dimension, score=after, rationale=[*dimension.rationale, line])


def _apply_overrides(decisions: list[Decision], scores: _Scores, log: DecisionLog) -> list[AppliedDecision]:
    records: list[AppliedDecision] = []
    groups = sorted(_grouped(decisions), key=lambda group: group[0].dimension == TOTAL)  # the total last
    for group in groups:
        first = group[0]
        disagreement = _disagreement(group)
        target = scores.dimensions.get(first.dimension)
        if disagreement is None and first.dimension != TOTAL and (target is None or target.score is None):
            disagreement = f"{first.dimension} is not a scored dimension of this result"
        if disagreement is not None:
            records += [_record(d, log, applied=False, note=disagreement) for d in group]
            continue
        automatic = scores.total if first.dimension == TOTAL else (target.score if target else None)
        _override(scores, first)
        records += [_record(d, log, automatic=_rounded(automatic), decided=first.score) for d in group]
    return records


def _override(scores: _Scores, decision: Decision) -> None:
    score = decision.score or 0.0
    if decision.dimension == TOTAL:
        scores.total = score
        return
    dimension = scores.dimensions[decision.dimension]
    line = f"= {score:g}: overridden by {decision.reviewer} (automatic {dimension.score or 0:.1f}): {decision.reason}"
    scores.dimensions[decision.dimension] = replace(dimension, score=score, rationale=[*dimension.rationale, line])
    scores.total = min(scores.ceiling, _weighted_total(scores.dimensions))


def _weighted_total(dimensions: dict[str, DimensionResult]) -> float:
    """The total from the dimensions' effective weights (set when the result was scored)."""
    return sum(d.weight * d.score for d in dimensions.values() if d.applicable and d.score is not None)


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)
