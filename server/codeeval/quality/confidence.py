"""Confidence from evidence: each finding says how sure it is, and why, in four parts.

- relevance: how much the finding matters for this code (a public function
  more than a private helper; a name used across 30 lines more than one used
  on 2);
- accuracy: how reliable the rule's detection is known to be for this kind of
  evidence (a syntactic fact like a bare `except` is near-certain; guessing
  that a one-letter name is unclear is not);
- actionability: whether there is a concrete thing to do (a mechanical fix,
  a concrete edit such as a rename to a given name, or only advice);
- severity calibration: how well the severity tier fits, e.g. how far past
  its threshold a measurement is.

Confidence is their mean (`codeeval.base.findings.Confidence`); below 0.6 a
finding is shown as low confidence and weighs less in the score.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base.findings import Confidence, Severity

ACTIONABILITY = {
    "mechanical": 0.95,  # a codemod fixes it
    "concrete": 0.8,  # we can say exactly what to change (a name, the missing annotations)
    "advice": 0.55,  # a direction (split this function) the author has to work out
}


@dataclass(frozen=True)
class Evidence:
    """What a rule saw, in the four terms of a finding's confidence."""

    relevance: float
    accuracy: float
    action: str  # a key of ACTIONABILITY
    calibration: float

    def confidence(self) -> Confidence:
        return Confidence(
            relevance=_clamp(self.relevance),
            accuracy=_clamp(self.accuracy),
            actionability=ACTIONABILITY[self.action],
            severity_calibration=_clamp(self.calibration),
        )


@dataclass(frozen=True)
class Tiers:
    """Severity of a measurement by how far it is past its limit (ratio value / limit)."""

    warning_at: float
    critical_at: float | None = None  # None: never critical

    def severity(self, ratio: float) -> Severity:
        if self.critical_at is not None and ratio >= self.critical_at:
            return Severity.CRITICAL
        return Severity.WARNING if ratio >= self.warning_at else Severity.SUGGESTION

    @staticmethod
    def calibration(ratio: float) -> float:
        """Just past the limit the tier is a judgment call (0.55); at twice the limit it is clear (1.0)."""
        return 0.55 + 0.45 * min(1.0, max(0.0, ratio - 1.0))


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, value))
