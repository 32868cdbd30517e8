"""What a rule is: an id, what it is about, its options, and a check that yields findings."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base.findings import Finding, Fix, Range, Severity
from .confidence import Evidence
from .context import Context

CATEGORIES = ("docs", "typing", "naming", "complexity", "size", "robustness")


@dataclass(frozen=True)
class Rule:
    """A quality rule: its identity, the sub-score it counts against, its options and its check."""

    id: str  # CQ101...
    name: str  # a slug, e.g. "missing-docstring"
    title: str  # "Missing docstring"
    category: str  # one of CATEGORIES: the sub-score it counts against
    summary: str  # one sentence: what it flags and why
    check: Callable[[Context, Mapping[str, Any]], Iterable[Finding]] = field(repr=False)
    options: Mapping[str, Any] = field(default_factory=dict)  # defaults; a setting's type is its default's
    description: str = ""  # the rule module's docstring: what is flagged, what is not, and why

    @property
    def doc_path(self) -> str:
        """The rule's page, relative to the project root."""
        return f"docs/rules/{self.id}.md"

    def finding(
        self,
        *,
        range: Range,
        message: str,
        severity: Severity,
        evidence: Evidence,
        suggestion: str = "",
        symbol: str | None = None,
        fix: Fix | None = None,
        **details: Any,
    ) -> Finding:
        """A finding of this rule, its confidence computed from the evidence."""
        return Finding(
            rule_id=self.id,
            message=message,
            range=range,
            severity=severity,
            confidence=evidence.confidence(),
            suggestion=suggestion,
            fix=fix,
            symbol=symbol,
            details=details,
        )
