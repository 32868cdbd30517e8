"""Each rule's record of decisions, as the Calibration the analyzer and the edge-case dimension use, and as
the table `codeeval calibration` shows: decisions, precision, and the confidence before and after."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..base.calibration import Calibration, DecisionCounts
from ..base.findings import Confidence
from ..results.review import DecisionKind
from .store import DecisionLog

_ONE = {DecisionKind.CONFIRM: DecisionCounts(confirmed=1), DecisionKind.DISMISS: DecisionCounts(dismissed=1)}


def calibration_of(log: DecisionLog) -> Calibration:
    """Every dismissal and confirmation counted for its rule, stale ones too: a decision on an earlier version
    of a solution still says whether the rule was right about that code."""
    counts: dict[str, DecisionCounts] = defaultdict(DecisionCounts)
    for decision in log.decisions:
        if decision.kind in _ONE and decision.rule is not None:
            counts[decision.rule] = counts[decision.rule].plus(_ONE[decision.kind])
    return Calibration(dict(counts))


@dataclass(frozen=True)
class RuleCalibration:
    """One row of `codeeval calibration`."""

    rule: str
    counts: DecisionCounts
    accuracy_before: float | None  # the mean accuracy part the rule gave the decided findings
    accuracy_after: float | None
    confidence_before: float | None  # the decided findings' mean confidence, before and after the decisions
    confidence_after: float | None

    @property
    def precision(self) -> float | None:
        return self.counts.precision()


def calibration_table(log: DecisionLog) -> list[RuleCalibration]:
    """A row per rule with decisions, the most decided first."""
    calibration = calibration_of(log)
    confidences: dict[str, list[Confidence]] = defaultdict(list)
    for decision in log.decisions:
        if decision.rule is not None and decision.confidence is not None:
            confidences[decision.rule].append(decision.confidence)
    rows = []
    for rule, counts in calibration.counts.items():
        before = confidences.get(rule, [])
        after = [calibration.adjust(rule, confidence) for confidence in before]
        rows.append(
            RuleCalibration(
                rule,
                counts,
                _mean([c.accuracy for c in before]),
                _mean([c.accuracy for c in after]),
                _mean([c.value for c in before]),
                _mean([c.value for c in after]),
            )
        )
    return sorted(rows, key=lambda row: (-row.counts.total, row.rule))


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None
