"""What people decided about a result, as the result carries it: each decision with the automatic value beside
the decided one, who and why; decisions made on an earlier version of the solution are listed as stale.

`decisions/` reads the decision files and applies them (docs/decisions.md); this module is only the record,
so reports, the leaderboard and the editor read it without loading anything else.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..base.vocabulary import Vocabulary
from .detail_record import OMITTED_WHEN_NONE, DetailRecord

TOTAL = "total"  # an override's target when it is the whole score, not one dimension


def solution_hash(source: str) -> str:
    """The content hash a result and every decision on it carry: any change to the code makes them stale."""
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


class DecisionKind(Vocabulary):
    """What a person can decide."""

    DISMISS = "dismiss"  # the finding is wrong (or does not matter here): it costs nothing
    CONFIRM = "confirm"  # the finding is right: it stays as it is, and its rule's confidence rises
    OVERRIDE = "override"  # a dimension's score, or the total, is set by hand


@dataclass(frozen=True)
class AppliedDecision(DetailRecord):
    """One decision on this result. `automatic` and `decided` are scores for an override; for a finding,
    `automatic` is the points it cost and `decided` what it costs now (0 once dismissed)."""

    kind: DecisionKind
    target: str  # a dimension's name, or `total`, for an override; the dimension a finding is in otherwise
    finding: str | None  # the finding's fingerprint (None for an override)
    rule: str | None  # the finding's rule or kind, as people read it ("CQ101", "raises IndexError")
    automatic: float | None
    decided: float | None
    reviewer: str
    reason: str
    at: str  # when it was decided (ISO 8601)
    source: str  # the decision file and line: `codeeval-decisions.jsonl:12`
    stale: bool = False  # made on another version of this solution: shown, not applied
    applied: bool = True  # False: stale, its finding no longer exists, or reviewers disagree on it
    note: str | None = field(default=None, metadata=OMITTED_WHEN_NONE)  # why it was not applied


@dataclass(frozen=True)
class ReviewRecord(DetailRecord):
    """Every decision that names this solution, and the score before any of them."""

    automatic_score: float
    decisions: tuple[AppliedDecision, ...]

    @property
    def applied(self) -> tuple[AppliedDecision, ...]:
        return tuple(decision for decision in self.decisions if decision.applied)

    @property
    def changed_score(self) -> bool:
        """Whether some applied decision moved a score (a confirmation alone does not)."""
        return any(decision.kind is not DecisionKind.CONFIRM for decision in self.applied)
