"""A ceiling on a result's score, and why: a fault that a user judges as breaking the solution, which the
weighted parts alone would leave near 100 (docs/visual.md, "Caps")."""

from __future__ import annotations

from dataclasses import dataclass

from .detail_record import DetailRecord


@dataclass(frozen=True)
class ScoreCap(DetailRecord):
    """The score is at most `limit` because the check `check` found `reason`."""

    limit: float
    check: str  # the check's id: "console", "labels", "control-3", ...
    reason: str  # why this fault caps the score, in a reader's words
    found: str  # what the check saw: "2 error(s) in the console"

    def sentence(self) -> str:
        return f"Capped at {self.limit:g}: {self.reason} ({self.check}: {self.found})."
