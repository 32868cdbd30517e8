"""What people decided about the findings of one text, as diagnostics and hovers show it.

Outside an evaluation a quality finding's decision is keyed by the document's problem (or "none"), the
text's hash and the finding's fingerprint: a dismissed finding turns into a Hint that says who dismissed it
and why (never hidden), and comes back as it was once the text changes (a new hash).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from ..base.catalog import CODE_QUALITY
from ..decisions.decision import Decision
from ..decisions.store import DecisionLog
from ..results.review import DecisionKind


@dataclass(frozen=True)
class FindingReview:
    """Every decision on one finding of this text."""

    decisions: tuple[Decision, ...]

    @property
    def dismissed(self) -> bool:
        """Dismissed by everyone who decided (reviewers who disagree leave the finding as it was)."""
        return all(d.kind is DecisionKind.DISMISS for d in self.decisions)

    @property
    def confirmed(self) -> bool:
        return all(d.kind is DecisionKind.CONFIRM for d in self.decisions)

    @property
    def kind(self) -> str:
        """The decision as a word for a diagnostic's data: dismiss, confirm, or disputed."""
        if self.dismissed:
            return DecisionKind.DISMISS.value
        return DecisionKind.CONFIRM.value if self.confirmed else "disputed"

    def text(self) -> str:
        """'dismissed by ana: the name is the task's' (each reviewer's reason), or who disagrees."""
        if self.dismissed or self.confirmed:
            verb = "dismissed" if self.dismissed else "confirmed"
            return "; ".join(f"{verb} by {d.reviewer}: {d.reason}" for d in self.decisions)
        said = ", ".join(
            f"{d.reviewer} {'dismissed' if d.kind is DecisionKind.DISMISS else 'confirmed'}" for d in self.decisions
        )
        return f"reviewers disagree ({said}): shown as found"


def finding_reviews(log: DecisionLog, problem: str, solution_sha256: str) -> dict[str, FindingReview]:
    """fingerprint -> its decisions, for the quality findings of the text with this hash under `problem`."""
    found: dict[str, list[Decision]] = defaultdict(list)
    for decision in log.decisions:
        if (
            decision.finding is not None
            and decision.dimension == CODE_QUALITY.name
            and decision.problem == problem
            and decision.solution_sha256 == solution_sha256
        ):
            found[decision.finding].append(decision)
    return {fingerprint: FindingReview(tuple(decisions)) for fingerprint, decisions in found.items()}


NO_REVIEWS: Mapping[str, FindingReview] = {}
