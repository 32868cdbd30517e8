"""People's decisions fed back into confidence: a rule's record of confirmed and dismissed findings.

A rule's accuracy part starts as what the rule itself says (its prior) and moves with the record, as the
mean of a Beta distribution: the prior counts as `PRIOR_STRENGTH` decisions, each confirmation as one
real finding, each dismissal as one wrong one. A dismissal says the finding was wrong *or* did not matter
here, so the relevance part is held to the same posterior: twenty dismissals take any finding below the
low-confidence line (the other two parts are at most 0.95 and 1), where it is still shown, marked, and costs
nothing: people said it is wrong on this kind of code. (A finding the rule itself is unsure of keeps its
reduced cost: that uncertainty is the rule's, not a record of it being wrong.) Confirmations raise the
accuracy part and leave relevance as the rule computed it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .findings import Confidence

PRIOR_STRENGTH = 4.0  # the rule's own accuracy weighs as much as four decisions
NOTE_KEY = "calibration"  # a finding's details key for the note saying how decisions moved its confidence
AUTOMATIC_KEY = "automatic_confidence"  # ... and for its confidence before they did


@dataclass(frozen=True)
class DecisionCounts:
    """How often people confirmed and dismissed one rule's (or one finding kind's) findings."""

    confirmed: int = 0
    dismissed: int = 0

    @property
    def total(self) -> int:
        return self.confirmed + self.dismissed

    def plus(self, other: DecisionCounts) -> DecisionCounts:
        return DecisionCounts(self.confirmed + other.confirmed, self.dismissed + other.dismissed)

    def posterior(self, prior: float) -> float:
        """The accuracy after these decisions, starting from the rule's own `prior`."""
        return (prior * PRIOR_STRENGTH + self.confirmed) / (PRIOR_STRENGTH + self.total)

    def precision(self) -> float | None:
        """The share confirmed among the decided findings; None before any decision."""
        return self.confirmed / self.total if self.total else None


@dataclass(frozen=True)
class Calibration:
    """Decision counts per calibration key: a quality rule's id, or `edge_cases:<problem>:<kind>`."""

    counts: Mapping[str, DecisionCounts] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return any(counts.total for counts in self.counts.values())

    def adjust(self, key: str, confidence: Confidence) -> Confidence:
        """`confidence` with its accuracy (and, on dismissals, its relevance) moved by the key's record."""
        counts = self.counts.get(key)
        if counts is None or not counts.total:
            return confidence
        accuracy = counts.posterior(confidence.accuracy)
        relevance = min(confidence.relevance, accuracy) if counts.dismissed else confidence.relevance
        # a probability measured from the old parts no longer holds: the caller measures the new ones
        return replace(confidence, accuracy=accuracy, relevance=relevance, probability=None)

    def note(self, key: str, before: Confidence) -> str:
        """`accuracy 0.95 -> 0.16 after 0 confirmed, 20 dismissed`; empty when nobody decided on the key."""
        counts = self.counts.get(key)
        if counts is None or not counts.total:
            return ""
        after = self.adjust(key, before)
        return (
            f"accuracy {before.accuracy:.2f} -> {after.accuracy:.2f} after {counts.confirmed} confirmed, "
            f"{counts.dismissed} dismissed"
        )

    def digest_text(self) -> str:
        """Stable text of the counts, for cache keys: a result depends on the calibration it was scored with."""
        return ";".join(f"{key}={c.confirmed}/{c.dismissed}" for key, c in sorted(self.counts.items()) if c.total)


NO_CALIBRATION = Calibration()


def edge_key(problem: str, kind: str) -> str:
    """The calibration key of a kind of edge-case finding on one problem: decisions there say whether the
    reference and the prompt agree on that kind of input, which holds for every solution of the problem."""
    return f"edge_cases:{problem}:{kind}"
